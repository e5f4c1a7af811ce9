/**
 * The config as it ships: each file without the parts of the features app.json switches off
 * (src/config/features.ts). One place for everything the build and the tools read of the config:
 * the files the app imports (the `shippedConfig` plugin below, in the dev server too), the static
 * shell (scripts/app-shell.ts), the route chunks and screen index (preload-app.ts, screen-facts.ts)
 * and the routes `npm run screens` photographs (scripts/screens-lib.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { pruneFeatures, switchedOff } from '../../src/config/features.ts';
import { readJsonText } from '../../src/config/json-text.ts';
import { inConfig, type BuildPaths } from './paths.ts';

/** a file of the config folder, parsed; undefined when it cannot be read (the config check names the problem) */
function readJson(file: string): unknown {
  try {
    const r = readJsonText(readFileSync(file, 'utf8'));
    return r.ok ? r.json : undefined;
  } catch {
    return undefined;
  }
}

/** The features `<configDir>/app.json` switches off (none when it cannot be read). */
export function featuresOff(configDir: string): Set<string> {
  return switchedOff(readJson(path.join(configDir, 'app.json')));
}

/**
 * A file of the config folder (`routes.json`, `screens/home.json`) as it ships: parsed, without
 * the parts of switched-off features; undefined when it cannot be read.
 */
export function shippedJson<T>(configDir: string, file: string): T | undefined {
  const json = readJson(path.join(configDir, file));
  return json === undefined ? undefined : pruneFeatures(json as T, featuresOff(configDir));
}

/** a config file's text as the app imports it, without the parts of switched-off features; undefined when nothing is left out (or it is no JSON: the config check reports it) */
export function shippedText(code: string, off: (json: unknown) => ReadonlySet<string>): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(code);
  } catch {
    return undefined;
  }
  const pruned = pruneFeatures(json, off(json));
  return pruned === json ? undefined : JSON.stringify(pruned);
}

/**
 * The config files the app imports (app.json, routes.json, every screen and form) without the
 * parts of switched-off features, in the build and in the dev server alike: what is switched off
 * is not in the player's bundle at all. In the dev server a change of app.json's switches reloads
 * the page with every config file read again.
 */
export function shippedConfig(paths: BuildPaths): Plugin {
  const appJson = path.join(paths.configDir, 'app.json');
  const key = (off: Set<string>) => [...off].sort().join();
  return {
    name: 'shipped-config',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0];
      if (!file.endsWith('.json') || !inConfig(paths, file)) return undefined;
      // app.json switches itself (its tab bar), the other files by app.json on disk
      const text = shippedText(code, (json) => (path.resolve(file) === appJson ? switchedOff(json) : featuresOff(paths.configDir)));
      return text === undefined ? undefined : { code: text, map: null };
    },
    configureServer(server) {
      let last = key(featuresOff(paths.configDir));
      server.watcher.on('change', (file) => {
        if (path.resolve(file) !== appJson) return;
        const now = key(featuresOff(paths.configDir));
        if (now === last) return;
        last = now;
        // every config file (and the screen index made from them) is pruned again on its next request
        for (const mod of server.moduleGraph.idToModuleMap.values()) {
          const id = mod.id?.split('?')[0] ?? '';
          if ((id.endsWith('.json') && inConfig(paths, id)) || mod.id === '\0virtual:screen-index') server.moduleGraph.invalidateModule(mod);
        }
        server.ws.send({ type: 'full-reload', path: '*' });
      });
    },
  };
}
