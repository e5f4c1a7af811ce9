/**
 * The config folders the studio reads and writes, and nothing else (issue 37, security).
 *
 * A file is named by its path inside a config folder: `app.json`, `messages.json`, `routes.json`,
 * `screens/<name>.json`, `forms/<name>.json`. Any other name (`../package.json`, an absolute path,
 * `screens/../../x.json`, a file of `schema/`) is refused before a path is built from it, so no
 * request can reach outside the folder. Writes go through a temporary file renamed over the old one
 * (a crash never leaves half a file), and a save of several files is all or none (writeConfigFiles).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/**
 * How the studio's answers name a folder: by its path in the project, or, for one outside it, by the
 * setting that chose it ($SCREENS_CONFIG_DIR, $BRANDS_DIR): no answer names a path of the machine.
 */
export function shownFolder(root: string, abs: string, setting: string): string {
  const rel = path.relative(root, abs);
  if (rel === '') return '.';
  return !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : `$${setting}`;
}

/** Whether a path is a file (a link followed; a folder, a link to nothing or nothing at all is not). */
export function isFile(abs: string): boolean {
  try {
    return statSync(abs).isFile();
  } catch {
    return false;
  }
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
    // a folder in a file's place is no file of the config
    if (!isFile(abs)) return;
    const text = readFileSync(abs, 'utf8');
    out[name] = { text, hash: hashOf(text) };
  };
  for (const name of ['app.json', 'messages.json', 'routes.json']) add(name);
  for (const sub of ['screens', 'forms']) {
    const d = path.join(dir, sub);
    if (!existsSync(d) || !statSync(d).isDirectory()) continue;
    for (const name of readdirSync(d).sort()) if (CONFIG_FILE.test(`${sub}/${name}`)) add(`${sub}/${name}`);
  }
  return out;
}

/** The text of one file now (undefined: it is not there). */
export function readConfigFile(dir: string, name: string): DiskFile | undefined {
  const abs = path.join(dir, configFileName(name));
  if (!isFile(abs)) return undefined;
  const text = readFileSync(abs, 'utf8');
  return { text, hash: hashOf(text) };
}

/** A save that did not take: what could not be written and why, in words that name no path of the machine. */
export class WriteFailure extends Error {}

/** The file operations a save makes (a test makes one of them fail). */
export interface WriteOps {
  mkdirSync(dir: string, options: { recursive: true }): string | undefined;
  writeFileSync(file: string, data: string | Buffer): void;
  readFileSync(file: string): Buffer;
  renameSync(from: string, to: string): void;
  rmSync(file: string, options: { recursive?: boolean; force: true }): void;
  existsSync(file: string): boolean;
}
const nodeOps: WriteOps = { mkdirSync, writeFileSync, readFileSync, renameSync, rmSync, existsSync };

/**
 * Writes several files of a folder all or none (`shown`: how messages name the folder). Each new
 * text is written aside first and each file it replaces copied aside; only then is each renamed over
 * its file, one by one. When any step fails, every file already swapped is put back from its copy (a
 * file the save created is removed, and a folder it made), and a WriteFailure names the file and the
 * error's code: the folder is as it was. A brand's first file in screens/ or forms/ makes that folder.
 */
export function writeConfigFiles(dir: string, shown: string, files: { name: string; text: string }[], ops: WriteOps = nodeOps): void {
  const tag = `studio-${process.pid}`;
  const plan = files.map(({ name, text }) => {
    const abs = path.join(dir, configFileName(name));
    return { name, abs, text, tmp: `${abs}.${tag}.tmp`, old: `${abs}.${tag}.old`, had: false, swapped: false };
  });
  const made: string[] = [];
  /** each step of the way back is tried; the files it could not put back are named (their old text stays in the copy beside them) */
  const undo = (): string[] => {
    const stuck: string[] = [];
    const step = (fn: () => void, name?: string) => {
      try {
        fn();
      } catch {
        if (name) stuck.push(name);
      }
    };
    for (const f of plan.filter((x) => x.swapped).reverse()) step(() => (f.had ? ops.renameSync(f.old, f.abs) : ops.rmSync(f.abs, { force: true })), f.name);
    for (const f of plan) {
      step(() => ops.rmSync(f.tmp, { force: true }));
      if (!stuck.includes(f.name)) step(() => ops.rmSync(f.old, { force: true }));
    }
    for (const d of made.reverse()) step(() => ops.rmSync(d, { recursive: true, force: true }));
    return stuck;
  };
  let at = plan[0]?.name ?? '';
  try {
    for (const f of plan) {
      at = f.name;
      const first = ops.mkdirSync(path.dirname(f.abs), { recursive: true });
      if (first) made.push(first);
      ops.writeFileSync(f.tmp, f.text);
      f.had = ops.existsSync(f.abs);
      if (f.had) ops.writeFileSync(f.old, ops.readFileSync(f.abs));
    }
    for (const f of plan) {
      at = f.name;
      ops.renameSync(f.tmp, f.abs);
      f.swapped = true;
    }
  } catch (err) {
    const stuck = undo();
    const code = (err as { code?: unknown }).code;
    const why = `${shown}/${at} could not be written${typeof code === 'string' ? ` (${code})` : ''}`;
    if (!stuck.length) throw new WriteFailure(`${why}; nothing was written, every file is as it was`);
    throw new WriteFailure(`${why}, and ${stuck.map((n) => `${shown}/${n}`).join(', ')} could not be put back: the text before the save is beside it (${stuck.map((n) => `${n}.${tag}.old`).join(', ')})`);
  }
  for (const f of plan) ops.rmSync(f.old, { force: true });
}
