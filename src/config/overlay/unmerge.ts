/**
 * The inverse of the brand merge, for an operator's edit on a brand: the studio shows a brand's
 * merged config (the product's file with the brand's overlay over it, merge.ts)
 * and the operator edits that; this module says what the brand's overlay file must then hold. It
 * uses the brand merge itself (no second merge): every overlay it writes is merged back and must
 * give exactly what the operator sees, or the edit is refused with the reason.
 *
 *   new Layered(product, overlay, cursor)   one file of a brand: the merged value and its origins
 *     .placeOf(pointer)      whether a field of the merged document is the product's, the brand's
 *                            (set whole by the overlay) or partly the brand's, and where in the
 *                            brand's file
 *     .overlayFor(next)      the overlay that merges into `next`, changed as little as possible: what
 *                            the operator did not touch keeps its place and form in the brand's file;
 *                            a keyed list (widgets, menu entries, rules, fields, routes, tabs) gets
 *                            keyed patch items (`{"id": "x", "title": "…"}`, `"$patch": "delete"`,
 *                            `"$position"`), never a copy of the product's list
 *     .backToProduct(pointer)  the overlay without the brand's value at that field (and without an
 *                            object, a patch item or a list it leaves empty): the product's shows again
 *
 * A file the brand does not have yet is drafted from `newOverlay(format)` (`{"$format": N}`, as
 * every overlay file starts); one left with nothing but that (`bare`) is no file to write. Pure.
 */
import { commonItems, hasOwn, isObject, isReservedKey, sameJson } from '../json.ts';
import { pointerOf, segmentsOf, type Segment } from '../pointer.ts';
import { mergeLayers, PATCH, POSITION, type Cursor, type Merged } from './merge.ts';

/** the `base` hash of a file the top layer does not have yet (a brand's overlay file the first edit creates) */
export const ABSENT = '0'.repeat(64);

/** Why an edit cannot be written into a brand's file: the kind, and the place in the merged document. */
export type RefusalWhy = { kind: 'roundTrip' } | { kind: 'noKey'; at: string; key: string } | { kind: 'notKeyed'; at: string; key: string } | { kind: 'duplicate'; at: string; key: string; value: string };

/** An edit the brand's file cannot express (an item without a key, a key renamed): the reason, in words and as data (`why`, for the studio to say in the operator's language). */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly why: RefusalWhy,
  ) {
    super(message);
  }
}

type Json = unknown;
type Obj = Record<string, unknown>;
/** a deep copy of a JSON value (undefined stays undefined) */
/** an object's own value at a key (never its prototype's) */
const ownValue = (o: Obj, k: string): Json => (hasOwn(o, k) ? o[k] : undefined);
const copyJson = (v: Json): Json => (v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as Json));

/** The overlay file a brand starts with: its config format, as `npm run migrate` stamps every file. */
export const newOverlay = (format: number): Obj => ({ $format: format });

/** An overlay that changes nothing: none, or only its format (and notes): no file to write for it. */
export const bare = (overlay: Json): boolean => overlay === undefined || (isObject(overlay) && Object.keys(overlay).every((k) => k === '$format' || k === '$schema' || k === 'description'));

/** Where a field's value comes from, for the mark beside it. */
export interface Place {
  /** product: inherited; brand: the overlay sets it whole; mixed: the overlay changes part of it (a key of an object, an item's prop, its place) */
  kind: 'product' | 'brand' | 'mixed';
  /** the JSON Pointer in the brand's file of what sets it (brand, mixed) */
  at?: string;
  /** the product has nothing here: the brand added it */
  added?: boolean;
}

/** one step of a merged pointer resolved into the overlay: the overlay's segment, and whether it is an item of a keyed list */
type Step = { seg: Segment; keyed?: string };

const keyOf = (key: string) => (v: unknown): string | undefined => (isObject(v) && typeof v[key] === 'string' ? (v[key] as string) : undefined);
const replaceAll = (list: unknown[]) => list.findIndex((x) => isObject(x) && x[PATCH] === 'replace' && Object.keys(x).length === 1);
const indexOf = (seg: string | number) => (typeof seg === 'number' ? seg : /^\d+$/.test(seg) ? Number(seg) : -1);

export class Layered {
  readonly merged: Merged;
  constructor(
    readonly product: Json,
    readonly overlay: Json,
    readonly cursor: Cursor,
  ) {
    this.merged = mergeLayers(product, overlay ?? {}, cursor);
  }

  get value(): Json {
    return this.merged.value;
  }

  /** whether the field at `pointer` of the merged document is the product's or the brand's, and where in the brand's file */
  placeOf(pointer: string): Place {
    const steps = this.resolve(pointer);
    if (!steps) return { kind: 'product' };
    const at = pointerOf(steps.map((s) => s.seg));
    const own = this.merged.origins.of(pointer).layer === 'overlay';
    const added = own && this.merged.origins.baseOf(pointer) === undefined;
    return { kind: own ? 'brand' : 'mixed', at, ...(added ? { added: true } : {}) };
  }

  /**
   * The overlay whose merge over the product is `next` (the merged document as the operator left it),
   * and `next` itself with a key given to each item it adds to a keyed list without one.
   */
  overlayFor(next: Json): { overlay: Json; next: Json } {
    const want = copyJson(next);
    const out = patchOf(this.product, this.overlay, this.merged.value, want, this.cursor, '');
    const back = mergeLayers(this.product, out ?? {}, this.cursor);
    if (!sameJson(back.value, want)) throw new Refusal('the studio cannot write this change as the brand\'s overlay (merged again it gives something else); change the brand\'s file in a text editor', { kind: 'roundTrip' });
    return { overlay: out, next: want };
  }

  /** The overlay without what it sets at or under `pointer` (the field shows the product's value again); unchanged when it sets nothing there. */
  backToProduct(pointer: string): Json {
    const steps = this.resolve(pointer);
    if (!steps?.length) return this.overlay;
    let out = copyJson(this.overlay);
    out = removeAt(out, steps);
    // what the removal leaves empty goes too: an object, a patch item naming only its key, a list
    for (let n = steps.length - 1; n > 0; n--) {
      const parent = steps.slice(0, n);
      const v = getAt(out, parent);
      const keyed = steps[n - 1].keyed;
      const empty = Array.isArray(v) ? v.length === 0 : isObject(v) && Object.keys(v).every((k) => k === keyed);
      if (!empty) break;
      out = removeAt(out, parent);
    }
    return out;
  }

  /**
   * The overlay's path to what sets (or changes part of) the field at `pointer` of the merged
   * document, or undefined when the overlay has nothing there: each keyed item found by its key,
   * a value the overlay brings whole followed one to one.
   */
  private resolve(pointer: string): Step[] | undefined {
    const segs = segmentsOf(pointer);
    const steps: Step[] = [];
    let P: Json = this.product;
    let O: Json = this.overlay;
    let M: Json = this.merged.value;
    let cur = this.cursor;
    /** inside a product's item the brand changes: its key (which names the item, and is no override) */
    let itemKey: string | undefined;
    for (let i = 0; i < segs.length; i++) {
      if (O === undefined || O === null) return undefined;
      const seg = segs[i];
      if (itemKey !== undefined && seg === itemKey) return undefined;
      itemKey = undefined;
      // a value the overlay brings whole (merged is its copy): the rest of the path is the same in it
      if (owned(P, O, cur)) {
        const rest: Step[] = [];
        let o: Json = O;
        for (const s of segs.slice(i)) {
          if (Array.isArray(o)) {
            const r = replaceAll(o);
            const idx = indexOf(s);
            const at = r >= 0 && idx >= r ? idx + 1 : idx;
            rest.push({ seg: at });
            o = o[at];
          } else {
            rest.push({ seg: s });
            o = isObject(o) ? o[s] : undefined;
          }
          if (o === undefined) return undefined;
        }
        return [...steps, ...rest];
      }
      if (Array.isArray(O) && Array.isArray(M) && cur.key) {
        const key = keyOf(cur.key);
        const k = key(M[indexOf(seg)]);
        const j = k === undefined ? -1 : O.findIndex((x) => key(x) === k);
        if (j < 0) return undefined;
        steps.push({ seg: j, keyed: cur.key });
        const pItem = Array.isArray(P) ? P.find((x) => key(x) === k) : undefined;
        if (pItem === undefined || (isObject(O[j]) && O[j][PATCH] === 'replace')) {
          // an item the brand added or replaces whole: the rest is in it one to one
          const inner = this.followOwned(O[j], segs.slice(i + 1));
          return inner && [...steps, ...inner];
        }
        M = M[indexOf(seg)];
        O = O[j];
        P = pItem;
        cur = cur.item();
        itemKey = steps[steps.length - 1].keyed;
        continue;
      }
      if (!isObject(O) || !isObject(M)) return undefined;
      const name = String(seg);
      if (!(name in O)) return undefined;
      steps.push({ seg: name });
      cur = cur.prop(name, P, M);
      P = isObject(P) ? P[name] : undefined;
      O = O[name];
      M = M[name];
    }
    return steps;
  }

  private followOwned(o: Json, segs: string[]): Step[] | undefined {
    const out: Step[] = [];
    let v = o;
    for (const s of segs) {
      if (Array.isArray(v)) {
        out.push({ seg: indexOf(s) });
        v = v[indexOf(s)];
      } else if (isObject(v)) {
        out.push({ seg: s });
        v = v[s];
      } else return undefined;
      if (v === undefined) return undefined;
    }
    return out;
  }
}

/** whether the overlay's value here is brought whole (merged over nothing of the product's): a scalar, a replaced object or list, a list without a key */
function owned(P: Json, O: Json, cur: Cursor): boolean {
  if (Array.isArray(O)) return !(cur.key && Array.isArray(P)) || replaceAll(O) >= 0;
  if (isObject(O)) return !isObject(P) || O[PATCH] === 'replace';
  return true;
}

function getAt(json: Json, steps: Step[]): Json {
  return steps.reduce<Json>((v, s) => (Array.isArray(v) ? v[s.seg as number] : isObject(v) ? v[s.seg as string] : undefined), json);
}

/** a copy without the value at steps (an item spliced out of its list, a key deleted); no steps: nothing left */
function removeAt(json: Json, steps: Step[]): Json {
  if (!steps.length) return undefined;
  const [head, ...rest] = steps;
  if (Array.isArray(json)) {
    const i = head.seg as number;
    if (!rest.length) return json.filter((_, j) => j !== i);
    return json.map((v, j) => (j === i ? removeAt(v, rest) : v));
  }
  if (!isObject(json)) return json;
  const k = head.seg as string;
  if (!rest.length) {
    const { [k]: _gone, ...others } = json;
    return others;
  }
  return { ...json, [k]: removeAt(json[k], rest) };
}

/**
 * The overlay `O` changed so that merged over `P` it gives `N` (`M` is what it gives now). Where
 * nothing changed, `O` is returned as it is (the same object: its part of the file stays).
 */
function patchOf(P: Json, O: Json, M: Json, N: Json, cur: Cursor, at: string): Json {
  if (sameJson(M, N)) return O;
  if (isObject(P) && isObject(N)) {
    if (isObject(O) && O[PATCH] === 'replace') return { [PATCH]: 'replace', ...N };
    return objectPatch(P, isObject(O) ? O : undefined, isObject(M) ? M : {}, N, cur, at);
  }
  if (Array.isArray(P) && Array.isArray(N) && cur.key) {
    if (Array.isArray(O) && replaceAll(O) >= 0) return [{ [PATCH]: 'replace' }, ...N];
    return keyedPatch(P, Array.isArray(O) ? O : undefined, Array.isArray(M) ? M : [], N, cur, cur.key, at);
  }
  // a value replaces the product's (RFC 7396), a list without a key whole
  return N;
}

/** RFC 7396 over an object: a changed key set, a removed one null (when the product has it), the rest of the overlay kept */
function objectPatch(P: Obj, O: Obj | undefined, M: Obj, N: Obj, cur: Cursor, at: string): Obj {
  const out: Obj = O ? { ...O } : {};
  for (const k of new Set([...Object.keys(P), ...Object.keys(N), ...Object.keys(out)])) {
    // a key no config may use (check:config names it) is never written into an overlay
    if (k === PATCH || k === POSITION || isReservedKey(k)) continue;
    const Pk = ownValue(P, k);
    const Nk = ownValue(N, k);
    if (sameJson(ownValue(M, k), Nk)) continue;
    if (Nk === undefined) {
      if (Pk !== undefined) out[k] = null;
      else delete out[k];
      continue;
    }
    const Ok = ownValue(out, k);
    const sub = patchOf(Pk, Ok === null ? undefined : Ok, ownValue(M, k), Nk, cur.prop(k, P, N), `${at}/${k}`);
    // a patch that changes nothing of the product's object is no override
    if (sub === undefined || (isObject(Pk) && isObject(sub) && !Object.keys(sub).length)) delete out[k];
    else out[k] = sub;
  }
  return out;
}

/** the position of N's item j among the items before and after it, by their keys */
function anchorOf(N: unknown[], j: number, key: (v: unknown) => string | undefined): unknown {
  if (j === 0) return 'first';
  const before = key(N[j - 1]);
  if (before !== undefined) return { after: before };
  for (let i = j + 1; i < N.length; i++) {
    const k = key(N[i]);
    if (k !== undefined) return { before: k };
  }
  return 'last';
}


/**
 * A keyed list as patch items: an item the brand changes names the product's by its key and says
 * only what changes, a removed one is `"$patch": "delete"`, an added one carries `"$position"`, a
 * moved one gets a `"$position"`. An item of the product's list without a key cannot be named by a
 * brand: changing or removing one is refused, with what to do. An item the operator adds without a
 * key is given one (`new-1`), which they may then change.
 */
function keyedPatch(P: unknown[], O: unknown[] | undefined, M: unknown[], N: unknown[], cur: Cursor, key: string, at: string): unknown[] | undefined {
  const k = keyOf(key);
  const list: unknown[] = O ? [...O] : [];
  const noKey = (i: number) =>
    new Refusal(`${at}/${i}: this item has no "${key}", and a brand names the product's item it changes by its ${key}: give it one in the product's file first (a short name, unique in its list), then change it here`, { kind: 'noKey', at: `${at}/${i}`, key });
  // the items without a key: unchanged ones stay (matched in order); an added one gets a key
  const keyless = commonItems(M, N, (x, y) => k(x) === undefined && k(y) === undefined && sameJson(x, y));
  const lostKeyless = M.findIndex((x, i) => k(x) === undefined && !keyless.a.has(i));
  if (lostKeyless >= 0) throw noKey(lostKeyless);
  N.forEach((x, j) => {
    if (k(x) !== undefined || keyless.b.has(j)) return;
    if (!isObject(x)) throw new Refusal(`${at}/${j}: an item of this list is an object named by its "${key}"`, { kind: 'notKeyed', at: `${at}/${j}`, key });
    let n = 1;
    while (N.some((y) => k(y) === `new-${n}`) || P.some((y) => k(y) === `new-${n}`)) n++;
    N[j] = { [key]: `new-${n}`, ...x };
  });
  const nKeys = N.map(k);
  const dup = nKeys.find((x, i) => x !== undefined && nKeys.indexOf(x) !== i);
  if (dup !== undefined) throw new Refusal(`${at}: two items with ${key} "${dup}": give each its own ${key}`, { kind: 'duplicate', at, key, value: dup });
  const mIndex = new Map(M.map((x, i) => [k(x), i] as const).filter(([x]) => x !== undefined));
  const entryOf = (name: string) => list.findIndex((x) => k(x) === name);
  const productItem = (name: string) => P.find((x) => k(x) === name);
  /** the brand's item for `name` set (in its place, or last when new), or removed (undefined) */
  const put = (name: string, entry: Obj | undefined) => {
    const i = entryOf(name);
    if (i >= 0 && entry === undefined) list.splice(i, 1);
    else if (i >= 0) list[i] = entry;
    else if (entry !== undefined) list.push(entry);
  };
  /** the brand's item for `name` put last: it is placed after the items before it, which are then there */
  const putLast = (name: string, entry: Obj) => {
    const i = entryOf(name);
    if (i >= 0) list.splice(i, 1);
    list.push(entry);
  };
  const only = (entry: Obj) => Object.keys(entry).every((x) => x === key);

  // removed
  for (const [key_] of mIndex) {
    if (key_ === undefined || nKeys.includes(key_)) continue;
    put(key_, productItem(key_) === undefined ? undefined : { [key]: key_, [PATCH]: 'delete' });
  }
  // changed
  N.forEach((item, j) => {
    const key_ = nKeys[j];
    if (key_ === undefined || !mIndex.has(key_)) return;
    const was = M[mIndex.get(key_)!];
    if (sameJson(was, item)) return;
    const entry = list[entryOf(key_)];
    const pItem = productItem(key_);
    const position = isObject(entry) && POSITION in entry ? { [POSITION]: entry[POSITION] } : {};
    if (pItem === undefined || (isObject(entry) && entry[PATCH] === 'replace')) {
      put(key_, { ...(item as Obj), ...(pItem === undefined ? {} : { [PATCH]: 'replace' }), ...position });
      return;
    }
    if (!isObject(pItem) || !isObject(item)) throw noKey(j);
    const patched = objectPatch(pItem, isObject(entry) ? entry : undefined, isObject(was) ? was : {}, item, cur.item(), `${at}/${j}`);
    const named = { [key]: key_, ...patched };
    put(key_, only(named) ? undefined : named);
  });
  // added (in the list's order, so the item each is placed after is there before it)
  N.forEach((item, j) => {
    const key_ = nKeys[j];
    if (key_ === undefined || mIndex.has(key_)) return;
    const pItem = productItem(key_);
    const position = { [POSITION]: anchorOf(N, j, k) };
    if (pItem !== undefined && isObject(pItem) && isObject(item)) putLast(key_, { [key]: key_, ...objectPatch(pItem, undefined, pItem, item, cur.item(), `${at}/${j}`), ...position });
    else putLast(key_, { ...(item as Obj), ...position });
  });
  // moved: the items out of the operator's order get a position (put last, after what they are placed by)
  const now = mergeLayers(P, list, cur).value as unknown[];
  const same = (x: unknown, y: unknown) => (k(x) !== undefined ? k(x) === k(y) : k(y) === undefined && sameJson(x, y));
  const inOrder = commonItems(now, N, same);
  N.forEach((_, j) => {
    const key_ = nKeys[j];
    if (inOrder.b.has(j) || key_ === undefined) return;
    const i = entryOf(key_);
    const entry = i >= 0 && isObject(list[i]) ? (list[i] as Obj) : { [key]: key_ };
    putLast(key_, { ...entry, [POSITION]: anchorOf(N, j, k) });
  });
  return list.length ? list : undefined;
}
