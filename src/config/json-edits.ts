/**
 * Edits of a config file's text that keep its layout: a property renamed, a value set or added, a
 * property removed, each written into the text so that every other character stays as it was
 * (the migrations of the config format, src/config/migrations/, rewrite operators' files with it).
 * jsonc-parser finds the places (the offsets of its parse tree); the layout is the file's own: a
 * property added to an object written on one line goes on that line (`{ "a": 1, "b": 2 }`), one
 * added to an object written a property per line gets a line of its own at its siblings'
 * indentation. (jsonc-parser's `modify` with formatting options reformats every line it touches,
 * which spreads an object kept on one line over several.)
 * Pure: no file access.
 */
import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import type { Edit, Path } from './migrations/types.ts';
import { shownPointerOf } from './pointer.ts';

/** an edit that cannot be made in this text, and why */
export class EditError extends Error {}

const pointer = shownPointerOf;

/** the node at a path of the text's tree: an index in a list, a name in an object (a list's index may come as text, from a JSON pointer) */
export function nodeAt(tree: JsonNode | undefined, path: Path): JsonNode | undefined {
  let node = tree;
  for (const seg of path) {
    if (!node) return undefined;
    if (node.type === 'array') node = node.children?.[Number(seg)];
    else if (node.type === 'object') node = node.children?.find((p) => p.children?.[0]?.value === String(seg))?.children?.[1];
    else return undefined;
  }
  return node;
}

/** the value of a text, on one line as the config files write short objects: { "a": 1, "b": [1, 2] } */
export function oneLine(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(oneLine).join(', ')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v);
    return entries.length ? `{ ${entries.map(([k, x]) => `${JSON.stringify(k)}: ${oneLine(x)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(v);
}

interface Layout {
  eol: string;
  /** one level of indentation */
  unit: string;
}
const layoutOf = (text: string): Layout => ({ eol: text.includes('\r\n') ? '\r\n' : '\n', unit: /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ' });

const lineStart = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
/** the whitespace the line holding `offset` starts with */
const lineIndent = (text: string, offset: number) => /^[ \t]*/.exec(text.slice(lineStart(text, offset)))![0];
/** whether the node at `offset` is the first thing on its line */
const startsLine = (text: string, offset: number) => text.slice(lineStart(text, offset), offset).trim() === '';
const splice = (text: string, offset: number, length: number, content: string) => text.slice(0, offset) + content + text.slice(offset + length);

/** a value's text: on one line, or spread as JSON.stringify spreads it, each line after the first at `indent` */
const render = (value: unknown, multi: boolean, indent: string, l: Layout) => (multi ? JSON.stringify(value, null, l.unit).split('\n').join(l.eol + indent) : oneLine(value));

/** The text with one edit made (`kept`: a `keep` value the file has already, left as it is). Throws EditError. */
export function applyEdit(text: string, edit: Edit): { text: string; kept?: string } {
  const tree = parseTree(text);
  if (!tree) throw new EditError('the file is not JSON');
  const l = layoutOf(text);
  if (edit.op === 'rename') {
    const prop = nodeAt(tree, edit.path)?.parent;
    const key = prop?.type === 'property' ? prop.children?.[0] : undefined;
    if (!key) throw new EditError('not found in the file');
    if (prop!.parent?.children?.some((p) => p.children?.[0]?.value === edit.to)) throw new EditError(`the object has "${edit.to}" already (keep one of the two by hand)`);
    return { text: splice(text, key.offset, key.length, JSON.stringify(edit.to)) };
  }
  if (edit.op === 'remove') return { text: remove(text, tree, edit.path) };

  // set: the place itself, or the deepest object on its way the file has
  let k = edit.path.length;
  while (k > 0 && !nodeAt(tree, edit.path.slice(0, k))) k--;
  const node = nodeAt(tree, edit.path.slice(0, k))!;
  if (k === edit.path.length) {
    if (edit.keep) return { text, kept: `${pointer(edit.path)} is in the file already: its value ${text.slice(node.offset, node.offset + node.length)} is kept` };
    const multi = text.slice(node.offset, node.offset + node.length).includes('\n');
    return { text: splice(text, node.offset, node.length, render(edit.value, multi, lineIndent(text, node.offset), l)) };
  }
  if (node.type !== 'object') throw new EditError(`${pointer(edit.path.slice(0, k))} is not an object`);
  const value = edit.path.slice(k + 1).reduceRight<unknown>((v, seg) => ({ [seg]: v }), edit.value);
  return { text: insert(text, node, String(edit.path[k]), value, edit, l) };
}

/** a new property of an object, placed after `after`, else before `before`, else last; laid out as its neighbour is */
function insert(text: string, obj: JsonNode, name: string, value: unknown, at: { before?: string; after?: string }, l: Layout): string {
  const props = obj.children ?? [];
  const names = props.map((p) => p.children?.[0]?.value as unknown);
  const i = at.after !== undefined && names.includes(at.after) ? names.indexOf(at.after) + 1 : at.before !== undefined && names.includes(at.before) ? names.indexOf(at.before) : props.length;
  const neighbour = props[i] ?? props[i - 1];
  const multi = neighbour ? startsLine(text, neighbour.offset) : text.slice(obj.offset, obj.offset + obj.length).includes('\n');
  const indent = neighbour ? lineIndent(text, neighbour.offset) : lineIndent(text, obj.offset) + l.unit;
  const pair = `${JSON.stringify(name)}: ${render(value, multi, indent, l)}`;
  if (!props.length) return splice(text, obj.offset, obj.length, multi ? `{${l.eol}${indent}${pair}${l.eol}${lineIndent(text, obj.offset)}}` : `{ ${pair} }`);
  if (i < props.length) return splice(text, props[i].offset, 0, multi ? `${pair},${l.eol}${indent}` : `${pair}, `);
  const last = props[props.length - 1];
  return splice(text, last.offset + last.length, 0, multi ? `,${l.eol}${indent}${pair}` : `, ${pair}`);
}

/** the text without the property at `path`, and without each object on its way that it leaves empty */
function remove(text: string, tree: JsonNode, path: Path): string {
  const prop = nodeAt(tree, path)?.parent;
  if (prop?.type !== 'property') throw new EditError('not found in the file');
  const obj = prop.parent!;
  const props = obj.children!;
  const i = props.indexOf(prop);
  if (props.length === 1) {
    // the object's last property: the object goes too when it is a property's value (not the file itself, not a list's item)
    if (obj.parent?.type === 'property') return remove(text, tree, path.slice(0, -1));
    return splice(text, obj.offset, obj.length, '{}');
  }
  // with the comma before it (or, the first one, the comma after it and the space up to the next)
  if (i > 0) return splice(text, props[i - 1].offset + props[i - 1].length, prop.offset + prop.length - (props[i - 1].offset + props[i - 1].length), '');
  return splice(text, prop.offset, props[1].offset - prop.offset, '');
}
