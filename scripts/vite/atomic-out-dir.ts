/**
 * A build replaces its output folder whole, or leaves it exactly as it was. Every file is written
 * to a folder beside it (`.<name>.building-<pid>`, on the same disk), and only when the whole build
 * has succeeded (the bundle, the icons, the service worker, the compressed copies) is the old folder
 * moved aside and the new one renamed into its place; a failed build removes its own folder. Before,
 * a build that failed late (a broken app icon fails the icons after the bundle is written) left a
 * deployable folder with a new index.html beside an old sw.js.
 *
 * It takes over `build.outDir` in the `config` hook, where Vite has already merged the command's
 * own (`--outDir` of build:test, the tests, the bench, `DIST`, a brand's dist-<id>/): every way a
 * build is started goes through it. A folder of a build killed before it finished (no exit handler
 * ran) is removed by the next build into the same place. `emptyOutDir: false` keeps what the old
 * folder held (copied in first). A folder outside the project that holds files but no build is
 * refused: replacing it whole would delete them.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** the folder a build of `target` writes into first */
export const stagingOf = (target: string, pid = process.pid): string => path.join(path.dirname(target), `.${path.basename(target)}.building-${pid}`);

/** whether a process runs (one of another user's counts: it cannot be signalled, but it is there) */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** the staging folders of builds of `target` that were killed (their process is gone) */
export function staleStaging(target: string): string[] {
  const dir = path.dirname(target);
  if (!existsSync(dir)) return [];
  const re = new RegExp(`^\\.${path.basename(target).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.building-(\\d+)(\\.old)?$`);
  return readdirSync(dir).flatMap((name) => {
    const m = re.exec(name);
    return m && Number(m[1]) !== process.pid && !alive(Number(m[1])) ? [path.join(dir, name)] : [];
  });
}

/** the staged build put in place of `target` whole: the old folder moved aside, the new one renamed in, the old one removed */
export function swapIn(staging: string, target: string): void {
  const old = `${staging}.old`;
  rmSync(old, { recursive: true, force: true });
  const had = existsSync(target);
  if (had) renameSync(target, old);
  try {
    renameSync(staging, target);
  } catch (err) {
    if (had) renameSync(old, target); // the old build back in place
    throw err;
  }
  rmSync(old, { recursive: true, force: true });
}

/** the staging folders of the builds running in this process: removed if it exits before they finish */
const running = new Set<string>();
let exitHook = false;

export function atomicOutDir(): Plugin {
  let staging: string | undefined;
  let target = '';
  /** whether the bundle was written: a build that failed before it (at its start) still gets closeBundle, without the error */
  let written = false;
  const discard = () => {
    if (staging) rmSync(staging, { recursive: true, force: true });
    if (staging) running.delete(staging);
    staging = undefined;
  };
  return {
    name: 'atomic-out-dir',
    apply: 'build',
    enforce: 'post',
    config(config) {
      const build = config.build ?? {};
      if (build.write === false || build.watch) return undefined;
      const root = path.resolve(config.root ?? process.cwd());
      target = path.resolve(root, build.outDir ?? 'dist');
      const inside = target.startsWith(root + path.sep);
      if (!inside && existsSync(target) && readdirSync(target).length && !existsSync(path.join(target, 'index.html'))) {
        throw new Error(`${target} holds files but no build (no index.html): a build replaces its output folder whole; give a new or empty folder, or an earlier build's`);
      }
      for (const stale of staleStaging(target)) rmSync(stale, { recursive: true, force: true });
      staging = stagingOf(target);
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(path.dirname(staging), { recursive: true });
      if (build.emptyOutDir === false && existsSync(target)) cpSync(target, staging, { recursive: true });
      // a build that stops before its last hook (a plugin failing in closeBundle, Ctrl-C) leaves no folder behind
      running.add(staging);
      written = false;
      if (!exitHook) process.on('exit', () => running.forEach((d) => rmSync(d, { recursive: true, force: true })));
      exitHook = true;
      return { build: { outDir: staging, emptyOutDir: true } };
    },
    buildEnd(err?: Error) {
      if (err) discard();
    },
    writeBundle() {
      written = true;
    },
    renderError() {
      discard();
    },
    // the last hook of the build: after the icons, the service worker and the compressed copies
    closeBundle: {
      order: 'post',
      sequential: true,
      handler(err?: Error) {
        if (err || !staging || !written) return discard();
        swapIn(staging, target);
        running.delete(staging);
        staging = undefined;
      },
    },
  };
}
