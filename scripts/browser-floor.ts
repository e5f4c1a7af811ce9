/**
 * The oldest engines the app runs on, declared once: package.json `browserslist` (Chrome 64, iOS
 * Safari 12.2; WeChat's, QQ's, UC's and Alipay's WebViews lag years behind Chrome). From it:
 * - the build's syntax target (this plugin: `build.target`, which Vite 8's transformer (Oxc)
 *   lowers to: `?.`, `??`, class fields, `catch {}`...);
 * - the polyfills (src/polyfills.ts, loaded by src/boot.ts only where a call is missing);
 * - the lint (eslint-plugin-compat in eslint.config.js reads the same list).
 * An engine too old for modules runs the page's one classic script, nomodule.js, written here: it
 * shows the notice scripts/app-shell.ts put in the shell (no inline script: the CSP allows none).
 *
 * Not @vitejs/plugin-legacy: its `modernPolyfills` are loaded by every browser, current ones too,
 * and its legacy build detects with inline scripts the CSP forbids.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import browserslistToEsbuild from 'browserslist-to-esbuild';
import type { Plugin } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** the build's targets, from package.json browserslist (e.g. chrome64, ios12, safari12) */
export const floorTargets = (): string[] => browserslistToEsbuild(undefined, { path: root });

/** the whole nomodule script: ES3, for an engine that runs no module (it never runs elsewhere) */
const NOMODULE_JS = "document.documentElement.className += ' no-module';\n";

export function browserFloor(): Plugin {
  let base = '/';
  let build = false;
  return {
    name: 'browser-floor',
    config: () => ({ build: { target: floorTargets() } }),
    configResolved(config) {
      base = config.base;
      build = config.command === 'build';
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => (build ? [{ tag: 'script', attrs: { nomodule: true, src: `${base}nomodule.js` }, injectTo: 'body' }] : []),
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'nomodule.js', source: NOMODULE_JS });
    },
  };
}
