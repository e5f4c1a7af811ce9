/**
 * Reads screens.config/, the brands' overlays (brands/<id>/) and the widget props schemas from disk
 * for the config check, the build and the brand tools (Node only).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ConfigBundle, SchemaSet, WidgetSchemas } from '../src/config/check';
import { JsonSyntaxError, readJsonText } from '../src/config/json-text.ts';
import { mergeBrand, type BrandBundle, type OverlayBundle } from '../src/config/overlay/layers.ts';
import { schemaFiles, type SchemaSource } from '../src/config/overlay/schema-cursor.ts';
import { didYouMean } from '../src/config/checks/util.ts';
import { BRAND_ID, brandOf, brandsDirOf, shownPath } from './config-dir.ts';

/** The parsed file, or the error to report: a syntax error with its line, column and hint (src/config/json-text.ts). */
function readJson(abs: string, file: string): unknown {
  try {
    const r = readJsonText(readFileSync(abs, 'utf8'));
    return r.ok ? r.json : new JsonSyntaxError(file, r.problem);
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

function readDir(abs: string, shown: string): Record<string, { file: string; json: unknown }> {
  const out: Record<string, { file: string; json: unknown }> = {};
  if (!existsSync(abs)) return out;
  for (const name of readdirSync(abs).sort()) {
    if (!name.endsWith('.json')) continue;
    out[name.slice(0, -5)] = { file: `${shown}/${name}`, json: readJson(path.join(abs, name), `${shown}/${name}`) };
  }
  return out;
}

/**
 * The config folder `configDir` (relative to root, or absolute) as the check reads it; files are
 * named relative to the project (screens.config/app.json), or absolutely when outside it.
 */
export function loadBundle(root: string, configDir = 'screens.config'): ConfigBundle {
  const abs = path.resolve(root, configDir);
  const shown = shownPath(root, abs);
  const one = (name: string) => ({ file: `${shown}/${name}`, json: readJson(path.join(abs, name), `${shown}/${name}`) });
  return {
    app: one('app.json'),
    messages: one('messages.json'),
    routes: one('routes.json'),
    screens: readDir(path.join(abs, 'screens'), `${shown}/screens`),
    forms: readDir(path.join(abs, 'forms'), `${shown}/forms`),
    assets: existsSync(path.join(abs, 'assets')) ? readdirSync(path.join(abs, 'assets')).sort() : [],
  };
}

/** a brand's folder as a message names it (brands/jinsha) */
export const brandFolder = (root: string, id: string): string => shownPath(root, path.join(brandsDirOf(root), id));

/**
 * The brand's overlay: the files it has, each at the product's relative path (app.json,
 * messages.json, routes.json, screens/, forms/, assets/).
 */
export function loadOverlay(root: string, id: string): OverlayBundle {
  const abs = path.join(brandsDirOf(root), id);
  const folder = shownPath(root, abs);
  const one = (name: string) => (existsSync(path.join(abs, name)) ? { file: `${folder}/${name}`, json: readJson(path.join(abs, name), `${folder}/${name}`) } : undefined);
  return {
    id,
    folder,
    app: one('app.json'),
    messages: one('messages.json'),
    routes: one('routes.json'),
    screens: readDir(path.join(abs, 'screens'), `${folder}/screens`),
    forms: readDir(path.join(abs, 'forms'), `${folder}/forms`),
    assets: existsSync(path.join(abs, 'assets')) ? readdirSync(path.join(abs, 'assets')).sort() : [],
  };
}

/**
 * What the merge reads of the schemas: the schema files, and each widget's props schema from its
 * schema.ts (`widgets`, when loaded: the config check) or else from the generated
 * screens.config/schema/widgets.schema.json (the build, which cannot load TypeScript at start).
 */
export function schemaSource(root: string, schemas: SchemaSet = loadSchemas(root), widgets?: WidgetSchemas): SchemaSource {
  const { refs: _refs, ...files } = schemas;
  let copies: Record<string, object> | undefined;
  const fromJson = (type: string) => {
    copies ??= (JSON.parse(readFileSync(path.join(root, 'screens.config', 'schema', 'widgets.schema.json'), 'utf8')) as { definitions: Record<string, object> }).definitions;
    return type === 'propsByType' ? undefined : copies[type];
  };
  return { files: schemaFiles(files), propsOf: (type) => (widgets ? widgets[type]?.propsSchema : fromJson(type)) };
}

/** The brand's config: its overlay merged over the product's folder `productDir` (src/config/overlay/layers.ts). */
export function loadBrand(root: string, id: string, productDir = 'screens.config', source: SchemaSource = schemaSource(root)): BrandBundle {
  return mergeBrand(loadBundle(root, productDir), loadOverlay(root, id), source);
}

/** The brands: the folders of brands/ (BRANDS_DIR), by name. */
export function brandIds(root: string): string[] {
  const dir = brandsDirOf(root);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.') && statSync(path.join(dir, name)).isDirectory())
    .sort();
}

/** What is wrong with a brand id (a typo: BRAND=weinsi), with the brands there are; undefined for a brand of brands/. */
export function unknownBrand(root: string, id: string): string | undefined {
  const known = brandIds(root);
  if (BRAND_ID.test(id) && known.includes(id)) return undefined;
  const dir = shownPath(root, brandsDirOf(root));
  return `BRAND=${id}: no brand folder ${dir}/${id}/ (the brands: ${known.join(', ') || `none, ${dir}/ is empty`})${didYouMean(id, known)}; a brand id is lower-case letters, digits and hyphens`;
}

/**
 * The brand a command works on (BRAND; undefined: the product). One that is not a brand of
 * brands/ is refused before anything runs, with the brands there are (exit 2): `BRAND=weinsi npm
 * run serve` says so, not "run BRAND=weinsi npm run build first".
 */
export function brandOrExit(root: string, env = process.env.BRAND): string | undefined {
  const id = brandOf(env);
  const problem = id === undefined ? undefined : unknownBrand(root, id);
  if (!problem) return id;
  console.error(problem);
  process.exit(2);
}

export function loadSchemas(root: string): SchemaSet {
  const s = (n: string) => JSON.parse(readFileSync(path.join(root, 'screens.config', 'schema', `${n}.schema.json`), 'utf8')) as object;
  return { common: s('common'), refs: s('refs'), app: s('app'), messages: s('messages'), routes: s('routes'), screen: s('screen'), form: s('form') };
}

/**
 * Every src/widgets/<Type>/schema.ts exports `propsSchema` and `templates` (src/config/schema-refs.ts),
 * and a widget showing a list `itemsFrom` (the prop naming it); a missing propsSchema or templates is named.
 */
export async function loadWidgetSchemas(root: string): Promise<WidgetSchemas> {
  const dir = path.join(root, 'src', 'widgets');
  const out: WidgetSchemas = {};
  const types = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'schema.ts')))
    .map((d) => d.name);
  await Promise.all(
    types.map(async (type) => {
      // a path made at run time, for Node (the mock, loaded by the dev server, imports this file too: Vite is told not to analyse it)
      const mod = (await import(/* @vite-ignore */ pathToFileURL(path.join(dir, type, 'schema.ts')).href)) as WidgetSchemas[string];
      if (!mod.propsSchema || !mod.templates) throw new Error(`src/widgets/${type}/schema.ts must export propsSchema and templates (src/config/schema-refs.ts; {} when every prop is resolved by the engine)`);
      out[type] = { propsSchema: mod.propsSchema, templates: mod.templates, ...(mod.itemsFrom === undefined ? {} : { itemsFrom: mod.itemsFrom }) };
    }),
  );
  return out;
}
