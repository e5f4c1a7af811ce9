/** What every table of check:config's words shares: its type, and the small phrases many messages end with. */

/** a table of messages: id -> the English words made of its parts */
export type Words = Record<string, (parts: never) => string>;

/** `; did you mean "x"?` after a name that was not found, when one known name is close (util.ts `nearest`) */
export const nearText = (near: string | undefined): string => (near === undefined ? '' : `; did you mean "${near}"?`);
