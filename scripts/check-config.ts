/**
 * npm run check:config — validates screens.config/ (JSON Schema + cross references).
 * Prints one line per problem: file, JSON path, what was expected (a syntax error: file:line:column,
 * the line and a caret), then the warnings; exits 1 when there is a problem, 0 with warnings only.
 *   --json         print the problems as JSON (used by the Vite plugin)
 *   --dir <path>   check another config folder (used by tests and the bench; default SCREENS_CONFIG_DIR, else screens.config)
 *   --where KEY    instead: every file and JSON path referring to KEY (src/config/where.ts)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkConfig, errorsOf, formatProblems } from '../src/config/check';
import { configDirOf, shownPath } from './config-dir';
import { loadBundle, loadSchemas, loadWidgetSchemas } from './config-fs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dirIdx = args.indexOf('--dir');
const configDir = shownPath(root, dirIdx >= 0 ? path.resolve(args[dirIdx + 1]) : configDirOf(root));

const whereIdx = args.indexOf('--where');
if (whereIdx >= 0) {
  const { whereCli } = await import('./where-cli');
  process.exit(whereCli(root, configDir, args[whereIdx + 1]));
}

const started = performance.now();
const problems = checkConfig(loadBundle(root, configDir), loadSchemas(root), await loadWidgetSchemas(root));
const ms = Math.round(performance.now() - started);

const errors = errorsOf(problems);
const warnings = problems.length - errors.length;
if (args.includes('--json')) {
  process.stdout.write(JSON.stringify(problems));
} else if (errors.length) {
  console.error(formatProblems(problems));
  console.error(`\n${errors.length} problem(s)${warnings ? ` and ${warnings} warning(s)` : ''} in ${configDir}/`);
} else if (warnings) {
  // valid: a warning does not stop anything, but says what the next edit may get wrong
  console.log(formatProblems(problems));
  console.log(`\n${configDir}/ is valid, with ${warnings} warning(s) (${ms} ms)`);
} else {
  console.log(`${configDir}/ is valid (${ms} ms)`);
}
process.exit(errors.length ? 1 : 0);
