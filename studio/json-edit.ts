/**
 * Writing an operator's edit into a config file without touching anything else.
 *
 *   jsonChanges(old, new)    the smallest list of changes from one JSON value to another: a value set,
 *                            a key added or removed, an array item inserted or deleted (in the order
 *                            they can be applied one after another)
 *   applyChanges(text, cs)   those changes written into the file's text with jsonc-parser's `modify`:
 *                            only the changed values are replaced, so every other byte (indentation,
 *                            key order, objects kept on one line) stays; a result that does not read
 *                            back as the new value is refused (never a wrong file)
 *   textDiff(file, a, b)     a unified diff of two texts (the `diff` package), for the review
 *   pointerOf(path)          a path as a JSON Pointer (/constants/withdrawMin), as check:config names it
 *
 * Pure: no file access (studio/files.ts reads and writes).
 */
import { createTwoFilesPatch } from 'diff';
import { applyEdits, modify, type FormattingOptions, type JSONPath } from 'jsonc-parser';
import { commonItems, isObject, sameJson, setOwn } from '../src/config/json';
import type { Segment } from '../src/config/pointer';

export { sameJson } from '../src/config/json';
export { pointerOf, segmentsOf, type Segment } from '../src/config/pointer';

export interface Change {
  path: Segment[];
  /** the value before (undefined: the key or item was not there) */
  old: unknown;
  /** the value after (undefined: the key or item is removed) */
  new: unknown;
  /** an array item inserted at path's last index (the items after it move up) */
  insert?: true;
}


/**
 * The changes from `before` to `after`. Objects are compared key by key, arrays of equal length item
 * by item; an array that grew or shrank keeps the items both share in order (a longest common
 * subsequence) and deletes and inserts the others, so adding a rule does not rewrite the rules around it.
 */
export function jsonChanges(before: unknown, after: unknown, at: Segment[] = []): Change[] {
  if (sameJson(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const out: Change[] = [];
    for (const k of Object.keys(before)) {
      if (before[k] === undefined) continue;
      if (after[k] === undefined) out.push({ path: [...at, k], old: before[k], new: undefined });
      else out.push(...jsonChanges(before[k], after[k], [...at, k]));
    }
    for (const k of Object.keys(after)) {
      if (after[k] !== undefined && before[k] === undefined) out.push({ path: [...at, k], old: undefined, new: after[k] });
    }
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length === after.length) return before.flatMap((v, i) => jsonChanges(v, after[i], [...at, i]));
    return arrayChanges(before, after, at);
  }
  return [{ path: at, old: before, new: after }];
}

/** Deletions (from the last) then insertions (from the first), around the longest run of items both arrays share. */
function arrayChanges(before: unknown[], after: unknown[], at: Segment[]): Change[] {
  const { a: kept, b: placed } = commonItems(before, after, sameJson);
  const out: Change[] = [];
  for (let i = before.length - 1; i >= 0; i--) if (!kept.has(i)) out.push({ path: [...at, i], old: before[i], new: undefined });
  for (let j = 0; j < after.length; j++) if (!placed.has(j)) out.push({ path: [...at, j], old: undefined, new: after[j], insert: true });
  return out;
}

/** The file's own indentation and line ends, for the lines a new key or item brings. */
export function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return { insertSpaces: !indent.startsWith('\t'), tabSize: indent.startsWith('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

export class WriteError extends Error {}

/** The text with the changes written in; the rest of it byte for byte. */
export function applyChanges(text: string, changes: Change[], expected?: unknown): string {
  const formattingOptions = formattingOf(text);
  let out = text;
  for (const c of changes) {
    const edits = modify(out, c.path as JSONPath, c.new, { formattingOptions, ...(c.insert ? { isArrayInsertion: true } : {}) });
    out = applyEdits(out, edits);
  }
  if (expected !== undefined) {
    let back: unknown;
    try {
      back = JSON.parse(out);
    } catch {
      back = undefined;
    }
    if (!sameJson(back, expected)) throw new WriteError('the changed values could not be written without changing others; nothing was written');
  }
  return out;
}

/** A unified diff (--- a/file, +++ b/file, @@ hunks) with 3 lines of context; '' when the texts are the same. */
export function textDiff(file: string, before: string, after: string): string {
  if (before === after) return '';
  return createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after, undefined, undefined, { context: 3 }).replace(/^=+\n/, '');
}


/** The changes applied to a JSON value (not a text): a copy, the input untouched; what a rebase of an edit onto a newer file does. */
export function applyToJson(json: unknown, changes: Change[]): unknown {
  let out = structuredClone(json);
  for (const c of changes) {
    if (!c.path.length) {
      out = structuredClone(c.new);
      continue;
    }
    let parent: unknown = out;
    for (const seg of c.path.slice(0, -1)) {
      const next = (parent as Record<string, unknown>)[seg as string];
      if (typeof next !== 'object' || next === null) return out; // the place the change was made is gone: nothing to apply it to
      parent = next;
    }
    const last = c.path[c.path.length - 1];
    if (Array.isArray(parent) && typeof last === 'number') {
      if (c.insert) parent.splice(last, 0, structuredClone(c.new));
      else if (c.new === undefined) parent.splice(last, 1);
      else parent[last] = structuredClone(c.new);
    } else if (parent && typeof parent === 'object') {
      const obj = parent as Record<string, unknown>;
      if (c.new === undefined) delete obj[last];
      else setOwn(obj, String(last), structuredClone(c.new));
    }
  }
  return out;
}
