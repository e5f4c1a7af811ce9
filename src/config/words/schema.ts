/**
 * check:config's words (English) for the problems of schema: one entry per message, see ./index.ts.
 * Here: what ajv found against the JSON Schemas (checks/schema.ts), the widgets' props schemas, and
 * a file that is not JSON at all (json-text.ts: where the text breaks and what to write instead).
 */
import { knownText, nearText, type Known, type Words } from './common.ts';
import type { Said } from './said.ts';

/** a value found where another was expected: JSON text of it, cut at 60 characters (absent when there is none) */
type Found = string | undefined;
const foundText = (found: Found): string => (found === undefined ? '' : `, found ${found}`);

/** a number or true/false written in quotes where the value itself is expected: what to write */
export interface Unquoted {
  value: string;
  kind: 'number' | 'boolean';
}
const unquotedText = (u: Unquoted | undefined): string =>
  u === undefined ? '' : u.kind === 'number' ? `: write ${u.value} (a number, without quotes)` : `: write ${u.value} (without quotes)`;

/** JSON Schema's type names as an operator reads them: "a number", "an integer", "string or number", "true or false" */
const typeText = (types: readonly string[]): string => {
  if (types.length === 1 && types[0] === 'boolean') return 'true or false';
  if (types.length > 1) return types.join(' or ');
  const [t] = types;
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
};

/** the punctuation a Chinese input method types in full width (json-text.ts) */
export type FullWidthKind = 'comma' | 'colon' | 'quote' | 'brace' | 'bracket' | 'semicolon' | 'space';
const fullWidthFix = (kind: FullWidthKind, ascii: string): string =>
  kind === 'semicolon' ? 'write a half-width , between entries' : kind === 'space' ? 'write an ordinary space' : `write the half-width ${ascii} instead`;

/** what a syntax error found at its place: a token of the text, or null at the end of the file */
export type Shown = string | null;
const shownText = (s: Shown): string => s ?? 'the end of the file';

export const schemaWords = {
  // ajv's errors, one per JSON Schema keyword (checks/schema.ts KEYWORD_WORDS)
  wrongType: (p: { types: string[]; found?: Found; unquoted?: Unquoted }) => `expected ${typeText(p.types)}${foundText(p.found)}${unquotedText(p.unquoted)}`,
  missingProperty: (p: { name: string }) => `missing required property "${p.name}"`,
  misspeltRequiredKey: (p: { key: string; missing: string }) => `unknown key "${p.key}"; did you mean "${p.missing}"? ("${p.missing}" is missing)`,
  unknownProperty: (p: { name: string; known: Known; renamed?: string; near?: string; switchOff: boolean }) =>
    `unknown property "${p.name}" (expected one of ${knownText(p.known, 'none')})${p.renamed !== undefined ? `; it is called "${p.renamed}" now` : nearText(p.near)}${p.switchOff ? '; to switch it off write "when": false' : ''}`,
  htmlUnderscoreValue: (p: { allowed: string[]; found?: Found; write: string; what?: string }) =>
    `expected one of ${p.allowed.join(', ')}${foundText(p.found)}: write "${p.write}", without HTML's underscore${p.what ? ` (${p.what})` : ''}`,
  notAllowedValue: (p: { allowed: string[]; found?: Found; near?: string }) => `expected one of ${p.allowed.join(', ')}${foundText(p.found)}${nearText(p.near)}`,
  notConstValue: (p: { value: string; found?: Found }) => `expected ${p.value}${foundText(p.found)}`,
  patternMismatch: (p: { pattern: string; found?: Found }) => `expected text matching ${p.pattern}${foundText(p.found)}`,
  belowMinimum: (p: { limit: number; found?: Found }) => `expected a number of at least ${p.limit}${foundText(p.found)}`,
  aboveMaximum: (p: { limit: number; found?: Found }) => `expected a number of at most ${p.limit}${foundText(p.found)}`,
  notAboveMinimum: (p: { limit: number; found?: Found }) => `expected a number above ${p.limit}${foundText(p.found)}`,
  notBelowMaximum: (p: { limit: number; found?: Found }) => `expected a number below ${p.limit}${foundText(p.found)}`,
  textTooShort: (p: { limit: number; found?: Found }) => `expected text of at least ${p.limit} characters${foundText(p.found)}`,
  textTooLong: (p: { limit: number; found?: Found }) => `expected text of at most ${p.limit} characters${foundText(p.found)}`,
  tooFewEntries: (p: { limit: number }) => `expected at least ${p.limit} entries`,
  tooManyEntries: (p: { limit: number }) => `expected at most ${p.limit} entries`,
  badPropertyName: (_p: Record<string, never>) => 'a property name has the wrong form',
  unknownVariantType: (p: { value: string; known: Known; near?: string }) => `unknown type ${p.value} (expected one of ${knownText(p.known)})${nearText(p.near)}`,
  missingVariantTag: (p: { tag: string }) => `missing "${p.tag}"`,
  numberOrBindingExpected: (p: { found?: Found; unquoted?: Unquoted }) => `expected a number or a {{binding}}${foundText(p.found)}${unquotedText(p.unquoted)}`,
  /** a keyword without words of ours: ajv's own (English) message */
  schemaRuleBroken: (p: { ajv: string | null }) => p.ajv ?? 'is not valid',
  /** a widget's props problem: the widget's type before the problem */
  widgetPropsProblem: (p: { widget: string; detail: Said }) => `${p.widget}: ${p.detail.text}`,
  propsSchemaBroken: (p: { widget: string; error: string }) => `the props schema does not compile: ${p.error}`,
  itemsFromNotProp: (p: { itemsFrom: string; props: string[]; near?: string }) =>
    `itemsFrom names "${p.itemsFrom}", which is not a prop of the widget (expected one of ${p.props.join(', ')})${nearText(p.near)}`,

  // a file that is not JSON
  notValidJson: (p: { detail: Said }) => `not valid JSON: ${p.detail.text}`,
  notValidJsonError: (p: { error: string }) => `not valid JSON: ${p.error}`,
  // the syntax errors (json-text.ts explain)
  fullWidthPunctuation: (p: { char: string; kind: FullWidthKind; ascii: string }) =>
    `a full-width ${p.kind} "${p.char}" outside quotes: ${fullWidthFix(p.kind, p.ascii)} (only text inside "…" may use full-width punctuation)`,
  trailingComma: (p: { close: string }) => `a comma after the last entry: remove this "," (JSON allows no comma before "${p.close}")`,
  singleQuotedText: (_p: Record<string, never>) => 'text in single quotes: write double quotes "…"',
  propertyNameExpected: (p: { found: Shown }) => `expected a property name in double quotes (such as "name"), found ${shownText(p.found)}`,
  valueExpected: (p: { found: Shown }) => `expected a value (text in double quotes, a number, true, false, null, {…} or […]), found ${shownText(p.found)}`,
  commaMissing: (p: { next: Shown }) => `a comma is missing: add "," here, after the entry before ${shownText(p.next)}`,
  colonExpected: (p: { found: Shown }) => `expected ":" after the property name, found ${shownText(p.found)}`,
  objectNotClosed: (_p: Record<string, never>) => 'the file ends inside an object: a "}" is missing',
  commaOrBraceExpected: (p: { found: Shown }) => `expected "," or "}", found ${shownText(p.found)}`,
  listNotClosed: (_p: Record<string, never>) => 'the file ends inside a list: a "]" is missing',
  commaOrBracketExpected: (p: { found: Shown }) => `expected "," or "]", found ${shownText(p.found)}`,
  textAfterJson: (p: { found: Shown }) => `the JSON ends before ${shownText(p.found)}: remove it (an extra "}" or "]"?)`,
  textNotClosed: (_p: Record<string, never>) => 'a text is not closed: a " is missing at its end',
  lineBreakInText: (_p: Record<string, never>) => 'a line break or tab inside a text: write \\n (or \\t) instead, or join the lines',
  unknownEscape: (_p: Record<string, never>) => 'an unknown escape after "\\" in a text: write \\\\ for a backslash',
  badUnicodeEscape: (_p: Record<string, never>) => 'a \\u escape needs four hexadecimal digits',
  commentInJson: (_p: Record<string, never>) => 'comments are not allowed in JSON: remove it (a "description" property can say it)',
  badNumber: (p: { found: Shown }) => `a number is not written as JSON needs (digits, one ".", no leading +), found ${shownText(p.found)}`,
  unexpectedInJson: (p: { found: Shown }) => `unexpected ${shownText(p.found)}`,
  /** JSON.parse refused what jsonc-parser took: its own (English) message */
  jsonParseFailed: (p: { error: string }) => p.error,
} satisfies Words;
