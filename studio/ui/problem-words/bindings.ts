/** The Chinese of check:config's words for the problems of bindings (src/config/words/bindings.ts). */
import type { bindingsWords } from '../../../src/config/words/bindings.ts';
import type { Zh } from './common.ts';

export const bindingsZh: Zh<typeof bindingsWords> = {};
