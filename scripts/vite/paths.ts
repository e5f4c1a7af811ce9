/**
 * Where the build reads from: the project and its config folder (screens.config/, or
 * SCREENS_CONFIG_DIR: scripts/config-dir.ts). Every plugin of scripts/vite/ takes these, so a
 * test can point one at a copy.
 */
import path from 'node:path';

export interface BuildPaths {
  /** the project folder (where vite.config.ts is) */
  root: string;
  /** the config folder, absolute */
  configDir: string;
}

/** whether a file (an id, maybe with a `?query`) is inside the config folder */
export function inConfig(paths: BuildPaths, file: string): boolean {
  return path.resolve(file.split('?')[0]).startsWith(paths.configDir + path.sep);
}
