/**
 * The studio's one write, a save: files of a config folder, by their names in the folder
 * (src/config/source's table of files). Any other name (`../package.json`, an absolute path,
 * `screens/../../x.json`, a file of `schema/`) is refused before a path is built from it, so no
 * request can reach outside the folder. Each file goes through a temporary file renamed over the old
 * one (a crash never leaves half a file), and the files of one save, in one folder or in several
 * (the product's and brands'), are written all or none (writeConfigFiles). How the studio's answers
 * name a folder (studioNames): never by a path of the machine.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configFileName, shownPath } from '../src/config/source/index';

/**
 * A save that did not take: the file that could not be written (named as answers name it), the
 * error's code, and the files that could not even be put back (their old text is beside them).
 */
export class WriteFailure extends Error {
  constructor(
    readonly file: string,
    readonly code: string | undefined,
    readonly stuck: { file: string; copy: string }[],
  ) {
    const why = `${file} could not be written${code ? ` (${code})` : ''}`;
    super(stuck.length ? `${why}, and ${stuck.map((s) => s.file).join(', ')} could not be put back: the text before the save is beside it (${stuck.map((s) => s.copy).join(', ')})` : `${why}; nothing was written, every file is as it was`);
  }
}

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

/** the files of one config folder a save writes (`shown`: how answers name the folder) */
export interface FolderWrite {
  dir: string;
  shown: string;
  files: { name: string; text: string }[];
}

/**
 * Writes the files of several folders (the product's and brands') all or none. Each new text is
 * written aside first and each file it replaces copied aside; only then is each renamed over its
 * file, one by one. When any step fails, every file already swapped is put back from its copy (a
 * file the save created is removed, and a folder it made), and a WriteFailure names the file and the
 * error's code: every folder is as it was. A brand's first file in screens/ or forms/ makes that folder.
 */
export function writeConfigFiles(folders: FolderWrite[], ops: WriteOps = nodeOps): void {
  const tag = `studio-${process.pid}`;
  const plan = folders.flatMap(({ dir, shown, files }) =>
    files.map(({ name, text }) => {
      const abs = path.join(dir, configFileName(name));
      return { name, shown: `${shown}/${name}`, abs, text, tmp: `${abs}.${tag}.tmp`, old: `${abs}.${tag}.old`, had: false, swapped: false };
    }),
  );
  const made: string[] = [];
  /** each step of the way back is tried; the files it could not put back are named (their old text stays in the copy beside them) */
  const undo = (): { file: string; copy: string }[] => {
    const stuck: { file: string; copy: string }[] = [];
    const step = (fn: () => void, f?: (typeof plan)[number]) => {
      try {
        fn();
      } catch {
        if (f) stuck.push({ file: f.shown, copy: `${f.name}.${tag}.old` });
      }
    };
    for (const f of plan.filter((x) => x.swapped).reverse()) step(() => (f.had ? ops.renameSync(f.old, f.abs) : ops.rmSync(f.abs, { force: true })), f);
    for (const f of plan) {
      step(() => ops.rmSync(f.tmp, { force: true }));
      if (!stuck.some((s) => s.file === f.shown)) step(() => ops.rmSync(f.old, { force: true }));
    }
    for (const d of made.reverse()) step(() => ops.rmSync(d, { recursive: true, force: true }));
    return stuck;
  };
  let at = plan[0]?.shown ?? '';
  try {
    for (const f of plan) {
      at = f.shown;
      const first = ops.mkdirSync(path.dirname(f.abs), { recursive: true });
      if (first) made.push(first);
      ops.writeFileSync(f.tmp, f.text);
      f.had = ops.existsSync(f.abs);
      if (f.had) ops.writeFileSync(f.old, ops.readFileSync(f.abs));
    }
    for (const f of plan) {
      at = f.shown;
      ops.renameSync(f.tmp, f.abs);
      f.swapped = true;
    }
  } catch (err) {
    const stuck = undo();
    const code = (err as { code?: unknown }).code;
    throw new WriteFailure(at, typeof code === 'string' ? code : undefined, stuck);
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
