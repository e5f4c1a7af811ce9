/**
 * Reading a config file's text as JSON, with a syntax error an operator can act on: the line and
 * column, the line itself with a caret under the place, and a plain hint for the usual slips
 * (a comma after the last entry, a missing comma, full-width punctuation typed with a Chinese
 * input method, single quotes, a comment). jsonc-parser finds the error and its exact offset
 * (JSON.parse only names a character position); the words are ours.
 *
 * One reader for every place config JSON is read as text: the config check (src/config/source),
 * the dev server and the build (vite.config.ts, which shows it in Vite's error overlay). Pure: no
 * file access, so the tests call it directly.
 */
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { say, type Said } from './words/index.ts';
import type { FullWidthKind, Shown } from './words/schema.ts';

export interface JsonSyntaxProblem {
  /** 1-based line and column of the place to fix */
  line: number;
  column: number;
  /** what is wrong and what to write instead, in an operator's words */
  message: string;
  /** the same words as data (src/config/words/), for the studio's language */
  said: Said;
  /** the line before, the line itself and a caret under the column (Vite's code frame form) */
  frame: string;
}

export type JsonRead = { ok: true; json: unknown } | { ok: false; problem: JsonSyntaxProblem };

/** Full-width (Chinese input method) punctuation: which mark it is, and what JSON needs instead. */
const FULL_WIDTH: Record<string, { kind: FullWidthKind; ascii: string }> = {
  '，': { kind: 'comma', ascii: ',' },
  '：': { kind: 'colon', ascii: ':' },
  '“': { kind: 'quote', ascii: '"' },
  '”': { kind: 'quote', ascii: '"' },
  '‘': { kind: 'quote', ascii: '"' },
  '’': { kind: 'quote', ascii: '"' },
  '｛': { kind: 'brace', ascii: '{' },
  '｝': { kind: 'brace', ascii: '}' },
  '［': { kind: 'bracket', ascii: '[' },
  '］': { kind: 'bracket', ascii: ']' },
  '【': { kind: 'bracket', ascii: '[' },
  '】': { kind: 'bracket', ascii: ']' },
  '；': { kind: 'semicolon', ascii: ',' },
  '　': { kind: 'space', ascii: ' ' },
};

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\ufeff';

/** The offset of the last character before `offset` that is not white space (-1 when none). */
function previousToken(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && isSpace(text[i])) i--;
  return i;
}

/** What the first error means (the words in words/schema.ts), and the offset to point at. */
function explain(text: string, e: ParseError): { offset: number; said: Said } {
  const at = e.offset;
  const here = text[at] ?? '';
  const found = shown(text, at);
  // the scanner stops at full-width punctuation outside quotes whatever the parser expected
  const wide = [...text.slice(at, at + Math.max(e.length, 1))].find((c) => FULL_WIDTH[c]);
  if (wide) {
    const { kind, ascii } = FULL_WIDTH[wide];
    return { offset: at + text.slice(at).indexOf(wide), said: say('fullWidthPunctuation', { char: wide, kind, ascii }) };
  }
  const prev = previousToken(text, at);
  const code = printParseErrorCode(e.error);
  switch (code) {
    case 'PropertyNameExpected':
    case 'ValueExpected':
      if (text[prev] === ',' && (here === '}' || here === ']')) return { offset: prev, said: say('trailingComma', { close: here }) };
      if (here === "'") return { offset: at, said: say('singleQuotedText', {}) };
      if (code === 'PropertyNameExpected') return { offset: at, said: say('propertyNameExpected', { found }) };
      return { offset: at, said: say('valueExpected', { found }) };
    case 'CommaExpected':
      // the comma belongs right after the entry before: point there
      return { offset: prev + 1, said: say('commaMissing', { next: found }) };
    case 'ColonExpected':
      return { offset: at, said: say('colonExpected', { found }) };
    case 'CloseBraceExpected':
      return { offset: at, said: at >= text.length ? say('objectNotClosed', {}) : say('commaOrBraceExpected', { found }) };
    case 'CloseBracketExpected':
      return { offset: at, said: at >= text.length ? say('listNotClosed', {}) : say('commaOrBracketExpected', { found }) };
    case 'EndOfFileExpected':
      return { offset: at, said: say('textAfterJson', { found }) };
    case 'UnexpectedEndOfString':
      return { offset: at, said: say('textNotClosed', {}) };
    case 'InvalidCharacter':
      return { offset: at, said: say('lineBreakInText', {}) };
    case 'InvalidEscapeCharacter':
      return { offset: at, said: say('unknownEscape', {}) };
    case 'InvalidUnicode':
      return { offset: at, said: say('badUnicodeEscape', {}) };
    case 'InvalidCommentToken':
    case 'UnexpectedEndOfComment':
      return { offset: at, said: say('commentInJson', {}) };
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return { offset: at, said: say('badNumber', { found }) };
    default:
      if (here === "'") return { offset: at, said: say('singleQuotedText', {}) };
      return { offset: at, said: say('unexpectedInJson', { found }) };
  }
}

/** the text at `at` as a message shows it: a quoted word, one character in quotes, or null at the end of the file */
function shown(text: string, at: number): Shown {
  if (at >= text.length) return null;
  const c = text[at];
  if (c === '"') {
    const end = text.indexOf('"', at + 1);
    const word = text.slice(at, end > at && end - at < 40 ? end + 1 : at + 20);
    return word;
  }
  return `"${c}"`;
}

/**
 * The blank that takes the place of a character above the caret: a full-width space under a CJK or
 * full-width character (as wide as it in a terminal and in a browser's CJK font), a tab under a tab.
 */
const wideRe = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
const blankUnder = (s: string) => [...s].map((c) => (c === '\t' ? '\t' : wideRe.test(c) ? '\u3000' : ' ')).join('');

/** Lines around `line` with a caret under `column`, long lines cut around the column. */
export function codeFrame(text: string, line: number, column: number): string {
  const lines = text.split(/\r?\n/);
  const width = String(Math.min(line + 1, lines.length)).length;
  const out: string[] = [];
  const cut = (s: string, col: number): { s: string; col: number } => {
    const MAX = 100;
    if (s.length <= MAX) return { s, col };
    const start = Math.max(0, Math.min(col - 60, s.length - MAX));
    const head = start > 0 ? '…' : '';
    const body = s.slice(start, start + MAX) + (start + MAX < s.length ? '…' : '');
    return { s: head + body, col: col - start + head.length };
  };
  for (let n = Math.max(1, line - 1); n <= Math.min(lines.length, line + 1); n++) {
    const { s, col } = cut(lines[n - 1], n === line ? column : 0);
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${s}`.trimEnd());
    if (n === line) out.push(`  ${' '.repeat(width)} | ${blankUnder(s.slice(0, Math.max(0, col - 1)))}^`);
  }
  return out.join('\n');
}

/**
 * The frame for Vite's error overlay, from the marked line on: the overlay trims the frame, which
 * would take the indent off a first unmarked line and shift it against the rest.
 */
export function overlayFrame(frame: string): string {
  const at = frame.indexOf('\n> ');
  return frame.startsWith('> ') || at < 0 ? frame : frame.slice(at + 1);
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, column: Math.min(offset, text.length) - start + 1 };
}

/** Parses a config file's text; on a syntax error, the first one in an operator's words. */
export function readJsonText(text: string): JsonRead {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let failure: unknown;
  try {
    // the value itself from JSON.parse: the standard's exact semantics ("__proto__" is a plain key)
    return { ok: true, json: JSON.parse(body) as unknown };
  } catch (err) {
    failure = err;
  }
  // not JSON: jsonc-parser says where and what kind of error
  const errors: ParseError[] = [];
  parse(body, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (!errors.length) {
    const at = Number(/position (\d+)/.exec(String(failure))?.[1] ?? 0);
    const { line, column } = lineColumn(body, at);
    const said = say('jsonParseFailed', { error: (failure as Error).message });
    return { ok: false, problem: { line, column, message: said.text, said, frame: codeFrame(body, line, column) } };
  }
  const { offset, said } = explain(body, errors[0]);
  const { line, column } = lineColumn(body, offset);
  return { ok: false, problem: { line, column, message: said.text, said, frame: codeFrame(body, line, column) } };
}

/** An Error carrying a syntax problem (what the config check and the dev server report). */
export class JsonSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly problem: JsonSyntaxProblem,
  ) {
    super(`${file}:${problem.line}:${problem.column}: not valid JSON: ${problem.message}`);
    this.name = 'JsonSyntaxError';
  }
}

/** A config file that is not read: missing where it is required, or refused (a link leading out of the config folders); the message says which. */
export class UnreadFile extends Error {
  /** the same words as data (src/config/words/), for the studio's language */
  constructor(readonly said: Said) {
    super(said.text);
    this.name = 'UnreadFile';
  }
}
