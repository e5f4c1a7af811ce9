/**
 * npm run migrate — brings the product's config folder (screens.config/, or SCREENS_CONFIG_DIR) and
 * every brand's overlay (brands/<id>/) to the config format this engine reads: each migration of
 * src/config/migrations/ in order, on the files older than it, each file rewritten in place with its
 * layout kept (only what changes is edited); then every config file says
 * `"$format": <current>`, and the config check runs on the product and every brand.
 *   --dry-run   list what would change, write nothing
 * Exit code: the check's (1 when a problem is left), 0 for a dry run.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OverlayBundle } from '../src/config/overlay/layers';
import { applyToText, describeChange } from '../src/config/format/rewrite';
import { CURRENT_FORMAT, formatOf, MIGRATIONS, type Change } from '../src/config/migrations/index';
import { pendingChanges } from '../src/config/format/old-uses';
import { shownPointerOf as pointerOf } from '../src/config/pointer';
import { formatProblems } from '../src/config/check';
import { configSource } from '../src/config/source/index';
import { checkConfigArgs } from './check-command';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dry = process.argv.includes('--dry-run');
const source = configSource({ root });
const productDir = source.product.shown;
const brands = source.brandIds();
// a link leading out of the config folders is never read, let alone rewritten: named, and nothing is migrated
const refused = source.refusals(brands);
if (refused.length) {
  console.error(`${formatProblems(refused)}\n\nnothing migrated: ${refused.length} problem(s) reading the config (npm run check:config names them too)`);
  process.exit(1);
}

type Entry = { file: string; json: unknown };
const entries = (b: Pick<OverlayBundle, 'app' | 'messages' | 'routes' | 'screens' | 'forms'>): Entry[] =>
  [b.app, b.messages, b.routes, ...Object.values(b.screens), ...Object.values(b.forms)].filter((e): e is Entry => !!e);
/** every config file of the product and of each brand's overlay, as the messages name them */
function configFiles(): Entry[] {
  return [...entries(source.productBundle()), ...brands.flatMap((id) => entries(source.overlayBundle(id)))];
}

const abs = (file: string) => path.resolve(root, file);
console.log(`config format ${CURRENT_FORMAT}: ${productDir}/ and ${brands.length ? brands.map((id) => `${source.brandFolder(id).shown}/`).join(', ') : 'no brand'}${dry ? ' (dry run: nothing is written)' : ''}`);

let changed = 0;
/** files with an old use left to rewrite by hand: they keep their format, so check:config keeps naming it */
const unfinished = new Set<string>();
for (const m of MIGRATIONS) {
  const pending = pendingChanges(source.productBundle(), brands.map((id) => source.brand(id))).filter((p) => p.migration === m);
  if (!pending.length) {
    console.log(`${m.id} (format ${m.format}): nothing to change`);
    continue;
  }
  console.log(`${m.id} (format ${m.format}): ${m.title}: ${pending.length} change(s)`);
  const byFile = new Map<string, Change[]>();
  for (const p of pending) {
    console.log(`  ${p.file} ${p.path} ${describeChange(p.change)}`);
    byFile.set(p.file, [...(byFile.get(p.file) ?? []), p.change]);
  }
  if (dry) continue;
  for (const [file, changes] of byFile) {
    const { text, skipped, kept } = applyToText(readFileSync(abs(file), 'utf8'), changes);
    for (const { what } of kept) console.log(`  ${file} ${what}`);
    for (const { change, why } of skipped) console.error(`  ${file} ${pointerOf(change.path)}: not changed: ${change.edits.length ? why : change.message}`);
    if (skipped.length) unfinished.add(file);
    writeFileSync(abs(file), text);
    changed += changes.length - skipped.length;
  }
}

// every file now says which format it is written in (a file a migration did not touch is valid as it is)
const stale = configFiles().filter((f) => !(f.json instanceof Error) && formatOf(f.json) < CURRENT_FORMAT && !unfinished.has(f.file));
if (dry) {
  console.log(`${stale.length} file(s) would say "$format": ${CURRENT_FORMAT}`);
  process.exit(0);
}
for (const f of stale) writeFileSync(abs(f.file), applyToText(readFileSync(abs(f.file), 'utf8'), [], CURRENT_FORMAT).text);
console.log(`${changed} change(s) written; ${stale.length} file(s) now say "$format": ${CURRENT_FORMAT}${unfinished.size ? `; ${unfinished.size} file(s) keep their format until what is named above is rewritten by hand` : ''}\n`);

// then everything is checked: the product and every brand
const check = spawnSync(process.execPath, checkConfigArgs(root, ['--brands']), { cwd: root, stdio: 'inherit' });
process.exit(check.status ?? 1);
