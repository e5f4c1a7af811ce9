/**
 * npm run gen:types — writes every generated file of the project from its source (scripts/generated.ts:
 * the editor schemas, the engine's raw-props list, the config's derived types, the icon outlines,
 * docs/WIDGETS.md). Run it after adding or changing a widget, a schema, an endpoint, a filter or an icon;
 * the build and the dev server run the same step, and check:config names every file it finds stale.
 *
 *   npm run gen:types             write the stale files (a current file is left alone)
 *   npm run gen:types -- --check  write nothing; list every stale file and exit 1 when there is one
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles, REGENERATE, staleFiles, writeStale } from './generated';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = await generatedFiles(root);

if (process.argv.includes('--check')) {
  const stale = staleFiles(root, files);
  for (const f of stale) console.error(`${f.file} is stale`);
  if (stale.length) {
    console.error(`${stale.length} generated file(s) stale: run \`${REGENERATE}\`.`);
    process.exit(1);
  }
  console.log(`every generated file is current (${files.length})`);
} else {
  const wrote = writeStale(root, files);
  for (const f of wrote) console.log(`wrote ${f.file}`);
  console.log(wrote.length ? `${wrote.length} of ${files.length} generated files rewritten` : `every generated file is current (${files.length})`);
}
