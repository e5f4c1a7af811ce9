/**
 * check:config's words: every message a problem of the config can carry, by id, in English (what
 * `npm run check:config` and a failed build print). A check writes `say(id, parts)`, never the
 * words themselves, so the studio can word the same problem in its operator's language from the id
 * and the parts (studio/ui/problem-words/: the Chinese table must have every id, TypeScript says
 * which is missing).
 *
 * One table per area of the check, in this folder; an id is in one table only (the test
 * tests/unit/problem-words.test.ts reads them all).
 */
import { bindingsWords } from './bindings.ts';
import { layersWords } from './layers.ts';
import { limitsWords } from './limits.ts';
import { referencesWords } from './references.ts';
import type { Said } from './said.ts';
import { schemaWords } from './schema.ts';

export type { Part, Said } from './said.ts';
export { isSaid } from './said.ts';

/** the tables by area (their ids are unique across them) */
export const WORD_AREAS = { schema: schemaWords, bindings: bindingsWords, references: referencesWords, limits: limitsWords, layers: layersWords };

export const EN = { ...schemaWords, ...bindingsWords, ...referencesWords, ...limitsWords, ...layersWords };

export type WordId = keyof typeof EN;
export type PartsOf<K extends WordId> = Parameters<(typeof EN)[K]>[0];

/** a problem's words: the message `id` made of `parts`, with its English text */
export function say<K extends WordId>(id: K, parts: PartsOf<K>): Said {
  const words = EN[id] as (p: PartsOf<K>) => string;
  return { id, parts: parts as Said['parts'], text: words(parts) };
}

/** a problem's `message` (the English check:config prints) and `said` (its id and parts) from its words */
export const worded = (s: Said): { message: string; said: Said } => ({ message: s.text, said: s });
