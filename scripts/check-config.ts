/**
 * npm run check:config — validates screens.config/ (JSON Schema + cross references).
 * Prints one line per problem: file, JSON path, what was expected (a syntax error: file:line:column,
 * the line and a caret), then the warnings; exits 1 when there is a problem, 0 with warnings only.
 *   --json         print the problems as JSON (used by the Vite plugin)
 *   --dir <path>   check another config folder (used by tests and the bench; default SCREENS_CONFIG_DIR, else screens.config)
 *   --where KEY    instead: every file and JSON path referring to KEY (src/config/where.ts)
 *   --regenerate   first write the generated files that are stale (the build and the dev server);
 *                  without it a stale generated file is a problem naming `npm run gen:types`
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkConfig, errorsOf, formatProblems, type Problem, type WidgetSchemas } from '../src/config/check';
import { configDirOf, shownPath } from './config-dir';
import { loadBundle, loadSchemas, loadWidgetSchemas } from './config-fs';
import { generatedFiles, REGENERATE, staleFiles, writeStale } from './generated';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dirIdx = args.indexOf('--dir');
const configDir = shownPath(root, dirIdx >= 0 ? path.resolve(args[dirIdx + 1]) : configDirOf(root));

const whereIdx = args.indexOf('--where');
if (whereIdx >= 0) {
  const { whereCli } = await import('./where-cli');
  process.exit(whereCli(root, configDir, args[whereIdx + 1]));
}

/**
 * The generated files (scripts/generated.ts) must say what their sources say: a widget added without
 * `npm run gen:types` would otherwise have its action lists resolved too early by the engine.
 */
async function generatedProblems(widgets: WidgetSchemas): Promise<Problem[]> {
  let files;
  try {
    files = await generatedFiles(root, widgets);
  } catch (err) {
    const file = (err as { file?: unknown }).file;
    return [{ file: typeof file === 'string' ? file : 'scripts/generated.ts', path: '/', message: `the generated files cannot be written: ${(err as Error).message}` }];
  }
  if (args.includes('--regenerate')) {
    for (const f of writeStale(root, files)) console.error(`regenerated ${f.file} (its sources changed)`);
    return [];
  }
  return staleFiles(root, files).map((f) => ({ file: f.file, path: '/', message: `stale: it is generated from the widgets, the API catalogue, the engine and screens.config/schema; run \`${REGENERATE}\`` }));
}

const started = performance.now();
const widgets = await loadWidgetSchemas(root);
const problems = [...(await generatedProblems(widgets)), ...checkConfig(loadBundle(root, configDir), loadSchemas(root), widgets)];
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
