/**
 * The old uses of an earlier config format in the product's files and in each brand's overlay
 * files, each named by the file that holds it (the migrations of src/config/migrations/ find them).
 * A brand's overlay is read merged over the product (merge.ts), so a widget the overlay names only by
 * its id is known by the product's type; the change lands in the file that holds the old use, its
 * paths moved to where the old use stands there (rebase). Pure.
 */
import type { ConfigBundle } from '../checks/types.ts';
import { MIGRATIONS, formatOf } from '../migrations/index.ts';
import type { Change, Migration, Path } from '../migrations/types.ts';
import type { BrandBundle } from '../overlay/layers.ts';
import type { SchemaFileKind } from '../overlay/schema-cursor.ts';
import { segmentsOf, shownPointerOf as pointerOf } from '../pointer.ts';
import { say, worded } from '../words/index.ts';

const segments = (at: string): Path => segmentsOf(at);

/** one old use: the file holding it, where, what it became */
export interface Pending {
  file: string;
  /** JSON pointer in that file */
  path: string;
  change: Change;
  migration: Migration;
}

export type Entry = { file: string; json: unknown };
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
 * list). An edit at or under the old use moves with it; an edit elsewhere keeps the part it shares
 * with the old use's path, placed as the old use is, when both paths have the same depth. An edit
 * that cannot be placed so (the overlay holds the old use at another depth) is not guessed: the
 * change is left to be written by hand, and its message says where.
 */
export function rebase(change: Change, at: Path): Change {
  const from = change.path;
  const under = (p: Path) => p.length >= from.length && from.every((seg, i) => String(seg) === String(p[i]));
  const move = (p: Path): Path | undefined => {
    if (under(p)) return [...at, ...p.slice(from.length)];
    if (at.length !== from.length) return undefined;
    let shared = 0;
    while (shared < p.length && shared < from.length && String(p[shared]) === String(from[shared])) shared++;
    return [...at.slice(0, shared), ...p.slice(shared)];
  };
  const edits = change.edits.map((e) => ({ ...e, path: move(e.path) }));
  if (edits.every((e): e is typeof e & { path: Path } => e.path !== undefined)) return { ...change, path: at, edits };
  return { path: at, edits: [], ...worded(say('oldUseByHandInBrand', { change: change.said, at: pointerOf(at) })) };
}

