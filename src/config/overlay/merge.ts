/**
 * A brand's overlay merged over the product (docs/BRANDS.md): one document over another, pure.
 * Which lists are keyed comes from the JSON Schemas (`x-merge-key`, read by schema-cursor.ts, as
 * Kustomize reads `x-kubernetes-patch-merge-key`); reading folders is the loader's job (layers.ts).
 *
 * The rules an operator predicts:
 * - an object merges property by property (RFC 7396, JSON Merge Patch): a value replaces the
 *   product's, an object merges into the product's, `null` deletes the property;
 * - a list without a declared key is replaced whole (RFC 7396);
 * - a keyed list (widgets, menu entries and rules by `id`, fields by `name`, routes by `path`, tabs
 *   by `key`) merges item by item: an item of the overlay names the product's item by its key and
 *   changes it; `"$patch": "delete"` removes it, `"$patch": "replace"` replaces it whole; a new item
 *   needs `"$position"`: "first", "last", {"before": KEY} or {"after": KEY} (an existing item with
 *   one moves there); an item `{"$patch": "replace"}` in the overlay's list replaces the whole list;
 * - `"$patch": "replace"` in an object replaces the product's object whole.
 * An override whose target the product does not have (an item's key, an anchor, a property deleted
 * with null) is a problem naming the overlay's path and what the product has there, never appended
 * or ignored (Kustomize appends a keyed item it cannot find and ignores a delete of a missing one:
 * a brand would fall behind without a word).
 *
 * The result carries its origins: for every JSON pointer of the merged document, the layer and the
 * pointer in that layer's file that set it (`Origins.of`), so a check of the merged document names
 * the file an operator edits (Backstage keeps layers apart for the same reason).
 */

import { isObject, isReservedKey, RESERVED_KEYS, setOwn } from '../json.ts';
import { joinPointer } from '../pointer.ts';
import { say, worded } from '../words/index.ts';
import type { Said } from '../words/said.ts';

/** the directives of an overlay: `"$patch": "replace" | "delete"`, and a new item's `"$position"` */
export const PATCH = '$patch';
export const POSITION = '$position';

/** the problem of a key that is no config key (src/config/json.ts): named, and left out of the merge */
export const reservedKeyMessage = (key: string): Said => say('reservedKeyInOverlay', { key, reserved: [...RESERVED_KEYS] });

export type Layer = 'base' | 'overlay';
/** Where a value of the merged document comes from: a layer and the JSON pointer in its file. */
export interface Origin {
  layer: Layer;
  at: string;
  /** an item of a keyed list the overlay added (the product has none like it) */
  added?: true;
  /** an item the overlay replaced whole: where the product's item is */
  base?: string;
}
/** An override the merge could not apply: the JSON pointer in the overlay and what is wrong. */
export interface MergeProblem {
  at: string;
  message: string;
  /** the same words as data (src/config/words/), for the studio's language */
  said: Said;
}

/**
 * The merge's view of the schema at one place of the document: whether the list there is keyed,
 * and the places below. `prop` gets the object in each layer (a widget node's props are picked by
 * its type, which an overlay's node may leave to the product).
 */
export interface Cursor {
  /** the merge key of the list at this place; undefined: a list here is replaced whole */
  readonly key?: string;
  prop(name: string, base: unknown, patch: unknown): Cursor;
  item(): Cursor;
}

/** No keyed list anywhere: RFC 7396 alone. */
export const PLAIN: Cursor = { prop: () => PLAIN, item: () => PLAIN };

const join = joinPointer;
/** a problem at `at` of the overlay, in its words */
const problem = (at: string, said: Said): MergeProblem => ({ at, ...worded(said) });

/** The origins of a merged document: the pointer of each value set by a layer, the rest follows its nearest parent. */
export class Origins {
  private readonly map = new Map<string, Origin>([['', { layer: 'base', at: '' }]]);
  set(at: string, origin: Origin): void {
    this.map.set(at, origin);
  }
  /** the layer and its file's pointer for a pointer of the merged document ('' or '/' is the root) */
  of(at: string): Origin {
    const p = at === '/' ? '' : at;
    for (let cut = p; ; cut = cut.slice(0, cut.lastIndexOf('/'))) {
      const hit = this.map.get(cut);
      if (hit) return { layer: hit.layer, at: hit.at + p.slice(cut.length) };
      if (!cut) return { layer: 'base', at: p };
    }
  }
  /**
   * The pointer in the product of the place `at` of the merged document stands for (an item of a
   * keyed list may stand elsewhere in the product's list), or undefined for a place the overlay added.
   */
  baseOf(at: string): string | undefined {
    const p = at === '/' ? '' : at;
    const own = this.map.get(p);
    if (own?.added) return undefined;
    if (own?.base !== undefined) return own.base;
    for (let cut = p.slice(0, p.lastIndexOf('/')); ; cut = cut.slice(0, cut.lastIndexOf('/'))) {
      const hit = this.map.get(cut);
      if (hit) return hit.layer === 'base' ? hit.at + p.slice(cut.length) : hit.base !== undefined ? hit.base + p.slice(cut.length) : hit.added ? undefined : p;
      if (!cut) return p;
    }
  }
  /**
   * The inverse of `of`: the pointer of the merged document that the value at `at` in a layer's
   * file stands for (a check names a problem by the layer's file; the studio shows it at the merged
   * document's field). The longest pointer of that layer the map knows, with the rest of `at`
   * appended; a pointer of the product's no entry moves stays where it is. Undefined: a place of the
   * overlay that is not in the merged document (an override the merge could not apply).
   */
  mergedOf(layer: Layer, at: string): string | undefined {
    const p = at === '/' ? '' : at;
    let best: { at: string; from: string } | undefined;
    for (const [merged, o] of this.map) {
      if (o.layer !== layer || !(p === o.at || p.startsWith(`${o.at}/`))) continue;
      if (!best || o.at.length > best.from.length) best = { at: merged, from: o.at };
    }
    if (best) return best.at + p.slice(best.from.length);
    return layer === 'base' ? p : undefined;
  }
  /** every pointer the overlay set (its own values: replaced, added, changed), in document order */
  overlaid(): { at: string; origin: Origin }[] {
    return [...this.map].filter(([, o]) => o.layer === 'overlay').map(([at, origin]) => ({ at, origin }));
  }
}

export interface Merged {
  value: unknown;
  origins: Origins;
  problems: MergeProblem[];
  /** what the overlay removed (null, "$patch": "delete"): the pointer in the product and in the overlay */
  removed: { base: string; overlay: string }[];
}

/** origins found below a value, relative to it ('' is the value itself) */
type Local = [string, Origin][];

/** `overlay` merged over `base`; `cursor` says which lists are keyed. Neither input is changed. */
export function mergeLayers(base: unknown, overlay: unknown, cursor: Cursor = PLAIN): Merged {
  const problems: MergeProblem[] = [];
  const origins = new Origins();
  const removed: Merged['removed'] = [];
  const r = merge(base, overlay, cursor, '', '', Object.assign(problems, { removed }));
  for (const [at, o] of r.local) origins.set(at, o);
  return { value: r.value, origins, problems: [...problems], removed };
}

/** the problems of one merge, and what it removed */
type Sink = MergeProblem[] & { removed: Merged['removed'] };

function merge(base: unknown, patch: unknown, cur: Cursor, bAt: string, pAt: string, problems: Sink): { value: unknown; local: Local } {
  const mine = (value: unknown): { value: unknown; local: Local } => ({ value, local: [['', { layer: 'overlay', at: pAt }]] });
  if (Array.isArray(patch)) {
    if (cur.key && Array.isArray(base)) return mergeKeyed(base, patch, cur, cur.key, bAt, pAt, problems);
    return mine(clean(patch, pAt, problems, cur.key === undefined));
  }
  if (!isObject(patch)) return mine(patch);
  const directive = patch[PATCH];
  if (directive === 'replace') return mine(clean(without(patch), pAt, problems));
  if (directive !== undefined) problems.push(problem(join(pAt, PATCH), say('objectPatchUnknown', { directive: JSON.stringify(directive) })));
  if (POSITION in patch) problems.push(problem(join(pAt, POSITION), say('positionOutsideList', {})));
  if (!isObject(base)) return mine(clean(without(patch), pAt, problems));
  const out: Record<string, unknown> = { ...base };
  const local: Local = [];
  for (const [k, v] of Object.entries(patch)) {
    if (k === PATCH || k === POSITION) continue;
    if (isReservedKey(k)) {
      problems.push(problem(join(pAt, k), reservedKeyMessage(k)));
      continue;
    }
    if (v === null) {
      if (Object.prototype.hasOwnProperty.call(out, k)) {
        delete out[k];
        problems.removed.push({ base: join(bAt, k), overlay: join(pAt, k) });
      } else problems.push(problem(join(pAt, k), say('nullDeletesMissing', { key: k, has: Object.keys(base) })));
      continue;
    }
    const r = merge(Object.prototype.hasOwnProperty.call(base, k) ? base[k] : undefined, v, cur.prop(k, base, patch), join(bAt, k), join(pAt, k), problems);
    setOwn(out, k, r.value);
    for (const [at, o] of r.local) local.push([join('', k) + at, o]);
  }
  return { value: out, local };
}

/** an object without the directives */
function without(o: Record<string, unknown>): Record<string, unknown> {
  const { [PATCH]: _p, [POSITION]: _q, ...rest } = o;
  return rest;
}

/**
 * A value the overlay brings whole (nothing of the product's under it): RFC 7396's patch applied to
 * nothing, so a null member is dropped; a directive has nothing to act on and is named
 * (`unkeyedList`: the value is an item of a list without a key, which is replaced whole).
 */
function clean(v: unknown, at: string, problems: MergeProblem[], unkeyedList = false): unknown {
  if (Array.isArray(v)) return v.map((x, i) => clean(x, join(at, i), problems, unkeyedList));
  if (!isObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === PATCH || k === POSITION) {
      problems.push(problem(join(at, k), say('directiveNothingToActOn', { directive: k, unkeyedList })));
      continue;
    }
    if (isReservedKey(k)) {
      problems.push(problem(join(at, k), reservedKeyMessage(k)));
      continue;
    }
    if (x !== null) out[k] = clean(x, join(at, k), problems);
  }
  return out;
}

type Item = { value: unknown; local: Local; from: Origin };

function mergeKeyed(base: unknown[], patch: unknown[], cur: Cursor, key: string, bAt: string, pAt: string, problems: Sink): { value: unknown; local: Local } {
  const replaceAll = patch.findIndex((x) => isObject(x) && x[PATCH] === 'replace' && Object.keys(x).length === 1);
  if (replaceAll >= 0) {
    const value = clean(patch.filter((_, i) => i !== replaceAll), pAt, problems);
    return { value, local: [['', { layer: 'overlay', at: pAt }]] };
  }
  const keyOf = (v: unknown) => (isObject(v) && typeof v[key] === 'string' ? (v[key] as string) : undefined);
  const items: Item[] = base.map((value, i) => ({ value, local: [], from: { layer: 'base', at: join(bAt, i) } }));
  const keys = () => items.map((x) => keyOf(x.value)).filter((k): k is string => k !== undefined);
  const find = (k: string) => items.findIndex((x) => keyOf(x.value) === k);
  patch.forEach((p, j) => {
    const at = join(pAt, j);
    const k = keyOf(p);
    if (!isObject(p) || k === undefined) {
      problems.push(problem(at, say('keyedItemNoKey', { key, has: keys() })));
      return;
    }
    const found = find(k);
    if (found >= 0 && items.filter((x) => keyOf(x.value) === k).length > 1) {
      problems.push(problem(join(at, key), say('productDuplicateKey', { key, value: k })));
      return;
    }
    const directive = p[PATCH];
    if (directive === 'delete') {
      if (found < 0) problems.push(problem(join(at, key), say('deleteMissingItem', { key, value: k, has: keys() })));
      else {
        if (items[found].from.layer === 'base') problems.removed.push({ base: items[found].from.at, overlay: at });
        items.splice(found, 1);
      }
      return;
    }
    if (directive !== undefined && directive !== 'replace') {
      problems.push(problem(join(at, PATCH), say('itemPatchUnknown', { directive: JSON.stringify(directive) })));
      return;
    }
    const position = p[POSITION];
    if (found < 0 && position === undefined) {
      problems.push(problem(join(at, key), say('missingItemNoPosition', { key, value: k, has: keys() })));
      return;
    }
    let item: Item;
    if (found >= 0 && directive !== 'replace') {
      const old = items[found];
      // the key names the item: it is no override of its own
      const { [key]: _key, ...change } = without(p);
      const r = merge(old.value, change, cur.item(), old.from.at, at, problems);
      item = { value: r.value, local: [...old.local, ...r.local], from: old.from };
    } else {
      const replaced = found >= 0 ? items[found].from : undefined;
      const from: Origin = replaced ? { layer: 'overlay', at, ...(replaced.layer === 'base' ? { base: replaced.at } : {}) } : { layer: 'overlay', at, added: true };
      item = { value: clean(without(p), at, problems), local: [], from };
    }
    if (position === undefined) {
      items[found] = item;
      return;
    }
    const rest = found >= 0 ? [...items.slice(0, found), ...items.slice(found + 1)] : items;
    const to = placeOf(position, rest, keyOf, key, join(at, POSITION), problems);
    if (to === undefined) {
      if (found >= 0) items[found] = item; // stays where it was; the position is named as a problem
      return;
    }
    items.splice(0, items.length, ...rest.slice(0, to), item, ...rest.slice(to));
  });
  const local: Local = [];
  items.forEach((x, i) => {
    local.push([join('', i), x.from]);
    for (const [at, o] of x.local) local.push([join('', i) + at, o]);
  });
  return { value: items.map((x) => x.value), local };
}

/** the index an item goes to among `items` (itself not among them), or undefined (a problem named) */
function placeOf(position: unknown, items: Item[], keyOf: (v: unknown) => string | undefined, key: string, at: string, problems: MergeProblem[]): number | undefined {
  if (position === 'first') return 0;
  if (position === 'last') return items.length;
  const anchor = isObject(position) ? (typeof position.before === 'string' ? { k: position.before, after: false } : typeof position.after === 'string' ? { k: position.after, after: true } : undefined) : undefined;
  if (!anchor || Object.keys(position as object).length !== 1) {
    problems.push(problem(at, say('positionInvalid', { key, found: String(JSON.stringify(position)) })));
    return undefined;
  }
  const i = items.findIndex((x) => keyOf(x.value) === anchor.k);
  if (i < 0) {
    const has = items.map((x) => keyOf(x.value)).filter((k): k is string => k !== undefined);
    problems.push(problem(join(at, anchor.after ? 'after' : 'before'), say('positionAnchorMissing', { key, anchor: anchor.k, after: anchor.after, has })));
    return undefined;
  }
  return anchor.after ? i + 1 : i;
}
