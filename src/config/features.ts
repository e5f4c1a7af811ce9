/**
 * Feature switches (app.json `features`): an optional feature of the product (red packets, agents,
 * sponsorship, app download, responsible play) is switched on or off in one place.
 *
 * Every part of the config that belongs to a feature says so with `"feature": "<name>"`: a route,
 * a tab of the tab bar, a widget node, a menu entry, a tab, a Stats or Cell item, an action (the
 * schemas allow the tag wherever a `when` may switch a part off). A feature set to `false` takes
 * every part tagged with it out of the config, at once:
 *   - the build ships the config without them (scripts/vite/shipped-config.ts): no entry, icon,
 *     popup or menu item is left, and a route switched off answers like an unknown path (the app
 *     sends it to /);
 *   - check:config checks the config without them (src/config/checks/switches.ts), so a
 *     reference inside a switched-off part (a `to` to a route switched off with it) says nothing.
 * Absent, or `true`, a feature is on and the config is used as written (the same objects).
 *
 * Pure (no file access, no DOM): the build, the check and the tests use it. The app itself never
 * does: it receives the config already pruned (and reads `features` only for code of its own, such
 * as src/responsible/).
 */
import { isObject } from './json.ts';
import { unescapeSegment } from './pointer.ts';
import type { AppConfig } from './types.ts';

export type FeatureName = keyof NonNullable<AppConfig['features']>;

type Json = unknown;

/** The features an app.json switches off (set to false); a broken or missing app.json switches nothing off. */
export function switchedOff(app: Json): Set<string> {
  const features = isObject(app) && isObject(app.features) ? app.features : {};
  return new Set(Object.entries(features).filter(([, on]) => on === false).map(([name]) => name));
}

/** whether a list entry belongs to a feature that is switched off */
const isOff = (v: Json, off: ReadonlySet<string>) => isObject(v) && typeof v.feature === 'string' && off.has(v.feature);

/** For each pruned list: where each of its entries stood in the list as written. */
const written = new WeakMap<Json[], number[]>();
/** pruned values by the value as written and the switches (so a value pruned twice is the same object) */
const memo = new WeakMap<object, Map<string, Json>>();

/**
 * `value` without the list entries tagged with a switched-off feature, at any depth. What holds no
 * such entry is returned as it is (the same object), so pruning with nothing switched off changes
 * nothing; the lists that lost entries remember where the others stood (`writtenPointer`).
 */
export function pruneFeatures<T>(value: T, off: ReadonlySet<string>): T {
  if (off.size === 0 || !value || typeof value !== 'object') return value;
  const key = [...off].sort().join(',');
  let byKey = memo.get(value);
  if (byKey?.has(key)) return byKey.get(key) as T;
  let out: Json = value;
  if (Array.isArray(value)) {
    const kept: number[] = [];
    const items: Json[] = [];
    value.forEach((v, i) => {
      if (isOff(v, off)) return;
      kept.push(i);
      items.push(pruneFeatures(v, off));
    });
    if (kept.length !== value.length || items.some((v, i) => v !== value[kept[i]])) {
      out = items;
      if (kept.length !== value.length) written.set(items, kept);
    }
  } else {
    const entries = Object.entries(value as Record<string, Json>);
    const pruned = entries.map(([k, v]) => [k, pruneFeatures(v, off)] as const);
    if (pruned.some(([, v], i) => v !== entries[i][1])) out = Object.fromEntries(pruned);
  }
  if (!byKey) memo.set(value, (byKey = new Map()));
  byKey.set(key, out);
  return out as T;
}

/** A JSON pointer into a pruned value (`/body/5/props`) as the pointer into the value as written (`/body/6/props`). */
export function writtenPointer(pruned: Json, pointer: string): string {
  if (pointer === '/' || pointer === '') return pointer;
  const parts = pointer.slice(1).split('/');
  let v: Json = pruned;
  const out = parts.map((part) => {
    const key = unescapeSegment(part);
    if (Array.isArray(v)) {
      const i = Number(key);
      const at = written.get(v)?.[i];
      v = v[i];
      return at === undefined ? part : String(at);
    }
    v = isObject(v) ? v[key] : undefined;
    return part;
  });
  return `/${out.join('/')}`;
}

/** Every `feature` tag of a JSON value, with the JSON path of the tag (for the check of its name). */
export function featureTags(value: Json, at: (string | number)[] = []): { name: unknown; at: (string | number)[] }[] {
  const out: { name: unknown; at: (string | number)[] }[] = [];
  const visit = (v: Json, path: (string | number)[]) => {
    if (Array.isArray(v)) v.forEach((x, i) => visit(x, [...path, i]));
    else if (isObject(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'feature' && (typeof x === 'string' || x === null || typeof x !== 'object')) out.push({ name: x, at: [...path, k] });
        else visit(x, [...path, k]);
      }
    }
  };
  visit(value, at);
  return out;
}
