/**
 * npm run build:brands — the product and every brand, each built into its own folder: dist/ and
 * dist-<id>/ (brands/<id>/ over the product). One build after the other (each takes both cores);
 * each replaces its folder whole or leaves it as it was (scripts/vite/atomic-out-dir.ts), so a
 * brand that fails leaves its last good build in place. Arguments go to each `vite build`
 * (`-- --mode test`). Exit 1 when any build failed, naming which.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configSource, distOf } from '../src/config/source/index';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.env.DIST || process.env.BRAND) {
  console.error('build:brands writes dist/ and dist-<id>/ for each brand: unset DIST and BRAND (npm run build builds one)');
  process.exit(2);
}
const targets: (string | undefined)[] = [undefined, ...configSource({ root }).brandIds()];
const failed: string[] = [];
for (const brand of targets) {
  const name = brand ? `brand ${brand}` : 'the product';
  console.log(`\n${name} -> ${distOf(brand)}/`);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  if (brand) env.BRAND = brand;
  const r = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) failed.push(`${name} (${distOf(brand)}/ left as it was)`);
}
if (failed.length) {
  console.error(`\n${failed.length} of ${targets.length} build(s) failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\nbuilt ${targets.map((b) => `${distOf(b)}/`).join(', ')}`);
