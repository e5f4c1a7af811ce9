/**
 * JSON Pointers (RFC 6901), the one way every part of the house names a place in a config file:
 * `/constants/withdrawMin`, `/body/3/props/title`. The whole document is the empty pointer `''`;
 * messages show it as `/` (`shownPointer`), the way check:config has always named a file-level problem.
 */

/** one step of a path: an object's key or a list's index */
export type Segment = string | number;

export const escapeSegment = (s: Segment): string => String(s).replace(/~/g, '~0').replace(/\//g, '~1');

export const unescapeSegment = (s: string): string => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** a path as a pointer: ['constants', 'withdrawMin'] -> /constants/withdrawMin; [] -> '' */
export const pointerOf = (path: readonly Segment[]): string => path.map((s) => `/${escapeSegment(s)}`).join('');

/** the pointer one step below `at` */
export const joinPointer = (at: string, seg: Segment): string => `${at === '/' ? '' : at}/${escapeSegment(seg)}`;

/**
 * A pointer as its segments (an index stays text: a pointer does not say whether it is one). Both ''
 * and '/' are the whole document here, as messages write it.
 */
export const segmentsOf = (pointer: string): string[] => (pointer === '' || pointer === '/' ? [] : pointer.slice(1).split('/').map(unescapeSegment));

/** how a message names a place: the pointer, `/` for the whole document */
export const shownPointer = (pointer: string): string => pointer || '/';

/** how a message names a path: pointerOf, `/` for the whole document */
export const shownPointerOf = (path: readonly Segment[]): string => shownPointer(pointerOf(path));

/** the value at a pointer of a JSON document (undefined: nothing there); an own property at every step */
export function valueAt(json: unknown, pointer: string): unknown {
  let v = json;
  for (const seg of segmentsOf(pointer)) {
    if (typeof v !== 'object' || v === null || !Object.prototype.hasOwnProperty.call(v, seg)) return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}
