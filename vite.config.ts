import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { CORE_WIDGETS } from './src/engine/core-widgets.ts';
import { bindingFreeSources, collectRefs } from './src/engine/refs.ts';
import { brandOf, fillTemplate, themeCss } from './src/config/brand.ts';
import { overlayFrame, readJsonText } from './src/config/json-text.ts';
import { errorsOf, formatProblems, isWarning } from './src/config/checks/output.ts';
import type { Problem } from './src/config/checks/types.ts';
import { configDirOf, shownPath } from './scripts/config-dir.ts';
import { securityHeadersFor } from './scripts/security-headers.ts';
import { precompressPlugin } from './scripts/compress.ts';

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
 * `virtual:screen-index`: for each screen, the widgets it needs to paint and its data sources
 * that need no binding. With it the app starts loading the screen it opens on (its config,
 * widgets and first data) all at once, instead of finding its widgets only after its config
 * has arrived: a round trip less before the first screen on a phone.
 */
function screenIndex(): Plugin {
  const id = 'virtual:screen-index';
  const resolved = `\0${id}`;
  const dir = path.join(configDir, 'screens');
  const build = () => {
    const out: Record<string, { widgets: string[]; data: ReturnType<typeof bindingFreeSources> }> = {};
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      let screen: { body?: unknown; data?: Parameters<typeof bindingFreeSources>[0] };
      try {
        screen = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      } catch {
        continue; // the config check reports it
      }
      out[file.slice(0, -5)] = { widgets: [...collectRefs(screen.body).widgets], data: bindingFreeSources(screen.data) };
    }
    return `export default ${JSON.stringify(out)};`;
  };
  return {
    name: 'screen-index',
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (i) => (i === resolved ? build() : undefined),
    configureServer(server) {
      server.watcher.on('all', (_event, file) => {
        if (!file.startsWith(dir)) return;
        const mod = server.moduleGraph.getModuleById(resolved);
        if (mod) server.moduleGraph.invalidateModule(mod);
      });
    },
  };
}

interface AppJson {
  brand: { siteName: string; shortName: string; logo?: string };
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
 * The brand colours as CSS custom properties (`virtual:theme.css`, imported by src/main.tsx, part of
 * the one stylesheet): every brand colour of src/ is one of them (src/config/brand.ts themeVars).
 */
function themeStyles(): Plugin {
  const id = 'virtual:theme.css';
  const resolved = `\0${id}`;
  return {
    name: 'theme-styles',
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (i) => (i === resolved ? themeCss(readApp().theme) : undefined),
    handleHotUpdate({ file, server, modules }) {
      if (path.resolve(file) !== path.join(configDir, 'app.json')) return;
      const mod = server.moduleGraph.getModuleById(resolved);
      if (!mod) return;
      server.moduleGraph.invalidateModule(mod);
      return [...modules, mod];
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

/** The brand's site name as the first title, before the app info arrives; its brand colour as the browser's theme colour. */
function htmlTitle(): Plugin {
  return {
    name: 'html-title',
    transformIndexHtml(html) {
      const app = readApp();
      return html.replace('%APP_TITLE%', brandOf(app).siteName.replace(/[<>&"]/g, '')).replace('%APP_THEME%', app.theme.primary.replace(/[^#0-9a-fA-F]/g, ''));
    },
  };
}

/**
 * The shell the service worker installs with (precache): index.html, the entry and what it
 * imports statically (runtime, React, the stylesheet), the shared antd-mobile chunk, the core
 * widgets, the icons, and the toast/dialog layer (so the offline message can show). Every
 * other screen, form and widget chunk is cached the first time it is used (runtime cache below).
 */
const SHELL = /^assets\/(index|rolldown-runtime|react|antd-base|style|core-widgets|icon-paths\.gen|ui-antd|overlays-antd)-[\w-]{8}\.(js|css)$/;

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

const ANTD_BASE = /node_modules[\\/](antd-mobile[\\/]es[\\/](utils|global|locales|components[\\/](config-provider|button|dot-loading|list))|ahooks|tslib|classnames|lodash|@babel[\\/]runtime|staged-components|use-sync-external-store)[\\/]/;
const NOT_BASE = /[\\/](reduce-and-restore-motion|use-drag-and-pinch|use-tab-list-scroll|render|render-to-body|render-to-container|render-imperatively|unstable-render)\.js$/;

export default defineConfig({
  // screens.config/assets/ with the brand filled in (brandAssets): the web app's source icon (app.json
  // webApp.icon) and the logo (brand.logo) live here; the build serves them and makes every icon size from the icon
  publicDir,
  resolve: {
    // the config folder the app imports (src/config/index.ts)
    alias: { '@config': configDir },
  },
  // precompressPlugin: .gz and .br next to each built text file, for nginx's gzip_static/brotli_static (deploy/nginx)
  plugins: [configJson(), react(), configCheck(), devSecurityHeaders(), mockApi(), brandAssets(), themeStyles(), htmlTitle(), screenIndex(), webApp(), precompressPlugin()],
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
    target: 'es2020',
    cssCodeSplit: false,
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
            {
              // the small widgets nearly every screen uses (src/engine/core-widgets.ts), one chunk
              name: 'core-widgets',
              test: new RegExp(`[\\\\/]src[\\\\/]widgets[\\\\/](${CORE_WIDGETS.join('|')})[\\\\/]`),
              priority: 15,
              includeDependenciesRecursively: false,
            },
            {
              // antd-mobile's small shared helpers (utilities, hooks, config provider, locale) and the
              // button and list most screens show, in one chunk instead of about twenty tiny ones: on a
              // phone every request costs a round trip.
              // Not the few helpers that pull in react-dom or the animation and gesture libraries.
              name: 'antd-base',
              test: (id: string) => ANTD_BASE.test(id) && !NOT_BASE.test(id),
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
