/**
 * tsx scripts/gen-icons.ts [--check] — src/engine/icon-paths.gen.ts alone (scripts/gen/icons.ts):
 * the outline of every icon of src/engine/icon-names.ts. `npm run gen:types` writes it with every
 * other generated file; this is the same step for the icons only.
 *   --check   exit 1 when the file on disk is not what this script would write
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { iconPaths } from './gen/icons';
import { REGENERATE, staleFiles, writeStale } from './generated';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = [{ file: 'src/engine/icon-paths.gen.ts', text: iconPaths(root) }];
if (process.argv.includes('--check')) {
  if (staleFiles(root, files).length) {
    console.error(`src/engine/icon-paths.gen.ts is stale: run \`${REGENERATE}\`.`);
    process.exit(1);
  }
  console.log('src/engine/icon-paths.gen.ts is current');
} else {
  console.log(writeStale(root, files).length ? 'wrote src/engine/icon-paths.gen.ts' : 'src/engine/icon-paths.gen.ts is current');
}
