/**
 * The schemas a config is read with (Node only): the JSON Schema files of screens.config/schema/ and
 * each widget's props schema from src/widgets/<Type>/schema.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SchemaSet, WidgetSchemas } from '../checks/types.ts';
import { schemaFiles, type SchemaSource } from '../overlay/schema-cursor.ts';
import { SCHEMA_FOLDER } from './files.ts';

/** the schema files: always the project's own screens.config/schema/ (a copy of the config for a test or the studio has the same) */
const schemaDir = (root: string) => path.join(root, 'screens.config', SCHEMA_FOLDER);

export function loadSchemas(root: string): SchemaSet {
  const s = (n: string) => JSON.parse(readFileSync(path.join(schemaDir(root), `${n}.schema.json`), 'utf8')) as object;
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
      // a pattern relative to this file, which a bundler follows (scripts/bundled.mjs holds every file
      // it matches); the folder listed above is this same one: every caller passes the project's root
      const mod = (await import(`../../widgets/${type}/schema.ts`)) as WidgetSchemas[string];
      if (!mod.propsSchema || !mod.templates) throw new Error(`src/widgets/${type}/schema.ts must export propsSchema and templates (src/config/schema-refs.ts; {} when every prop is resolved by the engine)`);
      out[type] = { propsSchema: mod.propsSchema, templates: mod.templates, ...(mod.itemsFrom === undefined ? {} : { itemsFrom: mod.itemsFrom }) };
    }),
  );
  return out;
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
    copies ??= (JSON.parse(readFileSync(path.join(schemaDir(root), 'widgets.schema.json'), 'utf8')) as { definitions: Record<string, object> }).definitions;
    return type === 'propsByType' || !Object.prototype.hasOwnProperty.call(copies, type) ? undefined : copies[type];
  };
  return { files: schemaFiles(files), propsOf: (type) => (widgets ? (Object.prototype.hasOwnProperty.call(widgets, type) ? widgets[type].propsSchema : undefined) : fromJson(type)) };
}
