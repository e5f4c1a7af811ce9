import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { CORE_WIDGETS } from './src/engine/core-widgets';
import { bindingFreeSources, collectRefs } from './src/engine/refs';
import { securityHeadersFor } from './scripts/security-headers';
import { precompressPlugin } from './scripts/compress';

const root = path.dirname(fileURLToPath(import.meta.url));

interface Problem {
  file: string;
  path: string;
  message: string;
}

/**
 * Runs `npm run check:config`'s script with --regenerate: it first brings every generated file up
 * to date (scripts/generated.ts: a widget added or changed, a schema, an endpoint, a filter, an
 * icon), then returns the config's problems. One implementation for CLI, build and dev server.
 */
function runCheck(log: (line: string) => void): Promise<Problem[]> {
  return new Promise((resolve) => {
    execFile(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      [path.join(root, 'scripts', 'check-config.ts'), '--json', '--regenerate'],
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

const format = (problems: Problem[]) => problems.map((p) => `${p.file}: ${p.path}: ${p.message}`).join('\n');

/** What the generated files are made from (scripts/generated.ts), besides screens.config/ */
const GENERATED_FROM = /(widgets[\\/][^\\/]+[\\/]schema\.ts|api[\\/](catalogue|replies)\.ts|engine[\\/](bindings|filter-docs|icon-names)\.ts|src[\\/]styles\.css)$/;

/**
 * A broken screens.config fails the build and shows in the dev server's overlay; the generated
 * files are written before the build reads them, and again in the dev server whenever a widget
 * folder appears or a source of theirs changes (a file written is picked up like any edit).
 */
function configCheck(): Plugin {
  let server: ViteDevServer | undefined;
  const report = async () => {
    const problems = await runCheck((line) => server?.config.logger.info(line, { timestamp: true }));
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
      const problems = await runCheck((line) => this.info(line));
      if (problems.length) this.error(`screens.config has ${problems.length} problem(s):\n${format(problems)}`);
    },
    configureServer(s) {
      server = s;
      void report();
      const changed = (file: string) => {
        // the generated files themselves are written by the check: no second run for them
        if (/\.gen\.ts$|refs\.schema\.json$|widgets\.schema\.json$/.test(file)) return;
        if (file.includes(`${path.sep}screens.config${path.sep}`) || GENERATED_FROM.test(file)) void report();
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
  const dir = path.join(root, 'screens.config', 'screens');
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
  siteName: string;
  theme: { primary: string };
  webApp: { shortName: string; icon: string; backgroundColor: string };
}
const readApp = () => JSON.parse(readFileSync(path.join(root, 'screens.config', 'app.json'), 'utf8')) as AppJson;

/** The site name of app.json as the first title, before the app info arrives; its brand colour as the browser's theme colour. */
function htmlTitle(): Plugin {
  return {
    name: 'html-title',
    transformIndexHtml(html) {
      const app = readApp();
      return html.replace('%APP_TITLE%', app.siteName.replace(/[<>&"]/g, '')).replace('%APP_THEME%', app.theme.primary.replace(/[^#0-9a-fA-F]/g, ''));
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
      name: app.siteName,
      short_name: app.webApp.shortName,
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
      image: path.join('screens.config', app.webApp.icon), // in publicDir, so the icons land at the root of the build
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
  // the web app's source icon (app.json webApp.icon) lives here; the build serves it and makes every icon size from it
  publicDir: 'screens.config/assets',
  // precompressPlugin: .gz and .br next to each built text file, for nginx's gzip_static/brotli_static (deploy/nginx)
  plugins: [react(), configCheck(), devSecurityHeaders(), mockApi(), htmlTitle(), screenIndex(), webApp(), precompressPlugin()],
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
