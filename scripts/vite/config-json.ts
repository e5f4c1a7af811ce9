/**
 * The config files as the app imports them (app, messages, routes, every screen and form).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { isObject } from '../../src/config/json.ts';
import { overlayFrame, readJsonText } from '../../src/config/json-text.ts';
import { shownPath } from '../../src/config/source/paths.ts';
import { PLAIN, type Cursor } from '../../src/config/overlay/merge.ts';
import { schemaCursor, type SchemaFileKind, type SchemaSource } from '../../src/config/overlay/schema-cursor.ts';
import { schemaSource } from '../../src/config/source/schemas.ts';
import { inConfig, type BuildPaths } from './paths.ts';

/**
 * Config JSON read first by us: a syntax error becomes an error Vite's overlay can show
 * (file:line:column, the line with a caret, the hint of src/config/json-text.ts), where Vite's own
 * JSON plugin would throw one the overlay cannot draw (a blank page). Valid files go on to Vite's
 * JSON plugin unchanged.
 */
export function configJson(paths: BuildPaths): Plugin {
  const { root, configDir } = paths;
  return {
    name: 'screens-config-json',
    enforce: 'pre',
    configureServer(server) {
      // a config folder outside the project (SCREENS_CONFIG_DIR) is watched too, so a fix reloads the page
      if (!configDir.startsWith(root + path.sep)) server.watcher.add(configDir);
    },
    load(id) {
      const file = id.split('?')[0];
      if (!file.endsWith('.json') || !inConfig(paths, file)) return null;
      const r = readJsonText(readFileSync(file, 'utf8'));
      if (r.ok) return null;
      const { line, column, message, frame } = r.problem;
      const err = new Error(`${shownPath(root, file)}:${line}:${column}: not valid JSON: ${message}`);
      // the fields Vite's error overlay reads (message, id, loc, frame); no stack: the place is the config, not our code
      Object.assign(err, { id: file, loc: { file, line, column }, frame: overlayFrame(frame), plugin: 'screens-config' });
      err.stack = '';
      throw err;
    },
  };
}

/**
 * A config file's text as the browser gets it: without the top-level `$schema`, `$format` and
 * `description`, and without the `id` of the items of lists keyed by id (`cursor`: the file's
 * schema, src/config/overlay/schema-cursor.ts): names for the brands' overlays the app never reads.
 * Undefined when it is no JSON (the config check reports it).
 */
export function strippedConfig(code: string, cursor: Cursor = PLAIN): string | undefined {
  try {
    const { $schema: _schema, $format: _format, description: _description, ...rest } = JSON.parse(code) as Record<string, unknown>;
    return JSON.stringify(withoutIds(rest, cursor));
  } catch {
    return undefined;
  }
}

/** `v` without the `id` of each item of a list keyed by id */
function withoutIds(v: unknown, cur: Cursor): unknown {
  if (Array.isArray(v)) {
    const item = cur.item();
    return v.map((x) => {
      const y = withoutIds(x, item);
      if (cur.key !== 'id' || !isObject(y)) return y;
      const { id: _id, ...rest } = y;
      return rest;
    });
  }
  if (!isObject(v)) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withoutIds(x, cur.prop(k, v, v))]));
}

/** which schema a config file has, by its place in the folder */
function kindOf(rel: string): SchemaFileKind | undefined {
  if (rel === 'app.json' || rel === 'messages.json' || rel === 'routes.json') return rel.slice(0, -5) as SchemaFileKind;
  if (/^screens\/[^/]+\.json$/.test(rel)) return 'screen';
  if (/^forms\/[^/]+\.json$/.test(rel)) return 'form';
  return undefined;
}

/**
 * The config files as the browser gets them: without the top-level `$schema`, `$format` and
 * `description` (editor and operator notes the app never reads) and the overlays' ids, a few hundred
 * bytes off every first paint.
 */
export function configForBrowser({ root, configDir }: BuildPaths): Plugin {
  const dir = `${configDir}${path.sep}`;
  let source: SchemaSource | undefined;
  return {
    name: 'config-for-browser',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(dir) || !id.endsWith('.json')) return undefined;
      const kind = kindOf(id.slice(dir.length).split(path.sep).join('/'));
      source ??= schemaSource(root);
      const stripped = strippedConfig(code, kind ? schemaCursor(source, kind) : PLAIN);
      return stripped === undefined ? undefined : { code: stripped, map: null };
    },
  };
}
