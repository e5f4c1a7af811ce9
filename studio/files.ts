/**
 * The config folders the studio reads and writes, and nothing else (issue 37, security).
 *
 * A file is named by its path inside a config folder: `app.json`, `messages.json`, `routes.json`,
 * `screens/<name>.json`, `forms/<name>.json`. Any other name (`../package.json`, an absolute path,
 * `screens/../../x.json`, a file of `schema/`) is refused before a path is built from it, so no
 * request can reach outside the folder. Writes go through a temporary file renamed over the old one:
 * a crash never leaves half a file.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** the files of a config folder the studio edits */
export const CONFIG_FILE = /^(?:(?:app|messages|routes)\.json|(?:screens|forms)\/[A-Za-z0-9_-]+\.json)$/;

export class PathError extends Error {}

/** The name if it is a config file's, else a PathError saying what a name may be. */
export function configFileName(name: unknown): string {
  if (typeof name === 'string' && CONFIG_FILE.test(name)) return name;
  const shown = typeof name === 'string' ? JSON.stringify(name.slice(0, 120)) : typeof name;
  throw new PathError(`${shown} is not a file of the config folder: expected app.json, messages.json, routes.json, screens/<name>.json or forms/<name>.json (letters, digits, - and _; nothing outside the folder)`);
}

export const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex');

export interface DiskFile {
  /** the file's text as it is on disk */
  text: string;
  hash: string;
}

/** Every config file of a folder with its text and hash (screens/ and forms/ sorted by name). */
export function readFolder(dir: string): Record<string, DiskFile> {
  const out: Record<string, DiskFile> = {};
  const add = (name: string) => {
    const abs = path.join(dir, name);
    if (!existsSync(abs)) return;
    const text = readFileSync(abs, 'utf8');
    out[name] = { text, hash: hashOf(text) };
  };
  for (const name of ['app.json', 'messages.json', 'routes.json']) add(name);
  for (const sub of ['screens', 'forms']) {
    const d = path.join(dir, sub);
    if (!existsSync(d)) continue;
    for (const name of readdirSync(d).sort()) if (CONFIG_FILE.test(`${sub}/${name}`)) add(`${sub}/${name}`);
  }
  return out;
}

/** The text of one file now (undefined: it is not there). */
export function readConfigFile(dir: string, name: string): DiskFile | undefined {
  const abs = path.join(dir, configFileName(name));
  if (!existsSync(abs)) return undefined;
  const text = readFileSync(abs, 'utf8');
  return { text, hash: hashOf(text) };
}

/** Writes one file of the folder whole or not at all. */
export function writeConfigFile(dir: string, name: string, text: string): void {
  const abs = path.join(dir, configFileName(name));
  const tmp = `${abs}.studio-${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, abs);
}
