/**
 * A broken screens.config fails the build (its problems first, ./refuse.ts) and shows in the dev
 * server's overlay; warnings are printed and let it go on. The generated files are written before the build reads them, and again
 * in the dev server whenever a widget folder appears or a source of theirs changes (a file written
 * is picked up like any edit).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { overlayFrame } from '../../src/config/json-text.ts';
import { errorsOf, formatProblems, isWarning } from '../../src/config/checks/output.ts';
import type { Problem } from '../../src/config/checks/types.ts';
import { shownPath } from '../../src/config/source/index.ts';
import { inConfig, inLayers, type BuildPaths } from './paths.ts';
import { refused } from './refuse.ts';
import { checkConfigArgs } from '../check-command.ts';

/**
 * Runs `npm run check:config`'s script with --regenerate: it first brings every generated file up
 * to date (scripts/generated.ts: a widget added or changed, a schema, an endpoint, a filter, an
 * icon), then returns the config's problems. One implementation for CLI, build and dev server.
 */
function runCheck({ root, configDir, brand, layers }: BuildPaths, log: (line: string) => void): Promise<Problem[]> {
  // a brand: its layers (brands/<id>/ over the product's folder), so each problem names the file an operator edits
  const which = brand && layers ? ['--brand', brand, '--dir', layers[0]] : ['--dir', configDir];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      checkConfigArgs(root, ['--json', ...which, '--regenerate']),
      { cwd: root, maxBuffer: 8 * 1024 * 1024 },
      (_err, stdout, stderr) => resolve(checkOutput(stdout, stderr, log)),
    );
  });
}

/** The check's output read: its problems (JSON on stdout), or one problem saying it did not run; `regenerated …` lines are logged. */
export function checkOutput(stdout: string, stderr: string, log: (line: string) => void): Problem[] {
  for (const line of stderr.split('\n')) if (line.startsWith('regenerated ')) log(line);
  try {
    return JSON.parse(stdout) as Problem[];
  } catch {
    return [{ file: 'scripts/check-config.ts', path: '/', message: `the config check did not run: ${stderr || stdout}` }];
  }
}

/**
 * The payload of Vite's error overlay for the config's problems (what its client reads: message,
 * stack, id, loc, frame, plugin); a syntax error is named by file:line:column with its line and caret.
 */
export function overlayError(root: string, errors: Problem[], name = 'screens.config') {
  const first = errors[0];
  const file = path.resolve(root, first.file);
  const message = `${name} has ${errors.length} problem(s):\n${formatProblems(errors)}`;
  return first.line === undefined
    ? { message, stack: '', id: file, plugin: 'config-check' }
    : { message, stack: '', id: file, loc: { file, line: first.line, column: first.column ?? 1 }, frame: overlayFrame(first.frame ?? ''), plugin: 'config-check' };
}

/** What the generated files are made from (scripts/generated.ts), besides the config */
const GENERATED_FROM = /(widgets[\\/][^\\/]+[\\/]schema\.ts|api[\\/](catalogue|replies)\.ts|engine[\\/](bindings|filter-docs|icon-names)\.ts|config[\\/]brand\.ts|src[\\/]styles\.css)$/;
/** the generated files themselves: written by the check, no second run for them */
const GENERATED = /\.gen\.ts$|refs\.schema\.json$|widgets\.schema\.json$/;

/** whether a file changed in the dev server calls for a new check: a config file or a source of the generated files */
export function needsCheck(paths: BuildPaths, file: string): boolean {
  if (GENERATED.test(file)) return false;
  return inConfig(paths, file) || inLayers(paths, file) || GENERATED_FROM.test(file);
}

/** how long after a changed file's last change event the dev server checks the config (a save that empties, then writes) */
export const SAVE_SETTLES_MS = 120;

/** what the messages call the config checked: screens.config, or the brand */
const configName = (paths: BuildPaths) => (paths.brand ? `brand ${paths.brand}` : 'screens.config');
/** the config checked as `npm run check:config` names it in its count: brand jinsha (brands/jinsha/ over screens.config/) */
const unitName = ({ root, configDir, brand, layers }: BuildPaths) =>
  brand && layers ? `brand ${brand} (${shownPath(root, layers[1])}/ over ${shownPath(root, layers[0])}/)` : `${shownPath(root, configDir)}/`;

export function configCheck(paths: BuildPaths): Plugin {
  let server: ViteDevServer | undefined;
  /** a build's problems, found as its config is resolved (before anything is written or printed) */
  let found: Problem[] | undefined;
  const report = async () => {
    const problems = await runCheck(paths, (line) => server?.config.logger.info(line, { timestamp: true }));
    const errors = errorsOf(problems);
    if (server) {
      const warnings = problems.filter(isWarning);
      if (warnings.length) server.config.logger.warn(formatProblems(warnings));
      if (errors.length) {
        server.config.logger.error(`${configName(paths)} has ${errors.length} problem(s):\n${formatProblems(errors)}`);
        server.ws.send({ type: 'error', err: overlayError(paths.root, errors, configName(paths)) });
      }
    }
    return problems;
  };
  return {
    name: 'config-check',
    // a build is checked first: a config with a problem is refused with its problems as the first
    // lines it prints, no bundler wrapper or stack after them (./refuse.ts; DEBUG keeps them)
    async config(_config, env) {
      if (env.command !== 'build') return;
      found = await runCheck(paths, (line) => console.log(line));
      const errors = errorsOf(found);
      const warnings = found.length - errors.length;
      if (errors.length) refused(formatProblems(found), `${errors.length} problem(s)${warnings ? ` and ${warnings} warning(s)` : ''} in ${unitName(paths)}: the build stopped before writing anything`);
    },
    async buildStart() {
      if (server) return;
      const problems = found ?? (await runCheck(paths, (line) => this.info(line)));
      found = undefined;
      const errors = errorsOf(problems);
      if (problems.length > errors.length) this.warn(formatProblems(problems.filter(isWarning)));
      if (errors.length) this.error(`${configName(paths)} has ${errors.length} problem(s):\n${formatProblems(errors)}`);
    },
    configureServer(s) {
      server = s;
      // one check at a time, the last one after the last change: an older check that ends later
      // would put back the overlay of a file as it was
      let queue: Promise<unknown> = report();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const changed = (file: string) => {
        if (!needsCheck(paths, file)) return;
        // an editor may save by emptying the file and then writing it, and the watcher drops a second
        // change of a file within 50 ms: a check at the first would read the empty file, and be the last
        clearTimeout(timer);
        timer = setTimeout(() => {
          queue = queue.then(report, report);
        }, SAVE_SETTLES_MS);
      };
      s.watcher.on('change', changed);
      s.watcher.on('add', changed);
      s.watcher.on('unlink', changed);
    },
  };
}
