/**
 * The product's build (vite.config.ts, every plugin in its order) less the two steps that only
 * write copies of what the build made: the old engines' lowered copy of every chunk (browser-floor:
 * assets/legacy/, nomodule.js) and the compressed copies (precompress: .gz, .br). For a test whose
 * assertions read the build's own files (index.html, the chunks, the manifest, the icons, the
 * generated files) and open it, if at all, in current Chromium: the two cost a production build
 * about 4 of its 16 CPU-s on two cores. Both steps are still built and tested on the test build every
 * browser file runs (tests/e2e/global-setup.ts: engines, nomodule, nginx) and on the first brand's
 * `npm run build` (tests/config/brands.test.ts).
 *
 * `vite build -c tests/vite.lean.config.ts` (brands.test's second brand and failed build,
 * operator-edits.e2e's edited config): the config imports the vite.config.ts of the folder above
 * its own, so a copy of the project would copy this file too.
 *
 * With FAIL_AFTER_WRITE=1 the build fails at its very end, after everything has written (the
 * bundle, the icons, the service worker) and before its folder is swapped in: the failure a build
 * can meet there (a full disk, a plugin's late step) made certain, for brands.test's failed build.
 * Its message lists what had been written.
 */
import { readdirSync } from 'node:fs';
import { defineConfig, type Plugin, type PluginOption, type UserConfig } from 'vite';
import { appConfig, pathsFromEnv } from '../vite.config.ts';

/** the plugins left out, by name */
export const LEFT_OUT = ['browser-floor', 'precompress'];

const flat = (list: PluginOption[]): PluginOption[] => list.flatMap((p) => (Array.isArray(p) ? flat(p) : [p]));
const name = (p: PluginOption): string | undefined => (p && typeof p === 'object' && 'name' in p ? (p as Plugin).name : undefined);


/** fails the build once every other step has written, before the output folder is swapped in (atomic-out-dir, the last plugin) */
function failAfterWrite(): Plugin {
  let outDir = '';
  return {
    name: 'fail-after-write',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        throw new Error(`made to fail after writing ${readdirSync(outDir).sort().join(', ')}`);
      },
    },
  };
}

export default defineConfig((): UserConfig => {
  const product = appConfig(pathsFromEnv());
  const plugins = flat(product.plugins ?? []);
  // a plugin renamed in vite.config.ts must be renamed here too, or this build would quietly be the whole one
  for (const left of LEFT_OUT) if (!plugins.some((p) => name(p) === left)) throw new Error(`tests/vite.lean.config.ts: vite.config.ts has no plugin named ${left}`);
  const kept = plugins.filter((p) => !LEFT_OUT.includes(name(p) ?? ''));
  if (name(kept.at(-1)) !== 'atomic-out-dir') throw new Error('tests/vite.lean.config.ts: atomic-out-dir is no longer the last plugin of vite.config.ts');
  if (process.env.FAIL_AFTER_WRITE === '1') kept.splice(-1, 0, failAfterWrite());
  return { ...product, plugins: kept };
});
