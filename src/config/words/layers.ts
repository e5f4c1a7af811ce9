/** check:config's words (English) for the problems of layers: one entry per message, see ./index.ts. */
import type { Words } from './common.ts';

export const layersWords = {} satisfies Words;
