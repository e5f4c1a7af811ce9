/**
 * A build refused as it begins (the config's problems, a picture it cannot draw) says so first and
 * alone: its problems are the first lines it prints (file, JSON path, message), then one line with
 * how many and in what, and it ends with exit code 1. Thrown from a plugin instead, the problems
 * came wrapped by the bundler ("[plugin vite-plugin-pwa:build] Error: Build failed with 1 error:
 * [plugin config-check] RolldownError: …", a count of its own) and followed by a stack of
 * node_modules lines, none of them the file to fix. Nothing has been written when it stops (the
 * `config` hook runs before the output folder is touched), so the folder is as it was.
 *
 * `DEBUG` set (DEBUG=1, or a namespace such as vite:*) keeps the bundler's own error and its stack,
 * for whoever works on the build itself: `refused` then returns false and the plugin throws as before.
 */
export const debugging = (): boolean => !!process.env.DEBUG;

/** Prints `lines` and `summary` on stderr and ends the build (exit 1); false under DEBUG, where the caller throws. */
export function refused(lines: string, summary: string): boolean {
  if (debugging()) return false;
  process.stderr.write(`${lines}\n\n${summary}\n`);
  process.exit(1);
}
