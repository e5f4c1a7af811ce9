/**
 * Feature switches in the check (src/config/features.ts): the config is checked as it ships, with
 * the parts of switched-off features left out, so nothing is said about a reference inside them (a
 * menu entry to /hongbao when /hongbao is switched off with it). What is left out:
 *   - every list entry tagged with a switched-off feature (routes, tabs, nodes, menu entries, actions…);
 *   - a screen that only switched-off routes showed, and a form that only left-out parts showed.
 * Every tag is still checked, in the parts left out too: it must name a feature of app.json's
 * `features` (a misspelt tag would otherwise leave its part on for good, without a word).
 * Problems name the JSON path in the file as written, not in the pruned copy.
 */
import { featureTags, pruneFeatures, switchedOff, writtenPointer } from '../features';
import { formsOf } from './scope';
import type { ConfigBundle, Problem, SchemaSet } from './types';
import { isObject, nearest, pointer } from './util';
import { say, worded } from '../words/index.ts';

type File = { file: string; json: unknown };

/** the screens the routes of a routes.json show */
const screensOf = (routes: unknown): Set<string> =>
  new Set(isObject(routes) && Array.isArray(routes.routes) ? routes.routes.filter(isObject).map((r) => String(r.screen)) : []);

export interface Pruned {
  bundle: ConfigBundle;
  /** a problem's JSON path in a pruned file, as the path in the file as written */
  written: (file: string, pointer: string) => string;
}

/** The bundle as it ships: without the parts of the features app.json switches off. */
export function pruneBundle(raw: ConfigBundle): Pruned {
  const off = switchedOff(raw.app.json);
  if (off.size === 0) return { bundle: raw, written: (_file, pointer) => pointer };
  const pruned = new Map<string, unknown>();
  const prune = (f: File): File => {
    const json = pruneFeatures(f.json, off);
    if (json === f.json) return f;
    pruned.set(f.file, json);
    return { file: f.file, json };
  };
  const routes = prune(raw.routes);
  const shown = screensOf(routes.json);
  const dropped = [...screensOf(raw.routes.json)].filter((s) => !shown.has(s));
  const screens: Record<string, File> = {};
  for (const [name, s] of Object.entries(raw.screens)) if (!dropped.includes(name)) screens[name] = prune(s);
  // a form only left-out parts showed goes with them (one no screen ever showed stays, and is checked as before)
  const hostedBefore = new Set(Object.values(raw.screens).flatMap((s) => (isObject(s.json) ? formsOf(s.json.body) : [])));
  const hostedAfter = new Set(Object.values(screens).flatMap((s) => (isObject(s.json) ? formsOf(s.json.body) : [])));
  const forms: Record<string, File> = {};
  for (const [name, f] of Object.entries(raw.forms)) if (!hostedBefore.has(name) || hostedAfter.has(name)) forms[name] = prune(f);
  const bundle: ConfigBundle = { ...raw, app: prune(raw.app), messages: raw.messages, routes, screens, forms };
  return { bundle, written: (file, pointer) => (pruned.has(file) ? writtenPointer(pruned.get(file), pointer) : pointer) };
}

/** The feature names app.json's schema declares (its `features` object): what a tag may name. */
export function featureNames(schemas: SchemaSet): string[] {
  const app = schemas.app as { properties?: { features?: { properties?: object } } };
  return Object.keys(app.properties?.features?.properties ?? {}).sort();
}

/**
 * Every `feature` tag of the config as written (switched-off parts included) names a feature.
 * Its problems stand at paths of the files as written (they are not translated like the rest).
 */
export function featureTagProblems(raw: ConfigBundle, schemas: SchemaSet): Problem[] {
  const names = featureNames(schemas);
  const files: File[] = [raw.app, raw.routes, ...Object.values(raw.screens), ...Object.values(raw.forms)];
  return files.flatMap((f) => {
    if (!f.json || typeof f.json !== 'object' || f.json instanceof Error) return [];
    // once per file as written (the mutation test checks thousands of bundles that share most files)
    const hit = tagMemo.get(f.json);
    if (hit && hit.file === f.file && hit.names === names.join()) return hit.problems;
    const problems = tagProblems(f, names);
    tagMemo.set(f.json, { file: f.file, names: names.join(), problems });
    return problems;
  });
}

const tagMemo = new WeakMap<object, { file: string; names: string; problems: Problem[] }>();

function tagProblems(f: File, names: string[]): Problem[] {
  return featureTags(f.json)
    .filter((tag) => !(typeof tag.name === 'string' && names.includes(tag.name)))
    .map((tag) => {
      const feature = tag.name as string | number | boolean | null;
      const near = typeof feature === 'string' ? nearest(feature, names) : undefined;
      return { file: f.file, path: pointer(tag.at), ...worded(say('featureTagUnknown', { feature, features: names, near })) };
    });
}
