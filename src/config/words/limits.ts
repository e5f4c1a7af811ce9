/** check:config's words (English) for the problems of numbers, colours and sizes that must agree: one entry per message, see ./index.ts. */
import type { Words } from './common.ts';

/** the pairs of colours the brand colour is read in (checks/contrast.ts) */
export type ContrastPair = 'white' | 'soft';
const PAIR_WORDS: Record<ContrastPair, string> = {
  white: 'with the white text drawn on it (the buttons, the selected side tab; the same as text on the white page: the top bar title, the selected tab)',
  soft: "as text on its soft tint (the top bar's recycle button, topBar.recycle)",
};

export const limitsWords = {
  lowContrast: (p: { colour: string; failing: { pair: ContrastPair; ratio: string }[]; min: number; fix?: string | null; fixRatios?: string[] }) =>
    `${p.colour} has a contrast of ${p.failing.map((f) => `${f.ratio} ${PAIR_WORDS[f.pair]}`).join('; ')}: below WCAG AA's ${p.min}:1, players may not read it${p.fix ? `; the nearest shade that passes is ${p.fix} (${(p.fixRatios ?? []).join(' and ')})` : ''}`,
  nameCut: (p: { name: string; width: number; fontSize: number; visitorRoom: number; memberRoom: number; recycle: string; visitorReads?: string; memberReads: string; fits: number }) =>
    `"${p.name}" is ${p.width} px wide in the top bar (${p.fontSize} px bold): a 320 px wide phone leaves it ${p.visitorRoom} px beside a visitor's buttons and at most ${p.memberRoom} px beside a member's balance and ${p.recycle}, so ${p.visitorReads !== undefined ? `players read "${p.visitorReads}", members "${p.memberReads}"` : `members read "${p.memberReads}"`} (less still as the balance grows); a name of ${p.fits} full-width characters fits (a letter or digit is about half of one)`,
} satisfies Words;
