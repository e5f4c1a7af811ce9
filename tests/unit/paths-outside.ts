/**
 * Paths that lead out of the repository (issue 40): the repository must stand alone, so no file of it
 * (docs, code, comments, config, tests) may name a file beside it. Two ways a text names such a path:
 *
 *   `../` at the start of a path (a Markdown link's target, an import, a path in a comment), resolved
 *         from the folder of the file that writes it: it leaves when it climbs above the repository's
 *         root, unless it is an example written for another folder (in a fenced code block of a
 *         Markdown file: a doc's sample of a widget's imports): then it names an existing file of the
 *         repository from one of its folders.
 *         A `..` inside a path or a URL (/api/../etc/passwd) is no path of this repository.
 *   `'..'` pieces of path.resolve / path.join (`__dirname, '..'`): counted from the file's folder, or
 *         from the root when the piece before them is the project's `root` / `ROOT`.
 *
 * Pure: the docs test (tests/unit/docs.test.ts) feeds it every file of the repository.
 */
import path from 'node:path';

export interface OutsidePath {
  /** the file, relative to the repository's root, with forward slashes */
  file: string;
  line: number;
  /** the path as written */
  text: string;
}

/** `../` starting a path: not after a letter, digit, dot, slash, backslash, tilde, `$` or hyphen */
const DOTDOT = /(?<![\w.~/\\$-])(?:\.\.\/)+[^\s'"`()[\]{}<>,;|*]*/g;
/** a run of `'..'` arguments, and the argument before them */
const PIECES = /([\w.$]+)?\s*,\s*((?:(['"`])\.\.\3)(?:\s*,\s*(['"`])\.\.\4)*)/g;

/** the folder depth of a file below the root: 0 for README.md, 2 for tests/unit/docs.test.ts */
const depthOf = (file: string) => file.split('/').length - 1;

/** does `rel`, written in `file`, resolve above the repository's root? */
function leaves(file: string, rel: string): boolean {
  const resolved = path.posix.normalize(path.posix.join('/repo', path.posix.dirname(file), rel));
  return resolved !== '/repo' && !resolved.startsWith('/repo/');
}

/** how an import or a link may name a file: as written, or without its extension (TypeScript, JSON) or folder index */
const SUFFIXES = ['', '.ts', '.tsx', '.js', '.json', '/index.ts', '/index.tsx'];

const foldersOf = new WeakMap<ReadonlySet<string>, Set<string>>();

/** does `rel` name a file of `files` from some folder of the repository (an example written for that folder)? */
function namesFileFromSomeFolder(rel: string, files: ReadonlySet<string>): boolean {
  const target = rel.replace(/[#?].*$/, '').replace(/\/$/, '');
  let folders = foldersOf.get(files);
  if (!folders) foldersOf.set(files, (folders = new Set([...files].map((f) => path.posix.dirname(f)))));
  for (const folder of folders) {
    const resolved = path.posix.normalize(path.posix.join(folder, target));
    if (resolved.startsWith('..') || resolved.startsWith('/')) continue;
    if (SUFFIXES.some((s) => files.has(resolved + s))) return true;
  }
  return false;
}

/**
 * Every path of `text` (the content of `file`, relative to the root) that leads outside the repository.
 * `files`: every file of the repository, relative to its root (for the examples written for another folder).
 */
export function pathsOutside(file: string, text: string, files: ReadonlySet<string> = new Set()): OutsidePath[] {
  const out: OutsidePath[] = [];
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  // the regular expressions only where they can match: most files have neither
  const fences = file.endsWith('.md') ? [...text.matchAll(/^```[\s\S]*?^```/gm)].map((f) => [f.index, f.index + f[0].length]) : [];
  const inFence = (index: number) => fences.some(([from, to]) => index >= from && index < to);
  for (const m of text.includes('../') ? text.matchAll(DOTDOT) : []) {
    if (!leaves(file, m[0])) continue;
    if (inFence(m.index) && namesFileFromSomeFolder(m[0], files)) continue;
    out.push({ file, line: lineAt(m.index), text: m[0] });
  }
  for (const m of /(['"`])\.\.\1/.test(text) ? text.matchAll(PIECES) : []) {
    const ups = m[2].split(',').length;
    const fromRoot = /^(?:root|ROOT)$/.test(m[1] ?? '');
    if (ups > (fromRoot ? 0 : depthOf(file))) out.push({ file, line: lineAt(m.index), text: m[0].trim() });
  }
  return out;
}
