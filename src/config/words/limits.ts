/** check:config's words (English) for the problems of numbers, colours and sizes that must agree: one entry per message, see ./index.ts. */
import type { Words } from './common.ts';

/** the pairs of colours the brand colour is read in (checks/contrast.ts) */
export type ContrastPair = 'white' | 'soft';
const PAIR_WORDS: Record<ContrastPair, string> = {
  white: 'with the white text drawn on it (the buttons, the selected side tab; the same as text on the white page: the top bar title, the selected tab)',
  soft: "as text on its soft tint (the top bar's recycle button, topBar.recycle)",
};

/** a bound of a rule: its number, and the constant it reads (`const.X`) when it reads one (checks/limits.ts) */
export type BoundPart = { value: number; constant?: string };
const bound = (b: BoundPart): string => (b.constant ? `${b.value} (${b.constant})` : String(b.value));

/** the rules (one, or two of one field) that read two crossed bounds together: their types and the field */
export type RulesOn = { types: string[]; field: string };
const rulesOn = (r: RulesOn): string => (r.types.length === 1 ? `the ${r.types[0]} rule on "${r.field}"` : `the ${r.types.join(' and ')} rules on "${r.field}"`);

/** the rules that read two crossed constants, and where (file and JSON path) */
export type CrossedVia = { rules: RulesOn; place: string };
/** two crossed constants: each name and value, the place of the other one, and the rules reading them when not a pair of one name */
type CrossedConstants = { min: string; minValue: number; max: string; maxValue: number; place: string; via?: CrossedVia };
const via = (v: CrossedVia | undefined): string => (v ? `, both read by ${rulesOn(v.rules)} (${v.place})` : '');

/** the most characters a field takes: `maxLengthAt` is the JSON path of its own maxLength, absent when it takes the default */
export type Takes = { longest: BoundPart; maxLengthAt?: string };
const takes = (t: Takes): string => `at most ${bound(t.longest)} characters${t.maxLengthAt !== undefined ? ` (its maxLength, ${t.maxLengthAt})` : ' (the default of a field without maxLength)'}`;

/** a rule's message: its text, and its key and place in messages.json when the rule names one (@key) */
export type RuleMessage = { text: string; key?: string; place?: string };
/** a number a rule's message states: written out, or a `{{const.X}}` binding (its path) and the constant's value */
export type Stated = { value: number; binding?: string };

/** the brand's name a text writes beside: where the text is (file and JSON path) and the text */
export type DoubledText = { place: string; text: string };

export const limitsWords = {
  lowContrast: (p: { colour: string; failing: { pair: ContrastPair; ratio: string }[]; min: number; fix?: string | null; fixRatios?: string[] }) =>
    `${p.colour} has a contrast of ${p.failing.map((f) => `${f.ratio} ${PAIR_WORDS[f.pair]}`).join('; ')}: below WCAG AA's ${p.min}:1, players may not read it${p.fix ? `; the nearest shade that passes is ${p.fix} (${(p.fixRatios ?? []).join(' and ')})` : ''}`,
  nameCut: (p: { name: string; width: number; fontSize: number; visitorRoom: number; memberRoom: number; recycle: string; visitorReads?: string; memberReads: string; fits: number }) =>
    `"${p.name}" is ${p.width} px wide in the top bar (${p.fontSize} px bold): a 320 px wide phone leaves it ${p.visitorRoom} px beside a visitor's buttons and at most ${p.memberRoom} px beside a member's balance and ${p.recycle}, so ${p.visitorReads !== undefined ? `players read "${p.visitorReads}", members "${p.memberReads}"` : `members read "${p.memberReads}"`} (less still as the balance grows); a name of ${p.fits} full-width characters fits (a letter or digit is about half of one)`,
  constantMinAboveMax: (p: CrossedConstants) =>
    `${p.min} ${p.minValue} is above ${p.max} ${p.maxValue} (${p.place})${via(p.via)}: no value can pass both; expected a minimum at most its maximum (lower ${p.min} or raise ${p.max})`,
  constantMaxBelowMin: (p: CrossedConstants) =>
    `${p.max} ${p.maxValue} is below ${p.min} ${p.minValue} (${p.place})${via(p.via)}: no value can pass both; expected a maximum at least its minimum (raise ${p.max} or lower ${p.min})`,
  constantAboveRuleMax: (p: { constant: string; value: number; max: number; rules: RulesOn; place: string }) =>
    `${p.constant} ${p.value} is above the max ${p.max} of ${rulesOn(p.rules)} (${p.place}): no value can pass both; expected a minimum at most that maximum (lower ${p.constant})`,
  constantBelowRuleMin: (p: { constant: string; value: number; min: number; rules: RulesOn; place: string }) =>
    `${p.constant} ${p.value} is below the min ${p.min} of ${rulesOn(p.rules)} (${p.place}): no value can pass both; expected a maximum at least that minimum (raise ${p.constant})`,
  ruleMinAboveOwnMax: (p: { min: BoundPart; max: BoundPart }) => `the rule's min ${bound(p.min)} is above its max ${bound(p.max)}: no value can pass; expected min at most max`,
  ruleMinAboveOtherMax: (p: { min: BoundPart; type: string; field: string; max: BoundPart; otherType: string; place: string }) =>
    `the min ${bound(p.min)} of this ${p.type} rule on "${p.field}" is above the max ${bound(p.max)} of the ${p.otherType} rule at ${p.place}: no value can pass both; expected the minimum at most the maximum`,
  ruleBoundNegative: (p: { role: 'min' | 'max'; bound: BoundPart }) => `the rule's ${p.role} is ${bound(p.bound)}: expected 0 or more (an amount or a length below 0 lets everything through)`,
  ruleBoundTyped: (p: { role: 'min' | 'max'; value: number; same: string[] }) =>
    `the rule's ${p.role} is the number ${p.value}, typed in: put it in app.json constants and write {{const.NAME}} here${p.same.length ? ` (${p.same.slice(0, 3).join(', ')}${p.same.length > 3 ? ', …' : ''} ${p.same.length === 1 ? 'has' : 'have'} this value)` : ''}, and {{${p.role}}} in its message, so the rule and every text that states it follow one value`,
  ruleMinAboveInput: (p: { min: BoundPart; type: string; field: string; takes: Takes }) =>
    `the min ${bound(p.min)} of this ${p.type} rule is above what the field "${p.field}" takes, ${takes(p.takes)}: no value can pass; expected the input to take at least the minimum`,
  captchaInputShort: (p: { field: string; takes: Takes; code: BoundPart }) =>
    `the captcha field "${p.field}" takes ${takes(p.takes)}, fewer than the captcha's code of ${bound(p.code)}: no player can type it; expected at least ${p.code.value}`,
  ruleMessageNumberDiffers: (p: { role: 'min' | 'max'; bound: BoundPart; message: RuleMessage; stated: Stated[] }) =>
    `the rule's ${p.role} is ${bound(p.bound)} but ${p.message.key !== undefined ? `its message @${p.message.key} (${p.message.place}: "${p.message.text}")` : `its message "${p.message.text}"`} states ${p.stated.map((s) => (s.binding !== undefined ? `{{${s.binding}}} = ${s.value}` : String(s.value))).join(', ')}: a player is told a different limit than the one applied; write ${p.bound.constant ? `{{${p.bound.constant}}}` : `{{${p.role}}}`} in the message so it follows the rule`,
  textStatesConstant: (p: { text: string; value: number; constants: string[] }) =>
    `"${p.text}" states ${p.value}, the value of ${p.constants.map((n) => `const.${n}`).join(' or ')} used where this text is shown: ${p.constants.length === 1 ? `write {{const.${p.constants[0]}}} instead` : 'write the one it means as {{const.NAME}}'}, so the text follows the constant`,
  textWritesBrandName: (p: { text: string; name: string; keys: string[] }) =>
    `"${p.text}" writes out ${p.name}, the value of ${p.keys.map((k) => `brand.${k}`).join(' and ')} (app.json brand): ${p.keys.length === 1 ? `write {{brand.${p.keys[0]}}} instead` : `write the one it means instead (${p.keys.map((k) => `{{brand.${k}}}`).join(' or ')})`}, so the text follows the brand's name`,
  brandNameDoubled: (p: { key: string; name: string; word: string; end: boolean; reads: string; texts: DoubledText[] }) => {
    const list = p.texts.map((t) => `${t.place} "${t.text}"`);
    const shown = list.length > 3 ? `${list.slice(0, 3).join(', ')} and ${list.length - 3} more` : list.join(', ');
    return `brand.${p.key} "${p.name}" ${p.end ? 'ends' : 'begins'} with "${p.word}", which ${list.length} text(s) write just ${p.end ? 'after' : 'before'} it, so they read "${p.reads}": ${shown}; leave "${p.word}" out of the name (the texts write it), or write those texts without it`;
  },
  pollBackoffBelowInterval: (p: { interval: number; where: string; maxMs: number }) =>
    `expected at least the longest poll interval, ${p.interval} (${p.where}), found ${p.maxMs}: a failing backend would be polled more often than a healthy one`,
  responsibleDefaultNotChoice: (p: { list: string; choices: string[] }) => `expected 0 or one of constants.responsible.${p.list} (${p.choices.join(', ')})`,
  /** `list`: the list out of order (reminderMinutes, limitHours), for the languages that name it */
  responsibleChoicesNotAscending: (_p: { list: string }) => 'expected the choices in ascending order',
} satisfies Words;
