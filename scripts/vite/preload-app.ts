/**
 * index.html made to start everything the first screen needs at once: the app's code preloaded
 * at low priority, and for each route the chunks its screen needs (route chunks) and the reads it
 * opens with (early reads), which src/boot.ts starts before the app has run.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { endpoints } from '../../src/api/catalogue.ts';
import type { EarlyHint } from '../../src/api/early.ts';
import { configReply, type EndpointShape } from '../../src/api/request.ts';
import type { RouteConfig } from '../../src/config/types.ts';
import { GAMES_READ, START_READS } from '../../src/store/start-reads.ts';
import type { BuildPaths } from './paths.ts';
import { readScreens, type ScreenFacts } from './screen-facts.ts';
import { shippedJson } from './shipped-config.ts';

/** a chunk of the bundle as the route chunks read it */
export interface ChunkFacts {
  fileName: string;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** the field types whose input lives in a module of its own (src/engine/) */
const FIELD_MODULES: Record<string, string> = { textarea: 'form-textarea.tsx', select: 'form-choice.tsx', date: 'form-choice.tsx', radio: 'form-choice.tsx' };

/**
 * For each route, the chunks its screen needs to paint (its config and forms, the widgets it
 * draws, their field types, what they import and their stylesheets), as files of the build: JSON
 * in a <template> of index.html (inert, and no script: the page carries none inline) that src/boot.ts reads
 * to fetch the opening screen's chunks at the same time as the app's own code, not after it.
 * `{ f: [file, ...], r: { "/path": [index into f, ...] }, e: { "/path": EarlyHint } }`.
 */
export function routeChunks(
  { root, configDir }: BuildPaths,
  chunks: ChunkFacts[],
  loaded: string[],
  screens: Record<string, ScreenFacts>,
  routes: RouteConfig[],
): string {
  const chunkOf = new Map<string, ChunkFacts>();
  for (const c of chunks) for (const id of c.moduleIds) chunkOf.set(id, c);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const src = (...p: string[]) => path.join(root, ...p);
  const files: string[] = [];
  const indexOf = (f: string) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1);
  const r: Record<string, number[]> = {};
  const e: Record<string, EarlyHint> = {};
  const app = shippedJson<unknown>(configDir, 'app.json');
  for (const route of routes) {
    const s = screens[route.screen];
    if (!s) continue;
    const early = earlyReads(route, s, app);
    if (early) e[route.path] = early;
    const modules = [
      path.join(configDir, 'screens', `${route.screen}.json`),
      ...s.forms.map((f) => path.join(configDir, 'forms', `${f}.json`)),
      ...s.widgets.map((w) => src('src', 'widgets', w, 'index.tsx')),
      ...s.fields.flatMap((t) => (FIELD_MODULES[t] ? [src('src', 'engine', FIELD_MODULES[t])] : [])),
    ];
    const need = new Set<string>();
    const add = (file: string) => {
      if (need.has(file) || loaded.includes(file)) return;
      need.add(file);
      const c = byFile.get(file);
      for (const imp of c?.imports ?? []) add(imp);
      for (const css of c?.viteMetadata?.importedCss ?? []) need.add(css);
    };
    for (const m of modules) {
      const c = chunkOf.get(m);
      if (c) add(c.fileName);
    }
    r[route.path] = [...need].map(indexOf);
  }
  return JSON.stringify({ f: files, r, e }).replace(/[<&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}

/**
 * A route's early reads (src/api/early.ts), which src/boot.ts starts before the app has run: its
 * screen's binding-free first data and the reads its onEnter starts with (/mine's member and
 * wallet), then the session's start (app info, the member) and the game lists where the screen
 * shows them: every screen's first calls leave as early as home's. The screen's own come first (`n`
 * of them: src/boot.ts starts them before the route's chunks, the session's after). A read of an endpoint with
 * `auth` is flagged: only with a token. The screen's own reads are left out on a route that may be
 * refused before it shows (requireApp: the app's info decides); nothing is read for a visitor on a
 * member's route (the guard sends them elsewhere); a command is never read early, nor a call `app`
 * (app.json) answers itself (a brand's own customer service address: the app sends no request).
 */
export function earlyReads(route: RouteConfig, s: ScreenFacts, app?: unknown): EarlyHint | undefined {
  const catalogue = endpoints as Record<string, (EndpointShape & { auth?: boolean }) | undefined>;
  const seen = new Set<string>();
  const reads: { source?: string; read: EarlyHint['r'][number] }[] = [];
  const add = (endpoint: string, payload: Record<string, unknown>, source?: string) => {
    const ep = catalogue[endpoint];
    const key = JSON.stringify([endpoint, payload]);
    if (!ep || ep.idempotent || ep.multipart || seen.has(key) || configReply(ep, app)) return;
    seen.add(key);
    reads.push({ source, read: ep.auth ? [ep.method, ep.path, payload, 1] : [ep.method, ep.path, payload] });
  };
  if (!route.requireApp) {
    for (const [source, endpoint, payload] of s.data) add(endpoint, payload, source);
    for (const [endpoint, payload] of s.enter ?? []) add(endpoint, payload);
  }
  const own = reads.length;
  if (s.games) add(...GAMES_READ);
  for (const [endpoint, payload] of START_READS) add(endpoint, payload);
  if (!reads.length) return undefined;
  const at = s.picture && !route.requireApp ? reads.findIndex((x) => x.source === s.picture![0]) : -1;
  return {
    r: reads.map((x) => x.read),
    ...(own < reads.length ? { n: own } : {}),
    ...(route.auth || route.guard === 'confirmLogin' ? { a: 1 as const } : {}),
    ...(at >= 0 ? { p: [at, s.picture![1]] as [number, string[]] } : {}),
  };
}

/**
 * The entry (src/boot.ts) imports the app only once the shell is on screen; index.html preloads
 * the app's chunk and what it imports, so that the code downloads while the document is parsed.
 * All of it at `fetchpriority="low"`: nothing of the first paint waits for it (module scripts
 * never block rendering, the shell is the first paint), and a browser that has anything the
 * paint does need (the document) serves that first.
 */
export function preloadApp(paths: BuildPaths): Plugin {
  return {
    name: 'preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const app = chunks.find((c) => c.name === 'app');
        if (!app) return html;
        const links = [app.fileName, ...app.imports]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`);
        // the routes as they ship (a route switched off has no chunks to preload)
        const routes = shippedJson<{ routes: RouteConfig[] }>(paths.configDir, 'routes.json')?.routes ?? [];
        const hints = routeChunks(paths, chunks, [app.fileName, ...app.imports], readScreens(paths.configDir), routes);
        return html
          .replace(/<(script type="module"|script async type="module"|link rel="modulepreload")( crossorigin)/g, '<$1$2 fetchpriority="low"')
          .replace('</head>', `${links.join('\n')}\n</head>`)
          .replace('</body>', `<template id="route-chunks">${hints}</template>\n  </body>`);
      },
    },
  };
}
