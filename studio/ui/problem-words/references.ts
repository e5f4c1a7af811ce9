/** The Chinese of check:config's words for the problems of references (src/config/words/references.ts). */
import type { referencesWords } from '../../../src/config/words/references.ts';
import type { Zh } from './common.ts';

export const referencesZh: Zh<typeof referencesWords> = {};
