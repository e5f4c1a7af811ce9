/**
 * The body of each call of the studio's API, checked whole before anything reads it: which fields a
 * call takes, the type of each, how many files, how deep a draft's JSON is. A body of another shape is
 * a BadRequest naming the field and what was expected (a JSON 400), so no value of a wrong type, no
 * JSON nested past what any config file needs and no unknown field reaches studio.ts.
 *
 * File names and hashes are checked by studio.ts (`checked`, files.ts `configFileName`); what a draft
 * holds inside is the config check's to judge.
 */
import { isObject } from '../src/config/json';
import { BadRequest, type Edits } from './studio';

/** a config file nests 19 levels at most; the walks over a draft (the merge, the check, the diff) recurse */
export const MAX_DEPTH = 100;
/** files in one edit: a brand has a few dozen */
export const MAX_FILES = 500;
/** a brand's id or `product` */
const MAX_NAME = 64;
/** where-used's key (studio.ts says what it is) */
const MAX_KEY = 200;

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`);

/** How deep a JSON value nests (a scalar 0), walked without recursion; stops counting past `limit`. */
export function depthOf(value: unknown, limit = MAX_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d + 1 > deepest) deepest = d + 1;
    if (deepest > limit) return deepest;
    for (const child of Object.values(v)) if (typeof child === 'object' && child !== null) stack.push([child, d + 1]);
  }
  return deepest;
}

/** The body as an object with no field but `allowed`. */
function fieldsOf(body: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (!isObject(body)) throw new BadRequest(`the body must be a JSON object (not ${kind(body)})`);
  const other = Object.keys(body).filter((k) => !allowed.includes(k));
  if (other.length) throw new BadRequest(`${JSON.stringify(other[0].slice(0, 40))}: not a field of this call (it takes ${allowed.join(', ')})`);
  return body;
}

/** A brand's id (or `product`), as a string of a sane length; studio.ts says whether it is one. */
export function brandField(v: unknown, optional = false): string {
  if (v === undefined && optional) return 'product';
  if (typeof v !== 'string' || !v || v.length > MAX_NAME) {
    const got = typeof v !== 'string' ? kind(v) : v ? `${v.length} characters` : 'an empty string';
    throw new BadRequest(`brand: expected a brand's id or "product" (a string of at most ${MAX_NAME} characters), not ${got}`);
  }
  return v;
}

/** `base` and `drafts`: per file the hash it started from, and the JSON object the operator wants it to hold. */
function editsField(b: Record<string, unknown>): Edits {
  const { base = {}, drafts = {} } = b;
  if (!isObject(base)) throw new BadRequest(`base: expected an object (file -> the hash of its text), not ${kind(base)}`);
  if (!isObject(drafts)) throw new BadRequest(`drafts: expected an object (file -> its JSON), not ${kind(drafts)}`);
  for (const [name, hash] of Object.entries(base)) {
    if (typeof hash !== 'string') throw new BadRequest(`base of ${JSON.stringify(name.slice(0, 120))}: expected the hash of the file's text (a string of 64 hex digits), not ${kind(hash)}`);
  }
  const names = Object.keys(drafts);
  if (names.length > MAX_FILES || Object.keys(base).length > MAX_FILES) throw new BadRequest(`drafts: at most ${MAX_FILES} files in one edit`);
  for (const name of names) {
    const json = drafts[name];
    const shown = JSON.stringify(name.slice(0, 120));
    if (!isObject(json)) throw new BadRequest(`drafts of ${shown}: expected the file's JSON, an object (every config file is one), not ${kind(json)}`);
    if (depthOf(json) > MAX_DEPTH) throw new BadRequest(`drafts of ${shown}: nested more than ${MAX_DEPTH} levels deep (no config file is)`);
  }
  return { base: base as Record<string, string>, drafts };
}

/** draft, review, save: `{brand, base, drafts}` */
export function editsBody(body: unknown): { brand: string; edits: Edits } {
  const b = fieldsOf(body, ['brand', 'base', 'drafts']);
  return { brand: brandField(b.brand), edits: editsField(b) };
}

/** where: `{brand, key, base, drafts}` */
export function whereBody(body: unknown): { brand: string; key: string; edits: Edits } {
  const b = fieldsOf(body, ['brand', 'key', 'base', 'drafts']);
  const brand = brandField(b.brand);
  if (typeof b.key !== 'string' || !b.key.trim() || b.key.length > MAX_KEY) {
    const got = typeof b.key !== 'string' ? kind(b.key) : b.key.trim() ? `${b.key.length} characters` : 'a blank string';
    throw new BadRequest(`key: expected what to look for, such as @withdraw.min, const.withdrawMin or map:depositState (a string of at most ${MAX_KEY} characters), not ${got}`);
  }
  return { brand, key: b.key, edits: editsField(b) };
}

/** preview: `{data?, brand?}` */
export function previewBody(body: unknown): { data: 'normal' | 'stress' | 'empty'; brand: string } {
  const b = fieldsOf(body, ['data', 'brand']);
  const data = b.data ?? 'normal';
  if (data !== 'normal' && data !== 'stress' && data !== 'empty') throw new BadRequest('data: expected normal, stress or empty');
  return { data, brand: brandField(b.brand, true) };
}

/** phone: `{on}` */
export function phoneBody(body: unknown): { on: boolean } {
  const b = fieldsOf(body, ['on']);
  if (typeof b.on !== 'boolean') throw new BadRequest(`on: expected true (open the preview to phones on this network) or false (this machine only), not ${kind(b.on)}`);
  return { on: b.on };
}
