/**
 * A brand's config: the product's folder (screens.config/) with the brand's overlay
 * (brands/<id>/) merged over it file by file (merge.ts), as one ConfigBundle the config check, the
 * build and `npm run where` read like any other. Every file of the result keeps the product's name
 * and carries the origins of its values: `bundle.origin(file, path)` says which layer's file (and
 * which pointer in it) set the value at a path, so a problem names brands/<id>/… or
 * screens.config/…, the file an operator opens. A file only the brand has is its own.
 * Pure: the loader (src/config/source) reads the folders.
 */
import type { ConfigBundle, Problem } from '../checks/types.ts';
import { JsonSyntaxError, UnreadFile } from '../json-text.ts';
import { pointerOf } from '../pointer.ts';
import { findReferences } from '../where.ts';
import { say, worded } from '../words/index.ts';
import { mergeLayers, Origins, type MergeProblem } from './merge.ts';
import { schemaCursor, type SchemaFileKind, type SchemaSource } from './schema-cursor.ts';

type File = { file: string; json: unknown };

/** A brand's folder as read: only the files it has (each at the product's relative path). */
export interface OverlayBundle {
  /** the brand's id: the name of its folder under brands/ */
  id: string;
  /** the folder as a message names it, e.g. brands/jinsha */
  folder: string;
  app?: File;
  messages?: File;
  routes?: File;
  screens: Record<string, File>;
  forms: Record<string, File>;
  /** the names in its assets/ (a file of the product's with the same name is replaced) */
  assets: string[];
  /** what reading its folder found (a link leading out, an asset that is a folder) */
  problems?: Problem[];
}

/** One merged file: the result, the origins of its values, the overlay file (when the brand has one). */
export interface MergedFile {
  kind: SchemaFileKind;
  /** the merged document's name (the product's file, or the brand's when only the brand has it) */
  file: string;
  product?: File;
  overlay?: File;
  json: unknown;
  origins?: Origins;
  /** what the brand removed from the product's file (its pointer there and in the brand's) */
  removed?: { base: string; overlay: string }[];
}

export interface BrandBundle {
  bundle: ConfigBundle;
  files: MergedFile[];
  /** overrides the merge could not apply (a target the product does not have), each naming the brand's file */
  problems: Problem[];
}

const usable = (f: File | undefined) => !!f && !(f.json instanceof Error);

/** the folder of the product's files (screens.config), from the name of its app.json */
export const folderOf = (bundle: ConfigBundle): string => bundle.app.file.replace(/\/?app\.json$/, '');

/**
 * The brand's config: each of its files merged over the product's. A brand file that is not valid
 * JSON leaves the product's file in its place (its syntax error is among the problems).
 */
export function mergeBrand(product: ConfigBundle, overlay: OverlayBundle, source: SchemaSource): BrandBundle {
  const problems: Problem[] = [];
  const files: MergedFile[] = [];
  const one = (kind: SchemaFileKind, p: File | undefined, o: File | undefined): File => {
    if (o && o.json instanceof JsonSyntaxError) {
      const { line, column, said, frame } = o.json.problem;
      problems.push({ file: o.file, path: '/', ...worded(say('notValidJson', { detail: said })), line, column, frame });
    } else if (o && o.json instanceof UnreadFile) problems.push({ file: o.file, path: '/', ...worded(o.json.said ?? o.json.message) });
    else if (o && o.json instanceof Error) problems.push({ file: o.file, path: '/', ...worded(say('notValidJsonError', { error: o.json.message })) });
    if (!usable(o)) {
      const f = p ?? o!;
      files.push({ kind, file: f.file, product: p, json: f.json });
      return f;
    }
    if (!p || !usable(p)) {
      // only the brand has it (a new screen or form), or the product's cannot be read (named under the product)
      const f = p && !usable(p) ? p : o!;
      files.push({ kind, file: f.file, product: p, overlay: o, json: f.json });
      return f;
    }
    const merged = mergeLayers(p.json, o!.json, schemaCursor(source, kind));
    problems.push(...merged.problems.map((m: MergeProblem) => ({ file: o!.file, path: m.at || '/', ...worded(m.said ?? m.message) })));
    files.push({ kind, file: p.file, product: p, overlay: o, json: merged.value, origins: merged.origins, removed: merged.removed });
    return { file: p.file, json: merged.value };
  };
  const named = (kind: SchemaFileKind, p: Record<string, File>, o: Record<string, File>) =>
    Object.fromEntries([...new Set([...Object.keys(p), ...Object.keys(o)])].sort().map((name) => [name, one(kind, p[name], o[name])]));

  const productFolder = folderOf(product);
  const bundle: ConfigBundle = {
    app: one('app', product.app, overlay.app),
    messages: one('messages', product.messages, overlay.messages),
    routes: one('routes', product.routes, overlay.routes),
    screens: named('screen', product.screens, overlay.screens),
    forms: named('form', product.forms, overlay.forms),
    ...(product.assets ? { assets: [...new Set([...product.assets, ...overlay.assets])].sort() } : {}),
    folders: [overlay.folder, productFolder],
    problems: [...(product.problems ?? []), ...(overlay.problems ?? [])],
  };
  const byName = new Map(files.map((f) => [f.file, f]));
  bundle.origin = (file, path) => {
    const f = byName.get(file);
    if (!f?.origins || !f.overlay) return { file, path };
    const o = f.origins.of(path);
    return { file: o.layer === 'overlay' ? f.overlay.file : f.product!.file, path: o.at || '/' };
  };
  problems.push(...unusedAdditions(bundle, files));
  return { bundle, files, problems };
}

/**
 * A message the brand adds that the product does not have and nothing of the brand's config shows:
 * the product renamed or removed the key the brand changed (the brand would have fallen behind
 * without a word), or a typo.
 */
function unusedAdditions(bundle: ConfigBundle, files: MergedFile[]): Problem[] {
  const m = files.find((f) => f.kind === 'messages');
  const own = (f: File | undefined) => (f && !(f.json instanceof Error) ? ((f.json as { messages?: Record<string, unknown> }).messages ?? {}) : {});
  if (!m?.overlay || !m.product) return [];
  const product = own(m.product);
  const out: Problem[] = [];
  for (const key of Object.keys(own(m.overlay))) {
    if (key in product || own(m.overlay)[key] === null) continue;
    if (findReferences(bundle, `@${key}`).some((r) => r.text !== '(definition)')) continue;
    const near = Object.keys(product).filter((k) => k.split('.')[0] === key.split('.')[0]);
    out.push({
      file: m.overlay.file,
      path: pointerOf(['messages', key]),
      ...worded(say('messageAddedUnused', { key, group: key.split('.')[0], near })),
    });
  }
  return out;
}
