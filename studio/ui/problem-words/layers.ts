/** The Chinese of check:config's words for the problems of layers (src/config/words/layers.ts). */
import type { layersWords } from '../../../src/config/words/layers.ts';
import type { Zh } from './common.ts';

export const layersZh: Zh<typeof layersWords> = {};
