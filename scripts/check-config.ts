/**
 * npm run check:config — validates the product's config (screens.config/) and every brand's
 * (brands/<id>/ merged over it): JSON Schema + cross references. Prints one line per problem: file,
 * JSON path, what was expected (a syntax error: file:line:column, the line and a caret), then the
 * warnings; a brand's problems under its name, each naming the file that set the value (the brand's
 * overlay or the product's); a problem of the product's own is listed once, under the product.
 * Exits 1 when there is a problem, 0 with warnings only.
 *   --json         print the problems as JSON, each with its `brand` (used by the Vite plugin)
 *   --dir <path>   check another product folder alone (used by tests and the bench; default
 *                  SCREENS_CONFIG_DIR, else screens.config and every brand)
 *   --brand <id>   (or BRAND=<id>) only that brand, over the product folder
 *   --brands       every brand too, with --dir or SCREENS_CONFIG_DIR
 *   --where KEY    instead: every file and JSON path referring to KEY (src/config/where.ts), per brand
 *   --regenerate   first write the generated files that are stale (the build and the dev server);
 *                  without it a stale generated file is a problem naming `npm run gen:types`
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChecker, errorsOf, formatProblems, type ConfigBundle, type Problem, type WidgetSchemas } from '../src/config/check';
import { configDirOf, configSource, loadSchemas, loadWidgetSchemas, shownPath } from '../src/config/source/index';
import { brandOrExit } from './brand-arg';
import { mergeBrand, type OverlayBundle } from '../src/config/overlay/layers';
import { applyToJson } from '../src/config/format/rewrite';
import { lateUses, pendingChanges, type Pending } from '../src/config/format/old-uses';
import { MIGRATIONS } from '../src/config/migrations/index';
import { pendingProblems, tooNew, withLateHints } from '../src/config/format/messages';
import { generatedFiles, REGENERATE, staleFiles, writeStale } from './generated';
import { validatorCache } from './validator-cache';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const valueOf = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const dirArg = valueOf('--dir');
const productDir = dirArg ? path.resolve(dirArg) : configDirOf(root);
const configDir = shownPath(root, productDir);
const oneBrand = valueOf('--brand') ?? brandOrExit(root);
/** the product alone when another folder is named (a copy with an edit), unless --brands or a brand is asked for */
const ownFolder = !!(dirArg || process.env.SCREENS_CONFIG_DIR);
const reader = configSource({ root, productDir });
const brands = oneBrand ? [oneBrand] : ownFolder && !args.includes('--brands') ? [] : reader.brandIds();

if (oneBrand !== undefined) brandOrExit(root, oneBrand);

const whereIdx = args.indexOf('--where');
if (whereIdx >= 0) {
  const { whereCli } = await import('./where-cli');
  process.exit(whereCli(reader, args[whereIdx + 1], brands));
}

/**
 * The generated files (scripts/generated.ts) must say what their sources say: a widget added without
 * `npm run gen:types` would otherwise have its action lists resolved too early by the engine.
 */
async function generatedProblems(widgets: WidgetSchemas): Promise<Problem[]> {
  let files;
  try {
    files = await generatedFiles(root, widgets);
  } catch (err) {
    const file = (err as { file?: unknown }).file;
    return [{ file: typeof file === 'string' ? file : 'scripts/generated.ts', path: '/', message: `the generated files cannot be written: ${(err as Error).message}` }];
  }
  if (args.includes('--regenerate')) {
    for (const f of writeStale(root, files)) console.error(`regenerated ${f.file} (its sources changed)`);
    return [];
  }
  return staleFiles(root, files).map((f) => ({ file: f.file, path: '/', message: `stale: it is generated from the widgets, the API catalogue, the engine and screens.config/schema; run \`${REGENERATE}\`` }));
}

/** the files of a bundle by name */
const layerFiles = (b: ConfigBundle) => [b.app, b.messages, b.routes, ...Object.values(b.screens), ...Object.values(b.forms)].map((e) => e.file);
const fileJson = (b: ConfigBundle, file: string) => [b.app, b.messages, b.routes, ...Object.values(b.screens), ...Object.values(b.forms)].find((e) => e.file === file)?.json;

/** a bundle's files (the product's or an overlay's) with the pending changes of each made in memory */
function asMigrated<B extends ConfigBundle | OverlayBundle>(b: B, pending: Pending[]): B {
  if (!pending.length) return b;
  const one = <F extends { file: string; json: unknown } | undefined>(f: F): F => {
    const changes = pending.filter((p) => p.file === f?.file).map((p) => p.change);
    return f && changes.length && !(f.json instanceof Error) ? { ...f, json: applyToJson(f.json, changes) } : f;
  };
  const all = (r: Record<string, { file: string; json: unknown }>) => Object.fromEntries(Object.entries(r).map(([k, f]) => [k, one(f)]));
  return { ...b, app: one(b.app), messages: one(b.messages), routes: one(b.routes), screens: all(b.screens), forms: all(b.forms) };
}

/** one config checked: the product folder, or a brand over it */
interface Unit {
  /** how the summary names it */
  label: string;
  brand?: string;
  problems: Problem[];
}

const started = performance.now();
const widgets = await loadWidgetSchemas(root);
const schemas = loadSchemas(root);
const check = createChecker(schemas, widgets, validatorCache(root));
const units: Unit[] = [];
const generated = await generatedProblems(widgets);
const config = configSource({ root, productDir, schemas, widgets });
const loaded0: ConfigBundle = config.productBundle();
const source = config.schemaSource();
const loaded = brands.map((id) => ({ id, ...config.brand(id) }));
// old uses of an earlier config format (src/config/migrations): each named once, with what it became
// and the command; the rest is checked as `npm run migrate` will leave it, so an old use is not also
// an unknown property, a missing new key or a reference to a constant that is gone
const pending = pendingChanges(loaded0, loaded);
// as `npm run migrate` leaves it: each migration over what the one before it wrote (a format-2
// brand's shared pair becomes four method keys, which the next migration makes one default)
let product = loaded0;
let overlays = brands.map((id) => config.overlayBundle(id));
let brandBundles = loaded;
for (let round = pending, n = 0; round.length && n <= MIGRATIONS.length; n++) {
  const r = round;
  product = asMigrated(product, r);
  overlays = overlays.map((o) => asMigrated(o, r));
  brandBundles = overlays.map((o) => ({ id: o.id, ...mergeBrand(product, o, source) }));
  round = pendingChanges(product, brandBundles);
}
const old = new Set(pending.map((p) => `${p.file}|${p.path}`));
// an old name typed into a file of the format that changed it: its problem says what it became
const late = lateUses(loaded0, loaded);
const current = (list: Problem[]) => withLateHints(list.filter((p) => !old.has(`${p.file}|${p.path}`)), late);
const migrations = (files: string[]): Problem[] => pendingProblems(pending.filter((p) => files.includes(p.file)));
const productFiles = layerFiles(product);
// (one brand: the product's files are checked as merged into the brand's config, below)
const productProblems = [...generated, ...tooNew(productFiles.map((f) => ({ file: f, json: fileJson(product, f) }))), ...migrations(productFiles), ...(oneBrand ? [] : current(check(product)))];
if (!oneBrand) units.push({ label: `${configDir}/`, problems: productProblems });
const seen = new Set(oneBrand ? [] : productProblems.map((p) => `${p.file}|${p.path}|${p.message}`));
for (const brand of brandBundles) {
  const id = brand.id;
  const overlays = brand.files.flatMap((f) => (f.overlay ? [f.overlay] : []));
  // a problem of the product's own files is the product's: listed once, under the product
  const problems = [...(oneBrand ? productProblems : []), ...tooNew(overlays), ...migrations(overlays.map((f) => f.file)), ...brand.problems, ...current(check(brand.bundle))].filter((p) => !seen.has(`${p.file}|${p.path}|${p.message}`));
  units.push({ label: `brand ${id} (${brand.bundle.folders![0]}/ over ${configDir}/)`, brand: id, problems: [...new Map(problems.map((p) => [`${p.file}|${p.path}|${p.message}`, p])).values()] });
}
const ms = Math.round(performance.now() - started);

const all = units.flatMap((u) => u.problems.map((p) => (u.brand ? { ...p, brand: u.brand } : p)));
if (args.includes('--json')) {
  process.stdout.write(JSON.stringify(all));
} else {
  const time = ` (${ms} ms)`;
  const productErrors = !oneBrand && errorsOf(productProblems).length > 0;
  for (const u of units) {
    // one config: as before brands (its time on its last line); several: a brand's lines under its name, the time once
    const mine = units.length === 1 ? time : '';
    const e = errorsOf(u.problems).length;
    const w = u.problems.length - e;
    const head = u.brand && u.problems.length ? `${u.label}:\n` : '';
    if (e) console.error(`${head}${formatProblems(u.problems)}\n\n${e} problem(s)${w ? ` and ${w} warning(s)` : ''} in ${u.label}${units.length > 1 ? '\n' : ''}`);
    else if (w) console.log(`${head}${formatProblems(u.problems)}\n\n${u.label} is valid, with ${w} warning(s)${mine}${units.length > 1 ? '\n' : ''}`);
    else if (u.brand && productErrors) console.log(`${u.label} adds no problem to the product's`);
    else console.log(`${u.label} is valid${mine}`);
  }
  if (units.length > 1) console.log(`checked ${units.map((u) => u.brand ?? 'the product').join(', ')}${time}`);
}
process.exit(errorsOf(all).length ? 1 : 0);
