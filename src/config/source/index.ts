/**
 * The config source (Node only): the one place that reads the config from disk. Every tool asks it
 * (check:config, --where, `npm run brands`, `npm run migrate`, the build's plugins, the studio, the
 * mock speaking as a brand): "the files of the product, or of this brand merged over it, and where
 * each value comes from".
 *
 * The product is a config folder (screens.config/, or SCREENS_CONFIG_DIR); a brand is its overlay
 * (brands/<id>/, or under BRANDS_DIR) over the product. Layers are read apart (disk.ts, which refuses
 * a link leading out of them) and merged in memory (src/config/overlay/layers.ts), the origin of
 * every value kept, so a problem names the layer's file an operator opens. Drafts (the studio's
 * unsaved edits: file name -> JSON) stand in for a layer's files on disk. A brand's merged folder is
 * written only for the build, which reads folders (writeMerged).
 */
import path from 'node:path';
import type { ConfigBundle, Problem, SchemaSet, WidgetSchemas } from '../checks/types.ts';
import { JsonSyntaxError, readJsonText, UnreadFile } from '../json-text.ts';
import { mergeBrand, type BrandBundle, type OverlayBundle } from '../overlay/layers.ts';
import type { SchemaSource } from '../overlay/schema-cursor.ts';
import { readLayer, Roots, syncFolder, type DiskFile, type Folder, type FolderContent, type LayerRead } from './disk.ts';
import { namedFiles, SINGLE_FILES, ASSETS_FOLDER } from './files.ts';
import { loadSchemas, schemaSource } from './schemas.ts';
import { BRAND_ID, brandIdsIn, shownPath } from './paths.ts';
import { say, worded } from '../words/index.ts';

export { configFileName, ConfigNameError, CONFIG_FILE, kindOfName, namedFile } from './files.ts';
export { hashOf, syncFolder, type DiskFile, type Folder, type FolderContent, type LayerRead } from './disk.ts';
export { loadSchemas, loadWidgetSchemas, schemaSource } from './schemas.ts';
export { BRAND_ID, brandOf, brandsDirOf, configDirOf, distOf, shownPath } from './paths.ts';

/** a layer's files by name, as parsed (a syntax error or an unread file is an Error in its place) */
export type ParsedFiles = Record<string, unknown>;
/** the studio's unsaved edits of a layer: file name -> the JSON it should hold */
export type Drafts = Record<string, unknown>;

export interface SourceOptions {
  /** the project folder */
  root: string;
  /** the product's config folder, absolute (default: SCREENS_CONFIG_DIR, else screens.config/) */
  productDir?: string;
  /** the brands' folder, absolute (default: BRANDS_DIR, else brands/) */
  brandsDir?: string;
  /** the schemas, when the caller has them (the check): the merge reads each widget's props schema from its schema.ts */
  schemas?: SchemaSet;
  widgets?: WidgetSchemas;
  /** how messages name a path (default: relative to the project when inside it, else absolute; the studio names an outside folder by its setting) */
  shown?: (abs: string) => string;
}

/** A brand that is not there: the message lists the brands there are. */
export class UnknownBrand extends Error {}

export class ConfigSource {
  readonly root: string;
  readonly product: Folder;
  readonly brandsDir: string;
  private readonly roots: Roots;
  private readonly parsedTexts = new Map<string, unknown>();
  private mergeSchemas?: SchemaSource;

  constructor(private readonly opts: SourceOptions) {
    this.root = opts.root;
    const productDir = opts.productDir ?? path.resolve(opts.root, process.env.SCREENS_CONFIG_DIR || 'screens.config');
    this.brandsDir = opts.brandsDir ?? path.resolve(opts.root, process.env.BRANDS_DIR || 'brands');
    this.product = { dir: productDir, shown: this.shown(productDir) };
    this.roots = new Roots([productDir, this.brandsDir]);
  }

  /** how a message names a path: relative to the project when inside it, else absolute (unless the options say otherwise) */
  shown(abs: string): string {
    return this.opts.shown ? this.opts.shown(abs) : shownPath(this.root, abs);
  }

  /** the brands: every folder of the brands' folder (a link among them too: reading it says where it leads), sorted */
  brandIds(): string[] {
    return brandIdsIn(this.brandsDir);
  }

  /** a brand's overlay folder (whether or not it is there) */
  brandFolder(id: string): Folder {
    const dir = path.join(this.brandsDir, id);
    return { dir, shown: this.shown(dir) };
  }

  /** the brand's folder, or an UnknownBrand naming the brands there are */
  requireBrand(id: string): Folder {
    const unknown = this.unknownBrand(id);
    if (unknown) throw new UnknownBrand(unknown);
    return this.brandFolder(id);
  }

  /** why `id` names no brand (with the brands there are), or undefined when it names one */
  unknownBrand(id: string): string | undefined {
    const known = this.brandIds();
    if (known.includes(id)) return undefined;
    const dir = this.shown(this.brandsDir);
    return `no brand "${id}": the brands are ${known.join(', ') || `none (${dir}/ is empty)`}; a brand is a folder of ${dir}/`;
  }

  read(folder: Folder): LayerRead {
    return readLayer(folder, this.roots, (abs) => this.shown(abs));
  }

  /** the product's config files as they are on disk, by name */
  productFiles(): Record<string, DiskFile> {
    return this.read(this.product).files;
  }

  /**
   * A layer's files parsed, with the drafts in place of theirs. An unchanged text is the same object
   * in every call (parsed once), so the check's per-file memo holds across the studio's calls.
   */
  parsed(read: LayerRead, drafts: Drafts = {}): ParsedFiles {
    const out: ParsedFiles = {};
    for (const [name, f] of Object.entries(read.files)) out[name] = this.parse(`${read.folder.shown}/${name}`, f);
    for (const [name, why] of Object.entries(read.unread)) out[name] = new UnreadFile(why);
    for (const [name, json] of Object.entries(drafts)) out[name] = json;
    return out;
  }

  private parse(file: string, f: DiskFile): unknown {
    const key = `${file}\0${f.hash}`;
    if (this.parsedTexts.has(key)) return this.parsedTexts.get(key);
    const r = readJsonText(f.text);
    const json = r.ok ? r.json : new JsonSyntaxError(file, r.problem);
    if (this.parsedTexts.size > 4000) this.parsedTexts.clear();
    this.parsedTexts.set(key, json);
    return json;
  }

  /** The product's config as the check reads it (a file it must have and has not is named as missing). */
  productBundle(drafts?: Drafts, read: LayerRead = this.read(this.product)): ConfigBundle {
    const files = this.parsed(read, drafts);
    const { shown } = this.product;
    const entry = (name: string) => ({ file: `${shown}/${name}`, json: name in files ? files[name] : new UnreadFile(say('configFileMissing', { folder: shown, file: name })) });
    return {
      app: entry(SINGLE_FILES.app),
      messages: entry(SINGLE_FILES.messages),
      routes: entry(SINGLE_FILES.routes),
      screens: namedFiles(Object.fromEntries(Object.keys(files).map((n) => [n, entry(n)])), 'screen'),
      forms: namedFiles(Object.fromEntries(Object.keys(files).map((n) => [n, entry(n)])), 'form'),
      assets: Object.keys(read.assets).sort(),
      problems: read.problems,
    };
  }

  /** A brand's overlay as the merge reads it: only the files it has. */
  overlayBundle(id: string, drafts?: Drafts, read: LayerRead = this.read(this.brandFolder(id))): OverlayBundle {
    const files = this.parsed(read, drafts);
    const { shown } = read.folder;
    const entry = (name: string) => ({ file: `${shown}/${name}`, json: files[name] });
    const one = (name: string) => (name in files ? entry(name) : undefined);
    const all = Object.fromEntries(Object.keys(files).map((n) => [n, entry(n)]));
    return {
      id,
      folder: shown,
      app: one(SINGLE_FILES.app),
      messages: one(SINGLE_FILES.messages),
      routes: one(SINGLE_FILES.routes),
      screens: namedFiles(all, 'screen'),
      forms: namedFiles(all, 'form'),
      assets: Object.keys(read.assets).sort(),
      problems: BRAND_ID.test(id) ? read.problems : [{ file: `${shown}/`, path: '/', ...worded(say('badBrandId', { id })) }, ...read.problems],
    };
  }

  /** what the merge reads of the schemas (each list's merge key, each widget's props) */
  schemaSource(): SchemaSource {
    return (this.mergeSchemas ??= schemaSource(this.root, this.opts.schemas ?? loadSchemas(this.root), this.opts.widgets));
  }

  /**
   * A brand's config: its overlay (with drafts) merged over the product's (with drafts), the origin of
   * every value kept. `reads`: the layers as the caller has already read them.
   */
  brand(id: string, o: { drafts?: Drafts; productDrafts?: Drafts; reads?: { product: LayerRead; overlay: LayerRead } } = {}): BrandBundle {
    return mergeBrand(this.productBundle(o.productDrafts, o.reads?.product), this.overlayBundle(id, o.drafts, o.reads?.overlay), this.schemaSource());
  }

  /** The config of the product (no id) or of a brand, as the check, --where and the build read it. */
  config(id?: string): ConfigBundle {
    return id ? this.brand(id).bundle : this.productBundle();
  }

  /** The pictures of the product, then of the brand over them (the same name replaces the product's): name -> the file to copy. */
  assets(id?: string): Record<string, string> {
    const product = this.read(this.product).assets;
    return id ? { ...product, ...this.read(this.brandFolder(id)).assets } : product;
  }

  /**
   * What a config folder holding `bundle` holds: each file's JSON as text (a file that is not valid
   * JSON as its layer has it: that text, for the dev server to show where it breaks), and the assets.
   * `nameOf` gives a file's name in the folder (app.json, screens/home.json).
   */
  folderContent(bundle: ConfigBundle, assets: Record<string, string>, layerFile: (file: string) => string | undefined): FolderContent {
    const out: FolderContent = new Map();
    for (const entry of [bundle.app, bundle.messages, bundle.routes, ...Object.values(bundle.screens), ...Object.values(bundle.forms)]) {
      const name = this.nameIn(entry.file, bundle);
      if (!name) continue;
      if (!(entry.json instanceof Error)) out.set(name, `${JSON.stringify(entry.json, null, 2)}\n`);
      else if (entry.json instanceof JsonSyntaxError) {
        const from = layerFile(entry.json.file);
        if (from) out.set(name, { copy: from });
      }
    }
    for (const [name, from] of Object.entries(assets)) out.set(`${ASSETS_FOLDER}/${name}`, { copy: from });
    return out;
  }

  /** the name in its folder of a file as messages name it (screens.config/app.json or brands/jinsha/app.json -> app.json) */
  nameIn(file: string, bundle?: ConfigBundle): string | undefined {
    const folders = bundle?.folders ?? [this.product.shown];
    for (const f of [...folders, this.product.shown]) if (file.startsWith(`${f}/`)) return file.slice(f.length + 1);
    return undefined;
  }

  /**
   * What reading the product's folder and those of the brands `ids` refused: a link leading out of
   * the config folders, a folder where a file belongs. The tools that do not run the check (--where,
   * brands, migrate, the mock) stop on these, one line each.
   */
  refusals(ids: string[] = []): Problem[] {
    const reads = [this.read(this.product), ...ids.map((id) => this.read(this.brandFolder(id)))];
    return reads.flatMap((r) => [...r.problems, ...Object.entries(r.unread).map(([name, why]) => ({ file: `${r.folder.shown}/${name}`, path: '/', ...worded(why) }))]);
  }

  /** the file on disk a file as messages name it stands for (absolute) */
  fileOf(file: string): string {
    return path.resolve(this.root, file);
  }

  /**
   * Writes a brand's merged config (or the product's, no id) as one plain config folder `dir`, only
   * the files whose bytes changed; returns the absolute paths that changed.
   */
  writeMerged(dir: string, id?: string): string[] {
    const bundle = this.config(id);
    return syncFolder(dir, this.folderContent(bundle, this.assets(id), (file) => this.fileOf(file)));
  }
}

/** The config source of a project: the product's folder and the brands' folder from the environment unless given. */
export const configSource = (opts: SourceOptions): ConfigSource => new ConfigSource(opts);
