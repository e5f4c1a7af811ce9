/** Small helpers every part of the config check shares: walking, "did you mean", the folders a file is in. */
import { isObject } from '../json.ts';
import type { Segment } from '../pointer.ts';
import type { ConfigBundle } from './types.ts';
import { nearText } from '../words/common.ts';

export { isObject, type JsonObject } from '../json.ts';
/** how a problem names a place: a JSON pointer, `/` for the whole file */
export { shownPointerOf as pointer } from '../pointer.ts';
/** A JSON path as its parts; `pointer` writes it as a JSON pointer. */
export type At = Segment[];

/** Walk every string in a JSON value with its path. */
export function walkStrings(v: unknown, at: At, visit: (s: string, at: At) => void): void {
  if (typeof v === 'string') visit(v, at);
  else if (Array.isArray(v)) v.forEach((x, i) => walkStrings(x, [...at, i], visit));
  else if (isObject(v)) for (const [k, x] of Object.entries(v)) walkStrings(x, [...at, k], visit);
}

/** Damerau-Levenshtein distance (an adjacent swap counts as one edit). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The one known name close to what was found (a misspelling of it), if there is exactly one. */
export function nearest(found: string, known: Iterable<string>): string | undefined {
  const limit = found.length <= 4 ? 1 : 2;
  let best = Infinity;
  let hits: string[] = [];
  for (const k of known) {
    if (k === found) continue;
    const n = distance(found.toLowerCase(), k.toLowerCase());
    if (n < best) [best, hits] = [n, [k]];
    else if (n === best) hits.push(k);
  }
  return best <= limit && hits.length === 1 ? hits[0] : undefined;
}

/** `; did you mean "x"?` when exactly one known name is close to what was found. */
export const didYouMean = (found: string, known: Iterable<string>): string => nearText(nearest(found, known));

/** The JSON type of a literal value, as a JSON Schema type word. */
export function literalType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/**
 * The files of the config a name could be in, as a message names them: screens.config/messages.json,
 * or for a brand brands/jinsha/messages.json then screens.config/messages.json (the brand's overlay first).
 */
export function filesIn(bundle: ConfigBundle, rel: string): string[] {
  const folders = bundle.folders ?? [bundle.app.file.replace(/\/?app\.json$/, '')];
  return folders.map((f) => (f ? `${f}/${rel}` : rel));
}
