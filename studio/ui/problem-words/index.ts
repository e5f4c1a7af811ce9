/**
 * A problem of check:config in the studio's language: in Chinese from its message id and parts
 * (src/config/words/: the English table; here, one Chinese table per area with the same ids), in
 * English as check:config prints it. A problem without an id, or with one this page does not know
 * (a studio server newer than the page), keeps its English words.
 */
import type { Problem } from '../../../src/config/check.ts';
import { isSaid, type Said } from '../../../src/config/words/index.ts';
import { bindingsZh } from './bindings.ts';
import { layersZh } from './layers.ts';
import { limitsZh } from './limits.ts';
import { referencesZh } from './references.ts';
import { schemaZh } from './schema.ts';

type Wording = (parts: Said['parts'], zh: (s: Said) => string) => string;

const ZH: Record<string, Wording> = { ...schemaZh, ...bindingsZh, ...referencesZh, ...limitsZh, ...layersZh } as unknown as Record<string, Wording>;

/** the Chinese tables by area, for the test that they answer every id of the English ones */
export const ZH_AREAS = { schema: schemaZh, bindings: bindingsZh, references: referencesZh, limits: limitsZh, layers: layersZh };

/** one message in Chinese (its parts that are messages too) */
export function zhOf(s: Said): string {
  const words = Object.hasOwn(ZH, s.id) ? ZH[s.id] : undefined;
  return words ? words(s.parts, (part) => (isSaid(part) ? zhOf(part) : String(part))) : s.text;
}

/** a problem's words in Chinese (its English ones when it has no id) */
export const problemZh = (p: Pick<Problem, 'message' | 'said'>): string => (isSaid(p.said) ? zhOf(p.said) : p.message);
