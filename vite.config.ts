/**
 * How the app is built and served (`npm run build`, `npm start`): each step is a plugin of
 * scripts/vite/, named for what it does; this file lists them in order. See docs/ENGINE.md
 * ("How a screen reaches the phone") and docs/BENCH.md for why each is there.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { configDirOf, distOf } from './src/config/source/paths.ts';
import { brandOrExit } from './scripts/brand-arg.ts';
import { precompressPlugin } from './scripts/compress.ts';
import type { BuildPaths } from './scripts/vite/paths.ts';
import { configJson, configForBrowser } from './scripts/vite/config-json.ts';
import { shippedConfig } from './scripts/vite/shipped-config.ts';
import { configCheck } from './scripts/vite/config-check.ts';
import { devSecurityHeaders, mockApi } from './scripts/vite/dev-server.ts';
import { brandAssets, publicDirOf } from './scripts/vite/brand-assets.ts';
import { appShellHtml } from './scripts/vite/app-shell-html.ts';
import { preloadApp } from './scripts/vite/preload-app.ts';
import { screenIndex } from './scripts/vite/screen-index.ts';
import { apiWire } from './scripts/vite/api-wire.ts';
import { readScreens } from './scripts/vite/screen-facts.ts';
import { chunkGroups, preloadDependencies } from './scripts/vite/chunk-groups.ts';
import { reactRouterPure } from './scripts/vite/react-router-pure.ts';
import { webApp } from './scripts/vite/web-app.ts';
import { releaseFile } from './scripts/vite/release-file.ts';
import { browserFloor } from './scripts/vite/browser-floor.ts';
import { compileHints } from './scripts/vite/compile-hints.ts';
import { brandDir, brandLayers, writeBrandConfig } from './scripts/vite/brand-config.ts';
import { atomicOutDir } from './scripts/vite/atomic-out-dir.ts';
import { networkGuard } from './scripts/vite/network-guard.ts';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Where the build reads from, as the environment says: the product's config folder (screens.config/,
 * or SCREENS_CONFIG_DIR: a copy with an operator's edits; tests), or with BRAND=<id> that brand, its
 * overlay (brands/<id>/) merged over the product into a folder of its own (brand-config.ts, written
 * here: when Vite asks for the config, not when this file is imported).
 */
export function pathsFromEnv(): BuildPaths {
  const productDir = configDirOf(root);
  // a BRAND that names no brand (a typo) ends the command with the brands there are
  const brand = brandOrExit(root);
  if (!brand) return { root, configDir: productDir };
  const layer = brandDir(root, brand);
  return { root, configDir: writeBrandConfig(root, brand, productDir).dir, brand, layers: [productDir, layer] };
}

/** The build and dev server of the app for one config folder (`paths`): its plugins in order, and Vite's settings. */
export function appConfig(paths: BuildPaths): UserConfig {
  /** screens.config/assets/ with the brand filled in (brandAssets): the web app's source icon and the logo live here */
  const publicDir = publicDirOf(paths);
  /** the chunks the build cuts (React, the app, antd-mobile's parts, a screen with what only it draws) */
  const chunks = chunkGroups(paths, readScreens(paths.configDir));
  return {
    publicDir,
    // the brand a page's field data names (src/rum/collect.ts): its folder under brands/, or the product
    define: { 'import.meta.env.BRAND': JSON.stringify(paths.brand ?? 'product') },
    resolve: {
      // the config folder the app imports (src/config/index.ts)
      alias: { '@config': paths.configDir },
    },
    plugins: [
      // the dev server open to the network (`npm start -- --host`): another machine gets the app's page and what it loads, nothing else
      networkGuard(paths),
      // 0. a brand (BRAND): its merged config written again when a file of either layer changes (dev server)
      brandLayers(paths),
      // 1. config JSON with a syntax error shown in the overlay, at its line
      configJson(paths),
      //    and without the parts of the features app.json switches off (features)
      shippedConfig(paths),
      react(),
      // 2. the config checked (and generated files brought up to date) before anything reads it
      configCheck(paths),
      // 3. the dev server (`npm start`): production security headers, the mock API on the same port
      devSecurityHeaders(),
      mockApi(paths.configDir),
      // 4. screens.config/assets/ with the brand filled in, as the public folder
      brandAssets(paths),
      // 5. index.html: brand, stylesheet and the static app shell inline
      appShellHtml(paths),
      // 6. index.html: the app's code preloaded, each route's chunks and early reads
      preloadApp(paths),
      // 7. virtual:screen-index: what each screen needs, so the first screen loads all at once
      screenIndex(paths.configDir),
      // 8. virtual:api-wire: the endpoint catalogue as requests need it, without the payload schemas
      apiWire(),
      // 9. the module graph read for the chunk groups (build.rolldownOptions below)
      chunks.graph,
      // 10. smaller code: react-router's unused API shaken out, config notes stripped
      reactRouterPure(),
      configForBrowser(paths),
      // 11. the installable web app: manifest, icons, service worker
      webApp(paths.configDir, publicDir),
      // 12. version.json and index.html's build id: open pages learn of a release (docs/RELEASES.md)
      releaseFile(),
      // 13. the chunks every tap runs compiled whole as they load (V8's compile hint), not inside the first tap
      compileHints(),
      // 14. .gz and .br next to each built text file, for nginx's gzip_static/brotli_static (deploy/nginx)
      precompressPlugin(),
      // 15. old engines (package.json browserslist): a copy of every chunk lowered to them, and the nomodule notice's script
      browserFloor(),
      // 16. the output folder replaced whole once everything above has written, or left as it was when the build fails
      atomicOutDir(),
    ],
    // the dev server's dependency pre-bundling, told every module of the app up front. From index.html
    // alone it finds what the lazily loaded parts import (the polyfills, a screen's widgets) only when a
    // page asks for them: it then bundles again, fails the page's pending imports (504, "Failed to fetch
    // dynamically imported module") and reloads it. A fresh clone's first `npm start`, and the studio's
    // preview, would open on an error and a second load (studio.e2e failed on it in CI).
    optimizeDeps: { entries: ['index.html', 'src/**/*.{ts,tsx}'] },
    server: {
      // a config folder outside the project (SCREENS_CONFIG_DIR) is served too
      fs: { allow: [root, paths.configDir] },
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
      // dist/, a brand's dist-<id>/ (BRAND), or DIST (docs/BRANDS.md); --outDir (build:test, the tests,
      // the bench) wins over them. atomicOutDir builds beside it and swaps the folder in whole.
      outDir: distOf(paths.brand),
      // current engines; the oldest ones (package.json browserslist) run copies lowered to them (browserFloor)
      target: 'es2020',
      // no polyfill for <link rel=modulepreload> (every browser of the target but Safari < 17 has it;
      // there the entry's imports load when it runs, as they would anyway): 0.3 KB less in the entry
      modulePreload: { polyfill: false, resolveDependencies: preloadDependencies },
      cssCodeSplit: true,
      sourcemap: false,
      reportCompressedSize: false,
      rolldownOptions: {
        output: { codeSplitting: { groups: chunks.groups } },
        // no "[PLUGIN_TIMINGS]" block: on a busy machine it printed which plugin took long (the PWA icons,
        // the config check) on some builds and not others; the build's output, not its speed, is the
        // build's concern (npm run bench measures what a player waits for)
        checks: { bundlerTimings: false },
      },
    },
  };
}

export default defineConfig(() => appConfig(pathsFromEnv()));
