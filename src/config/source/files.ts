/**
 * The files a config folder holds, in one table: every tool that reads, writes, merges or names a
 * config file goes by it (the product's screens.config/, a brand's overlay brands/<id>/, the merged
 * folder a brand's build reads, the studio's drafts). Pure: the reading is disk.ts's.
 *
 *   app.json, messages.json, routes.json   one each
 *   screens/<name>.json, forms/<name>.json  one per screen and form
 *   assets/<file>                           pictures and other files served at the site's root
 *   schema/                                 the JSON Schemas (the product's folder only)
 */
import type { SchemaFileKind } from '../overlay/schema-cursor.ts';

/** the single files, by kind */
export const SINGLE_FILES = { app: 'app.json', messages: 'messages.json', routes: 'routes.json' } as const;
/** the folders of named files, by kind */
export const NAMED_FOLDERS = { screen: 'screens', form: 'forms' } as const;
export const ASSETS_FOLDER = 'assets';
export const SCHEMA_FOLDER = 'schema';

/** a config file's name in its folder: app.json, messages.json, routes.json, screens/<name>.json or forms/<name>.json */
export const CONFIG_FILE = /^(?:(?:app|messages|routes)\.json|(?:screens|forms)\/[A-Za-z0-9_-]+\.json)$/;

/** the kind of a config file by its name in the folder (undefined: no config file) */
export function kindOfName(name: string): SchemaFileKind | undefined {
  if (!CONFIG_FILE.test(name)) return undefined;
  if (name.startsWith(`${NAMED_FOLDERS.screen}/`)) return 'screen';
  if (name.startsWith(`${NAMED_FOLDERS.form}/`)) return 'form';
  return (Object.keys(SINGLE_FILES) as (keyof typeof SINGLE_FILES)[]).find((k) => SINGLE_FILES[k] === name);
}

/** A name that is not a config file's (an outside path, a file of schema/): what a name may be. */
export class ConfigNameError extends Error {}

/** The name if it is a config file's, else a ConfigNameError saying what a name may be. */
export function configFileName(name: unknown): string {
  if (typeof name === 'string' && CONFIG_FILE.test(name)) return name;
  const shown = typeof name === 'string' ? JSON.stringify(name.slice(0, 120)) : typeof name;
  throw new ConfigNameError(`${shown} is not a file of the config folder: expected app.json, messages.json, routes.json, screens/<name>.json or forms/<name>.json (letters, digits, - and _; nothing outside the folder)`);
}

/** the name in its folder of a screen or form (home -> screens/home.json) */
export const namedFile = (kind: keyof typeof NAMED_FOLDERS, name: string): string => `${NAMED_FOLDERS[kind]}/${name}.json`;

/** `name`'s folder's files of one kind (screens/ or forms/), by their names (home for screens/home.json), sorted */
export function namedFiles<T>(files: Record<string, T>, kind: keyof typeof NAMED_FOLDERS): Record<string, T> {
  const dir = `${NAMED_FOLDERS[kind]}/`;
  return Object.fromEntries(
    Object.keys(files)
      .filter((n) => n.startsWith(dir))
      .sort()
      .map((n) => [n.slice(dir.length, -'.json'.length), files[n]]),
  );
}
