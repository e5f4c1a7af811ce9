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
import type { Said } from './words/said.ts';

export interface JsonSyntaxProblem {
  /** 1-based line and column of the place to fix */
  line: number;
  column: number;
  /** what is wrong and what to write instead, in an operator's words */
  message: string;
  /** the line before, the line itself and a caret under the column (Vite's code frame form) */
  frame: string;
}

export type JsonRead = { ok: true; json: unknown } | { ok: false; problem: JsonSyntaxProblem };

/** Full-width (Chinese input method) punctuation and what JSON needs instead. */
const FULL_WIDTH: Record<string, { name: string; ascii: string }> = {
  '，': { name: 'a full-width comma', ascii: ',' },
  '：': { name: 'a full-width colon', ascii: ':' },
  '“': { name: 'a full-width quote', ascii: '"' },
  '”': { name: 'a full-width quote', ascii: '"' },
  '‘': { name: 'a full-width quote', ascii: '"' },
  '’': { name: 'a full-width quote', ascii: '"' },
  '｛': { name: 'a full-width brace', ascii: '{' },
  '｝': { name: 'a full-width brace', ascii: '}' },
  '［': { name: 'a full-width bracket', ascii: '[' },
  '］': { name: 'a full-width bracket', ascii: ']' },
  '【': { name: 'a full-width bracket', ascii: '[' },
  '】': { name: 'a full-width bracket', ascii: ']' },
  '；': { name: 'a full-width semicolon', ascii: ',' },
  '　': { name: 'a full-width space', ascii: ' ' },
};

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\ufeff';

/** The offset of the last character before `offset` that is not white space (-1 when none). */
function previousToken(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && isSpace(text[i])) i--;
  return i;
}

/** What the first error means, and the offset to point at. */
function explain(text: string, e: ParseError): { offset: number; message: string } {
  const at = e.offset;
  const here = text[at] ?? '';
  // the scanner stops at full-width punctuation outside quotes whatever the parser expected
  const wide = [...text.slice(at, at + Math.max(e.length, 1))].find((c) => FULL_WIDTH[c]);
  if (wide) {
    const { name, ascii } = FULL_WIDTH[wide];
    const fix = wide === '；' ? 'write a half-width , between entries' : wide === '　' ? 'write an ordinary space' : `write the half-width ${ascii} instead`;
    return { offset: at + text.slice(at).indexOf(wide), message: `${name} "${wide}" outside quotes: ${fix} (only text inside "…" may use full-width punctuation)` };
  }
  const prev = previousToken(text, at);
  const code = printParseErrorCode(e.error);
  switch (code) {
    case 'PropertyNameExpected':
    case 'ValueExpected':
      if (text[prev] === ',' && (here === '}' || here === ']')) {
        return { offset: prev, message: `a comma after the last entry: remove this "," (JSON allows no comma before "${here}")` };
      }
      if (here === "'") return { offset: at, message: 'text in single quotes: write double quotes "…"' };
      if (code === 'PropertyNameExpected') {
        return { offset: at, message: `expected a property name in double quotes (such as "name"), found ${shown(text, at)}` };
      }
      return { offset: at, message: `expected a value (text in double quotes, a number, true, false, null, {…} or […]), found ${shown(text, at)}` };
    case 'CommaExpected':
      // the comma belongs right after the entry before: point there
      return { offset: prev + 1, message: `a comma is missing: add "," here, after the entry before ${shown(text, at)}` };
    case 'ColonExpected':
      return { offset: at, message: `expected ":" after the property name, found ${shown(text, at)}` };
    case 'CloseBraceExpected':
      return { offset: at, message: at >= text.length ? 'the file ends inside an object: a "}" is missing' : `expected "," or "}", found ${shown(text, at)}` };
    case 'CloseBracketExpected':
      return { offset: at, message: at >= text.length ? 'the file ends inside a list: a "]" is missing' : `expected "," or "]", found ${shown(text, at)}` };
    case 'EndOfFileExpected':
      return { offset: at, message: `the JSON ends before ${shown(text, at)}: remove it (an extra "}" or "]"?)` };
    case 'UnexpectedEndOfString':
      return { offset: at, message: 'a text is not closed: a " is missing at its end' };
    case 'InvalidCharacter':
      return { offset: at, message: 'a line break or tab inside a text: write \\n (or \\t) instead, or join the lines' };
    case 'InvalidEscapeCharacter':
      return { offset: at, message: 'an unknown escape after "\\" in a text: write \\\\ for a backslash' };
    case 'InvalidUnicode':
      return { offset: at, message: 'a \\u escape needs four hexadecimal digits' };
    case 'InvalidCommentToken':
    case 'UnexpectedEndOfComment':
      return { offset: at, message: 'comments are not allowed in JSON: remove it (a "description" property can say it)' };
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return { offset: at, message: `a number is not written as JSON needs (digits, one ".", no leading +), found ${shown(text, at)}` };
    default:
      if (here === "'") return { offset: at, message: 'text in single quotes: write double quotes "…"' };
      return { offset: at, message: `unexpected ${shown(text, at)}` };
  }
}

function shown(text: string, at: number): string {
  if (at >= text.length) return 'the end of the file';
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
    return { ok: false, problem: { line, column, message: (failure as Error).message, frame: codeFrame(body, line, column) } };
  }
  const { offset, message } = explain(body, errors[0]);
  const { line, column } = lineColumn(body, offset);
  return { ok: false, problem: { line, column, message, frame: codeFrame(body, line, column) } };
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
  readonly said?: Said;
  constructor(message: string | Said) {
    super(typeof message === 'string' ? message : message.text);
    this.name = 'UnreadFile';
    if (typeof message !== 'string') this.said = message;
  }
}
