/**
 * A walk over every value of a config document, with its path (what the migrations of the config format share). Each
 * migration picks what it looks at (objects, texts) and keeps its own rules.
 */
import { isObject, isReservedKey } from './json.ts';
import type { Path } from './migrations/types.ts';

export { isObject } from './json.ts';

export interface Found {
  /** every object (a node, a condition, a props block) with its path, outer before inner */
  objects: { node: Record<string, unknown>; at: Path }[];
  /** every text value with its path */
  texts: { text: string; at: Path }[];
}

export function walk(v: unknown, at: Path = [], out: Found = { objects: [], texts: [] }): Found {
  if (typeof v === 'string') out.texts.push({ text: v, at });
  else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...at, i], out));
  else if (isObject(v)) {
    out.objects.push({ node: v, at });
    // a key that is no config key (check:config names it) is data, never walked into
    for (const [k, x] of Object.entries(v)) if (!isReservedKey(k)) walk(x, [...at, k], out);
  }
  return out;
}
