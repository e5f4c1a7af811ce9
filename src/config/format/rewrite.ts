/**
 * A migration's changes written into a config file's text, keeping its layout (json-edits.ts edits
 * only what changes: a name renamed, a value moved, an old key removed), and the one line
 * `npm run migrate` prints for each. Pure.
 */
import { parse } from 'jsonc-parser';
import { isObject } from '../json.ts';
import { applyEdit, EditError, oneLine } from '../json-edits.ts';
import { formatOf } from '../migrations/index.ts';
import type { Change, Edit } from '../migrations/types.ts';
import { shownPointerOf as pointerOf } from '../pointer.ts';

/** what a change's edits do, in a line (npm run migrate lists them) */
export function describeChange(change: Change): string {
  if (!change.edits.length) return 'to be written by hand (check:config says what)';
  // an edit at the old use itself is named without its path
  const at = (e: Edit) => (pointerOf(e.path) === pointerOf(change.path) ? '' : `${pointerOf(e.path)} `);
  return change.edits.map((e) => (e.op === 'rename' ? `-> "${e.to}"` : e.op === 'set' ? `-> ${at(e)}= ${oneLine(e.value)}` : `${at(e)}removed`)).join(', ');
}

/** A change's edits made one after another, all or none (EditError: none). */
function applyChange(text: string, change: Change): { text: string; kept: string[] } {
  if (!change.edits.length) throw new EditError('the migration cannot tell what it meant: write it by hand as check:config says');
  const kept: string[] = [];
  let out = text;
  for (const e of change.edits) {
    const r = applyEdit(out, e);
    out = r.text;
    if (r.kept) kept.push(r.kept);
  }
  return { text: out, kept };
}

/**
 * A file's text with the changes applied and `$format` set to `format` when given (after
 * `$schema`, else first), every other character as it was. A change that cannot be made (a rename whose new name
 * the object has already, an old use the migration cannot read) is left and returned in
 * `skipped`; a value a move would write that the file has already is kept (`kept`).
 */
export function applyToText(text: string, changes: Change[], format?: number): { text: string; skipped: { change: Change; why: string }[]; kept: { change: Change; what: string }[] } {
  const skipped: { change: Change; why: string }[] = [];
  const kept: { change: Change; what: string }[] = [];
  let out = text;
  for (const change of changes) {
    try {
      const r = applyChange(out, change);
      out = r.text;
      kept.push(...r.kept.map((what) => ({ change, what })));
    } catch (err) {
      if (!(err instanceof EditError)) throw err;
      skipped.push({ change, why: err.message });
    }
  }
  const json = parse(out) as unknown;
  if (format !== undefined && formatOf(json) !== format) {
    const first = isObject(json) ? Object.keys(json)[0] : undefined;
    out = applyEdit(out, { op: 'set', path: ['$format'], value: format, after: '$schema', ...(first === undefined ? {} : { before: first }) }).text;
  }
  return { text: out, skipped, kept };
}

/** a parsed document with the changes applied, as applyToText writes them (the matcher of the migrations' tests) */
export function applyToJson(json: unknown, changes: Change[]): unknown {
  let text = JSON.stringify(json, null, 2);
  for (const change of changes) {
    try {
      text = applyChange(text, change).text;
    } catch (err) {
      if (!(err instanceof EditError)) throw err;
    }
  }
  return JSON.parse(text) as unknown;
}
