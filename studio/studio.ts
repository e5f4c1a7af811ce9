/**
 * What the studio does with an operator's edits, below any HTTP: check them, show where a value is
 * used, review them as changes and diffs, save them. Every call gets the edits whole (the browser
 * holds them; the server keeps none), so a reload or a second tab cannot lose or mix them.
 *
 * The document is layers (DESIGN.md, "Save the overlay, not the merged document"): a brand is its
 * overlay (brands/<id>/) over the product's folder (screens.config/, or SCREENS_CONFIG_DIR); the
 * product alone is its folder. The config source (src/config/source) reads them, refusing a link
 * that leads out of the config folders, and merges them as check:config, the build and `npm run
 * where` do, with the operator's drafts in place of the top layer's files on disk. The form shows
 * and the preview renders the merged view; an edit changes the top layer; a save writes the top
 * layer's changed values (review.ts).
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
import { createChecker, errorsOf, type ConfigBundle, type Problem } from '../src/config/check';
import { CURRENT_FORMAT } from '../src/config/migrations/index';
import type { BrandBundle, MergedFile } from '../src/config/overlay/layers';
import { schemaFiles } from '../src/config/overlay/schema-cursor';
import { ABSENT } from '../src/config/overlay/unmerge';
import { brandsDirOf, configFileName, configSource, loadSchemas, loadWidgetSchemas, type ConfigSource, type DiskFile, type Folder, type LayerRead } from '../src/config/source/index';
import { findReferences, routesOf } from '../src/config/where';
import { namesOf, NO_BRAND, type MockBrand } from '../mock-server/brand';
import { validatorCache } from '../scripts/validator-cache';
import { whereAnswer } from '../scripts/where-cli';
import { studioNames, WriteFailure } from './files';
import { blocked, reviewOf, withoutTexts, writeReviewed, type Edits, type FileReview } from './review';

export type { Edits, FileChange, FileReview } from './review';

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

/** a brand (or the product) as the studio edits it: its top layer, and the product's under it when it is a brand */
interface Target {
  id: string;
  top: Folder;
  brand: boolean;
}

/** What a brand (or the product) is with the drafts of its top layer. */
interface View {
  /** the merged bundle the check reads */
  bundle: ConfigBundle;
  /** a brand's merge (its files' origins, the overrides it could not apply) */
  merged?: BrandBundle;
  /** the top layer as read */
  read: LayerRead;
  /** a brand's: the product's folder as read */
  productRead?: LayerRead;
}

const hashes = (disk: Record<string, DiskFile>) => Object.fromEntries(Object.entries(disk).map(([n, f]) => [n, f.hash]));

/** The edits with every file name checked (nothing outside the config folder) and every base a hash. */
function checkedEdits(edits: Edits): Edits {
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

export class StudioCore {
  private readonly check: (b: ConfigBundle) => Problem[];

  constructor(
    private readonly source: ConfigSource,
    check: (b: ConfigBundle) => Problem[],
    private readonly layering0: { files: Record<string, object>; props: Record<string, object> },
    private readonly preview?: PreviewSink,
  ) {
    this.check = check;
  }

  /** the product and the brands: the folders of brands/ (read at each call: a brand added while the studio runs is there) */
  private targets(): Target[] {
    return [{ id: PRODUCT, top: this.source.product, brand: false }, ...this.source.brandIds().map((id) => ({ id, top: this.source.brandFolder(id), brand: true }))];
  }

  private labelOf(t: Target): string {
    return t.brand ? `${t.id} (${t.top.shown}/ over ${this.source.product.shown}/)` : `the product (${this.source.product.shown}/)`;
  }

  /** The brand (or product) named, or a BadRequest naming those there are; a brand folder that is a link leading out is refused. */
  private targetOf(id: unknown): Target {
    const list = this.targets();
    const t = typeof id === 'string' ? list.find((x) => x.id === id) : undefined;
    if (!t) throw new BadRequest(`unknown brand ${typeof id === 'string' ? JSON.stringify(id.slice(0, 60)) : `(${typeof id})`}: expected one of ${list.map((x) => x.id).join(', ')}`);
    const folderRefused = this.source.read(t.top).problems.find((p) => p.file === `${t.top.shown}/`);
    if (folderRefused) throw new BadRequest(`brand ${t.id} is not read: ${t.top.shown}/ is ${folderRefused.message}`);
    return t;
  }

  private viewOf(t: Target, drafts: Record<string, unknown>): View {
    const read = this.source.read(t.top);
    if (!t.brand) return { bundle: this.source.productBundle(drafts, read), read };
    const productRead = this.source.read(this.source.product);
    const merged = this.source.brand(t.id, { drafts, reads: { product: productRead, overlay: read } });
    return { bundle: merged.bundle, merged, read, productRead };
  }

  /** The merged view's files by name (for the preview), and its pictures: the product's, then the brand's (the same name replaces). */
  private showPreview(t: Target, v: View): void {
    if (!this.preview) return;
    const files: Record<string, unknown> = {};
    for (const e of filesOf(v.bundle)) {
      const name = this.source.nameIn(e.file, v.bundle);
      if (name) files[name] = e.json;
    }
    this.preview.show(files, this.source.assets(t.brand ? t.id : undefined));
  }

  /**
   * Every problem of the view (a brand's: the overrides its merge could not apply, then the check of
   * its merged config), each with the field of the merged document it belongs to.
   */
  private problemsOf(t: Target, v: View): FieldProblem[] {
    const all = [...(v.merged?.problems ?? []), ...this.check(v.bundle)];
    return all.map((p) => {
      const name = this.source.nameIn(p.file, v.bundle);
      if (!name) return p;
      if (!v.merged) return { ...p, field: { file: name, path: p.path, ...(p.also ? { also: p.also } : {}) } };
      const mine = p.file.startsWith(`${t.top.shown}/`);
      const f: MergedFile | undefined = v.merged.files.find((x) => (mine ? x.overlay?.file : x.product?.file) === p.file);
      const where = (at: string) => (f?.origins ? f.origins.mergedOf(mine ? 'overlay' : 'base', at) : at);
      const at = where(p.path);
      if (at === undefined) return p;
      const also = (p.also ?? []).map(where).filter((x): x is string => x !== undefined);
      return { ...p, field: { file: name, path: at || '/', ...(also.length ? { also } : {}) } };
    });
  }

  /** What review and save both start from: the merged view with the drafts, its problems and the files they change. */
  private prepared(id: unknown, raw: Edits) {
    const t = this.targetOf(id);
    const edits = checkedEdits(raw);
    const v = this.viewOf(t, edits.drafts);
    const problems = this.problemsOf(t, v);
    const parsed = this.source.parsed(v.read);
    const reviewed = reviewOf(t.top.shown, edits, v.read.files, (name) => parsed[name]);
    return { t, v, problems, errors: errorsOf(problems), reviewed };
  }

  /**
   * check:config over the product and every brand as they are on disk: per config, its problems and
   * warnings (a brand's without those of the product's own files, listed once under the product).
   */
  private checkAll(): { units: CheckedUnit[]; problems: Map<string, FieldProblem[]> } {
    const units: CheckedUnit[] = [];
    const problems = new Map<string, FieldProblem[]>();
    const seen = new Set<string>();
    const key = (p: Problem) => `${p.file}|${p.path}|${p.message}`;
    for (const t of this.targets()) {
      const all = this.problemsOf(t, this.viewOf(t, {}));
      problems.set(t.id, all);
      const own = all.filter((p) => !seen.has(key(p)));
      if (!t.brand) for (const p of all) seen.add(key(p));
      const errors = errorsOf(own).length;
      units.push({ brand: t.id, label: t.brand ? `brand ${t.id}` : `the product (${this.source.product.shown}/)`, errors, warnings: own.length - errors });
    }
    return { units, problems };
  }

  brands() {
    return this.targets().map((t) => ({ id: t.id, label: this.labelOf(t), folder: t.top.shown, ...(t.brand ? { over: this.source.product.shown } : {}) }));
  }

  /** What the page needs to merge a brand's layers as check:config does: the schema files (their `x-merge-key`s), each widget's props schema, the config format a new overlay file starts with. */
  layering() {
    return { ...this.layering0, format: CURRENT_FORMAT };
  }

  /** The top layer's files as they are on disk: text and hash of each; for a brand, the product's files under it too. */
  files(id: unknown): { folder: string; files: Record<string, DiskFile>; product?: { folder: string; files: Record<string, DiskFile> } } {
    const t = this.targetOf(id);
    const own = { folder: t.top.shown, files: this.source.read(t.top).files };
    return t.brand ? { ...own, product: { folder: this.source.product.shown, files: this.source.read(this.source.product).files } } : own;
  }

  /**
   * The problems of the merged view with the drafts (the same words as check:config), the hash of
   * every file on disk now (a brand's: the product's too), the files in conflict, and the routes
   * each file shows on; the merged view goes to the preview.
   */
  draft(id: unknown, raw: Edits) {
    const t = this.targetOf(id);
    const edits = checkedEdits(raw);
    const v = this.viewOf(t, edits.drafts);
    this.showPreview(t, v);
    const routes = routesOf(v.bundle);
    const on: Record<string, string[]> = {};
    for (const e of filesOf(v.bundle)) {
      const name = this.source.nameIn(e.file, v.bundle);
      if (name) on[name] = routes(e.file, '');
    }
    return {
      problems: this.problemsOf(t, v),
      disk: hashes(v.read.files),
      ...(v.productRead ? { product: hashes(v.productRead.files) } : {}),
      conflicts: Object.keys(edits.drafts).filter((n) => (v.read.files[n]?.hash ?? ABSENT) !== edits.base[n]),
      routes: on,
    };
  }

  /** What a save would write: per file the changes (path, old, new) and the diff; the problems; whether it may be saved. */
  review(id: unknown, raw: Edits) {
    const { reviewed, problems, errors } = this.prepared(id, raw);
    const refusal = errors.length ? `${errors.length} problem(s) must be fixed first` : reviewed.some((f) => f.conflict) ? 'a file changed on disk since you started editing it: resolve the conflict first' : reviewed.find((f) => f.unwritable)?.unwritable;
    return { files: withoutTexts(reviewed), problems, refusal };
  }

  /**
   * Writes the top layer's changed values (nothing when there is a problem or a conflict; a
   * brand's file its first override creates), then checks the product and every brand as they
   * now are on disk.
   */
  save(id: unknown, raw: Edits): { saved: false; status: 409 | 422; refusal: string; files: FileReview[]; problems: FieldProblem[] } | { saved: true; written: string[]; disk: Record<string, string>; problems: FieldProblem[]; checked: CheckedUnit[] } {
    const { t, v, reviewed, problems, errors } = this.prepared(id, raw);
    if (errors.length) return { saved: false, status: 422, refusal: `not saved: ${errors.length} problem(s) must be fixed first`, files: withoutTexts(reviewed), problems };
    const why = blocked(reviewed);
    if (why) return { saved: false, status: 409, refusal: `not saved: ${why}`, files: withoutTexts(reviewed), problems };
    let written: string[];
    try {
      written = writeReviewed(t.top, reviewed, v.read.files);
    } catch (err) {
      if (!(err instanceof WriteFailure)) throw err;
      return { saved: false, status: 409, refusal: `not saved: ${err.message}`, files: withoutTexts(reviewed), problems };
    }
    // the check over everything (the product and every brand), as it now is on disk
    const after = this.viewOf(t, {});
    this.showPreview(t, after);
    const all = this.checkAll();
    return { saved: true, written, disk: hashes(after.read.files), problems: all.problems.get(t.id) ?? [], checked: all.units };
  }

  /**
   * The answer of `npm run where -- KEY` for the merged view with the drafts (on a brand, `BRAND=<id>
   * npm run where -- KEY`: the product's places, then the brand's lines), and the routes that show
   * what refers to it.
   */
  where(id: unknown, key: unknown, raw: Edits) {
    const t = this.targetOf(id);
    if (typeof key !== 'string' || !key.trim() || key.length > 200) throw new BadRequest('key: expected what to look for, such as @withdraw.min, const.withdrawMin or map:depositState (at most 200 characters)');
    const edits = checkedEdits(raw);
    const v = this.viewOf(t, edits.drafts);
    const on = routesOf(v.bundle);
    // the routes a player opens to see what refers to the key: where the preview can show it
    const routes = [...new Set(findReferences(v.bundle, key).flatMap((r) => on(r.file, r.path)))];
    if (!v.merged) return { ...whereAnswer(this.source, key, v.bundle), routes };
    return { ...whereAnswer(this.source, key, this.source.productBundle(), [t.id], () => v.merged!), routes };
  }

  /** The names the preview's mock speaks as for a brand (its merged app.json `brand`, as saved). */
  mockBrand(id: unknown): MockBrand {
    const app = this.viewOf(this.targetOf(id), {}).bundle.app.json;
    return namesOf(app) ?? NO_BRAND;
  }
}

export type Studio = StudioCore;

/** the files of a bundle, in order */
const filesOf = (b: ConfigBundle) => [b.app, b.messages, b.routes, ...Object.values(b.screens), ...Object.values(b.forms)];

export async function createStudio({ root, configDir, brandsDir, preview }: StudioOptions): Promise<Studio> {
  const schemas = loadSchemas(root);
  const widgets = await loadWidgetSchemas(root);
  // a folder outside the project is named by its setting in every answer ($SCREENS_CONFIG_DIR/app.json), never by its path
  const shown = studioNames(root, { SCREENS_CONFIG_DIR: configDir, BRANDS_DIR: brandsDir ?? brandsDirOf(root) });
  const source = configSource({ root, productDir: configDir, ...(brandsDir ? { brandsDir } : {}), schemas, widgets, shown });
  const { refs: _refs, ...files } = schemas;
  const layering = { files: schemaFiles(files), props: Object.fromEntries(Object.entries(widgets).map(([t, w]) => [t, w.propsSchema])) };
  return new StudioCore(source, createChecker(schemas, widgets, validatorCache(root)), layering, preview);
}
