/**
 * The config format and its migrations. Every config file may say which format it is written in
 * (`"$format": 2`; a file without one is format 1, the format before there was a number). When an
 * engine change renames or moves something config writes, it ships a migration here (one file, with
 * its test in tests/config/migrations/), and:
 * - `npm run check:config` names every old use still in the product's folder or a brand's overlay,
 *   with what it became and the command that rewrites it (`pendingChanges`), or what to write by
 *   hand where the migration cannot tell what the old use meant;
 * - `npm run migrate` rewrites those files in place, keeping their layout (src/config/json-edits.ts
 *   edits only what changes: a name renamed, a value moved, an old key removed), stamps each file
 *   with the current format, then checks everything. A file with an old use left to rewrite by
 *   hand keeps its format, so check:config keeps naming what is left.
 * The migrations of one engine change share its format (format 3: the deposit limits per method
 * and responsible play as a feature; format 4: one deposit minimum and maximum for every method).
 * A brand's overlay is read merged over the product (merge.ts), so a widget the overlay names only
 * by its id is known by the product's type; the change lands in the file that holds the old use.
 * Pure: scripts/migrate.ts reads and writes the files.
 */
import { parse } from 'jsonc-parser';
import { isObject } from '../json.ts';
import { applyEdit, EditError, oneLine } from '../json-edits.ts';
import { segmentsOf, shownPointerOf } from '../pointer.ts';
import type { ConfigBundle } from '../checks/types.ts';
import type { BrandBundle } from '../overlay/layers.ts';
import type { SchemaFileKind } from '../overlay/schema-cursor.ts';
import { depositDefault } from './deposit-default.ts';
import { depositLimitsPerMethod } from './deposit-limits-per-method.ts';
import { menuPerRow } from './menu-per-row.ts';
import { responsiblePlayFeature } from './responsible-play-feature.ts';
import type { Change, Edit, Migration, Path } from './types.ts';

export type { Change, Edit, Layers, Migration, Path } from './types.ts';

/** every migration, in the order they run (tests/config/migrations/registry.test.ts checks each file is here) */
export const MIGRATIONS: readonly Migration[] = [menuPerRow, depositLimitsPerMethod, responsiblePlayFeature, depositDefault];

/** the format the engine reads: the last migration's */
export const CURRENT_FORMAT = MIGRATIONS.reduce((n, m) => Math.max(n, m.format), 1);

/** the command that rewrites old uses */
export const MIGRATE = 'npm run migrate';

/** a path as a JSON pointer, as check:config names places */
export const pointerOf = shownPointerOf;
const segments = (at: string): Path => segmentsOf(at);

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

type Which = (format: number, kind: SchemaFileKind) => Migration[];
/** the migrations a file of `format` still needs */
const due: Which = (format, kind) => MIGRATIONS.filter((m) => m.format > format && m.kinds.includes(kind));
/** the migrations a file of `format` is written after */
const had: Which = (format, kind) => MIGRATIONS.filter((m) => m.format <= format && m.kinds.includes(kind));

/**
 * The old uses in the product's files and in each brand's overlay files, each named by the file
 * that holds it. A migration runs on a file older than its format.
 */
export const pendingChanges = (product: ConfigBundle, brands: BrandBundle[] = []): Pending[] => oldUses(product, brands, due);

/**
 * Old uses typed into files written for the format that changed them (or a later one): `npm run
 * migrate` leaves them (a migration runs only on files older than it, whose old names it knows the
 * meaning of), but check:config says, beside their problem, what they became (`withLateHints`).
 */
export const lateUses = (product: ConfigBundle, brands: BrandBundle[] = []): Pending[] => oldUses(product, brands, had);

/** problems at a late old use, each with what the old use became */
export function withLateHints<P extends { file: string; path: string; message: string }>(problems: P[], late: Pending[]): P[] {
  if (!late.length) return problems;
  const at = new Map(late.map((p) => [`${p.file}|${p.path}`, p]));
  return problems.map((p) => {
    const use = at.get(`${p.file}|${p.path}`);
    return use ? { ...p, message: `${p.message}; ${use.change.message}${use.change.edits.length ? `: write it so here (\`${MIGRATE}\` rewrites only files older than format ${use.migration.format})` : ''}` } : p;
  });
}

function oldUses(product: ConfigBundle, brands: BrandBundle[], which: Which): Pending[] {
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
    for (const m of which(formatOf(e.json), kind)) for (const c of m.find(e.json, kind)) add(e.file, c, m);
  }
  for (const brand of brands) {
    for (const f of brand.files) {
      if (!f.overlay || f.overlay.json instanceof Error) continue;
      const layers = f.origins && f.product && !(f.product.json instanceof Error) ? { product: f.product.json, overlay: f.overlay.json } : undefined;
      for (const m of which(formatOf(f.overlay.json), f.kind)) {
        for (const c of m.find(f.json, f.kind, layers)) {
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
  // a change with no edits says itself what to write by hand
  return pending.map((p) => ({ file: p.file, path: p.path, message: p.change.edits.length ? `${p.change.message}; run \`${MIGRATE}\`, which rewrites it in screens.config/ and every brand's overlay` : p.change.message }));
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
  // an edit at the old use itself is named without its path
  const at = (e: Edit) => (pointerOf(e.path) === pointerOf(change.path) ? '' : `${pointerOf(e.path)} `);
  return change.edits.map((e) => (e.op === 'rename' ? `-> "${e.to}"` : e.op === 'set' ? `-> ${at(e)}= ${oneLine(e.value)}` : `${at(e)}removed`)).join(', ');
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
 * A file's text with the changes applied and `$format` set to `format` when given (after
 * `$schema`, else first), every other character as it was. A change that cannot be made (a rename whose new name
 * the object has already, an old use the migration cannot read) is left and returned in
 * `skipped`; a value a move would write that the file has already is kept (`kept`).
 */
export function applyToText(text: string, changes: Change[], format?: number): { text: string; skipped: { change: Change; why: string }[]; kept: { change: Change; what: string }[] } {
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
  if (format !== undefined && formatOf(json) !== format) {
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
