/** check:config's words (English) for the problems of bindings: one entry per message, see ./index.ts. */
import type { Words } from './common.ts';

export const bindingsWords = {} satisfies Words;
