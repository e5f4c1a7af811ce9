/** What every table of check:config's words shares: its type, and the small phrases many messages end with. */

/** a table of messages: id -> the English words made of its parts */
export type Words = Record<string, (parts: never) => string>;

/** `; did you mean "x"?` after a name that was not found, when one known name is close (util.ts `nearest`) */
export const nearText = (near: string | undefined): string => (near === undefined ? '' : `; did you mean "${near}"?`);

/**
 * The names a message offers instead of the one found: sorted, the first `max` of them, and how
 * many more there are (the whole list would drown the message: the icons are over a hundred).
 */
export interface Known {
  names: string[];
  more: number;
}
export function knownOf(names: Iterable<string>, max = 40): Known {
  const all = [...names].sort();
  return { names: all.slice(0, max), more: Math.max(0, all.length - max) };
}
/** `a, b, c` or `a, b, …` when more were left out; `ifNone` when there are none */
export const knownText = (k: Known, ifNone = ''): string => (k.names.length ? `${k.names.join(', ')}${k.more ? ', …' : ''}` : ifNone);
