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
import { BadRequest, type Edits, type LayerEdits } from './studio';

/** a config file nests 19 levels at most; the walks over a draft (the merge, the check, the diff) recurse */
export const MAX_DEPTH = 100;
/** files in one edit: a brand has a few dozen */
export const MAX_FILES = 500;
/** a brand's id or `product` */
const MAX_NAME = 64;
/** layers in one edit: the product and each brand */
export const MAX_LAYERS = 64;
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

/** A brand's id (or `product`), as a string of a sane length; studio.ts says whether it is one. `field`: how the refusal names it. */
export function brandField(v: unknown, optional = false, field = 'brand'): string {
  if (v === undefined && optional) return 'product';
  if (typeof v !== 'string' || !v || v.length > MAX_NAME) {
    const got = typeof v !== 'string' ? kind(v) : v ? `${v.length} characters` : 'an empty string';
    throw new BadRequest(`${field}: expected a brand's id or "product" (a string of at most ${MAX_NAME} characters), not ${got}`);
  }
  return v;
}

/** `base` and `drafts` of one layer: per file the hash it started from, and the JSON object the operator wants it to hold. */
function editsField(value: unknown, at: string): Edits {
  if (!isObject(value)) throw new BadRequest(`${at}: expected an object {base, drafts}, not ${kind(value)}`);
  const other = Object.keys(value).filter((k) => k !== 'base' && k !== 'drafts');
  if (other.length) throw new BadRequest(`${at}: ${JSON.stringify(other[0].slice(0, 40))} is not a field of a layer's edits (it takes base, drafts)`);
  const { base = {}, drafts = {} } = value;
  if (!isObject(base)) throw new BadRequest(`${at}.base: expected an object (file -> the hash of its text), not ${kind(base)}`);
  if (!isObject(drafts)) throw new BadRequest(`${at}.drafts: expected an object (file -> its JSON), not ${kind(drafts)}`);
  for (const [name, hash] of Object.entries(base)) {
    if (typeof hash !== 'string') throw new BadRequest(`${at}.base of ${JSON.stringify(name.slice(0, 120))}: expected the hash of the file's text (a string of 64 hex digits), not ${kind(hash)}`);
  }
  const names = Object.keys(drafts);
  if (names.length > MAX_FILES || Object.keys(base).length > MAX_FILES) throw new BadRequest(`${at}.drafts: at most ${MAX_FILES} files in one edit`);
  for (const name of names) {
    const json = drafts[name];
    const shown = JSON.stringify(name.slice(0, 120));
    if (!isObject(json)) throw new BadRequest(`${at}.drafts of ${shown}: expected the file's JSON, an object (every config file is one), not ${kind(json)}`);
    if (depthOf(json) > MAX_DEPTH) throw new BadRequest(`${at}.drafts of ${shown}: nested more than ${MAX_DEPTH} levels deep (no config file is)`);
  }
  return { base: base as Record<string, string>, drafts };
}

/** `layers`: the edits of the product ("product") and of each brand (its id), `{base, drafts}` each. */
function layersField(b: Record<string, unknown>): LayerEdits {
  const { layers = {} } = b;
  if (!isObject(layers)) throw new BadRequest(`layers: expected an object ("product" or a brand's id -> its edits {base, drafts}), not ${kind(layers)}`);
  const ids = Object.keys(layers);
  if (ids.length > MAX_LAYERS) throw new BadRequest(`layers: at most ${MAX_LAYERS} (the product and each brand once)`);
  return Object.fromEntries(ids.map((id) => [brandField(id, false, 'layers'), editsField(layers[id], `layers.${id.slice(0, MAX_NAME)}`)]));
}

/** draft: `{brand, layers}` (the brand looked at, every layer's edits) */
export function draftBody(body: unknown): { brand: string; layers: LayerEdits } {
  const b = fieldsOf(body, ['brand', 'layers']);
  return { brand: brandField(b.brand), layers: layersField(b) };
}

/** review, save: `{layers}` (every layer's edits: all are reviewed and saved together) */
export function layersBody(body: unknown): { layers: LayerEdits } {
  return { layers: layersField(fieldsOf(body, ['layers'])) };
}

/** where: `{brand, key, layers}` */
export function whereBody(body: unknown): { brand: string; key: string; layers: LayerEdits } {
  const b = fieldsOf(body, ['brand', 'key', 'layers']);
  const brand = brandField(b.brand);
  if (typeof b.key !== 'string' || !b.key.trim() || b.key.length > MAX_KEY) {
    const got = typeof b.key !== 'string' ? kind(b.key) : b.key.trim() ? `${b.key.length} characters` : 'a blank string';
    throw new BadRequest(`key: expected what to look for, such as @withdraw.min, const.withdrawMin or map:depositState (a string of at most ${MAX_KEY} characters), not ${got}`);
  }
  return { brand, key: b.key, layers: layersField(b) };
}

/** preview: `{data?, brand?}` */
export function previewBody(body: unknown): { data: 'normal' | 'stress' | 'empty'; brand: string } {
  const b = fieldsOf(body, ['data', 'brand']);
  const data = b.data ?? 'normal';
  if (data !== 'normal' && data !== 'stress' && data !== 'empty') throw new BadRequest('data: expected normal, stress or empty');
  return { data, brand: brandField(b.brand, true) };
}

/** a backend question: at most this many calls */
export const MAX_CALLS = 20;

/** backend: `{brand, calls: [{endpoint, payload}]}` (the data sources a screen reads) */
export function backendBody(body: unknown): { brand: string; calls: { endpoint: string; payload: Record<string, unknown> }[] } {
  const b = fieldsOf(body, ['brand', 'calls']);
  const brand = brandField(b.brand);
  if (!Array.isArray(b.calls) || b.calls.length > MAX_CALLS) throw new BadRequest(`calls: expected a list of at most ${MAX_CALLS} calls {endpoint, payload}, not ${Array.isArray(b.calls) ? `${b.calls.length} calls` : kind(b.calls)}`);
  const calls = b.calls.map((c, i) => {
    const call = fieldsOf(c, ['endpoint', 'payload']);
    if (typeof call.endpoint !== 'string' || !call.endpoint || call.endpoint.length > MAX_NAME) throw new BadRequest(`calls/${i}/endpoint: expected the name of a call of the catalogue (a string), not ${kind(call.endpoint)}`);
    const payload = call.payload ?? {};
    if (!isObject(payload) || depthOf(payload) > 4) throw new BadRequest(`calls/${i}/payload: expected the call's payload, an object of values, not ${kind(payload)}`);
    return { endpoint: call.endpoint, payload };
  });
  return { brand, calls };
}

/** phone: `{on}` */
export function phoneBody(body: unknown): { on: boolean } {
  const b = fieldsOf(body, ['on']);
  if (typeof b.on !== 'boolean') throw new BadRequest(`on: expected true (open the preview to phones on this network) or false (this machine only), not ${kind(b.on)}`);
  return { on: b.on };
}
