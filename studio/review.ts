/**
 * What a save of the studio would write, file by file, and the save itself: per file of each layer
 * (the product's folder, a brand's) the drafts change, the changes (path, old, new), the unified
 * diff, the text to write with only the changed values edited (json-edit.ts), and why it may not be
 * written (changed on disk since the edit started, not valid JSON on disk, gone). The answers are
 * data (the page words them in the operator's language). Pure but for `writeReviewed`.
 */
import { writeConfigFiles, type FolderWrite } from './files';
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

/** Why a file cannot be written: it is gone from disk, its text on disk is not JSON (the parser's words), or the change cannot be written into its text without changing other values. */
export type Unwritable = { gone: true } | { invalidJson: string } | { cannotEdit: true };

/**
 * Why a save is refused: problems in a config the edits reach (their count), files changed on disk
 * since the edit started, files that cannot be written, or a write that failed (every file put back,
 * but those named in `stuck`, whose old text is in the copy beside them).
 */
export type SaveRefusal =
  | { kind: 'problems'; count: number }
  | { kind: 'conflict'; files: string[] }
  | { kind: 'unwritable'; files: { file: string; why: Unwritable }[] }
  | { kind: 'writeFailed'; file: string; code?: string; stuck: { file: string; copy: string }[] };

export interface FileReview {
  /** the layer: 'product' or a brand's id */
  layer: string;
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
  /** why this file cannot be written, if so */
  unwritable?: Unwritable;
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
function reviewOne(layer: string, name: string, shown: string, draft: unknown, base: string | undefined, now: DiskFile | undefined, before: unknown): Reviewed | undefined {
  if (!now && base === ABSENT) {
    // a brand's first override in this file: the file is created, written as the other overlay files are
    const text = `${JSON.stringify(draft, null, 2)}\n`;
    return { layer, file: name, shown, changes: changesOf(jsonChanges({}, draft)), diff: textDiff(shown, '', text), conflict: false, created: true, text };
  }
  if (!now) return { layer, file: name, shown, changes: [], diff: '', conflict: true, unwritable: { gone: true } };
  const conflict = now.hash !== base;
  if (before instanceof Error) return { layer, file: name, shown, changes: [], diff: '', conflict, unwritable: { invalidJson: before.message } };
  const changes = jsonChanges(before, draft);
  if (!changes.length && !conflict) return undefined;
  let text: string | undefined;
  let unwritable: Unwritable | undefined;
  try {
    text = applyChanges(now.text, changes, draft);
  } catch (err) {
    if (!(err instanceof WriteError)) throw err;
    unwritable = { cannotEdit: true };
  }
  return {
    layer,
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
 * Per file of a layer that the drafts change: the changes, the diff, the text a save writes, a
 * conflict. `layer`: 'product' or the brand's id; `folder`: how answers name its folder; `disk`: its
 * files now; `parsed`: a file's text on disk as JSON (an Error when it is not).
 */
export function reviewOf(layer: string, folder: string, edits: Edits, disk: Record<string, DiskFile>, parsed: (name: string) => unknown): Reviewed[] {
  const out: Reviewed[] = [];
  for (const [name, draft] of Object.entries(edits.drafts)) {
    const r = reviewOne(layer, name, `${folder}/${name}`, draft, edits.base[name], disk[name], disk[name] ? parsed(name) : undefined);
    if (r) out.push(r);
  }
  return out;
}

/** the reviews as the page gets them: without the texts */
export const withoutTexts = (list: Reviewed[]): FileReview[] => list.map(({ text: _text, ...f }) => f);

/** Why these reviewed files may not be saved (a file that cannot be written, else a conflict), or undefined. */
export function blocked(list: Reviewed[]): SaveRefusal | undefined {
  const unwritable = list.filter((f) => f.unwritable);
  if (unwritable.length) return { kind: 'unwritable', files: unwritable.map((f) => ({ file: f.shown, why: f.unwritable! })) };
  const conflicts = list.filter((f) => f.conflict);
  return conflicts.length ? { kind: 'conflict', files: conflicts.map((f) => f.shown) } : undefined;
}

/** one layer's reviewed files, with its folder and its files on disk now */
export interface LayerReview {
  folder: { dir: string; shown: string };
  reviewed: Reviewed[];
  disk: Record<string, DiskFile>;
}

/**
 * Writes each reviewed file whose text differs from the one on disk into its layer's folder, every
 * layer's at once, all or none (a WriteFailure when one could not be written: every folder is as it
 * was); returns the files written, as answers name them.
 */
export function writeReviewed(layers: LayerReview[]): string[] {
  const folders: FolderWrite[] = layers.map(({ folder, reviewed, disk }) => ({
    dir: folder.dir,
    shown: folder.shown,
    files: reviewed.filter((f) => f.text !== undefined && f.text !== disk[f.file]?.text).map((f) => ({ name: f.file, text: f.text! })),
  }));
  writeConfigFiles(folders.filter((f) => f.files.length));
  return folders.flatMap((f) => f.files.map((x) => `${f.shown}/${x.name}`));
}
