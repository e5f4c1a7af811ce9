/**
 * The config check: JSON Schema validation (ajv) plus the cross-reference checks (docs/ENGINE.md, docs/OPERATING.md).
 * One implementation, three callers: `npm run check:config` (scripts/check-config.ts), the Vite
 * build and dev server (through that script), and the tests. It runs in Node only: ajv never
 * ships in the browser bundle.
 *
 * Every problem names the file, the JSON path and what was expected, in an operator's words.
 *
 * The checks live in checks/, one module per concern:
 *   schema.ts      ajv validation of every file and widget's props, errors in an operator's words
 *   run.ts         one run over a bundle: problems, per-file memo, what the valid files declare
 *   scope.ts       the names in scope at a place, a screen's data sources and state keys
 *   bindings.ts    @message keys and {{bindings}}: roots, const./data./state./maps. names, filters
 *   calls.ts       calls of the API catalogue: endpoints, payload keys, uploads, paged sources
 *   walk.ts        conditions, action lists, widget nodes and props (along each props schema)
 *   references.ts  routes, the tab and top bars, icons, patterns, messages.json
 *   screens.ts     screen and form files
 *   features/      rules of one feature (responsible.ts: responsible play; polling.ts: the polls' backoff cap)
 *   switches.ts    feature switches: the config checked as it ships (switched-off parts left out), every tag names a feature
 *   limits.ts      numbers that must agree: a minimum above its maximum (constants, rules), a
 *                  negative rule bound, a rule whose number differs from its message's
 *   contrast.ts    theme.primary against the text drawn on it, at 4.5:1 (a warning)
 *   topbar.ts      a site name the top bar cuts on a 320 px phone (a warning)
 *   literals.ts    a text stating the value of a constant its place uses, or writing out a name of the brand (warnings)
 *   keys.ts        keys naming a sibling: a tab's defaultKey, a filter's or tab's initial state
 *   reserved.ts    keys no config may use (__proto__, constructor, prototype)
 *   output.ts      printing problems (errors, then warnings)
 * A new check is a function in the module of its concern; a check of a whole bundle
 * (`(run) => void`) is added to CHECKS below.
 */
import { checkPolling } from './checks/features/polling.ts';
import { checkResponsible } from './checks/features/responsible.ts';
import { checkContrast } from './checks/contrast.ts';
import { checkTopBarName } from './checks/topbar.ts';
import { checkLimits } from './checks/limits.ts';
import { checkLiteralConstants, checkLiteralNames, checkNameJoins } from './checks/literals.ts';
import { checkAppBars, checkAssets, checkMessages, checkPatterns, checkRoutes } from './checks/references.ts';
import { compile, startRun, type Run } from './checks/run.ts';
import { checkForms, checkScreens } from './checks/screens.ts';
import { reservedKeyProblems } from './checks/reserved.ts';
import { featureTagProblems, pruneBundle } from './checks/switches.ts';
import type { ValidatorCache } from './checks/schema.ts';
import type { ConfigBundle, Problem, SchemaSet, WidgetSchemas } from './checks/types.ts';

export type { ConfigBundle, Problem, SchemaSet, WidgetSchemas } from './checks/types.ts';
export type { ValidatorCache } from './checks/schema.ts';
export { didYouMean } from './checks/util.ts';
export { BUILT_IN_SCREENS } from './checks/references.ts';
export { errorsOf, formatProblems, isWarning } from './checks/output.ts';

/** The checks of a whole bundle, in the order their problems are listed. */
const CHECKS: ((run: Run) => void)[] = [checkPatterns, checkAssets, checkResponsible, checkPolling, checkRoutes, checkAppBars, checkMessages, checkScreens, checkForms, checkLimits, checkContrast, checkTopBarName, checkLiteralConstants, checkLiteralNames, checkNameJoins];

/**
 * Compiles the schemas once; the returned function checks a bundle (the mutation test runs it on
 * thousands of in-memory bundles). With a cache (scripts/validator-cache.ts), ajv's code of an
 * earlier run of the same schemas is loaded instead of compiled.
 */
export function createChecker(schemas: SchemaSet, widgets: WidgetSchemas, cache?: ValidatorCache): (bundle: ConfigBundle) => Problem[] {
  const compiled = compile(schemas, widgets, cache);
  return (raw) => {
    // the config as it ships: the parts of switched-off features left out (checks/switches.ts)
    const { bundle, written } = pruneBundle(raw);
    const run = startRun(compiled, bundle);
    for (const check of CHECKS) check(run);
    // a message shown by several places that use the same constant is warned about once
    const seen = new Set<string>();
    const checked = run.problems
      .filter((p) => {
        if (p.severity !== 'warning') return true;
        const key = `${p.file}|${p.path}|${p.message}`;
        return !seen.has(key) && !!seen.add(key);
      })
      .map((p) => {
        const path = written(p.file, p.path);
        return path === p.path ? p : { ...p, path };
      });
    // the tags are checked in the config as written, switched-off parts included; listed first: a
    // misspelt tag leaves its part on, which may be what the problems after it are about. Before
    // them, what reading the folders found (a link leading out) and keys no config may use.
    const first = [...(raw.problems ?? []), ...reservedKeyProblems(raw), ...featureTagProblems(raw, schemas)];
    return first.length ? [...first, ...checked] : checked;
  };
}

export function checkConfig(bundle: ConfigBundle, schemas: SchemaSet, widgets: WidgetSchemas): Problem[] {
  return createChecker(schemas, widgets)(bundle);
}
