/**
 * JSON values as every part of the house handles them (the app, the config tools, the studio, the
 * mock): the one object guard, deep equality, and the keys that must stay data.
 *
 * A config file is JSON an operator (or someone else's branch) wrote. JSON.parse keeps a key
 * `__proto__` as an own property, but assigning it (`out[key] = value`) or reading it through a
 * plain object reaches the object's prototype instead: a merge would then drop the whole object, a
 * lookup would find Object.prototype's members. So `__proto__`, `constructor` and `prototype` are
 * never config keys (check:config names them), and code that copies keys from a document writes them
 * with `setOwn`, which defines an own property whatever the key.
 */

export type JsonObject = Record<string, unknown>;

/** a JSON object: not null, not a list */
export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** keys that name the language's own members rather than data; no config file may use them */
export const RESERVED_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

export const isReservedKey = (key: string): boolean => RESERVED_KEYS.includes(key);

/** whether `o` has `key` of its own (never one of its prototype's) */
export const hasOwn = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/** `o[key] = value` as an own, enumerable data property, even for `__proto__` */
export function setOwn(o: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  else o[key] = value;
}

/** The longest common subsequence of two lists, by `same`: the indices of `a` and of `b` it keeps (a list's edit keeps them, deletes and inserts the rest). */
export function commonItems<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): { a: Set<number>; b: Set<number> } {
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = same(a[i], b[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const keptA = new Set<number>();
  const keptB = new Set<number>();
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (same(a[i], b[j])) {
      keptA.add(i);
      keptB.add(j);
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) i++;
    else j++;
  }
  return { a: keptA, b: keptB };
}

/** Deep equality of JSON values (key order does not matter, as it does not for the app). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => hasOwn(b, k) && sameJson(a[k], b[k]));
  }
  return false;
}
