/** check:config's words (English) for the problems of schema: one entry per message, see ./index.ts. */
import type { Words } from './common.ts';

export const schemaWords = {} satisfies Words;
