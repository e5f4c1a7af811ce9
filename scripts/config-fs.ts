/** Reads screens.config/ and the widget props schemas from disk for the config check (Node only). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ConfigBundle, SchemaSet, WidgetSchemas } from '../src/config/check';

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

function readDir(root: string, dir: string): Record<string, { file: string; json: unknown }> {
  const abs = path.resolve(root, dir);
  const out: Record<string, { file: string; json: unknown }> = {};
  if (!existsSync(abs)) return out;
  for (const name of readdirSync(abs).sort()) {
    if (!name.endsWith('.json')) continue;
    out[name.slice(0, -5)] = { file: `${dir}/${name}`, json: readJson(path.join(abs, name)) };
  }
  return out;
}

export function loadBundle(root: string, configDir = 'screens.config'): ConfigBundle {
  const one = (name: string) => ({ file: `${configDir}/${name}`, json: readJson(path.resolve(root, configDir, name)) });
  return {
    app: one('app.json'),
    messages: one('messages.json'),
    routes: one('routes.json'),
    screens: readDir(root, `${configDir}/screens`),
    forms: readDir(root, `${configDir}/forms`),
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
