/**
 * How the build cuts the app into chunks (rolldown's codeSplitting groups), in order of priority:
 * React; the app's code that src/main.tsx imports at start (`app`); antd-mobile cut along what
 * screens draw, each part with the app's widgets that draw with it; a screen with the widgets and
 * forms only it draws. The `app` and antd-mobile groups are found from the module graph once it is
 * built (the plugin `chunkGraph`), before the chunks are cut.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { CORE_WIDGETS, WIDGET_GROUPS } from '../../src/engine/core-widgets.ts';
import type { BuildPaths } from './paths.ts';
import type { ScreenFacts } from './screen-facts.ts';

/** one group of rolldown's output.codeSplitting */
export interface ChunkGroup {
  name: string;
  test: RegExp | ((id: string) => boolean);
  priority: number;
  includeDependenciesRecursively?: boolean;
}

/**
 * A widget only one screen draws (home's carousel, notice bar, drawer and side tabs), and a form
 * only one screen shows (login's login and register forms), travel in that screen's own chunk,
 * with its config: one request and one stylesheet where each was a request or two of its own. On a phone every request costs a round trip, and an HTTP/1.1 host serves
 * six at a time. Widgets a screen shows later (under a `when`), and widgets several screens use,
 * keep chunks of their own; the core and list widgets have their groups (engine/core-widgets.ts).
 */
export function screenChunkGroups({ root, configDir }: BuildPaths, screens: Record<string, ScreenFacts>): ChunkGroup[] {
  const users = new Map<string, Set<string>>();
  for (const [name, s] of Object.entries(screens)) for (const w of [...s.widgets, ...s.deferred]) (users.get(w) ?? users.set(w, new Set()).get(w)!).add(name);
  const formUsers = new Map<string, number>();
  for (const s of Object.values(screens)) for (const f of s.forms) formUsers.set(f, (formUsers.get(f) ?? 0) + 1);
  const grouped = new Set(CORE_WIDGETS);
  return Object.entries(screens).flatMap(([name, s]) => {
    const own = s.widgets.filter((w) => !grouped.has(w) && users.get(w)?.size === 1);
    const forms = s.forms.filter((f) => formUsers.get(f) === 1);
    if (!own.length && !forms.length) return [];
    const files = [path.join(configDir, 'screens', `${name}.json`), ...forms.map((f) => path.join(configDir, 'forms', `${f}.json`))];
    const dirs = own.map((w) => `${path.join(root, 'src', 'widgets', w)}${path.sep}`);
    // only these files: what they import (the antd-mobile index, shared helpers) stays where it was
    return [{ name, test: (id: string) => files.includes(id) || dirs.some((d) => id.startsWith(d)), priority: 4, includeDependenciesRecursively: false }];
  });
}

/**
 * antd-mobile in a few chunks cut along what screens draw, found from the module graph once it is
 * built: each group is the components named by `roots` with exactly the helpers they import
 * (less what an earlier group has), and the app's widgets that draw with it: one request and one
 * stylesheet for the lot. `antd-base`, the part of every first paint: Button and the config
 * provider every component reads, with the core widgets. `Form`: Input with the form engine.
 * `list-widgets`: List with Cell and Menu. Everything else of antd-mobile (popups, pickers, swipers and their animation,
 * gesture and scroll helpers) comes with the chunks that use it. Before, one chunk of "shared
 * helpers" made /login pay 11 KB gzipped for components it does not show; without groups the
 * helpers scatter into a request each.
 */
/** the modules of a group of src/engine/core-widgets.ts */
const widgetsOf = (group: keyof typeof WIDGET_GROUPS) => new RegExp(`[\\\\/]src[\\\\/]widgets[\\\\/](${WIDGET_GROUPS[group].join('|')})[\\\\/]`);
export const ANTD_GROUPS: { name: string; roots?: RegExp; with?: RegExp }[] = [
  {
    name: 'antd-base',
    roots: /node_modules[\\/]antd-mobile[\\/]es[\\/](global[\\/]index|components[\\/](button|config-provider)[\\/]index)\.js$/,
    // the core widgets (Stack, Text, Button: nearly every screen)
    with: widgetsOf('antd-base'),
  },
  {
    name: 'Form',
    // the form engine and its widget, with react-hook-form; no antd-mobile part since the form draws
    // its own inputs (antd-mobile's Input would otherwise be this group's root)
    with: /[\\/]src[\\/](engine[\\/](form|rules|captcha)\.tsx?|engine[\\/]form\.css|widgets[\\/]Form[\\/])|node_modules[\\/]react-hook-form[\\/]/,
  },
  {
    name: 'list-widgets',
    roots: /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/]list[\\/]index\.js$/,
    // Cell and Menu
    with: widgetsOf('list-widgets'),
  },
];
/** a package index that only re-exports (every component, every icon): not followed, the modules it names are found through their real importers */
const BARREL = /node_modules[\\/](antd-mobile|antd-mobile-icons|ahooks)[\\/]es[\\/]index\.js$/;
/** the app's code that src/main.tsx imports (statically): one chunk, `app` (the entry, boot.ts, imports it once the shell is on screen) */
const APP_ROOT = /[\\/]src[\\/]main\.tsx$/;
const BOOT_ROOT = /[\\/]src[\\/]boot\.ts$/;

/** what the module graph tells the groups: the modules of the `app` chunk, the antd-mobile group of a module */
export interface ModuleGraph {
  ids: string[];
  importedIds: (id: string) => readonly string[];
}

/** The `app` chunk's modules and each antd-mobile group's modules, from the module graph. */
export function groupModules(graph: ModuleGraph): { app: Set<string>; antd: Map<string, string> } {
  const { ids, importedIds } = graph;
  const closure = (roots: string[], skip: (id: string) => boolean) => {
    const out = new Set(roots);
    const queue = [...roots];
    while (queue.length) {
      for (const dep of importedIds(queue.pop()!)) {
        if (out.has(dep) || skip(dep)) continue;
        out.add(dep);
        queue.push(dep);
      }
    }
    return out;
  };
  // what the entry (boot.ts) imports itself stays with it: Vite's preload helper, the install-prompt listener
  const boot = closure(ids.filter((id) => BOOT_ROOT.test(id)), () => false);
  const app = new Set<string>();
  for (const id of closure(ids.filter((id) => APP_ROOT.test(id)), (id) => boot.has(id))) app.add(id);
  const antd = new Map<string, string>();
  for (const { name, roots } of ANTD_GROUPS) {
    const queue = ids.filter((id) => roots?.test(id) && !antd.has(id));
    for (const id of queue) antd.set(id, name);
    while (queue.length) {
      for (const dep of importedIds(queue.pop()!)) {
        if (!dep.includes('node_modules') || /node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(dep) || BARREL.test(dep) || antd.has(dep)) continue;
        antd.set(dep, name);
        queue.push(dep);
      }
    }
  }
  return { app, antd };
}

/**
 * The chunk groups and the plugin that reads the module graph for them (`graph`: in the plugin
 * list; `groups`: build.rolldownOptions.output.codeSplitting.groups).
 */
export function chunkGroups(paths: BuildPaths, screens: Record<string, ScreenFacts>): { graph: Plugin; groups: ChunkGroup[] } {
  let found: ReturnType<typeof groupModules> = { app: new Set(), antd: new Map() };
  const graph: Plugin = {
    name: 'antd-groups-graph',
    apply: 'build',
    buildEnd() {
      found = groupModules({ ids: [...this.getModuleIds()], importedIds: (id) => this.getModuleInfo(id)?.importedIds ?? [] });
    },
  };
  const groups: ChunkGroup[] = [
    // React in its own chunk, so the helpers below do not drag it in (nor the entry into them)
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
    // everything else the app imports at start, in one chunk: one request, one gzip dictionary
    { name: 'app', test: (id: string) => found.app.has(id), priority: 5, includeDependenciesRecursively: false },
    // a screen with the widgets only it draws
    ...screenChunkGroups(paths, screens),
    // antd-mobile cut along what screens draw, each part with the app's widgets that draw with it:
    // only the files named, the engine they import is the entry's
    ...ANTD_GROUPS.map(({ name, with: own }) => ({
      name,
      test: (id: string) => found.antd.get(id) === name || !!own?.test(id),
      priority: 10,
      includeDependenciesRecursively: false,
    })),
  ];
  return { graph, groups };
}

/**
 * React, the runtime and the entry are loaded before any dynamic import runs: not listed again
 * for each one (index.html itself still preloads the entry's imports). build.modulePreload.resolveDependencies.
 */
export function preloadDependencies(_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }): string[] {
  return hostType === 'html' ? deps : deps.filter((d) => !/^assets\/(index|app|react|rolldown-runtime|polyfills|flex-gap)-[\w-]{8}\.js$/.test(d));
}
