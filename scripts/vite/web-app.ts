/**
 * The installable web app (vite-plugin-pwa, Workbox's generateSW): manifest and icons from
 * app.json, the shell precached, chunks and API images cached on first use. Nothing else goes
 * through a cache: not /api, not /__mock, not the game, service or sponsor frames (only the app's
 * own page, /, is answered from the cache when navigated to). The page registers the worker
 * itself once the first screen has shown its data (src/shell/UpdatePrompt.tsx).
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { brandOf } from '../../src/config/brand.ts';
import { readApp } from './app-json.ts';

/**
 * What the service worker installs with (precache): index.html, the entry and what it imports
 * statically (runtime, React), antd-mobile's first-paint part with the core widgets (antd-base),
 * the list widgets, the icons, and the toast/dialog layer (so the offline message can show).
 * Every other screen, form and widget chunk is cached the first time it is used (runtime cache
 * below), and the page hands the worker what it fetched before the worker was in charge.
 */
const SHELL = /^assets\/(index|app|rolldown-runtime|react|antd-base|list-widgets|icon-outlines|ui-antd)-[\w-]{8}\.(js|css)$/;

/** whether a file of the build (its url in the precache manifest) is precached */
export function precached(url: string): boolean {
  return url === 'index.html' || SHELL.test(url) || !url.startsWith('assets/');
}

/**
 * vite-plugin-pwa's build step, drawing the icons and writing the service worker only once the
 * bundle is written and nothing has failed. It draws them in its closeBundle, which the bundler
 * also runs for a build that failed at its start (a broken app icon refused by brand-assets.ts),
 * without the error when a plugin's buildEnd threw it again (vite-plugin-pwa's does): it would draw
 * the broken picture anyway (sharp, every size at once, can corrupt its own memory doing so and end
 * the process with no message), and its error would take the place of the one that names the file.
 */
/** the sub-plugin of vite-plugin-pwa that draws the icons and writes the worker in its closeBundle */
export const PWA_BUILD = 'vite-plugin-pwa:build';

export function onlyWhenBuilt(plugins: Plugin[]): Plugin[] {
  // it is vite-plugin-pwa's own part, known here by its name: an upgrade that renames it or moves its
  // work out of an object-form closeBundle would leave the guard silently off, so it stops the build
  const target = plugins.find((p) => p.name === PWA_BUILD);
  if (!target || !target.closeBundle || typeof target.closeBundle === 'function') {
    throw new Error(`scripts/vite/web-app.ts: vite-plugin-pwa has no plugin "${PWA_BUILD}" with a closeBundle handler object (its plugins: ${plugins.map((p) => p.name).join(', ')}); its icons and service worker would be written after a failed build: update onlyWhenBuilt for this version`);
  }
  let built = false;
  const watch: Plugin = {
    name: 'web-app:built',
    apply: 'build',
    buildStart() {
      built = false;
    },
    // only a build that got this far (no failure at its start, in its bundling or its output) wrote its bundle
    writeBundle() {
      built = true;
    },
  };
  return [
    watch,
    ...plugins.map((p) => {
      const hook = p.closeBundle;
      if (p !== target || !hook || typeof hook === 'function') return p;
      const { handler } = hook;
      return {
        ...p,
        closeBundle: {
          ...hook,
          handler(this: ThisParameterType<typeof handler>, ...args: Parameters<typeof handler>) {
            return built ? handler.apply(this, args) : undefined;
          },
        },
      };
    }),
  ];
}

/** `publicDir`: the brand assets (brand-assets.ts), where the web app's source icon is */
export function webApp(configDir: string, publicDir: string) {
  const app = readApp(configDir);
  return onlyWhenBuilt(VitePWA({
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
      manifestTransforms: [async (entries) => ({ manifest: entries.filter((e) => precached(e.url)), warnings: [] })],
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
  }));
}
