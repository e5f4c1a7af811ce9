/**
 * The config format and its migrations. Every config file may say which format it is written in
 * (`"$format": 2`; a file without one is format 1, the format before there was a number). When an
 * engine change renames or moves something config writes, it ships a migration here (one file, with
 * its test in tests/config/migrations/), and:
 * - `npm run check:config` names every old use still in the product's folder or a brand's overlay,
 *   with what it became and the command that rewrites it (`pendingChanges`);
 * - `npm run migrate` rewrites those files in place, keeping their formatting (jsonc-parser edits
 *   only the names it changes), stamps each file with the current format, then checks everything.
 * A brand's overlay is read merged over the product (merge.ts), so a widget the overlay names only
 * by its id is known by the product's type; the change lands in the file that holds the old use.
 * Pure: scripts/migrate.ts reads and writes the files.
 */
import { applyEdits, modify, parse, parseTree, type Edit, type Node as JsonNode } from 'jsonc-parser';
import type { ConfigBundle } from '../checks/types';
import type { BrandBundle } from '../overlay/layers';
import type { SchemaFileKind } from '../overlay/schema-cursor';
import { menuPerRow } from './menu-per-row';
import type { Change, Migration, Path } from './types';

export type { Change, Migration, Path } from './types';

/** every migration, in the order they run (tests/config/migrations/registry.test.ts checks each file is here) */
export const MIGRATIONS: readonly Migration[] = [menuPerRow];

/** the format the engine reads: the last migration's */
export const CURRENT_FORMAT = MIGRATIONS.reduce((n, m) => Math.max(n, m.format), 1);

/** the command that rewrites old uses */
export const MIGRATE = 'npm run migrate';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const pointer = (path: Path) => (path.length ? `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}` : '/');
const segments = (at: string): Path => at.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

/** the format a file's JSON says it is written in (1 without `$format`) */
export function formatOf(json: unknown): number {
  return isObject(json) && typeof json.$format === 'number' ? json.$format : 1;
}

/** one old use: the file holding it, where, what it became */
export interface Pending {
  file: string;
  /** JSON pointer in that file */
  path: string;
  change: Change;
  migration: Migration;
}

type Entry = { file: string; json: unknown };
const entries = (b: Pick<ConfigBundle, 'app' | 'messages' | 'routes' | 'screens' | 'forms'>): [SchemaFileKind, Entry][] => [
  ['app', b.app],
  ['messages', b.messages],
  ['routes', b.routes],
  ...Object.values(b.screens).map((e): [SchemaFileKind, Entry] => ['screen', e]),
  ...Object.values(b.forms).map((e): [SchemaFileKind, Entry] => ['form', e]),
];

/** the migrations a file of `format` still needs */
const due = (format: number, kind: SchemaFileKind) => MIGRATIONS.filter((m) => m.format > format && m.kinds.includes(kind));

/**
 * The old uses in the product's files and in each brand's overlay files, each named by the file
 * that holds it. A migration runs on a file older than its format.
 */
export function pendingChanges(product: ConfigBundle, brands: BrandBundle[] = []): Pending[] {
  const out: Pending[] = [];
  const seen = new Set<string>();
  const add = (file: string, change: Change, migration: Migration) => {
    const key = `${file}|${pointer(change.path)}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ file, path: pointer(change.path), change, migration });
  };
  for (const [kind, e] of entries(product)) {
    if (e.json instanceof Error) continue;
    for (const m of due(formatOf(e.json), kind)) for (const c of m.find(e.json, kind)) add(e.file, c, m);
  }
  for (const brand of brands) {
    for (const f of brand.files) {
      if (!f.overlay || f.overlay.json instanceof Error) continue;
      for (const m of due(formatOf(f.overlay.json), f.kind)) {
        for (const c of m.find(f.json, f.kind)) {
          if (!f.origins) {
            add(f.overlay.file, c, m); // only the brand has this file
            continue;
          }
          const o = f.origins.of(pointer(c.path));
          // the product's own old uses are the product's file's (listed above)
          if (o.layer === 'overlay') add(f.overlay.file, { ...c, path: segments(o.at) }, m);
        }
      }
    }
  }
  return out;
}

/** a problem of check:config for each old use */
export function pendingProblems(pending: Pending[]): { file: string; path: string; message: string }[] {
  return pending.map((p) => ({ file: p.file, path: p.path, message: `${p.change.message}; run \`${MIGRATE}\`, which rewrites it in screens.config/ and every brand's overlay` }));
}

/** Files written for a format the engine does not know yet (from a newer engine). */
export function tooNew(files: Entry[]): { file: string; path: string; message: string }[] {
  return files
    .filter((f) => formatOf(f.json) > CURRENT_FORMAT)
    .map((f) => ({ file: f.file, path: '/$format', message: `written for config format ${formatOf(f.json)}; this engine reads format ${CURRENT_FORMAT} at most: update the engine, or write the file for format ${CURRENT_FORMAT}` }));
}

/** a parsed document with the changes applied (the matcher of the migrations' tests) */
export function applyToJson(json: unknown, changes: Change[]): unknown {
  const out: unknown = JSON.parse(JSON.stringify(json));
  for (const c of changes) {
    let parent: unknown = out;
    for (const seg of c.path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[seg];
    const name = c.path[c.path.length - 1];
    if (!isObject(parent) || !(name in parent) || c.to in parent) continue;
    // the renamed property keeps its place among its siblings
    const renamed = Object.fromEntries(Object.entries(parent).map(([k, v]) => [k === name ? c.to : k, v]));
    for (const k of Object.keys(parent)) delete parent[k];
    Object.assign(parent, renamed);
  }
  return out;
}

/**
 * A file's text with the changes applied and `$format` set to `format` (after `$schema`), every
 * other character as it was. A rename whose new name the object already has is left (and returned
 * as not applied: check:config names it).
 */
export function applyToText(text: string, changes: Change[], format: number): { text: string; skipped: { change: Change; why: string }[] } {
  const tree = parseTree(text);
  const edits: Edit[] = [];
  const skipped: { change: Change; why: string }[] = [];
  for (const c of changes) {
    const value = tree && nodeAt(tree, c.path);
    const prop = value?.parent;
    const key = prop?.type === 'property' ? prop.children?.[0] : undefined;
    if (!key) {
      skipped.push({ change: c, why: 'not found in the file' });
      continue;
    }
    if (prop!.parent?.children?.some((p) => p.children?.[0]?.value === c.to)) {
      skipped.push({ change: c, why: `the object has "${c.to}" already (keep one of the two by hand)` });
      continue;
    }
    edits.push({ offset: key.offset, length: key.length, content: JSON.stringify(c.to) });
  }
  let out = applyEdits(text, edits.sort((a, b) => b.offset - a.offset));
  if (formatOf(parse(out)) !== format) {
    const indent = /\n([ \t]+)"/.exec(out)?.[1] ?? '  ';
    const stamp = modify(out, ['$format'], format, {
      formattingOptions: { insertSpaces: !indent.includes('\t'), tabSize: indent.includes('\t') ? 1 : indent.length, eol: '\n' },
      getInsertionIndex: (props) => props.indexOf('$schema') + 1,
    });
    out = applyEdits(out, stamp);
  }
  return { text: out, skipped };
}

/** the node at a path of the text's tree: an index in a list, a name in an object (a list's index may come as text, from a JSON pointer) */
function nodeAt(tree: JsonNode, path: Path): JsonNode | undefined {
  let node: JsonNode | undefined = tree;
  for (const seg of path) {
    if (!node) return undefined;
    if (node.type === 'array') node = node.children?.[Number(seg)];
    else if (node.type === 'object') node = node.children?.find((p) => p.children?.[0]?.value === String(seg))?.children?.[1];
    else return undefined;
  }
  return node;
}
