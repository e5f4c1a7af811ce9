/** The Chinese of check:config's words for the problems of schema (src/config/words/schema.ts). */
import type { schemaWords } from '../../../src/config/words/schema.ts';
import type { Zh } from './common.ts';

export const schemaZh: Zh<typeof schemaWords> = {};
