/**
 * The studio's one write, a save: files of a config folder, by their names in the folder
 * (src/config/source's table of files). Any other name (`../package.json`, an absolute path,
 * `screens/../../x.json`, a file of `schema/`) is refused before a path is built from it, so no
 * request can reach outside the folder. Each file goes through a temporary file renamed over the old
 * one (a crash never leaves half a file), and the files of one save are written all or none
 * (writeConfigFiles). How the studio's answers name a folder (studioNames): never by a path of the
 * machine.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configFileName, shownPath } from '../src/config/source/index';

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

/**
 * How the studio's answers name a path: by its place in the project, or, for a folder outside it,
 * by the setting that chose that folder ($SCREENS_CONFIG_DIR/app.json, $BRANDS_DIR/jinsha): no
 * answer names a path of the machine.
 */
export function studioNames(root: string, settings: Record<string, string>): (abs: string) => string {
  return (abs) => {
    const inProject = shownPath(root, abs);
    if (!path.isAbsolute(inProject)) return inProject;
    for (const [name, dir] of Object.entries(settings)) {
      const rel = path.relative(dir, abs);
      if (rel === '') return `$${name}`;
      if (!rel.startsWith('..') && !path.isAbsolute(rel)) return `$${name}/${rel.split(path.sep).join('/')}`;
    }
    return inProject;
  };
}
