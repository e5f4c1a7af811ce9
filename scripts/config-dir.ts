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

/** How a path under the project is written in a message: relative to the project, else absolute. */
export function shownPath(root: string, abs: string): string {
  const rel = path.relative(root, abs);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : abs;
}
