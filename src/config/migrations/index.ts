/**
 * The config format and its migrations. Every config file may say which format it is written in
 * (`"$format": 2`; a file without one is format 1, the format before there was a number). When an
 * engine change renames or moves something config writes, it ships a migration here (one file, with
 * its test in tests/config/migrations/), and:
 * - `npm run check:config` names every old use still in the product's folder or a brand's overlay,
 *   with what it became and the command that rewrites it (`pendingChanges`);
 * - `npm run migrate` rewrites those files in place, keeping their layout (src/config/json-edits.ts
 *   edits only what changes: a name renamed, a value moved, an old key removed), stamps each file
 *   with the current format, then checks everything.
 * A brand's overlay is read merged over the product (merge.ts), so a widget the overlay names only
 * by its id is known by the product's type; the change lands in the file that holds the old use.
 * Pure: scripts/migrate.ts reads and writes the files.
 */
import { parse } from 'jsonc-parser';
import { applyEdit, EditError, oneLine } from '../json-edits';
import type { ConfigBundle } from '../checks/types';
import type { BrandBundle } from '../overlay/layers';
import type { SchemaFileKind } from '../overlay/schema-cursor';
import { menuPerRow } from './menu-per-row';
import type { Change, Migration, Path } from './types';

export type { Change, Edit, Migration, Path } from './types';

/** every migration, in the order they run (tests/config/migrations/registry.test.ts checks each file is here) */
export const MIGRATIONS: readonly Migration[] = [menuPerRow];

/** the format the engine reads: the last migration's */
export const CURRENT_FORMAT = MIGRATIONS.reduce((n, m) => Math.max(n, m.format), 1);

/** the command that rewrites old uses */
export const MIGRATE = 'npm run migrate';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
/** a path as a JSON pointer, as check:config names places */
export const pointerOf = (path: Path): string => (path.length ? `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}` : '/');
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
    const key = `${file}|${pointerOf(change.path)}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ file, path: pointerOf(change.path), change, migration });
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
          const o = f.origins.of(pointerOf(c.path));
          // the product's own old uses are the product's file's (listed above)
          if (o.layer === 'overlay') add(f.overlay.file, rebase(c, segments(o.at)), m);
        }
      }
    }
  }
  return out;
}

/**
 * A change found in a brand's merged document, with its paths in the brand's overlay file: the old
 * use stands at `at` there (an item of a keyed list may stand at another index than in the merged
 * list), and each edit's path is moved with the part it shares with the old use's.
 */
function rebase(change: Change, at: Path): Change {
  const from = change.path;
  const move = (p: Path): Path => {
    if (at.length !== from.length) return p;
    let shared = 0;
    while (shared < p.length && shared < from.length && String(p[shared]) === String(from[shared])) shared++;
    return [...at.slice(0, shared), ...p.slice(shared)];
  };
  return { ...change, path: at, edits: change.edits.map((e) => ({ ...e, path: move(e.path) })) };
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

/** what a change's edits do, in a line (npm run migrate lists them) */
export function describeChange(change: Change): string {
  if (!change.edits.length) return 'to be written by hand (check:config says what)';
  return change.edits
    .map((e) => (e.op === 'rename' ? `-> "${e.to}"` : e.op === 'set' ? `${pointerOf(e.path)} = ${oneLine(e.value)}` : `${pointerOf(e.path)} removed`))
    .join(', ');
}

/** A change's edits made one after another, all or none (EditError: none). */
function applyChange(text: string, change: Change): { text: string; kept: string[] } {
  if (!change.edits.length) throw new EditError('the migration cannot tell what it meant: write it by hand as check:config says');
  const kept: string[] = [];
  let out = text;
  for (const e of change.edits) {
    const r = applyEdit(out, e);
    out = r.text;
    if (r.kept) kept.push(r.kept);
  }
  return { text: out, kept };
}

/**
 * A file's text with the changes applied and `$format` set to `format` (after `$schema`, else
 * first), every other character as it was. A change that cannot be made (a rename whose new name
 * the object has already, an old use the migration cannot read) is left and returned in
 * `skipped`; a value a move would write that the file has already is kept (`kept`).
 */
export function applyToText(text: string, changes: Change[], format: number): { text: string; skipped: { change: Change; why: string }[]; kept: { change: Change; what: string }[] } {
  const skipped: { change: Change; why: string }[] = [];
  const kept: { change: Change; what: string }[] = [];
  let out = text;
  for (const change of changes) {
    try {
      const r = applyChange(out, change);
      out = r.text;
      kept.push(...r.kept.map((what) => ({ change, what })));
    } catch (err) {
      if (!(err instanceof EditError)) throw err;
      skipped.push({ change, why: err.message });
    }
  }
  const json = parse(out) as unknown;
  if (formatOf(json) !== format) {
    const first = isObject(json) ? Object.keys(json)[0] : undefined;
    out = applyEdit(out, { op: 'set', path: ['$format'], value: format, after: '$schema', ...(first === undefined ? {} : { before: first }) }).text;
  }
  return { text: out, skipped, kept };
}

/** a parsed document with the changes applied, as applyToText writes them (the matcher of the migrations' tests) */
export function applyToJson(json: unknown, changes: Change[]): unknown {
  let text = JSON.stringify(json, null, 2);
  for (const change of changes) {
    try {
      text = applyChange(text, change).text;
    } catch (err) {
      if (!(err instanceof EditError)) throw err;
    }
  }
  return JSON.parse(text) as unknown;
}
