/**
 * npm run build:brands — the product and every brand, each built into its own folder: dist/ and
 * dist-<id>/ (brands/<id>/ over the product). One build after the other (each takes both cores);
 * each replaces its folder whole or leaves it as it was (scripts/vite/atomic-out-dir.ts), so a
 * brand that fails leaves its last good build in place. Arguments go to each `vite build`
 * (`-- --mode test`). Exit 1 when any build failed, naming which. `npm run deploy` builds the same way.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { configSource, distOf } from '../src/config/source/index';

/** the sites of the project: the product (undefined), then each brand of brands/ */
export const sitesOf = (root: string): (string | undefined)[] => [undefined, ...configSource({ root }).brandIds()];

/** what a message calls a site */
export const siteName = (brand: string | undefined): string => (brand ? `brand ${brand}` : 'the product');

/** Builds each site into its folder (dist/, dist-<id>/), one after the other; returns the ones that failed, as a message names them. */
export function buildSites(root: string, targets: (string | undefined)[], viteArgs: string[] = []): string[] {
  const failed: string[] = [];
  for (const brand of targets) {
    console.log(`\n${siteName(brand)} -> ${distOf(brand, '')}/`);
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DIST: '', BRAND: brand ?? '' };
    const r = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', ...viteArgs], { cwd: root, stdio: 'inherit', env });
    if (r.status !== 0) failed.push(`${siteName(brand)} (${distOf(brand, '')}/ left as it was)`);
  }
  return failed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (process.env.DIST || process.env.BRAND) {
    console.error('build:brands writes dist/ and dist-<id>/ for each brand: unset DIST and BRAND (npm run build builds one)');
    process.exit(2);
  }
  const targets = sitesOf(root);
  const failed = buildSites(root, targets, process.argv.slice(2));
  if (failed.length) {
    console.error(`\n${failed.length} of ${targets.length} build(s) failed: ${failed.join(', ')}`);
    process.exit(1);
  }
  console.log(`\nbuilt ${targets.map((b) => `${distOf(b, '')}/`).join(', ')}`);
}
