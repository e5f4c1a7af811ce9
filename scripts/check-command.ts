/**
 * How every caller runs the config check (the build's plugin, migrate, the bench, the tests), as
 * `npm run check:config` does: plain node with the check's bundle (scripts/bundled.mjs), not tsx's
 * loader, whose start was most of the check's time.
 */
import path from 'node:path';

/** node's arguments for scripts/check-config.ts of the project at `root` */
export function checkConfigArgs(root: string, args: string[] = []): string[] {
  return [path.join(root, 'scripts', 'bundled.mjs'), path.join(root, 'scripts', 'check-config.ts'), ...args];
}
