/**
 * Which config folder the tools read: screens.config/ unless SCREENS_CONFIG_DIR names another
 * (a copy with an operator's edits, used by the tests: one build of a changed config). Read by
 * vite.config.ts (build and dev server), the config check, --where and the picture sheet.
 */
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
