/**
 * The config files as the app imports them (app, messages, routes, every screen and form).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { overlayFrame, readJsonText } from '../../src/config/json-text.ts';
import { shownPath } from '../config-dir.ts';
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

/** a config file's text as the browser gets it: without the top-level `$schema` and `description`; undefined when it is no JSON (the config check reports it) */
export function strippedConfig(code: string): string | undefined {
  try {
    const { $schema: _schema, description: _description, ...rest } = JSON.parse(code) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return undefined;
  }
}

/**
 * The config files as the browser gets them: without the top-level `$schema` and `description`
 * (editor and operator notes the app never reads), a few hundred bytes off every first paint.
 */
export function configForBrowser(configDir: string): Plugin {
  const dir = `${configDir}${path.sep}`;
  return {
    name: 'config-for-browser',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(dir) || !id.endsWith('.json')) return undefined;
      const stripped = strippedConfig(code);
      return stripped === undefined ? undefined : { code: stripped, map: null };
    },
  };
}
