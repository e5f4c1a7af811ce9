/**
 * What the studio does with an operator's edits, below any HTTP (issue 37): check them, show where a
 * value is used, review them as changes and diffs, save them. Every call gets the edits whole (the
 * browser holds them; the server keeps none), so a reload or a second tab cannot lose or mix them.
 *
 * The document is layers (DESIGN.md, "Save the overlay, not the merged document"): a brand is a stack
 * of config folders, the product's (screens.config/, or SCREENS_CONFIG_DIR) at the bottom and the
 * brand's overlay (brands/<id>/) on top. The form shows and the preview renders the merged view; an
 * edit changes the top layer; a save writes the top layer's changed values. The product alone is a
 * stack of one folder, whose merged view is its files.
 *   Brand overlays (issue 37, point 6) are merged by the module of issue 36 (brands/, its merge and
 *   origin map), which this repository does not have yet: until then the product is the only brand.
 *   A brand then adds its layer in `brandsOf` and its merge in `mergedView`; the edits, the review
 *   and the save already work on the top layer's files.
 *
 * Edits are `{ base, drafts }`: per file of the top layer, the JSON the operator wants (drafts) and
 * the hash of the text it was made from (base). A file whose text on disk no longer has that hash
 * changed under the edit: a conflict, shown, and never overwritten by a save.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createChecker, errorsOf, type ConfigBundle, type Problem } from '../src/config/check';
import { JsonSyntaxError, readJsonText } from '../src/config/json-text';
import { findReferences, routesOf } from '../src/config/where';
import { shownPath } from '../scripts/config-dir';
import { loadSchemas, loadWidgetSchemas } from '../scripts/config-fs';
import { whereAnswer } from '../scripts/where-cli';
import { configFileName, readFolder, writeConfigFile, type DiskFile } from './files';
import { applyChanges, jsonChanges, pointerOf, textDiff, WriteError } from './json-edit';

export interface Layer {
  /** the folder, absolute */
  dir: string;
  /** how messages name it (screens.config, or the path of SCREENS_CONFIG_DIR) */
  shown: string;
}

export interface Brand {
  id: string;
  label: string;
  /** bottom first; edits go to the last */
  layers: Layer[];
}

export interface Edits {
  /** file -> the hash of the text the edit of that file started from */
  base: Record<string, string>;
  /** file -> the JSON the operator wants the top layer's file to hold */
  drafts: Record<string, unknown>;
}

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
  /** the file as messages name it (screens.config/app.json) */
  shown: string;
  changes: FileChange[];
  /** unified diff of the text on disk and the text a save writes */
  diff: string;
  /** the file changed on disk since the edit started (its hash is no longer the base) */
  conflict: boolean;
  /** why this file cannot be written (not valid JSON on disk), if so */
  unwritable?: string;
}

/** Where the preview's config folder gets the merged view (studio/preview.ts); absent in the API's tests of the rest. */
export interface PreviewSink {
  show(files: Record<string, unknown>): void;
}

export const PRODUCT = 'product';

export class BadRequest extends Error {}

export interface StudioOptions {
  root: string;
  /** the product's config folder, absolute */
  configDir: string;
  preview?: PreviewSink;
}

export type Studio = Awaited<ReturnType<typeof createStudio>>;

export async function createStudio({ root, configDir, preview }: StudioOptions) {
  const check = createChecker(loadSchemas(root), await loadWidgetSchemas(root));
  const product: Brand = { id: PRODUCT, label: `the product (${shownPath(root, configDir)}/)`, layers: [{ dir: configDir, shown: shownPath(root, configDir) }] };
  const brands: Brand[] = [product];

  /** parsed texts by hash: an unchanged file is the same object in every bundle, so the check's per-file memo holds */
  const parsed = new Map<string, unknown>();
  const parse = (shown: string, f: DiskFile): unknown => {
    let json = parsed.get(f.hash);
    if (json === undefined) {
      const r = readJsonText(f.text);
      json = r.ok ? r.json : new JsonSyntaxError(shown, r.problem);
      if (parsed.size > 2000) parsed.clear();
      parsed.set(f.hash, json);
    }
    return json;
  };

  function brandOf(id: unknown): Brand {
    const b = brands.find((x) => x.id === id);
    if (!b) throw new BadRequest(`unknown brand ${JSON.stringify(String(id).slice(0, 60))}: expected one of ${brands.map((x) => x.id).join(', ')}`);
    return b;
  }
  const top = (b: Brand) => b.layers[b.layers.length - 1];

  /** The edits with every file name checked (nothing outside the config folder) and every base a hash. */
  function checked(edits: Edits): Edits {
    const base: Record<string, string> = {};
    const drafts: Record<string, unknown> = {};
    for (const [name, hash] of Object.entries(edits.base ?? {})) {
      if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) throw new BadRequest(`base of ${configFileName(name)}: expected the hash of the file's text (64 hex digits)`);
      base[configFileName(name)] = hash;
    }
    for (const [name, json] of Object.entries(edits.drafts ?? {})) {
      drafts[configFileName(name)] = json;
      if (!(name in base)) throw new BadRequest(`${name}: an edit without the hash of the text it started from (base)`);
    }
    return { base, drafts };
  }

  /** The merged view of a brand with the drafts on top: file -> JSON (or the syntax error of a file on disk). */
  function mergedView(b: Brand, drafts: Record<string, unknown>): { files: Record<string, unknown>; disk: Record<string, DiskFile> } {
    const layer = top(b);
    const disk = readFolder(layer.dir);
    const files: Record<string, unknown> = {};
    for (const [name, f] of Object.entries(disk)) files[name] = parse(`${layer.shown}/${name}`, f);
    for (const [name, json] of Object.entries(drafts)) files[name] = json;
    return { files, disk };
  }

  /** The merged view as the check reads it. */
  function bundleOf(b: Brand, files: Record<string, unknown>): ConfigBundle {
    const shown = top(b).shown;
    const entry = (name: string) => ({ file: `${shown}/${name}`, json: name in files ? files[name] : new Error(`${shown}/${name} is missing`) });
    const sub = (dir: string) =>
      Object.fromEntries(
        Object.keys(files)
          .filter((n) => n.startsWith(`${dir}/`))
          .sort()
          .map((n) => [n.slice(dir.length + 1, -5), entry(n)]),
      );
    const assetsDir = path.join(top(b).dir, 'assets');
    return {
      app: entry('app.json'),
      messages: entry('messages.json'),
      routes: entry('routes.json'),
      screens: sub('screens'),
      forms: sub('forms'),
      assets: existsSync(assetsDir) ? readdirSync(assetsDir).sort() : [],
    };
  }

  /** Per file of the top layer that the drafts change: the changes, the diff, the text a save writes, a conflict. */
  function reviewOf(b: Brand, edits: Edits, disk: Record<string, DiskFile>): (FileReview & { text?: string })[] {
    const layer = top(b);
    const out: (FileReview & { text?: string })[] = [];
    for (const [name, draft] of Object.entries(edits.drafts)) {
      const shown = `${layer.shown}/${name}`;
      const now = disk[name];
      if (!now) {
        out.push({ file: name, shown, changes: [], diff: '', conflict: true, unwritable: `${shown} is no longer on disk` });
        continue;
      }
      const conflict = now.hash !== edits.base[name];
      const before = parse(shown, now);
      if (before instanceof Error) {
        out.push({ file: name, shown, changes: [], diff: '', conflict, unwritable: `${shown} on disk is not valid JSON (${before.message}): fix it in a text editor first` });
        continue;
      }
      const changes = jsonChanges(before, draft);
      if (!changes.length && !conflict) continue;
      let text: string | undefined;
      let unwritable: string | undefined;
      try {
        text = applyChanges(now.text, changes, draft);
      } catch (err) {
        if (!(err instanceof WriteError)) throw err;
        unwritable = `${shown}: ${err.message}`;
      }
      out.push({
        file: name,
        shown,
        changes: changes.map((c) => ({ path: pointerOf(c.path), ...(c.old === undefined ? {} : { old: c.old }), ...(c.new === undefined ? {} : { new: c.new }) })),
        diff: text === undefined ? '' : textDiff(shown, now.text, text),
        conflict,
        ...(unwritable ? { unwritable } : {}),
        ...(text === undefined ? {} : { text }),
      });
    }
    return out;
  }

  const hashes = (disk: Record<string, DiskFile>) => Object.fromEntries(Object.entries(disk).map(([n, f]) => [n, f.hash]));

  return {
    brands: () => brands.map((b) => ({ id: b.id, label: b.label, folder: top(b).shown })),

    /** The top layer's files as they are on disk: text and hash of each. */
    files(brandId: unknown): { folder: string; files: Record<string, DiskFile> } {
      const b = brandOf(brandId);
      return { folder: top(b).shown, files: readFolder(top(b).dir) };
    },

    /**
     * The problems of the merged view with the drafts (the same words as check:config), the hash of
     * every file on disk now, the files in conflict, and the routes each file shows on; the merged
     * view goes to the preview.
     */
    draft(brandId: unknown, raw: Edits) {
      const b = brandOf(brandId);
      const edits = checked(raw);
      const { files, disk } = mergedView(b, edits.drafts);
      preview?.show(files);
      const bundle = bundleOf(b, files);
      const routes = routesOf(bundle);
      const on = Object.fromEntries(Object.keys(files).map((n) => [n, routes(`${top(b).shown}/${n}`, '')]));
      return {
        problems: check(bundle),
        disk: hashes(disk),
        conflicts: Object.keys(edits.drafts).filter((n) => disk[n]?.hash !== edits.base[n]),
        routes: on,
      };
    },

    /** What a save would write: per file the changes (path, old, new) and the diff; the problems; whether it may be saved. */
    review(brandId: unknown, raw: Edits) {
      const b = brandOf(brandId);
      const edits = checked(raw);
      const { files, disk } = mergedView(b, edits.drafts);
      const problems = check(bundleOf(b, files));
      const reviewed = reviewOf(b, edits, disk);
      const errors = errorsOf(problems);
      const refusal = errors.length
        ? `${errors.length} problem(s) must be fixed first`
        : reviewed.some((f) => f.conflict)
          ? 'a file changed on disk since you started editing it: resolve the conflict first'
          : reviewed.some((f) => f.unwritable)
            ? reviewed.find((f) => f.unwritable)?.unwritable
            : undefined;
      return { files: reviewed.map(({ text: _text, ...f }) => f), problems, refusal };
    },

    /**
     * Writes the top layer's changed values (nothing when there is a problem or a conflict), then
     * checks the folder as it now is on disk.
     */
    save(brandId: unknown, raw: Edits): { saved: false; status: 409 | 422; refusal: string; files: FileReview[]; problems: Problem[] } | { saved: true; written: string[]; disk: Record<string, string>; problems: Problem[] } {
      const b = brandOf(brandId);
      const edits = checked(raw);
      const { files, disk } = mergedView(b, edits.drafts);
      const problems = check(bundleOf(b, files));
      const reviewed = reviewOf(b, edits, disk);
      const errors = errorsOf(problems);
      const strip = (list: typeof reviewed) => list.map(({ text: _text, ...f }) => f);
      if (errors.length) return { saved: false, status: 422, refusal: `not saved: ${errors.length} problem(s) must be fixed first`, files: strip(reviewed), problems };
      const blocked = reviewed.filter((f) => f.conflict || f.unwritable);
      if (blocked.length) {
        const why = blocked.map((f) => f.unwritable ?? `${f.shown} changed on disk since you started editing it`).join('; ');
        return { saved: false, status: 409, refusal: `not saved: ${why}`, files: strip(reviewed), problems };
      }
      const written: string[] = [];
      for (const f of reviewed) {
        if (f.text === undefined || f.text === disk[f.file].text) continue;
        writeConfigFile(top(b).dir, f.file, f.text);
        written.push(f.file);
      }
      // the check over everything, as it now is on disk
      const after = mergedView(b, {});
      preview?.show(after.files);
      return { saved: true, written, disk: hashes(after.disk), problems: check(bundleOf(b, after.files)) };
    },

    /** The answer of `npm run where -- KEY` for the merged view with the drafts, and the routes that show what refers to it. */
    where(brandId: unknown, key: unknown, raw: Edits) {
      const b = brandOf(brandId);
      if (typeof key !== 'string' || !key.trim() || key.length > 200) throw new BadRequest('key: expected what to look for, such as @withdraw.min, const.withdrawMin or map:depositState (at most 200 characters)');
      const edits = checked(raw);
      const { files } = mergedView(b, edits.drafts);
      const bundle = bundleOf(b, files);
      const on = routesOf(bundle);
      // the routes a player opens to see what refers to the key: where the preview can show it
      const routes = [...new Set(findReferences(bundle, key).flatMap((r) => on(r.file, r.path)))];
      return { ...whereAnswer(root, top(b).shown, key, bundle), routes };
    },
  };
}
