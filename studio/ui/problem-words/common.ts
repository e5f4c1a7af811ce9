/** What every Chinese table of check:config's words shares: its type, and the phrases many messages end with. */
import type { Known } from '../../../src/config/words/common.ts';
import type { Said } from '../../../src/config/words/index.ts';

/**
 * The Chinese of one table of check:config's words: the same ids, each made of the same parts.
 * `zh` words a part that is itself a message (in Chinese too).
 */
export type Zh<T> = { [K in keyof T]: T[K] extends (parts: infer P) => string ? (parts: P, zh: (s: Said) => string) => string : never };

/** `；是不是想写「x」？` after a name that was not found, when one known name is close */
export const nearZh = (near: string | undefined): string => (near === undefined ? '' : `；是不是想写“${near}”？`);

/** a list of names as a Chinese sentence lists them */
export const listZh = (names: readonly string[]): string => names.join('、');

/** the names a message offers (sorted, cut): `a、b` or `a、b 等 N 个` when more were left out; `ifNone` when there are none */
export const knownZh = (k: Known, ifNone = ''): string => (k.names.length ? `${listZh(k.names)}${k.more ? ` 等 ${k.names.length + k.more} 个` : ''}` : ifNone);
