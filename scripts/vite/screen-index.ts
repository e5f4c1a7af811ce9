/**
 * `virtual:screen-index`: for each screen, the widgets it needs to paint, its forms and the types
 * of their fields, its data sources that need no binding, and whether it shows the game lists. With it the app starts loading the screen it opens on (its config,
 * widgets and first data) all at once, instead of finding its widgets only after its config
 * has arrived: a round trip less before the first screen on a phone.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { readScreens, type ScreenFacts } from './screen-facts.ts';

/** the module's source: per screen, what the app reads of its facts */
export function screenIndexModule(screens: Record<string, ScreenFacts>): string {
  const out = Object.fromEntries(Object.entries(screens).map(([name, { widgets, forms, fields, data, games }]) => [name, { widgets, forms, fields, data, ...(games ? { games: 1 } : {}) }]));
  return `export default ${JSON.stringify(out)};`;
}

export function screenIndex(configDir: string): Plugin {
  const id = 'virtual:screen-index';
  const resolved = `\0${id}`;
  const dir = path.join(configDir, 'screens');
  const formsDir = path.join(configDir, 'forms');
  return {
    name: 'screen-index',
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (i) => (i === resolved ? screenIndexModule(readScreens(configDir)) : undefined),
    configureServer(server) {
      server.watcher.on('all', (_event, file) => {
        if (!file.startsWith(dir) && !file.startsWith(formsDir)) return;
        const mod = server.moduleGraph.getModuleById(resolved);
        if (mod) server.moduleGraph.invalidateModule(mod);
      });
    },
  };
}
