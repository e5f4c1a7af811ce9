import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { bindingFreeSources, collectRefs } from './src/engine/refs';
import { securityHeadersFor } from './scripts/security-headers';
import { appShell } from './scripts/app-shell';
import { brand } from './scripts/brand';

const root = path.dirname(fileURLToPath(import.meta.url));

interface Problem {
  file: string;
  path: string;
  message: string;
}

/** Runs `npm run check:config`'s script and returns its problems (one implementation for CLI, build, dev). */
function runCheck(): Promise<Problem[]> {
  return new Promise((resolve) => {
    execFile(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      [path.join(root, 'scripts', 'check-config.ts'), '--json'],
      { cwd: root, maxBuffer: 8 * 1024 * 1024 },
      (_err, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout) as Problem[]);
        } catch {
          resolve([{ file: 'scripts/check-config.ts', path: '/', message: `the config check did not run: ${stderr || stdout}` }]);
        }
      },
    );
  });
}

const format = (problems: Problem[]) => problems.map((p) => `${p.file}: ${p.path}: ${p.message}`).join('\n');

/** A broken screens.config fails the build and shows in the dev server's overlay. */
function configCheck(): Plugin {
  let server: ViteDevServer | undefined;
  const report = async () => {
    const problems = await runCheck();
    if (problems.length && server) {
      const message = `screens.config has ${problems.length} problem(s):\n${format(problems)}`;
      server.config.logger.error(message);
      server.ws.send({ type: 'error', err: { message, stack: '', plugin: 'config-check' } });
    }
    return problems;
  };
  return {
    name: 'config-check',
    async buildStart() {
      if (server) return;
      const problems = await runCheck();
      if (problems.length) this.error(`screens.config has ${problems.length} problem(s):\n${format(problems)}`);
    },
    configureServer(s) {
      server = s;
      void report();
      s.watcher.on('change', (file) => {
        if (file.includes(`${path.sep}screens.config${path.sep}`) || /widgets[\\/][^\\/]+[\\/]schema\.ts$/.test(file)) void report();
      });
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
  const CORE = ['Stack', 'Text', 'Button'];
  const LIST = ['Cell', 'Menu'];
  const screens = readScreens();
  const routes = (JSON.parse(readFileSync(src('screens.config', 'routes.json'), 'utf8')) as { routes: { path: string; screen: string }[] }).routes;
  const files: string[] = [];
  const indexOf = (f: string) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1);
  const r: Record<string, number[]> = {};
  for (const route of routes) {
    const s = screens[route.screen];
    if (!s) continue;
    const modules = [
      src('screens.config', 'screens', `${route.screen}.json`),
      ...s.forms.map((f) => src('screens.config', 'forms', `${f}.json`)),
      ...s.widgets.map((w) => (CORE.includes(w) ? src('src', 'engine', 'core-widgets.ts') : LIST.includes(w) ? src('src', 'engine', 'list-widgets.ts') : src('src', 'widgets', w, 'index.tsx'))),
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
  return JSON.stringify({ f: files, r }).replace(/[<&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
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
}

/** what each screen of screens.config/screens draws, for the screen index and the chunk groups below */
function readScreens(): Record<string, ScreenFacts> {
  const dir = path.join(root, 'screens.config', 'screens');
  const formsDir = path.join(root, 'screens.config', 'forms');
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
    out[file.slice(0, -5)] = { widgets: [...refs.widgets], deferred: [...refs.deferred], forms: [...refs.forms], fields: [...fields], data: bindingFreeSources(screen.data) };
  }
  return out;
}

function screenIndex(): Plugin {
  const id = 'virtual:screen-index';
  const resolved = `\0${id}`;
  const dir = path.join(root, 'screens.config', 'screens');
  const formsDir = path.join(root, 'screens.config', 'forms');
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
 * index.html from screens.config/: the site's name as the first title and its brand colour as the
 * browser's theme colour (scripts/brand.ts), the app's global stylesheet (src/styles.css) inline,
 * and the static app shell (scripts/app-shell.ts), painted before any JavaScript. The policy allows
 * inline styles, no inline script: the shell picks its frame for the route with CSS alone.
 */
function appShellHtml(): Plugin {
  const styles = path.join(root, 'src', 'styles.css');
  const sources = [styles, path.join(root, 'screens.config')];
  return {
    name: 'app-shell-html',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const b = brand(root);
        const shell = appShell(root);
        const primary = b.primary.replace(/[^#0-9a-fA-F]/g, '');
        const css = `${readFileSync(styles, 'utf8')}\nhtml:root{--adm-color-primary:${primary}}\n${shell.css}`;
        return html
          .replace('%APP_TITLE%', b.siteName.replace(/[<>&"]/g, ''))
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
  const b = brand(root);
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      id: '/',
      name: b.siteName,
      short_name: b.shortName,
      lang: 'zh-CN',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: b.primary,
      background_color: b.background,
    },
    pwaAssets: {
      image: path.join('screens.config', b.icon), // in publicDir, so the icons land at the root of the build
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
 * keep chunks of their own; the core and list widgets have their groups (engine/core-widgets.ts,
 * list-widgets.ts).
 */
function screenChunkGroups() {
  const screens = readScreens();
  const users = new Map<string, Set<string>>();
  for (const [name, s] of Object.entries(screens)) for (const w of [...s.widgets, ...s.deferred]) (users.get(w) ?? users.set(w, new Set()).get(w)!).add(name);
  const formUsers = new Map<string, number>();
  for (const s of Object.values(screens)) for (const f of s.forms) formUsers.set(f, (formUsers.get(f) ?? 0) + 1);
  const grouped = new Set(['Stack', 'Text', 'Button', 'Cell', 'Menu']);
  return Object.entries(screens).flatMap(([name, s]) => {
    const own = s.widgets.filter((w) => !grouped.has(w) && users.get(w)?.size === 1);
    const forms = s.forms.filter((f) => formUsers.get(f) === 1);
    if (!own.length && !forms.length) return [];
    const files = [path.join(root, 'screens.config', 'screens', `${name}.json`), ...forms.map((f) => path.join(root, 'screens.config', 'forms', `${f}.json`))];
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
  const dir = `${path.join(root, 'screens.config')}${path.sep}`;
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
const ANTD_GROUPS: { name: string; roots: RegExp; with?: RegExp }[] = [
  {
    name: 'antd-base',
    roots: /node_modules[\\/]antd-mobile[\\/]es[\\/](global[\\/]index|components[\\/](button|config-provider)[\\/]index)\.js$/,
    // the core widgets (Stack, Text, Button: nearly every screen)
    with: /[\\/]src[\\/](engine[\\/]core-widgets\.ts|widgets[\\/](Stack|Text|Button)[\\/])/,
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
    with: /[\\/]src[\\/](engine[\\/]list-widgets\.ts|widgets[\\/](Cell|Menu)[\\/])/,
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
  // the web app's source icon (app.json webApp.icon) lives here; the build serves it and makes every icon size from it
  publicDir: 'screens.config/assets',
  plugins: [react(), configCheck(), devSecurityHeaders(), mockApi(), appShellHtml(), preloadApp(), screenIndex(), antdGroupsGraph(), reactRouterPure(), configForBrowser(), webApp()],
  server: {
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
    target: 'es2020',
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
