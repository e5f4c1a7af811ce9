/**
 * The studio page's state, as pure functions (tests/studio/model.test.ts runs them in Node):
 *   - the edits: per layer (the product's folder, each brand's) and per file, the JSON the operator
 *     wants (drafts), the hash and JSON of the text it was made from (base, baseJson); a layer's view
 *     is a draft or else the file on disk (a brand is the product's view with the brand's merged over
 *     it: src/config/overlay/unmerge.ts); a brand's file not there yet is drafted from its format
 *     alone (base ABSENT). Every layer's edits live together until saved: picking another brand
 *     keeps them all;
 *   - undo and redo: a history of every layer's edits, typing into one field coalesced into one step;
 *   - problems of check:config at their field: an ErrorSchema for react-jsonschema-form's extraErrors,
 *     at the problem's path and at each path it is `also` about;
 *   - a conflict resolved by rebasing the operator's changes onto the file now on disk;
 *   - the edits kept in localStorage, offered back after a reload.
 */
import type { Problem } from '../../src/config/check';
import { setOwn } from '../../src/config/json';
import { applyToJson, jsonChanges, sameJson, segmentsOf, type Segment } from '../json-edit';
import { ABSENT, bare, newOverlay } from '../../src/config/overlay/unmerge';

export interface DiskFile {
  text: string;
  hash: string;
  json: unknown;
}

export interface Edits {
  drafts: Record<string, unknown>;
  base: Record<string, string>;
  baseJson: Record<string, unknown>;
}

export const NO_EDITS: Edits = { drafts: {}, base: {}, baseJson: {} };

/** Every layer's edits: 'product' and brands' ids; a layer without a draft is left out. */
export type Layers = Readonly<Record<string, Edits>>;
export const NO_LAYERS: Layers = {};

/** The layers with one layer's edits replaced (the same object when nothing changed). */
export function withLayer(layers: Layers, id: string, edits: Edits): Layers {
  if ((layers[id] ?? NO_EDITS) === edits) return layers;
  const { [id]: _old, ...rest } = layers;
  return Object.keys(edits.drafts).length ? { ...rest, [id]: edits } : rest;
}

/** The layers as the API takes them: per layer its base and drafts. */
export const layersBody = (layers: Layers): Record<string, { base: Record<string, string>; drafts: Record<string, unknown> }> =>
  Object.fromEntries(Object.entries(layers).map(([id, e]) => [id, { base: e.base, drafts: e.drafts }]));

export const getIn = (json: unknown, path: readonly Segment[]): unknown =>
  path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k as string] : undefined), json);

/** A copy of json with `value` at path (undefined: the key removed); the objects on the way are copied, the rest shared. */
export function setIn(json: unknown, path: readonly Segment[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  const container = json !== null && typeof json === 'object' ? json : typeof head === 'number' ? [] : {};
  const copy = (Array.isArray(container) ? [...container] : { ...container }) as Record<string, unknown>;
  const next = setIn(copy[head as string], rest, value);
  if (next === undefined && !Array.isArray(copy)) delete copy[head as string];
  else setOwn(copy, String(head), next);
  return copy;
}

/** The merged view of one file: the operator's draft, else the file on disk. */
export const viewOf = (edits: Edits, disk: Record<string, DiskFile>, file: string): unknown => (file in edits.drafts ? edits.drafts[file] : disk[file]?.json);

/** JSON as it travels: undefined members dropped (a field the form cleared), so a draft compares with the file. */
export const plain = (v: unknown): unknown => (v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as unknown));

/** The edits with `value` at path in file; a file back to its text on disk has no draft. */
export function edit(edits: Edits, disk: Record<string, DiskFile>, file: string, path: readonly Segment[], value: unknown): Edits {
  const current = viewOf(edits, disk, file);
  const next = plain(setIn(current, path, plain(value)));
  if (sameJson(next, current)) return edits;
  const onDisk = disk[file];
  const drafts = { ...edits.drafts };
  const base = { ...edits.base };
  const baseJson = { ...edits.baseJson };
  if (!(file in drafts)) {
    base[file] = onDisk.hash;
    baseJson[file] = onDisk.json;
  }
  if (sameJson(next, baseJson[file]) && base[file] === onDisk.hash) {
    delete drafts[file];
    delete base[file];
    delete baseJson[file];
  } else drafts[file] = next;
  return { drafts, base, baseJson };
}

/**
 * The edits with a whole file of the top layer set to `next` (a brand's overlay as src/config/overlay/unmerge.ts
 * writes it). A brand's file not on disk yet is drafted from its format alone (base ABSENT: a save
 * creates it); one that holds nothing more is no draft.
 */
export function setFile(edits: Edits, disk: Record<string, DiskFile>, file: string, next: unknown, format: number): Edits {
  if (disk[file]) return edit(edits, disk, file, [], next);
  if (bare(next)) return file in edits.drafts ? drop(edits, file) : edits;
  const value = plain(next);
  if (sameJson(value, edits.drafts[file])) return edits;
  return { drafts: { ...edits.drafts, [file]: value }, base: { ...edits.base, [file]: ABSENT }, baseJson: { ...edits.baseJson, [file]: newOverlay(format) } };
}

/** How many values the edits change, per file. */
export function changeCount(edits: Edits): Record<string, number> {
  return Object.fromEntries(Object.entries(edits.drafts).map(([f, d]) => [f, jsonChanges(edits.baseJson[f], d).length]));
}

/** How many values every layer's edits change. */
export const layersCount = (layers: Layers): number => Object.values(layers).reduce((n, e) => n + Object.values(changeCount(e)).reduce((a, b) => a + b, 0), 0);

export interface History<T = Layers> {
  past: T[];
  present: T;
  future: T[];
  /** the field the last step typed into, and when: typing on within a second is one step */
  last?: { key: string; at: number };
}

export const newHistory = <T = Layers>(present: T): History<T> => ({ past: [], present, future: [] });

/** A new step (or, typing into the same field within `within` ms, the same step made longer). */
export function record<T>(h: History<T>, next: T, key: string, now: number, within = 1000): History<T> {
  if (next === h.present) return h;
  if (h.last && h.last.key === key && now - h.last.at < within && h.past.length) return { past: h.past, present: next, future: [], last: { key, at: now } };
  return { past: [...h.past, h.present].slice(-200), present: next, future: [], last: { key, at: now } };
}

export const undo = <T>(h: History<T>): History<T> => (h.past.length ? { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] } : h);
export const redo = <T>(h: History<T>): History<T> => (h.future.length ? { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) } : h);

/** react-jsonschema-form's ErrorSchema: nested by path, `__errors` at each place. */
export interface ErrorTree {
  __errors?: string[];
  [key: string]: ErrorTree | string[] | undefined;
}

/** How the page words a problem at its field: its words, and the mark a warning starts with. */
export interface ProblemWording {
  problem(p: Problem): string;
  problems: { warning: string };
}

/** The shown text of a problem at its field: its words in the page's language, a warning marked. */
export const problemText = (w: ProblemWording, p: Problem) => (p.severity === 'warning' ? `${w.problems.warning}${w.problem(p)}` : w.problem(p));

/**
 * The problems of one file under `at` (the part of the file a form edits), as an ErrorSchema relative
 * to it: each at its JSON path, and again at every path it is `also` about (both fields of a crossed pair).
 */
export function errorTree(problems: readonly Problem[], file: string, at: readonly Segment[], w: ProblemWording): ErrorTree {
  const tree: ErrorTree = {};
  for (const p of problems) {
    if (p.file !== file) continue;
    for (const pointer of [p.path, ...(p.also ?? [])]) {
      const segs = segmentsOf(pointer);
      if (segs.length < at.length || at.some((s, i) => String(s) !== segs[i])) continue;
      let node = tree;
      for (const s of segs.slice(at.length)) node = (node[s] ??= {}) as ErrorTree;
      (node.__errors ??= []).push(problemText(w, p));
    }
  }
  return tree;
}

/** Whether a problem concerns the part `at` of a file (at, below it, or also about it). */
export const concerns = (p: Problem, file: string, at: readonly Segment[]) =>
  p.file === file && [p.path, ...(p.also ?? [])].some((ptr) => {
    const segs = segmentsOf(ptr);
    return segs.length >= at.length && at.every((s, i) => String(s) === segs[i]);
  });

/**
 * A file changed on disk under an edit: the operator's changes (from the text they started from to
 * their draft) applied to the file as it is now, which becomes the new base. Where both changed one
 * value, the operator's wins (they chose this after seeing the conflict).
 */
export function rebase(edits: Edits, file: string, now: DiskFile): Edits {
  const mine = jsonChanges(edits.baseJson[file], edits.drafts[file]);
  const drafts = { ...edits.drafts, [file]: applyToJson(now.json, mine) };
  const out = { drafts, base: { ...edits.base, [file]: now.hash }, baseJson: { ...edits.baseJson, [file]: now.json } };
  if (sameJson(drafts[file], now.json)) return drop(out, file);
  return out;
}

/** The file's edit dropped: the file as it is on disk. */
export function drop(edits: Edits, file: string): Edits {
  const { [file]: _d, ...drafts } = edits.drafts;
  const { [file]: _b, ...base } = edits.base;
  const { [file]: _j, ...baseJson } = edits.baseJson;
  return { drafts, base, baseJson };
}

/** What localStorage keeps of the edits over one product folder: every layer's, and when. */
export interface Saved {
  layers: Layers;
  at: string;
}

/** one key per product folder (the brands are over it) */
export const storageKey = (productFolder: string) => `studio:${productFolder}`;

const isEdits = (e: unknown): e is Edits => !!e && typeof e === 'object' && ['drafts', 'base', 'baseJson'].every((k) => typeof (e as Record<string, unknown>)[k] === 'object' && (e as Record<string, unknown>)[k] !== null);

export function readSaved(storage: Pick<Storage, 'getItem'>, key: string): Saved | null {
  try {
    const v = JSON.parse(storage.getItem(key) ?? 'null') as Saved | null;
    if (!v || typeof v !== 'object' || !v.layers || typeof v.layers !== 'object') return null;
    const layers = Object.fromEntries(Object.entries(v.layers).filter(([, e]) => isEdits(e) && Object.keys(e.drafts).length));
    return Object.keys(layers).length ? { layers, at: String(v.at) } : null;
  } catch {
    return null;
  }
}

export function keep(storage: Pick<Storage, 'setItem' | 'removeItem'>, key: string, layers: Layers, now = new Date()): void {
  if (!Object.keys(layers).length) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify({ layers, at: now.toISOString() } satisfies Saved));
}
