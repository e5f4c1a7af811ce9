/**
 * What a save of the studio would write, file by file, and the save itself: per file of the top
 * layer the drafts change, the changes (path, old, new), the unified diff, the text to write with
 * only the changed values edited (json-edit.ts), and why it may not be written (changed on disk
 * since the edit started, not valid JSON on disk, gone). Pure but for `writeReviewed`.
 */
import { writeConfigFiles } from './files';
import { applyChanges, jsonChanges, pointerOf, textDiff, WriteError } from './json-edit';
import { ABSENT } from '../src/config/overlay/unmerge';
import type { DiskFile } from '../src/config/source/index';

export interface FileChange {
  /** JSON Pointer inside the file */
  path: string;
  /** absent: the key is new */
  old?: unknown;
  /** absent: the key is removed */
  new?: unknown;
}

export interface FileReview {
  file: string;
  /** the file as messages name it (screens.config/app.json, brands/jinsha/app.json) */
  shown: string;
  changes: FileChange[];
  /** unified diff of the text on disk and the text a save writes */
  diff: string;
  /** the file changed on disk since the edit started (its hash is no longer the base) */
  conflict: boolean;
  /** a save creates it (a brand's first override in this file) */
  created?: true;
  /** why this file cannot be written (not valid JSON on disk), if so */
  unwritable?: string;
}

/** a file's review with the text a save writes (never sent to the page) */
export type Reviewed = FileReview & { text?: string };

export interface Edits {
  /** file -> the hash of the text the edit of that file started from (ABSENT: the file is not there yet) */
  base: Record<string, string>;
  /** file -> the JSON the operator wants the top layer's file to hold */
  drafts: Record<string, unknown>;
}

const changesOf = (list: ReturnType<typeof jsonChanges>): FileChange[] =>
  list.map((c) => ({ path: pointerOf(c.path), ...(c.old === undefined ? {} : { old: c.old }), ...(c.new === undefined ? {} : { new: c.new }) }));

/** One file of the drafts against its text on disk (`before`: that text parsed). */
function reviewOne(name: string, shown: string, draft: unknown, base: string | undefined, now: DiskFile | undefined, before: unknown): Reviewed | undefined {
  if (!now && base === ABSENT) {
    // a brand's first override in this file: the file is created, written as the other overlay files are
    const text = `${JSON.stringify(draft, null, 2)}\n`;
    return { file: name, shown, changes: changesOf(jsonChanges({}, draft)), diff: textDiff(shown, '', text), conflict: false, created: true, text };
  }
  if (!now) return { file: name, shown, changes: [], diff: '', conflict: true, unwritable: `${shown} is no longer on disk` };
  const conflict = now.hash !== base;
  if (before instanceof Error) return { file: name, shown, changes: [], diff: '', conflict, unwritable: `${shown} on disk is not valid JSON (${before.message}): fix it in a text editor first` };
  const changes = jsonChanges(before, draft);
  if (!changes.length && !conflict) return undefined;
  let text: string | undefined;
  let unwritable: string | undefined;
  try {
    text = applyChanges(now.text, changes, draft);
  } catch (err) {
    if (!(err instanceof WriteError)) throw err;
    unwritable = `${shown}: ${err.message}`;
  }
  return {
    file: name,
    shown,
    changes: changesOf(changes),
    diff: text === undefined ? '' : textDiff(shown, now.text, text),
    conflict,
    ...(unwritable ? { unwritable } : {}),
    ...(text === undefined ? {} : { text }),
  };
}

/**
 * Per file of the top layer that the drafts change: the changes, the diff, the text a save writes, a
 * conflict. `folder`: how messages name the layer; `disk`: its files now; `parsed`: a file's text on
 * disk as JSON (an Error when it is not).
 */
export function reviewOf(folder: string, edits: Edits, disk: Record<string, DiskFile>, parsed: (name: string) => unknown): Reviewed[] {
  const out: Reviewed[] = [];
  for (const [name, draft] of Object.entries(edits.drafts)) {
    const r = reviewOne(name, `${folder}/${name}`, draft, edits.base[name], disk[name], disk[name] ? parsed(name) : undefined);
    if (r) out.push(r);
  }
  return out;
}

/** the reviews as the page gets them: without the texts */
export const withoutTexts = (list: Reviewed[]): FileReview[] => list.map(({ text: _text, ...f }) => f);

/** Why these reviewed files may not be saved (a conflict, a file that cannot be written), or undefined. */
export function blocked(list: Reviewed[]): string | undefined {
  const stop = list.filter((f) => f.conflict || f.unwritable);
  return stop.length ? stop.map((f) => f.unwritable ?? `${f.shown} changed on disk since you started editing it`).join('; ') : undefined;
}

/**
 * Writes each reviewed file whose text differs from the one on disk into the layer's folder, all or
 * none (a WriteFailure when one could not be written: the folder is as it was); returns their names.
 */
export function writeReviewed(folder: { dir: string; shown: string }, list: Reviewed[], disk: Record<string, DiskFile>): string[] {
  const files = list.filter((f) => f.text !== undefined && f.text !== disk[f.file]?.text).map((f) => ({ name: f.file, text: f.text! }));
  writeConfigFiles(folder.dir, folder.shown, files);
  return files.map((f) => f.name);
}
