import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { CORE_WIDGETS, WIDGET_GROUPS } from './src/engine/core-widgets.ts';
import { bindingFreeSources, collectRefs, keyPicture } from './src/engine/refs.ts';
import { endpoints } from './src/api/catalogue.ts';
import type { EarlyHint } from './src/api/early.ts';
import type { EndpointShape } from './src/api/request.ts';
import { brandOf, fillTemplate, themeCss } from './src/config/brand.ts';
import { overlayFrame, readJsonText } from './src/config/json-text.ts';
import { errorsOf, formatProblems, isWarning } from './src/config/checks/output.ts';
import type { Problem } from './src/config/checks/types.ts';
import { configDirOf, shownPath } from './scripts/config-dir.ts';
import { securityHeadersFor } from './scripts/security-headers.ts';
import { precompressPlugin } from './scripts/compress.ts';
import { appShell } from './scripts/app-shell.ts';
// issue 29: the build's target from package.json browserslist, and the nomodule notice's script
import { browserFloor } from './scripts/browser-floor.ts';
import type { AppConfig, RouteConfig } from './src/config/types.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
/** the config folder: screens.config/, or SCREENS_CONFIG_DIR (a copy with an operator's edits; tests) */
const configDir = configDirOf(root);
const inConfig = (file: string) => path.resolve(file.split('?')[0]).startsWith(configDir + path.sep);

/**
 * Runs `npm run check:config`'s script with --regenerate: it first brings every generated file up
 * to date (scripts/generated.ts: a widget added or changed, a schema, an endpoint, a filter, an
 * icon), then returns the config's problems. One implementation for CLI, build and dev server.
 */
function runCheck(log: (line: string) => void): Promise<Problem[]> {
  return new Promise((resolve) => {
    execFile(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      [path.join(root, 'scripts', 'check-config.ts'), '--json', '--dir', configDir, '--regenerate'],
      { cwd: root, maxBuffer: 8 * 1024 * 1024 },
      (_err, stdout, stderr) => {
        for (const line of stderr.split('\n')) if (line.startsWith('regenerated ')) log(line);
        try {
          resolve(JSON.parse(stdout) as Problem[]);
        } catch {
          resolve([{ file: 'scripts/check-config.ts', path: '/', message: `the config check did not run: ${stderr || stdout}` }]);
        }
      },
    );
  });
}

/**
 * The payload of Vite's error overlay for the config's problems (what its client reads: message,
 * stack, id, loc, frame, plugin); a syntax error is named by file:line:column with its line and caret.
 */
function overlayError(errors: Problem[]) {
  const first = errors[0];
  const file = path.resolve(root, first.file);
  const message = `screens.config has ${errors.length} problem(s):\n${formatProblems(errors)}`;
  return first.line === undefined
    ? { message, stack: '', id: file, plugin: 'config-check' }
    : { message, stack: '', id: file, loc: { file, line: first.line, column: first.column ?? 1 }, frame: overlayFrame(first.frame ?? ''), plugin: 'config-check' };
}

/** What the generated files are made from (scripts/generated.ts), besides the config */
const GENERATED_FROM = /(widgets[\\/][^\\/]+[\\/]schema\.ts|api[\\/](catalogue|replies)\.ts|engine[\\/](bindings|filter-docs|icon-names)\.ts|config[\\/]brand\.ts|src[\\/]styles\.css)$/;

/**
 * A broken screens.config fails the build and shows in the dev server's overlay; warnings are
 * printed and let it go on. The generated files are written before the build reads them, and again
 * in the dev server whenever a widget folder appears or a source of theirs changes (a file written
 * is picked up like any edit).
 */
function configCheck(): Plugin {
  let server: ViteDevServer | undefined;
  const report = async () => {
    const problems = await runCheck((line) => server?.config.logger.info(line, { timestamp: true }));
    const errors = errorsOf(problems);
    if (server) {
      const warnings = problems.filter(isWarning);
      if (warnings.length) server.config.logger.warn(formatProblems(warnings));
      if (errors.length) {
        server.config.logger.error(`screens.config has ${errors.length} problem(s):\n${formatProblems(errors)}`);
        server.ws.send({ type: 'error', err: overlayError(errors) });
      }
    }
    return problems;
  };
  return {
    name: 'config-check',
    async buildStart() {
      if (server) return;
      const problems = await runCheck((line) => this.info(line));
      const errors = errorsOf(problems);
      if (problems.length > errors.length) this.warn(formatProblems(problems.filter(isWarning)));
      if (errors.length) this.error(`screens.config has ${errors.length} problem(s):\n${formatProblems(errors)}`);
    },
    configureServer(s) {
      server = s;
      void report();
      const changed = (file: string) => {
        // the generated files themselves are written by the check: no second run for them
        if (/\.gen\.ts$|refs\.schema\.json$|widgets\.schema\.json$/.test(file)) return;
        if (inConfig(file) || GENERATED_FROM.test(file)) void report();
      };
      s.watcher.on('change', changed);
      s.watcher.on('add', changed);
      s.watcher.on('unlink', changed);
    },
  };
}

/** The mock API inside the dev server: one process, one port (loaded through Vite's SSR loader). */
function mockApi(): Plugin {
  return {
    name: 'mock-api',
    async configureServer(server) {
      type Mod = typeof import('./mock-server/app');
      const { createApp } = (await server.ssrLoadModule('/mock-server/app.ts')) as Mod;
      // absolute urls (service, game pages) on the address the dev server listens on, unless MOCK_PUBLIC_ORIGIN says otherwise
      const publicOrigin = process.env.MOCK_PUBLIC_ORIGIN ?? `http://localhost:${server.config.server.port ?? 5173}`;
      server.middlewares.use(createApp({ latencyMs: Number(process.env.MOCK_LATENCY_MS) || 0, publicOrigin }));
    },
  };
}

/** `npm start` sends the production security headers too, with the dev server's own allowances (see scripts/security-headers.ts). */
function devSecurityHeaders(): Plugin {
  return {
    name: 'dev-security-headers',
    configureServer(server) {
      server.middlewares.use(securityHeadersFor({ dev: { port: server.config.server.port ?? 5173 } }));
    },
  };
}

/**
 * For each route, the chunks its screen needs to paint (its config and forms, the widgets it
 * draws, their field types, what they import and their stylesheets), as files of the build: JSON
 * in a <template> of index.html (inert, and no script: the page carries none inline) that src/boot.ts reads
 * to fetch the opening screen's chunks at the same time as the app's own code, not after it.
 * `{ f: [file, ...], r: { "/path": [index into f, ...] } }`.
 */
function routeChunks(chunks: { fileName: string; moduleIds: string[]; imports: string[]; viteMetadata?: { importedCss: Set<string> } }[], loaded: string[]): string {
  const chunkOf = new Map<string, (typeof chunks)[number]>();
  for (const c of chunks) for (const id of c.moduleIds) chunkOf.set(id, c);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const src = (...p: string[]) => path.join(root, ...p);
  const FIELD_MODULES: Record<string, string> = { textarea: 'form-textarea.tsx', select: 'form-choice.tsx', date: 'form-choice.tsx', radio: 'form-choice.tsx' };
  const screens = readScreens();
  const routes = (JSON.parse(readFileSync(path.join(configDir, 'routes.json'), 'utf8')) as { routes: RouteConfig[] }).routes;
  const files: string[] = [];
  const indexOf = (f: string) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1);
  const r: Record<string, number[]> = {};
  const e: Record<string, EarlyHint> = {};
  for (const route of routes) {
    const s = screens[route.screen];
    if (!s) continue;
    const early = earlyReads(route, s);
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
 * A route's early reads (src/api/early.ts): its screen's binding-free first data, which src/boot.ts
 * starts before the app has run. None for a route that may be refused before it shows (requireApp:
 * the app's info decides), and none a visitor would be sent away from without a token.
 */
function earlyReads(route: RouteConfig, s: ScreenFacts): EarlyHint | undefined {
  if (route.requireApp || !s.data.length) return undefined;
  const reads = s.data.flatMap(([source, endpoint, payload]) => {
    const ep = (endpoints as Record<string, EndpointShape | undefined>)[endpoint];
    return ep && !ep.idempotent && !ep.multipart ? [{ source, read: [ep.method, ep.path, payload] as EarlyHint['r'][number] }] : [];
  });
  if (!reads.length) return undefined;
  const at = s.picture ? reads.findIndex((x) => x.source === s.picture![0]) : -1;
  return {
    r: reads.map((x) => x.read),
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
function preloadApp(): Plugin {
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
        return html
          .replace(/<(script type="module"|script async type="module"|link rel="modulepreload")( crossorigin)/g, '<$1$2 fetchpriority="low"')
          .replace('</head>', `${links.join('\n')}\n</head>`)
          .replace('</body>', `<template id="route-chunks">${routeChunks(chunks, [app.fileName, ...app.imports])}</template>\n  </body>`);
      },
    },
  };
}

/**
 * `virtual:screen-index`: for each screen, the widgets it needs to paint, its forms and the types
 * of their fields, and its data sources that need no binding. With it the app starts loading the screen it opens on (its config,
 * widgets and first data) all at once, instead of finding its widgets only after its config
 * has arrived: a round trip less before the first screen on a phone.
 */
interface ScreenFacts {
  widgets: string[];
  deferred: string[];
  forms: string[];
  fields: string[];
  data: ReturnType<typeof bindingFreeSources>;
  /** the key picture: a binding-free source and its item fields (refs.ts keyPicture) */
  picture?: [string, string[]];
}

/** what each screen of screens.config/screens draws, for the screen index and the chunk groups below */
function readScreens(): Record<string, ScreenFacts> {
  const dir = path.join(configDir, 'screens');
  const formsDir = path.join(configDir, 'forms');
  const readJson = <T,>(file: string): T | undefined => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as T;
    } catch {
      return undefined; // the config check reports it
    }
  };
  const out: Record<string, ScreenFacts> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const screen = readJson<{ body?: unknown; data?: Parameters<typeof bindingFreeSources>[0] }>(path.join(dir, file));
    if (!screen) continue;
    const refs = collectRefs(screen.body);
    const fields = new Set<string>();
    for (const f of refs.forms) for (const field of readJson<{ fields?: { type?: string }[] }>(path.join(formsDir, `${f}.json`))?.fields ?? []) if (field.type) fields.add(field.type);
    const data = bindingFreeSources(screen.data);
    const picture = keyPicture(screen.body, data.map(([source]) => source));
    out[file.slice(0, -5)] = { widgets: [...refs.widgets], deferred: [...refs.deferred], forms: [...refs.forms], fields: [...fields], data, ...(picture ? { picture } : {}) };
  }
  return out;
}

function screenIndex(): Plugin {
  const id = 'virtual:screen-index';
  const resolved = `\0${id}`;
  const dir = path.join(configDir, 'screens');
  const formsDir = path.join(configDir, 'forms');
  const build = () => {
    const out = Object.fromEntries(Object.entries(readScreens()).map(([name, { widgets, forms, fields, data }]) => [name, { widgets, forms, fields, data }]));
    return `export default ${JSON.stringify(out)};`;
  };
  return {
    name: 'screen-index',
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (i) => (i === resolved ? build() : undefined),
    configureServer(server) {
      server.watcher.on('all', (_event, file) => {
        if (!file.startsWith(dir) && !file.startsWith(formsDir)) return;
        const mod = server.moduleGraph.getModuleById(resolved);
        if (mod) server.moduleGraph.invalidateModule(mod);
      });
    },
  };
}

/**
 * index.html from screens.config/: the brand's site name as the first title and its brand colour as
 * the browser's theme colour (app.json brand and theme, src/config/brand.ts), the app's global
 * stylesheet (src/styles.css) and the brand colours (themeCss) inline,
 * and the static app shell (scripts/app-shell.ts), painted before any JavaScript. The policy allows
 * inline styles, no inline script: the shell picks its frame for the route with CSS alone.
 */
function appShellHtml(): Plugin {
  const styles = path.join(root, 'src', 'styles.css');
  const sources = [styles, configDir];
  return {
    name: 'app-shell-html',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const app = readApp();
        const shell = appShell(configDir, app);
        const primary = app.theme.primary.replace(/[^#0-9a-fA-F]/g, '');
        const css = `${readFileSync(styles, 'utf8')}\n${themeCss(app.theme)}${shell.css}`;
        return html
          .replace('%APP_TITLE%', brandOf(app).siteName.replace(/[<>&"]/g, ''))
          .replace('%APP_THEME%', primary)
          .replace('</head>', `<style>${css}</style>\n  </head>`)
          .replace('<div id="root"></div>', `<div id="root">${shell.markup}</div>`);
      },
    },
    configureServer(server) {
      // index.html is made from these: a change reloads the page (the stylesheet is no module to hot-swap)
      server.watcher.add(styles);
      server.watcher.on('change', (file) => {
        if (sources.some((s) => file === s || file.startsWith(`${s}${path.sep}`)) && !file.includes(`${path.sep}schema${path.sep}`)) server.ws.send({ type: 'full-reload' });
      });
    },
  };
}

interface AppJson {
  brand: { siteName: string; shortName: string; logo?: string };
  tabBar?: AppConfig['tabBar'];
  theme: { primary: string };
  webApp: { icon: string; backgroundColor: string };
}
/** What the build draws with while app.json cannot be read (the config check fails the build; the dev server shows why). */
const FALLBACK_APP: AppJson = { brand: { siteName: 'screens.config', shortName: 'config' }, theme: { primary: '#1366e6' }, webApp: { icon: 'assets/app-icon.svg', backgroundColor: '#ffffff' } };
/** app.json as the build reads it; a broken one must not stop the dev server from starting and showing the error */
function readApp(): AppJson {
  try {
    const r = readJsonText(readFileSync(path.join(configDir, 'app.json'), 'utf8'));
    const app = r.ok ? (r.json as Partial<AppJson>) : {};
    const ok = app.brand && typeof app.brand.siteName === 'string' && app.theme && typeof app.theme.primary === 'string' && app.webApp && typeof app.webApp.icon === 'string';
    return ok ? (app as AppJson) : FALLBACK_APP;
  } catch {
    return FALLBACK_APP;
  }
}

/**
 * Config JSON the app imports (app, messages, routes, every screen and form), read first by us:
 * a syntax error becomes an error Vite's overlay can show (file:line:column, the line with a
 * caret, the hint of src/config/json-text.ts), where Vite's own JSON plugin would throw one the
 * overlay cannot draw (a blank page). Valid files go on to Vite's JSON plugin unchanged.
 */
function configJson(): Plugin {
  return {
    name: 'screens-config-json',
    enforce: 'pre',
    configureServer(server) {
      // a config folder outside the project (SCREENS_CONFIG_DIR) is watched too, so a fix reloads the page
      if (!configDir.startsWith(root + path.sep)) server.watcher.add(configDir);
    },
    load(id) {
      const file = id.split('?')[0];
      if (!file.endsWith('.json') || !inConfig(file)) return null;
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
 * screens.config/assets/ as the build serves it (the public folder): SVGs with {{theme.primary}},
 * {{brand.siteName}} or {{brand.shortName}} filled in from app.json (the app icon takes the brand
 * colour), other files as they are. Written to node_modules/.cache/screens-assets/<config>/ when
 * the config is loaded and again when an asset or app.json changes in the dev server (the icons
 * vite-plugin-pwa makes from it in the dev server follow at its next start). Beside each folder
 * `<config>.source` names the config folder it was made from; folders of config folders that no
 * longer exist (the tests' temporary copies) are removed.
 */
const assetsCache = path.join(root, 'node_modules', '.cache', 'screens-assets');
const publicDir = path.join(assetsCache, createHash('sha1').update(configDir).digest('hex').slice(0, 10));
function writePublicAssets(): string[] {
  const app = readApp();
  const unknown: string[] = [];
  const src = path.join(configDir, 'assets');
  rmSync(publicDir, { recursive: true, force: true });
  mkdirSync(publicDir, { recursive: true });
  writeFileSync(`${publicDir}.source`, configDir);
  for (const marker of readdirSync(assetsCache).filter((n) => n.endsWith('.source'))) {
    const from = readFileSync(path.join(assetsCache, marker), 'utf8');
    if (existsSync(from)) continue;
    rmSync(path.join(assetsCache, marker.slice(0, -'.source'.length)), { recursive: true, force: true });
    rmSync(path.join(assetsCache, marker), { force: true });
  }
  for (const name of existsSync(src) ? readdirSync(src) : []) {
    const from = path.join(src, name);
    if (name.endsWith('.svg')) {
      const names: string[] = [];
      writeFileSync(path.join(publicDir, name), fillTemplate(readFileSync(from, 'utf8'), app, names));
      unknown.push(...names.map((n) => `${shownPath(root, from)}: unknown name {{${n}}} (expected theme.primary, brand.siteName or brand.shortName)`));
    } else copyFileSync(from, path.join(publicDir, name));
  }
  return unknown;
}
function brandAssets(): Plugin {
  const problems = writePublicAssets();
  return {
    name: 'brand-assets',
    buildStart() {
      if (problems.length) this.error(problems.join('\n'));
    },
    configureServer(server) {
      for (const p of problems) server.config.logger.error(p);
      server.watcher.on('all', (_event, file) => {
        if (!inConfig(file) || !(file.startsWith(path.join(configDir, 'assets')) || path.resolve(file) === path.join(configDir, 'app.json'))) return;
        for (const p of writePublicAssets()) server.config.logger.error(p);
      });
    },
  };
}

/**
 * What the service worker installs with (precache): index.html, the entry and what it imports
 * statically (runtime, React), antd-mobile's first-paint part with the core widgets (antd-base),
 * the list widgets, the icons, and the toast/dialog layer (so the offline message can show).
 * Every other screen, form and widget chunk is cached the first time it is used (runtime cache
 * below), and the page hands the worker what it fetched before the worker was in charge.
 */
const SHELL = /^assets\/(index|app|rolldown-runtime|react|antd-base|list-widgets|icon-outlines|ui-antd|overlays-antd)-[\w-]{8}\.(js|css)$/;

/**
 * The installable web app (vite-plugin-pwa, Workbox's generateSW): manifest and icons from
 * app.json, the shell precached, chunks and API images cached on first use. Nothing else goes
 * through a cache: not /api, not /__mock, not the game, service or sponsor frames (only the app's
 * own page, /, is answered from the cache when navigated to). The page registers the worker
 * itself once the first screen has shown its data (src/shell/NetworkStatus.tsx).
 */
function webApp() {
  const app = readApp();
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      id: '/',
      name: brandOf(app).siteName,
      short_name: brandOf(app).shortName,
      lang: 'zh-CN',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: app.theme.primary,
      background_color: app.webApp.backgroundColor,
    },
    pwaAssets: {
      image: path.join(publicDir, path.relative('assets', app.webApp.icon)), // in publicDir (its colours filled in), so the icons land at the root of the build
      preset: 'minimal-2023',
      includeHtmlHeadLinks: true,
      overrideManifestIcons: true,
      injectThemeColor: false,
    },
    workbox: {
      globPatterns: ['index.html', 'assets/*.{js,css}', '*.{png,ico,svg}'],
      manifestTransforms: [async (entries) => ({ manifest: entries.filter((e) => e.url === 'index.html' || SHELL.test(e.url) || !e.url.startsWith('assets/')), warnings: [] })],
      navigateFallback: 'index.html',
      navigateFallbackAllowlist: [/^\/(index\.html)?(\?.*)?$/],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: false,
      runtimeCaching: [
        {
          // hashed chunks never change: the cache first, the network once
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/') && /\.(js|css)$/.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: 'chunks', expiration: { maxEntries: 200, purgeOnQuotaError: true }, cacheableResponse: { statuses: [200] } },
        },
        {
          // images the API points at (banners, game tiles, avatars): shown from the cache, refreshed
          // in the background; at most 80 of them, none older than a week. Opaque replies from
          // other origins are not kept (each would count as megabytes against the quota).
          urlPattern: ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/__mock/'),
          handler: 'StaleWhileRevalidate',
          options: { cacheName: 'images', expiration: { maxEntries: 80, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }, cacheableResponse: { statuses: [200] } },
        },
      ],
    },
  });
}

/**
 * A widget only one screen draws (home's carousel, notice bar, drawer and side tabs), and a form
 * only one screen shows (login's login and register forms), travel in that screen's own chunk,
 * with its config: one request and one stylesheet where each was a request or two of its own. On a phone every request costs a round trip, and an HTTP/1.1 host serves
 * six at a time. Widgets a screen shows later (under a `when`), and widgets several screens use,
 * keep chunks of their own; the core and list widgets have their groups (engine/core-widgets.ts).
 */
function screenChunkGroups() {
  const screens = readScreens();
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
 * The config files as the browser gets them: without the top-level `$schema` and `description`
 * (editor and operator notes the app never reads), a few hundred bytes off every first paint.
 */
function configForBrowser(): Plugin {
  const dir = `${configDir}${path.sep}`;
  return {
    name: 'config-for-browser',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(dir) || !id.endsWith('.json')) return undefined;
      try {
        const { $schema: _schema, description: _description, ...rest } = JSON.parse(code) as Record<string, unknown>;
        return { code: JSON.stringify(rest), map: null };
      } catch {
        return undefined; // the config check reports it
      }
    },
  };
}

/**
 * react-router 7 ships its whole API in one module, whose top-level React calls (forwardRef,
 * createContext, memo) carry no pure annotation and whose components get debug-only `displayName`
 * assignments: both count as side effects, so Link, NavLink, Form, prefetching and the data
 * router's hooks stayed in the entry although the app uses none of them (about 4 KB gzipped of the
 * first paint). The build marks those calls pure (they are) and drops the displayName lines
 * (read by React DevTools only); what the app imports is unchanged.
 */
function reactRouterPure(): Plugin {
  return {
    name: 'react-router-pure',
    apply: 'build',
    transform(code, id) {
      if (!/node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/.test(id)) return undefined;
      return {
        code: code
          .replace(/^([A-Za-z_$][\w$]*)\.displayName = "[^"\n]*";$/gm, '')
          .replace(/^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2'),
        map: null,
      };
    },
  };
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
const ANTD_GROUPS: { name: string; roots: RegExp; with?: RegExp }[] = [
  {
    name: 'antd-base',
    roots: /node_modules[\\/]antd-mobile[\\/]es[\\/](global[\\/]index|components[\\/](button|config-provider)[\\/]index)\.js$/,
    // the core widgets (Stack, Text, Button: nearly every screen)
    with: widgetsOf('antd-base'),
  },
  {
    name: 'Form',
    roots: /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/]input[\\/]index\.js$/,
    // the form engine and its widget (react-hook-form comes with them)
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
const antdGroupOf = new Map<string, string>();
/** the app's code that src/main.tsx imports (statically): one chunk, `app` (the entry, boot.ts, imports it once the shell is on screen) */
const appModules = new Set<string>();
const APP_ROOT = /[\\/]src[\\/]main\.tsx$/;
const BOOT_ROOT = /[\\/]src[\\/]boot\.ts$/;
function antdGroupsGraph(): Plugin {
  return {
    name: 'antd-groups-graph',
    apply: 'build',
    buildEnd() {
      antdGroupOf.clear();
      appModules.clear();
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[], skip: (id: string) => boolean) => {
        const out = new Set(roots);
        const queue = [...roots];
        while (queue.length) {
          for (const dep of this.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
            if (out.has(dep) || skip(dep)) continue;
            out.add(dep);
            queue.push(dep);
          }
        }
        return out;
      };
      // what the entry (boot.ts) imports itself stays with it: Vite's preload helper, the install-prompt listener
      const boot = closure(ids.filter((id) => BOOT_ROOT.test(id)), () => false);
      for (const id of closure(ids.filter((id) => APP_ROOT.test(id)), (id) => boot.has(id))) appModules.add(id);
      for (const { name, roots } of ANTD_GROUPS) {
        const queue = ids.filter((id) => roots.test(id) && !antdGroupOf.has(id));
        for (const id of queue) antdGroupOf.set(id, name);
        while (queue.length) {
          for (const dep of this.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
            if (!dep.includes('node_modules') || /node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(dep) || BARREL.test(dep) || antdGroupOf.has(dep)) continue;
            antdGroupOf.set(dep, name);
            queue.push(dep);
          }
        }
      }
    },
  };
}

export default defineConfig({
  // screens.config/assets/ with the brand filled in (brandAssets): the web app's source icon (app.json
  // webApp.icon) and the logo (brand.logo) live here; the build serves them and makes every icon size from the icon
  publicDir,
  resolve: {
    // the config folder the app imports (src/config/index.ts)
    alias: { '@config': configDir },
  },
  // precompressPlugin: .gz and .br next to each built text file, for nginx's gzip_static/brotli_static (deploy/nginx)
  plugins: [
    configJson(),
    react(),
    configCheck(),
    devSecurityHeaders(),
    mockApi(),
    brandAssets(),
    appShellHtml(),
    preloadApp(),
    screenIndex(),
    antdGroupsGraph(),
    reactRouterPure(),
    configForBrowser(),
    webApp(),
    precompressPlugin(),
    browserFloor(),
  ],
  server: {
    // a config folder outside the project (SCREENS_CONFIG_DIR) is served too
    fs: { allow: [root, configDir] },
    port: Number(process.env.PORT) || 5173,
    strictPort: true,
    // no CORS for any other origin (Vite allows localhost ones by default): the mock answers /api itself
    cors: false,
  },
  preview: {
    port: Number(process.env.PORT) || 4173,
    strictPort: true,
  },
  build: {
    // target: the oldest engines, package.json browserslist (browserFloor, scripts/browser-floor.ts)
    // no polyfill for <link rel=modulepreload> (every browser of the target but Safari < 17 has it;
    // there the entry's imports load when it runs, as they would anyway): 0.3 KB less in the entry
    modulePreload: {
      polyfill: false,
      // React, the runtime and the entry are loaded before any dynamic import runs: not listed again
      // for each one (index.html itself still preloads the entry's imports)
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((d) => !/^assets\/(index|app|react|rolldown-runtime)-[\w-]{8}\.js$/.test(d))),
    },
    cssCodeSplit: true,
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React in its own chunk, so the helpers below do not drag it in (nor the entry into them)
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 20,
            },
            // everything else the app imports at start, in one chunk: one request, one gzip dictionary
            { name: 'app', test: (id: string) => appModules.has(id), priority: 5, includeDependenciesRecursively: false },
            // a screen with the widgets only it draws (screenChunkGroups above)
            ...screenChunkGroups(),
            // antd-mobile cut along what screens draw, each part with the app's widgets that draw with it
            // (antdGroupsGraph above): only the files named, the engine they import is the entry's
            ...ANTD_GROUPS.map(({ name, with: own }) => ({
              name,
              test: (id: string) => antdGroupOf.get(id) === name || !!own?.test(id),
              priority: 10,
              includeDependenciesRecursively: false,
            })),
          ],
        },
      },
    },
  },
});
