/**
 * npm run brands — what each brand changes (brands/<id>/ over the product's folder): per override
 * the file, the path, the product's value and the brand's, what it removes, and the assets it adds
 * or replaces. An override the product can no longer take (a key, an item or an anchor the product
 * does not have: it was renamed or removed) is a problem and the command exits 1: a brand never
 * falls behind without a word. An override equal to the product's value is pointed out: it pins the
 * value, so a later change of the product's would not reach the brand.
 *   BRAND=<id>   only that brand
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProblems } from '../src/config/check';
import { valueAt } from '../src/config/pointer';
import type { MergedFile } from '../src/config/overlay/layers';
import { configSource } from '../src/config/source/index';
import { brandOrExit } from './brand-arg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = configSource({ root });
const productDir = source.product.shown;
const one = brandOrExit(root);
const ids = one ? [one] : source.brandIds();
// a link leading out of the config folders is not read: named, and nothing is listed
const refused = source.refusals(ids);
if (refused.length) {
  console.error(`${formatProblems(refused)}\n\nnot listed: ${refused.length} problem(s) reading the config (npm run check:config names them too)`);
  process.exit(1);
}

const show = (v: unknown) => {
  if (v === undefined) return '(not in the product)';
  const s = JSON.stringify(v);
  return s.length > 70 ? `${s.slice(0, 67)}...` : s;
};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** one line per override of a merged file: the brand's file and pointer, the product's value, the brand's */
function overrides(f: MergedFile): string[] {
  if (!f.overlay) return [];
  const rel = (file: string) => file.replace(/^.*?\/(?=(app|messages|routes)\.json$|screens\/|forms\/)/, '');
  if (!f.origins) return [`${f.overlay.file}  a file of its own (the product has no ${rel(f.overlay.file)})`];
  const lines: string[] = [];
  for (const { at, origin } of f.origins.overlaid()) {
    // the file's own notes: its format, its schema, its description
    if (/^\/(\$schema|\$format|description)$/.test(at)) continue;
    const base = f.origins.baseOf(at);
    const before = base === undefined ? undefined : valueAt(f.product!.json, base);
    const after = valueAt(f.json, at);
    const where = `${f.overlay.file} ${origin.at || '/'}${base !== undefined && base !== origin.at ? ` (product ${base})` : ''}`;
    const note = before !== undefined && same(before, after) ? '  = the product\'s: it pins the value (a later product change would not reach the brand); remove it to follow the product' : '';
    lines.push(`${where}  ${base === undefined ? '(added)' : show(before)} -> ${show(after)}${note}`);
  }
  for (const r of f.removed ?? []) lines.push(`${f.overlay.file} ${r.overlay}  ${show(valueAt(f.product!.json, r.base))} -> (removed; product ${r.base})`);
  return lines;
}

let failed = false;
for (const id of ids) {
  const brand = source.brand(id);
  const folder = brand.bundle.folders![0];
  const product = new Set(source.productBundle().assets ?? []);
  const lines = [
    ...brand.files.flatMap(overrides),
    ...source.overlayBundle(id).assets.map((a) => `${folder}/assets/${a}  ${product.has(a) ? "replaces the product's" : 'added'}`),
  ];
  console.log(`brand ${id} (${folder}/ over ${productDir}/): ${lines.length} change(s)`);
  for (const l of lines) console.log(`  ${l}`);
  if (brand.problems.length) {
    failed = true;
    console.error(`\nbrand ${id}: ${brand.problems.length} override(s) the product can no longer take:\n${formatProblems(brand.problems)}`);
  }
  console.log('');
}
process.exit(failed ? 1 : 0);
