/**
 * Config folders on disk (Node only): reading one layer (the product's screens.config/ or a brand's
 * overlay) as text, and writing a folder whole (a brand's merged config, the studio's preview), each
 * file at once or not at all.
 *
 * A layer is read only inside its roots: the product's folder and the brands' folder. A symbolic link
 * whose target lies outside them (a brand folder linked to another place, an asset linked to a file
 * of the machine) is not followed: it is a problem naming the link and where it points, and nothing
 * behind it is read, so no check, build, preview or answer ever carries an outside file. A link
 * inside the roots (a brand sharing the product's picture) is read as the file it names.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../checks/types.ts';
import { say, worded, type Said } from '../words/index.ts';
import { ASSETS_FOLDER, CONFIG_FILE, NAMED_FOLDERS, SINGLE_FILES } from './files.ts';

export const hashOf = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/** a config file as it is on disk */
export interface DiskFile {
  text: string;
  hash: string;
}

/** a config folder: where it is, and how messages name it (screens.config, brands/jinsha) */
export interface Folder {
  /** absolute */
  dir: string;
  shown: string;
}

/** a layer as read */
export interface LayerRead {
  folder: Folder;
  /** whether the folder is there (a brand's overlay may lack a file, the product's may lack all) */
  exists: boolean;
  /** its config files by name (app.json, screens/home.json) */
  files: Record<string, DiskFile>;
  /** config files there that were not read, and why (a link leading out, a folder where the file belongs) */
  unread: Record<string, Said>;
  /** its assets by name: the file to copy (inside the roots) */
  assets: Record<string, string>;
  /** what else could not be read: the folder or a sub-folder (a link leading out), an asset, a name that is no config file's */
  problems: Problem[];
}

/** The folders a layer may read from (their real paths): a link is followed only to a place inside one of them. */
export class Roots {
  private readonly real: string[];
  constructor(dirs: string[]) {
    this.real = dirs.map((d) => (existsSync(d) ? realpathSync(d) : path.resolve(d)));
  }
  contains(real: string): boolean {
    return this.real.some((r) => real === r || real.startsWith(r + path.sep));
  }
  /** how messages name the roots: screens.config/ and brands/ */
  named(shown: (abs: string) => string): string[] {
    return this.real.map((r) => `${shown(r)}/`);
  }
}

type Entry = { ok: true; stat: Stats } | { ok: false; problem?: Said };

/**
 * What an entry of a layer is: a file or folder to read (following a link inside the roots), or why
 * not (absent: nothing there).
 */
function entry(abs: string, roots: Roots, rootsNamed: () => string[]): Entry {
  let stat: Stats;
  try {
    stat = lstatSync(abs);
  } catch {
    return { ok: false };
  }
  if (!stat.isSymbolicLink()) return { ok: true, stat };
  const target = readlinkSync(abs);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    return { ok: false, problem: say('linkDangling', { target }) };
  }
  if (!roots.contains(real)) return { ok: false, problem: say('linkOutside', { target, roots: rootsNamed() }) };
  return { ok: true, stat: lstatSync(real) };
}

/**
 * One layer's config files and assets, as text. `roots`: the folders a link may lead into; `shown`
 * names a path in messages (relative to the project when inside it).
 */
export function readLayer(folder: Folder, roots: Roots, shown: (abs: string) => string): LayerRead {
  const problems: Problem[] = [];
  const out: LayerRead = { folder, exists: false, files: {}, unread: {}, assets: {}, problems };
  const named = () => roots.named(shown);
  const refuse = (rel: string, why: Said) => {
    if (CONFIG_FILE.test(rel)) out.unread[rel] = why;
    else problems.push({ file: rel ? `${folder.shown}/${rel}` : `${folder.shown}/`, path: '/', ...worded(why) });
  };
  /** the entry at `rel` inside the layer when it is of the kind wanted; a problem named otherwise */
  const want = (rel: string, kind: 'file' | 'folder'): boolean => {
    const e = entry(rel ? path.join(folder.dir, rel) : folder.dir, roots, named);
    if (!e.ok) {
      if (e.problem) refuse(rel, e.problem);
      return false;
    }
    if (kind === 'folder' ? e.stat.isDirectory() : e.stat.isFile()) return true;
    const found = e.stat.isDirectory() ? 'folder' : 'other';
    refuse(rel, kind === 'folder' ? say('expectedFolder', {}) : say('expectedFile', { found, ...(rel.startsWith(`${ASSETS_FOLDER}/`) ? { assets: ASSETS_FOLDER } : {}) }));
    return false;
  };
  if (!want('', 'folder')) return out;
  out.exists = true;
  const read = (rel: string) => {
    const text = readFileSync(path.join(folder.dir, rel), 'utf8');
    out.files[rel] = { text, hash: hashOf(text) };
  };
  for (const name of Object.values(SINGLE_FILES)) if (want(name, 'file')) read(name);
  for (const sub of Object.values(NAMED_FOLDERS)) {
    if (!existsOrLink(path.join(folder.dir, sub)) || !want(sub, 'folder')) continue;
    for (const name of readdirSync(path.join(folder.dir, sub)).sort()) {
      const rel = `${sub}/${name}`;
      if (!name.endsWith('.json')) continue;
      if (!CONFIG_FILE.test(rel)) refuse(rel, say('badConfigFileName', { folder: sub }));
      else if (want(rel, 'file')) read(rel);
    }
  }
  if (existsOrLink(path.join(folder.dir, ASSETS_FOLDER)) && want(ASSETS_FOLDER, 'folder')) {
    for (const name of readdirSync(path.join(folder.dir, ASSETS_FOLDER)).sort()) {
      const rel = `${ASSETS_FOLDER}/${name}`;
      if (!name.startsWith('.') && want(rel, 'file')) out.assets[name] = path.join(folder.dir, rel);
    }
  }
  return out;
}

/** whether anything is at `abs`, a dangling link included */
function existsOrLink(abs: string): boolean {
  try {
    lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}

/** What a folder written whole holds: per file (relative, with /) its text, or the file to copy. */
export type FolderContent = Map<string, string | { copy: string }>;

/**
 * Makes `dir` hold exactly `content` in the sub-folders it names (and its top): each file whose
 * bytes differ written to a temporary name and renamed over the old one (a reader never sees half a
 * file), each file no longer wanted removed. Returns the absolute paths that changed.
 */
export function syncFolder(dir: string, content: FolderContent): string[] {
  const changed: string[] = [];
  mkdirSync(dir, { recursive: true });
  for (const [rel, c] of content) {
    const abs = path.join(dir, rel);
    const bytes = typeof c === 'string' ? Buffer.from(c) : readFileSync(c.copy);
    if (existsSync(abs) && readFileSync(abs).equals(bytes)) continue;
    mkdirSync(path.dirname(abs), { recursive: true });
    const tmp = `${abs}.${process.pid}.tmp`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, abs);
    changed.push(abs);
  }
  const subs = new Set(['', ...[...content.keys()].filter((r) => r.includes('/')).map((r) => r.slice(0, r.lastIndexOf('/')))]);
  for (const sub of [...subs, ...Object.values(NAMED_FOLDERS), ASSETS_FOLDER]) {
    const d = path.join(dir, sub);
    if (!existsSync(d)) continue;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (!e.isFile() || content.has(rel)) continue;
      rmSync(path.join(d, e.name), { force: true });
      changed.push(path.join(d, e.name));
    }
  }
  return changed;
}
