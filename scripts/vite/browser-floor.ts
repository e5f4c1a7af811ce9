/**
 * The oldest engines the app runs on, declared once: package.json `browserslist` (Chrome 64, iOS
 * Safari 12.2; WeChat's, QQ's, UC's and Alipay's WebViews lag years behind Chrome). From it:
 * - the legacy copy of the build (this plugin): every chunk lowered to the floor (`?.`, `??`,
 *   `catch {}`...) by esbuild (browserslist-to-esbuild) under assets/legacy/, beside the modern
 *   chunks (build.target es2020) that current phones run unchanged: they download not a byte more.
 *   The entry (src/boot.ts, small) is itself lowered and picks the tree: an engine without
 *   `String.prototype.replaceAll` (before Chrome 85, Safari 13.1, Firefox 77; every engine with
 *   it parses es2020) imports the app from assets/legacy/;
 * - the polyfills (src/polyfills.ts, loaded by src/boot.ts first, only where a call is missing);
 * - the lint (eslint-plugin-compat in eslint.config.js reads the same list).
 * An engine too old for modules runs the page's one classic script, nomodule.js, written here: it
 * shows the notice scripts/app-shell.ts put in the shell (no inline script: the CSP allows none).
 *
 * A legacy copy keeps its modern chunk's name (its hash): a change of the floor or of esbuild alone,
 * with no change to the code, leaves the old copies in the browsers' caches (assets/ is immutable):
 * change a source file (or the chunk names) with such a change.
 *
 * Not @vitejs/plugin-legacy: its `modernPolyfills` are loaded by every browser, current ones too,
 * its legacy build is SystemJS behind inline detection scripts our CSP (script-src 'self')
 * forbids, and lowering the one build instead costs every current phone 1 KB more gzipped.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import browserslistToEsbuild from 'browserslist-to-esbuild';
import { transform } from 'esbuild';
import type { Plugin } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** the floor as esbuild targets, from package.json browserslist (e.g. chrome64, ios12.2, safari12.1) */
export const floorTargets = (): string[] => browserslistToEsbuild(undefined, { path: root });

/** the folder of the legacy copies, inside the build's assets folder */
export const LEGACY_DIR = 'legacy';
/**
 * true on an engine that runs the legacy copies; src/boot.ts asks the same (for the route's chunks
 * it preloads). Every engine with replaceAll has es2020's syntax (?. and ??: Chrome 80, Safari 13.1).
 */
export const LEGACY_TEST = '!String.prototype.replaceAll';

/** the whole nomodule script: ES3, for an engine that runs no module (it never runs elsewhere) */
const NOMODULE_JS = "document.documentElement.className += ' no-module';\n";

/** `import("./x.js")` of the entry (rolldown writes backticks) → from the tree the engine runs */
export function pickTree(entryCode: string): string {
  return entryCode.replace(/\bimport\((["'`])\.\//g, (_m, q: string) => `import(${q}./${q}+(${LEGACY_TEST}?"${LEGACY_DIR}/":"")+${q}`);
}

/** a chunk's code as its legacy copy imports: the entry (shared, one instance) one folder up, the preloads of its lazy chunks in legacy/ */
export function legacyImports(code: string, entryFile: string, assetsDir: string): string {
  const entry = path.posix.basename(entryFile).replace(/[.$]/g, '\\$&');
  return code
    .replace(new RegExp(`(["'\`])\\./${entry}\\1`, 'g'), `$1../${path.posix.basename(entryFile)}$1`)
    .replace(new RegExp(`(["'\`])${assetsDir}/([\\w.-]+\\.js)\\1`, 'g'), `$1${assetsDir}/${LEGACY_DIR}/$2$1`);
}

/**
 * A chunk lowered to the floor and minified by esbuild. esbuild refuses the Safari targets (it
 * cannot lower destructuring for Safari < 14.1's edge-case bugs, which the app does not meet): it
 * lowers for the floor's other engines, whose syntax Safari 12.1 has too, once ?. and ?? (what an
 * es2020 build leaves above the floor: class fields and the like it has lowered already) are gone.
 */
export async function lower(code: string, file: string, targets: string[]): Promise<string> {
  const target = targets.filter((t) => !/^(ios|safari)/.test(t));
  return (await transform(code, { sourcefile: file, loader: 'js', format: 'esm', target, minify: true, legalComments: 'none', charset: 'utf8' })).code;
}

export function browserFloor(): Plugin {
  let base = '/';
  let build = false;
  let assetsDir = 'assets';
  return {
    name: 'browser-floor',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
      build = config.command === 'build';
      assetsDir = config.build.assetsDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => (build ? [{ tag: 'script', attrs: { nomodule: true, src: `${base}nomodule.js` }, injectTo: 'body' }] : []),
    },
    // after Vite's own (its preload helper's placeholders are filled in by then): the code as it ships
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        this.emitFile({ type: 'asset', fileName: 'nomodule.js', source: NOMODULE_JS });
        const target = floorTargets();
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entries = chunks.filter((c) => c.isEntry);
        if (entries.length !== 1) this.error(`browser-floor: expected one entry chunk, found ${entries.length}`);
        const entry = entries[0];
        for (const chunk of chunks) {
          if (chunk === entry) continue;
          const code = legacyImports(await lower(chunk.code, chunk.fileName, target), entry.fileName, assetsDir);
          this.emitFile({ type: 'asset', fileName: `${assetsDir}/${LEGACY_DIR}/${path.posix.basename(chunk.fileName)}`, source: code });
        }
        entry.code = await lower(pickTree(entry.code), entry.fileName, target);
      },
    },
  };
}
