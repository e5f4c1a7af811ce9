/**
 * Where the build reads from: the project and its config folder (screens.config/, or
 * SCREENS_CONFIG_DIR: src/config/source/paths.ts; for a brand, BRAND=<id>, its merged folder written by
 * brand-config.ts). Every plugin of scripts/vite/ takes these, so a test can point one at a copy.
 */
import path from 'node:path';

export interface BuildPaths {
  /** the project folder (where vite.config.ts is) */
  root: string;
  /** the config folder, absolute */
  configDir: string;
  /** a brand's build: its id (BRAND) */
  brand?: string;
  /** a brand's build: the folders its config is merged from, absolute: the product's, then the brand's overlay */
  layers?: string[];
}

/** whether a file is inside one of the folders a brand's config is merged from (its schema/ aside) */
export function inLayers(paths: BuildPaths, file: string): boolean {
  const f = path.resolve(file.split('?')[0]);
  return (paths.layers ?? []).some((l) => f.startsWith(l + path.sep)) && !f.includes(`${path.sep}schema${path.sep}`);
}

/** whether a file (an id, maybe with a `?query`) is inside the config folder */
export function inConfig(paths: BuildPaths, file: string): boolean {
  return path.resolve(file.split('?')[0]).startsWith(paths.configDir + path.sep);
}
