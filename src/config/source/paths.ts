/**
 * Which folders the tools read and write, from the environment: the product's config folder
 * (SCREENS_CONFIG_DIR, a copy with an operator's edits; else screens.config/), the brands' overlays
 * (BRANDS_DIR, a test's fixture; else brands/), the brand a command works on (BRAND) and the folder a
 * build writes (DIST). Read by vite.config.ts, the config check, --where, the servers and the studio.
 */
import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The config folder, absolute. */
export function configDirOf(root: string, dir = process.env.SCREENS_CONFIG_DIR): string {
  return path.resolve(root, dir || 'screens.config');
}

/** The brand a command works on: BRAND (absent or empty: the product). */
export const brandOf = (env = process.env.BRAND): string | undefined => env?.trim() || undefined;

/** The folder a build writes and the servers serve: DIST, else dist-<brand>/ for a brand, else dist/. */
export const distOf = (brand = brandOf(), dist = process.env.DIST): string => dist || (brand ? `dist-${brand}` : 'dist');

/** The folder of the brands' overlays: brands/ unless BRANDS_DIR names another (a test's fixture). */
export function brandsDirOf(root: string, dir = process.env.BRANDS_DIR): string {
  return path.resolve(root, dir || 'brands');
}

/** A brand's id names its folder, its build (dist-<id>/) and its nginx site: lower-case letters, digits and hyphens. */
export const BRAND_ID = /^[a-z0-9][a-z0-9-]*$/;

/** How a path under the project is written in a message: relative to the project, else absolute. */
export function shownPath(root: string, abs: string): string {
  const rel = path.relative(root, abs);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : abs;
}

/**
 * The brands: the folders of a brands' folder, by name (hidden ones aside). A symbolic link among
 * them is listed too, not followed: reading it (disk.ts) says where it leads and refuses it when
 * that is outside the config folders.
 */
export function brandIdsIn(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => {
      if (name.startsWith('.')) return false;
      const s = lstatSync(path.join(dir, name));
      return s.isDirectory() || s.isSymbolicLink();
    })
    .sort();
}
