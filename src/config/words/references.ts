/** check:config's words (English) for the problems of references: one entry per message, see ./index.ts. */
import type { Words } from './common.ts';

export const referencesWords = {} satisfies Words;
