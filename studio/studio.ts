/**
 * What the studio does with an operator's edits, below any HTTP (issue 37): check them, show where a
 * value is used, review them as changes and diffs, save them. Every call gets the edits whole (the
 * browser holds them; the server keeps none), so a reload or a second tab cannot lose or mix them.
 *
 * The document is layers (DESIGN.md, "Save the overlay, not the merged document"): a brand is a stack
 * of config folders, the product's (screens.config/, or SCREENS_CONFIG_DIR) at the bottom and the
 * brand's overlay (brands/<id>/, docs/BRANDS.md) on top. The form shows and the preview renders the
 * merged view; an edit changes the top layer; a save writes the top layer's changed values. The
 * product alone is a stack of one folder, whose merged view is its files. A brand's merged view is
 * the brand merge of issue 36 (src/config/overlay/layers.ts mergeBrand), with the operator's drafts
 * of the overlay's files in place of those on disk: the same config `check:config`, the build and
 * `npm run where` read for that brand, feature switches and all.
 *
 * Edits are `{ base, drafts }`: per file of the top layer, the JSON the operator wants (drafts) and
 * the hash of the text it was made from (base; ABSENT for a brand's file its first edit creates). A
 * file whose text on disk no longer has that hash changed under the edit: a conflict, shown, and
 * never overwritten by a save.
 *
 * A problem of a brand is named as check:config names it, by the layer's file and the pointer in it
 * (brands/jinsha/app.json /theme/primary, or screens.config/… for a value the brand inherits); the
 * studio adds `field`, the place of the merged document the form shows it at.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createChecker, errorsOf, type ConfigBundle, type Problem } from '../src/config/check';
import { JsonSyntaxError, readJsonText } from '../src/config/json-text';
import { CURRENT_FORMAT } from '../src/config/migrations/index';
import { mergeBrand, type BrandBundle, type MergedFile, type OverlayBundle } from '../src/config/overlay/layers';
import { schemaFiles } from '../src/config/overlay/schema-cursor';
import { findReferences, routesOf } from '../src/config/where';
import { namesOf, NO_BRAND, type MockBrand } from '../mock-server/brand';
import { BRAND_ID, brandsDirOf } from '../scripts/config-dir';
import { loadSchemas, loadWidgetSchemas, schemaSource } from '../scripts/config-fs';
import { validatorCache } from '../scripts/validator-cache';
import { whereAnswer } from '../scripts/where-cli';
import { configFileName, isFile, readFolder, shownFolder, writeConfigFiles, WriteFailure, type DiskFile } from './files';
import { applyChanges, jsonChanges, pointerOf, textDiff, WriteError } from './json-edit';
import { ABSENT } from './layer-edit';

export interface Layer {
  /** the folder, absolute */
  dir: string;
  /** how messages name it (screens.config, brands/jinsha; a folder outside the project by its setting: $SCREENS_CONFIG_DIR, $BRANDS_DIR/jinsha) */
  shown: string;
}

export interface Brand {
  id: string;
  label: string;
  /** bottom first; edits go to the last */
  layers: Layer[];
}

export interface Edits {
  /** file -> the hash of the text the edit of that file started from (ABSENT: the file is not there yet) */
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

/** A problem as check:config words it, and the field of the merged document it belongs to (none: it is not one the forms show). */
export type FieldProblem = Problem & { field?: { file: string; path: string; also?: string[] } };

/** One config the check after a save went over: the product, or a brand over it. */
export interface CheckedUnit {
  /** 'product' or a brand's id */
  brand: string;
  label: string;
  errors: number;
  warnings: number;
}

/** Where the preview's config folder gets the merged view (studio/preview.ts); absent in the API's tests of the rest. */
export interface PreviewSink {
  /** the merged view's files (file -> JSON) and its pictures (name -> the file to copy) */
  show(files: Record<string, unknown>, assets: Record<string, string>): void;
}

export const PRODUCT = 'product';

export class BadRequest extends Error {}

export interface StudioOptions {
  root: string;
  /** the product's config folder, absolute */
  configDir: string;
  /** the brands' overlays (brands/, or BRANDS_DIR), absolute */
  brandsDir?: string;
  preview?: PreviewSink;
}

/** A layer's files read: each by its name in the folder (app.json, screens/home.json). */
type Files = Record<string, unknown>;

export type Studio = Awaited<ReturnType<typeof createStudio>>;

export async function createStudio({ root, configDir, brandsDir = brandsDirOf(root), preview }: StudioOptions) {
  const schemas = loadSchemas(root);
  const widgets = await loadWidgetSchemas(root);
  const check = createChecker(schemas, widgets, validatorCache(root));
  const source = schemaSource(root, schemas, widgets);
  const productLayer: Layer = { dir: configDir, shown: shownFolder(root, configDir, 'SCREENS_CONFIG_DIR') };
  const brandsShown = shownFolder(root, brandsDir, 'BRANDS_DIR');
  const product: Brand = { id: PRODUCT, label: `the product (${productLayer.shown}/)`, layers: [productLayer] };

  /** the brands: the folders of brands/ (read at each call: a brand added while the studio runs is there) */
  function brandList(): Brand[] {
    const ids = existsSync(brandsDir) ? readdirSync(brandsDir).filter((n) => BRAND_ID.test(n) && statSync(path.join(brandsDir, n)).isDirectory()).sort() : [];
    return [
      product,
      ...ids.map((id) => {
        const layer = { dir: path.join(brandsDir, id), shown: `${brandsShown}/${id}` };
        return { id, label: `${id} (${layer.shown}/ over ${productLayer.shown}/)`, layers: [productLayer, layer] };
      }),
    ];
  }

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
    const list = brandList();
    const b = list.find((x) => x.id === id);
    if (!b) throw new BadRequest(`unknown brand ${typeof id === 'string' ? JSON.stringify(id.slice(0, 60)) : `(${typeof id})`}: expected one of ${list.map((x) => x.id).join(', ')}`);
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

  /** A layer's files: the text on disk of each, parsed, with the drafts in place of theirs (a draft may be a file not there yet). */
  function layerFiles(layer: Layer, drafts: Record<string, unknown> = {}): { files: Files; disk: Record<string, DiskFile> } {
    const disk = readFolder(layer.dir);
    const files: Files = {};
    for (const [name, f] of Object.entries(disk)) files[name] = parse(`${layer.shown}/${name}`, f);
    for (const [name, json] of Object.entries(drafts)) files[name] = json;
    return { files, disk };
  }

  /** The names in a layer's assets/ folder. */
  const assetsOf = (layer: Layer) => {
    const dir = path.join(layer.dir, 'assets');
    // a picture is a file: a sub-folder of assets/ (or a link to nothing) is none
    return existsSync(dir) ? readdirSync(dir).filter((n) => isFile(path.join(dir, n))).sort() : [];
  };

  /** A folder's files as the check reads them; a file it must have and has not is named as missing. */
  function bundleOf(layer: Layer, files: Files): ConfigBundle {
    const entry = (name: string) => ({ file: `${layer.shown}/${name}`, json: name in files ? files[name] : new Error(`${layer.shown}/${name} is missing`) });
    return { app: entry('app.json'), messages: entry('messages.json'), routes: entry('routes.json'), screens: sub(files, 'screens', entry), forms: sub(files, 'forms', entry), assets: assetsOf(layer) };
  }
  /** A brand's overlay as the merge reads it: only the files it has. */
  function overlayOf(id: string, layer: Layer, files: Files): OverlayBundle {
    const entry = (name: string) => ({ file: `${layer.shown}/${name}`, json: files[name] });
    const one = (name: string) => (name in files ? entry(name) : undefined);
    return { id, folder: layer.shown, app: one('app.json'), messages: one('messages.json'), routes: one('routes.json'), screens: sub(files, 'screens', entry), forms: sub(files, 'forms', entry), assets: assetsOf(layer) };
  }

  /** What a brand (or the product) is with the drafts of its top layer: the merged bundle the check reads, and the files on disk. */
  interface View {
    bundle: ConfigBundle;
    /** a brand's merge (its files' origins, the overrides it could not apply) */
    merged?: BrandBundle;
    /** the top layer's files on disk */
    disk: Record<string, DiskFile>;
    /** a brand's: the product's files on disk */
    productDisk?: Record<string, DiskFile>;
  }
  function viewOf(b: Brand, drafts: Record<string, unknown>): View {
    if (b.layers.length === 1) {
      const { files, disk } = layerFiles(productLayer, drafts);
      return { bundle: bundleOf(productLayer, files), disk };
    }
    const layer = top(b);
    const p = layerFiles(productLayer);
    const o = layerFiles(layer, drafts);
    const merged = mergeBrand(bundleOf(productLayer, p.files), overlayOf(b.id, layer, o.files), source);
    return { bundle: merged.bundle, merged, disk: o.disk, productDisk: p.disk };
  }

  /** The name in its folder of a file as messages name it (screens.config/app.json -> app.json). */
  function nameIn(b: Brand, file: string): string | undefined {
    for (const l of b.layers) if (file.startsWith(`${l.shown}/`)) return file.slice(l.shown.length + 1);
    return undefined;
  }

  /** The merged view's files by name (for the preview), and its pictures: the product's, then the brand's (the same name replaces). */
  function previewFiles(b: Brand, v: View): { files: Files; assets: Record<string, string> } {
    const { bundle } = v;
    const files: Files = {};
    for (const e of [bundle.app, bundle.messages, bundle.routes, ...Object.values(bundle.screens), ...Object.values(bundle.forms)]) {
      const name = nameIn(b, e.file);
      if (name) files[name] = e.json;
    }
    const assets: Record<string, string> = {};
    for (const l of b.layers) for (const a of assetsOf(l)) assets[a] = path.join(l.dir, 'assets', a);
    return { files, assets };
  }

  /**
   * Every problem of the view (a brand's: the overrides its merge could not apply, then the check of
   * its merged config), each with the field of the merged document it belongs to.
   */
  function problemsOf(b: Brand, v: View): FieldProblem[] {
    const all = [...(v.merged?.problems ?? []), ...check(v.bundle)];
    if (!v.merged) {
      return all.map((p) => {
        const name = nameIn(b, p.file);
        return name ? { ...p, field: { file: name, path: p.path, ...(p.also ? { also: p.also } : {}) } } : p;
      });
    }
    const layer = top(b);
    return all.map((p) => {
      const name = nameIn(b, p.file);
      if (!name) return p;
      const mine = p.file.startsWith(`${layer.shown}/`);
      const f: MergedFile | undefined = v.merged!.files.find((x) => (mine ? x.overlay?.file : x.product?.file) === p.file);
      const where = (at: string) => (f?.origins ? f.origins.mergedOf(mine ? 'overlay' : 'base', at) : at);
      const at = where(p.path);
      if (at === undefined) return p;
      const also = (p.also ?? []).map(where).filter((x): x is string => x !== undefined);
      return { ...p, field: { file: name, path: at || '/', ...(also.length ? { also } : {}) } };
    });
  }

  /** What review and save both start from: the merged view with the drafts, its problems and the files they change. */
  function prepared(brandId: unknown, raw: Edits) {
    const b = brandOf(brandId);
    const edits = checked(raw);
    const v = viewOf(b, edits.drafts);
    const problems = problemsOf(b, v);
    return { b, v, problems, errors: errorsOf(problems), reviewed: reviewOf(b, edits, v.disk) };
  }

  /** Per file of the top layer that the drafts change: the changes, the diff, the text a save writes, a conflict. */
  function reviewOf(b: Brand, edits: Edits, disk: Record<string, DiskFile>): (FileReview & { text?: string })[] {
    const layer = top(b);
    const out: (FileReview & { text?: string })[] = [];
    for (const [name, draft] of Object.entries(edits.drafts)) {
      const shown = `${layer.shown}/${name}`;
      const now = disk[name];
      if (!now && edits.base[name] === ABSENT) {
        // a brand's first override in this file: the file is created, written as the other overlay files are
        const text = `${JSON.stringify(draft, null, 2)}\n`;
        const changes = jsonChanges({}, draft);
        out.push({ file: name, shown, changes: changes.map((c) => ({ path: pointerOf(c.path), new: c.new })), diff: textDiff(shown, '', text), conflict: false, created: true, text });
        continue;
      }
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

  /**
   * check:config over the product and every brand as they are on disk: per config, its problems and
   * warnings (a brand's without those of the product's own files, listed once under the product).
   */
  function checkAll(): { units: CheckedUnit[]; problems: Map<string, FieldProblem[]> } {
    const units: CheckedUnit[] = [];
    const problems = new Map<string, FieldProblem[]>();
    const seen = new Set<string>();
    const id = (p: Problem) => `${p.file}|${p.path}|${p.message}`;
    for (const b of brandList()) {
      const v = viewOf(b, {});
      const all = problemsOf(b, v);
      problems.set(b.id, all);
      const own = all.filter((p) => !seen.has(id(p)));
      if (b.id === PRODUCT) for (const p of all) seen.add(id(p));
      const errors = errorsOf(own).length;
      units.push({ brand: b.id, label: b.id === PRODUCT ? `the product (${productLayer.shown}/)` : `brand ${b.id}`, errors, warnings: own.length - errors });
    }
    return { units, problems };
  }

  const hashes = (disk: Record<string, DiskFile>) => Object.fromEntries(Object.entries(disk).map(([n, f]) => [n, f.hash]));

  return {
    brands: () => brandList().map((b) => ({ id: b.id, label: b.label, folder: top(b).shown, ...(b.layers.length > 1 ? { over: productLayer.shown } : {}) })),

    /** What the page needs to merge a brand's layers as check:config does: the schema files (their `x-merge-key`s), each widget's props schema, the config format a new overlay file starts with. */
    layering: () => ({ files: schemaFiles({ common: schemas.common, app: schemas.app, messages: schemas.messages, routes: schemas.routes, screen: schemas.screen, form: schemas.form }), props: Object.fromEntries(Object.entries(widgets).map(([t, w]) => [t, w.propsSchema])), format: CURRENT_FORMAT }),

    /** The top layer's files as they are on disk: text and hash of each; for a brand, the product's files under it too. */
    files(brandId: unknown): { folder: string; files: Record<string, DiskFile>; product?: { folder: string; files: Record<string, DiskFile> } } {
      const b = brandOf(brandId);
      const own = { folder: top(b).shown, files: readFolder(top(b).dir) };
      return b.layers.length > 1 ? { ...own, product: { folder: productLayer.shown, files: readFolder(productLayer.dir) } } : own;
    },

    /**
     * The problems of the merged view with the drafts (the same words as check:config), the hash of
     * every file on disk now (a brand's: the product's too), the files in conflict, and the routes
     * each file shows on; the merged view goes to the preview.
     */
    draft(brandId: unknown, raw: Edits) {
      const b = brandOf(brandId);
      const edits = checked(raw);
      const v = viewOf(b, edits.drafts);
      if (preview) {
        const { files, assets } = previewFiles(b, v);
        preview.show(files, assets);
      }
      const routes = routesOf(v.bundle);
      const on: Record<string, string[]> = {};
      for (const e of [v.bundle.app, v.bundle.messages, v.bundle.routes, ...Object.values(v.bundle.screens), ...Object.values(v.bundle.forms)]) {
        const name = nameIn(b, e.file);
        if (name) on[name] = routes(e.file, '');
      }
      return {
        problems: problemsOf(b, v),
        disk: hashes(v.disk),
        ...(v.productDisk ? { product: hashes(v.productDisk) } : {}),
        conflicts: Object.keys(edits.drafts).filter((n) => (v.disk[n]?.hash ?? ABSENT) !== edits.base[n]),
        routes: on,
      };
    },

    /** What a save would write: per file the changes (path, old, new) and the diff; the problems; whether it may be saved. */
    review(brandId: unknown, raw: Edits) {
      const { reviewed, problems, errors } = prepared(brandId, raw);
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
     * Writes the top layer's changed values (nothing when there is a problem or a conflict; a
     * brand's file its first override creates), then checks the product and every brand as they
     * now are on disk.
     */
    save(
      brandId: unknown,
      raw: Edits,
    ): { saved: false; status: 409 | 422; refusal: string; files: FileReview[]; problems: FieldProblem[] } | { saved: true; written: string[]; disk: Record<string, string>; problems: FieldProblem[]; checked: CheckedUnit[] } {
      const { b, v, reviewed, problems, errors } = prepared(brandId, raw);
      const strip = (list: typeof reviewed) => list.map(({ text: _text, ...f }) => f);
      if (errors.length) return { saved: false, status: 422, refusal: `not saved: ${errors.length} problem(s) must be fixed first`, files: strip(reviewed), problems };
      const blocked = reviewed.filter((f) => f.conflict || f.unwritable);
      if (blocked.length) {
        const why = blocked.map((f) => f.unwritable ?? `${f.shown} changed on disk since you started editing it`).join('; ');
        return { saved: false, status: 409, refusal: `not saved: ${why}`, files: strip(reviewed), problems };
      }
      const toWrite = reviewed.filter((f) => f.text !== undefined && f.text !== v.disk[f.file]?.text).map((f) => ({ name: f.file, text: f.text! }));
      try {
        writeConfigFiles(top(b).dir, top(b).shown, toWrite);
      } catch (err) {
        if (!(err instanceof WriteFailure)) throw err;
        return { saved: false, status: 409, refusal: `not saved: ${err.message}`, files: strip(reviewed), problems };
      }
      const written = toWrite.map((f) => f.name);
      // the check over everything (the product and every brand), as it now is on disk
      const after = viewOf(b, {});
      if (preview) {
        const { files, assets } = previewFiles(b, after);
        preview.show(files, assets);
      }
      const all = checkAll();
      return { saved: true, written, disk: hashes(after.disk), problems: all.problems.get(b.id) ?? [], checked: all.units };
    },

    /**
     * The answer of `npm run where -- KEY` for the merged view with the drafts (on a brand, `BRAND=<id>
     * npm run where -- KEY`: the product's places, then the brand's lines), and the routes that show
     * what refers to it.
     */
    where(brandId: unknown, key: unknown, raw: Edits) {
      const b = brandOf(brandId);
      if (typeof key !== 'string' || !key.trim() || key.length > 200) throw new BadRequest('key: expected what to look for, such as @withdraw.min, const.withdrawMin or map:depositState (at most 200 characters)');
      const edits = checked(raw);
      const v = viewOf(b, edits.drafts);
      const on = routesOf(v.bundle);
      // the routes a player opens to see what refers to the key: where the preview can show it
      const routes = [...new Set(findReferences(v.bundle, key).flatMap((r) => on(r.file, r.path)))];
      if (!v.merged) return { ...whereAnswer(root, productLayer.shown, key, v.bundle), routes };
      const productBundle = bundleOf(productLayer, layerFiles(productLayer).files);
      return { ...whereAnswer(root, productLayer.shown, key, productBundle, [b.id], () => v.merged!), routes };
    },

    /** The names the preview's mock speaks as for a brand (its merged app.json `brand`, as saved). */
    mockBrand(brandId: unknown): MockBrand {
      const app = viewOf(brandOf(brandId), {}).bundle.app.json;
      return namesOf(app) ?? NO_BRAND;
    },
  };
}

/** the screens/ or forms/ files of a folder's files, by name (home for screens/home.json), sorted */
function sub<T>(files: Files, dir: string, entry: (name: string) => T): Record<string, T> {
  return Object.fromEntries(
    Object.keys(files)
      .filter((n) => n.startsWith(`${dir}/`))
      .sort()
      .map((n) => [n.slice(dir.length + 1, -5), entry(n)]),
  );
}
