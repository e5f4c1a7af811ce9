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
 * Edits are `{ base, drafts }` per layer (`layers`: 'product' and each brand's id): per file of the
 * layer, the JSON the operator wants (drafts) and the hash of the text it was made from (base;
 * ABSENT for a brand's file its first edit creates). The product's and brands' edits travel together
 * until saved: a brand is seen with the product's edits under its own, a review lists every layer's
 * changes, and a save writes them all or none. A file whose text on disk no longer has its base hash
 * changed under the edit: a conflict, shown, and never overwritten by a save.
 *
 * The answers are data (counts, names, kinds of refusal): the page words them in the operator's
 * language (studio/ui/words.ts).
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
import { findReferences } from '../src/config/where';
import { endpoints } from '../src/api/catalogue';
import { hasOwn, isObject } from '../src/config/json';
import { namesOf, NO_BRAND, type MockBrand } from '../mock-server/brand';
import { validatorCache } from '../scripts/validator-cache';
import { whereAnswer } from '../scripts/where-cli';
import { studioNames, WriteFailure } from './files';
import { blocked, reviewOf, withoutTexts, writeReviewed, type Edits, type FileReview, type LayerReview, type SaveRefusal } from './review';

export type { Edits, FileChange, FileReview, SaveRefusal, Unwritable } from './review';

/** The edits of each layer: 'product' and brands' ids. */
export type LayerEdits = Record<string, Edits>;

/** A problem as check:config words it, and the field of the merged document it belongs to (none: it is not one the forms show). */
export type FieldProblem = Problem & { field?: { file: string; path: string; also?: string[] } };

/** One config the check after a save went over: the product, or a brand over it. */
export interface CheckedUnit {
  /** 'product' or a brand's id */
  brand: string;
  errors: number;
  warnings: number;
}

/** A problem of a config the edits reach, as a review lists it: which config (the product or a brand's id). */
export type ReviewProblem = FieldProblem & { brand: string };

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

/** the edits of each layer by its id, with the layer */
type Layers = ReadonlyMap<string, { t: Target; edits: Edits }>;

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

  /** The brand (or product) named, or a BadRequest naming those there are; a brand folder that is a link leading out is refused. */
  private targetOf(id: unknown): Target {
    const list = this.targets();
    const t = typeof id === 'string' ? list.find((x) => x.id === id) : undefined;
    if (!t) throw new BadRequest(`unknown brand ${typeof id === 'string' ? JSON.stringify(id.slice(0, 60)) : `(${typeof id})`}: expected one of ${list.map((x) => x.id).join(', ')}`);
    const folderRefused = this.source.read(t.top).problems.find((p) => p.file === `${t.top.shown}/`);
    if (folderRefused) throw new BadRequest(`brand ${t.id} is not read: ${t.top.shown}/ is ${folderRefused.message}`);
    return t;
  }

  /** Every layer's edits checked (its name a brand's or 'product', its file names and hashes), by layer. */
  private checkedLayers(raw: LayerEdits): Layers {
    return new Map(Object.entries(raw).map(([id, edits]) => [id, { t: this.targetOf(id), edits: checkedEdits(edits) }]));
  }

  /** A brand (or the product) seen with the drafts: a brand's own under its overlay, the product's under it. */
  private viewOf(t: Target, layers: Layers): View {
    const drafts = (id: string) => layers.get(id)?.edits.drafts ?? {};
    const read = this.source.read(t.top);
    if (!t.brand) return { bundle: this.source.productBundle(drafts(PRODUCT), read), read };
    const productRead = this.source.read(this.source.product);
    const merged = this.source.brand(t.id, { drafts: drafts(t.id), productDrafts: drafts(PRODUCT), reads: { product: productRead, overlay: read } });
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

  /**
   * The configs edits reach (a product edit every brand, a brand's edit that brand), each checked
   * with the drafts: per config its problems, those of the product's own files listed once (under
   * the product, or the first brand that shows them: a brand's check words one a little otherwise,
   * naming the product's file, so one is known by its file and place).
   */
  private problemsReached(layers: Layers, all = false): { t: Target; problems: FieldProblem[]; own: FieldProblem[] }[] {
    const edited = (id: string) => Object.keys(layers.get(id)?.edits.drafts ?? {}).length > 0;
    const productEdited = edited(PRODUCT);
    const seen = new Set<string>();
    const key = (p: Problem) => `${p.file}|${p.path}`;
    return this.targets()
      .filter((t) => all || productEdited || edited(t.id))
      .map((t) => {
        const problems = this.problemsOf(t, this.viewOf(t, layers));
        const own = problems.filter((p) => !seen.has(key(p)));
        for (const p of problems) seen.add(key(p));
        return { t, problems, own };
      });
  }

  /** What review and save both start from: every layer's files reviewed, the problems of the configs they reach. */
  private prepared(raw: LayerEdits) {
    const layers = this.checkedLayers(raw);
    const reviews: LayerReview[] = [...layers.values()].map(({ t, edits }) => {
      const read = this.source.read(t.top);
      const parsed = this.source.parsed(read);
      return { folder: t.top, reviewed: reviewOf(t.id, t.top.shown, edits, read.files, (name) => parsed[name]), disk: read.files };
    });
    const problems: ReviewProblem[] = this.problemsReached(layers).flatMap(({ t, own }) => own.map((p) => ({ ...p, brand: t.id })));
    const reviewed = reviews.flatMap((r) => r.reviewed);
    return { reviews, reviewed, errors: errorsOf(problems) };
  }

  /** The product and every brand: id, folder, the site's name as saved (what the operator knows it by). */
  brands() {
    return this.targets().map((t) => {
      const names = namesOf(this.source.config(t.brand ? t.id : undefined).app.json);
      return { id: t.id, folder: t.top.shown, ...(names ? { name: names.siteName } : {}), ...(t.brand ? { over: this.source.product.shown } : {}) };
    });
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
   * The brand `id` (or the product) with every layer's drafts: the problems of its merged view (the
   * same words as check:config), the hash of every file on disk now of each layer it is made of and
   * of each layer with edits, and the files in conflict; the merged view goes to the preview.
   */
  draft(id: unknown, raw: LayerEdits) {
    const t = this.targetOf(id);
    const layers = this.checkedLayers(raw);
    const v = this.viewOf(t, layers);
    this.showPreview(t, v);
    const disk: Record<string, Record<string, string>> = { [t.id]: hashes(v.read.files), ...(v.productRead ? { [PRODUCT]: hashes(v.productRead.files) } : {}) };
    const conflicts: { layer: string; file: string }[] = [];
    for (const { t: x, edits } of layers.values()) {
      disk[x.id] ??= hashes(this.source.read(x.top).files);
      for (const name of Object.keys(edits.drafts)) if ((disk[x.id][name] ?? ABSENT) !== edits.base[name]) conflicts.push({ layer: x.id, file: name });
    }
    return { problems: this.problemsOf(t, v), disk, conflicts };
  }

  /** What a save would write: per layer and file the changes (path, old, new) and the diff; the problems of every config the edits reach; why it may not be saved. */
  review(raw: LayerEdits): { files: FileReview[]; problems: ReviewProblem[]; refusal?: SaveRefusal } {
    const { reviewed, errors } = this.prepared(raw);
    const refusal: SaveRefusal | undefined = errors.length ? { kind: 'problems', count: errors.length } : blocked(reviewed);
    return { files: withoutTexts(reviewed), problems: errors, ...(refusal ? { refusal } : {}) };
  }

  /**
   * Writes every layer's changed values at once, all or none (nothing when a config the edits reach
   * has a problem, or a file a conflict; a brand's file its first override creates), then checks the
   * product and every brand as they now are on disk.
   */
  save(raw: LayerEdits): { saved: false; status: 409 | 422; refusal: SaveRefusal; files: FileReview[]; problems: ReviewProblem[] } | { saved: true; written: string[]; checked: CheckedUnit[] } {
    const { reviews, reviewed, errors } = this.prepared(raw);
    const refused = (status: 409 | 422, refusal: SaveRefusal) => ({ saved: false as const, status, refusal, files: withoutTexts(reviewed), problems: errors });
    if (errors.length) return refused(422, { kind: 'problems', count: errors.length });
    const why = blocked(reviewed);
    if (why) return refused(409, why);
    let written: string[];
    try {
      written = writeReviewed(reviews);
    } catch (err) {
      if (!(err instanceof WriteFailure)) throw err;
      return refused(409, { kind: 'writeFailed', file: err.file, ...(err.code ? { code: err.code } : {}), stuck: err.stuck });
    }
    // the check over everything (the product and every brand), as it now is on disk
    const checked = this.problemsReached(new Map(), true).map(({ t, own }) => {
      const e = errorsOf(own).length;
      return { brand: t.id, errors: e, warnings: own.length - e };
    });
    return { saved: true, written, checked };
  }

  /**
   * Where a key is used in the brand `id` (or the product) with every layer's drafts: each place (the
   * file's name in its folder, the pointer of the merged view, the text there), and the answer of
   * `npm run where -- KEY` (on a brand, `BRAND=<id> npm run where -- KEY`: the product's places, then
   * the brand's lines).
   */
  where(id: unknown, key: unknown, raw: LayerEdits) {
    const t = this.targetOf(id);
    if (typeof key !== 'string' || !key.trim() || key.length > 200) throw new BadRequest('key: expected what to look for, such as @withdraw.min, const.withdrawMin or map:depositState (at most 200 characters)');
    const layers = this.checkedLayers(raw);
    const v = this.viewOf(t, layers);
    const refs = findReferences(v.bundle, key).flatMap((r) => {
      const file = this.source.nameIn(r.file, v.bundle);
      return file ? [{ file, path: r.path, text: r.text }] : [];
    });
    if (!v.merged) return { ...whereAnswer(this.source, key, v.bundle), refs };
    return { ...whereAnswer(this.source, key, this.viewOf(this.targets()[0], layers).bundle, [t.id], () => v.merged!), refs };
  }

  /**
   * The calls a backend question may ask: each one a data source of a screen of the brand (or the
   * product) reads with that endpoint (reads only, never a call that changes something); another is
   * a BadRequest naming it.
   */
  dataSourceCalls(id: unknown, calls: { endpoint: string; payload: Record<string, unknown> }[]) {
    const bundle = this.viewOf(this.targetOf(id), new Map()).bundle;
    const read = new Set<string>();
    for (const s of Object.values(bundle.screens)) {
      const data = isObject(s.json) ? s.json.data : undefined;
      if (isObject(data)) for (const d of Object.values(data)) if (isObject(d) && typeof d.endpoint === 'string') read.add(d.endpoint);
    }
    for (const c of calls) if (!read.has(c.endpoint) || !hasOwn(endpoints, c.endpoint)) throw new BadRequest(`${JSON.stringify(c.endpoint)} is not a call a screen of ${String(id)} reads its data from`);
    return calls;
  }

  /** The names the preview's mock speaks as for a brand (its merged app.json `brand`, as saved). */
  mockBrand(id: unknown): MockBrand {
    const app = this.viewOf(this.targetOf(id), new Map()).bundle.app.json;
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
