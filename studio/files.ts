/**
 * The studio's one write: a file of a config folder, by its name in the folder (src/config/source's
 * table of files). Any other name (`../package.json`, an absolute path, `screens/../../x.json`, a file
 * of `schema/`) is refused before a path is built from it, so no request can reach outside the folder.
 * The file goes through a temporary file renamed over the old one: a crash never leaves half a file.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configFileName } from '../src/config/source/index';

/** Writes one file of the folder whole or not at all (a brand's first file in screens/ or forms/ makes that folder). */
export function writeConfigFile(dir: string, name: string, text: string): void {
  const abs = path.join(dir, configFileName(name));
  mkdirSync(path.dirname(abs), { recursive: true });
  const tmp = `${abs}.studio-${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, abs);
}
