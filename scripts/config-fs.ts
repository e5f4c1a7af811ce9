/** Reads screens.config/ and the widget props schemas from disk for the config check (Node only). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ConfigBundle, SchemaSet, WidgetSchemas } from '../src/config/check';
import { JsonSyntaxError, readJsonText } from '../src/config/json-text';
import { shownPath } from './config-dir';

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
      const mod = (await import(pathToFileURL(path.join(dir, type, 'schema.ts')).href)) as WidgetSchemas[string];
      if (!mod.propsSchema || !mod.templates) throw new Error(`src/widgets/${type}/schema.ts must export propsSchema and templates (src/config/schema-refs.ts; {} when every prop is resolved by the engine)`);
      out[type] = { propsSchema: mod.propsSchema, templates: mod.templates, ...(mod.itemsFrom === undefined ? {} : { itemsFrom: mod.itemsFrom }) };
    }),
  );
  return out;
}
