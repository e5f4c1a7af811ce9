/**
 * One run of the check over one bundle: what every check function receives. It carries the
 * compiled schemas, the bundle, the problems found so far (`add`), the per-file memo (`once`),
 * and what the valid files declare (constants, maps, patterns, messages, which screens host which form).
 */
import { endpointNames } from '../../api/catalogue';
import { FILTERS } from '../../engine/bindings';
import { writtenPointer } from '../features';
import { ICON_SOURCES } from '../../engine/icon-names';
import { compileSchemas, validateFile, type ValidatorCache } from './schema';
import { collectScreenInfo, formsOf } from './scope';
import { sessionShapes } from './shapes';
import type { ConfigBundle, Problem, SchemaSet, WidgetSchemas } from './types';
import { isObject, pointer, type JsonObject } from './util';
import type { Compiled, Run } from './context.ts';
import { worded } from '../words/index.ts';

export type { Compiled, Run } from './context.ts';

export function compile(schemas: SchemaSet, widgets: WidgetSchemas, cache?: ValidatorCache): Compiled {
  const validators = compileSchemas(schemas, widgets, cache);
  return {
    schemas,
    widgets,
    validators,
    widgetTypes: [...validators.widgets.keys()].sort(),
    endpointSet: new Set<string>(endpointNames),
    filterNames: Object.keys(FILTERS),
    iconNames: Object.keys(ICON_SOURCES),
    sessionShapes: sessionShapes(),
    memo: new WeakMap(),
  };
}

const sameDeps = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Starts a run: validates every file against its schema, then gathers what the valid files declare.
 * A bundle is a value: the checker never changes one, and callers give a changed file as a new
 * object, so a re-check after one file changed (the mutation test, a watcher) redoes that file only.
 */
export function startRun(compiled: Compiled, bundle: ConfigBundle): Run {
  const problems: Problem[] = [...compiled.validators.setup];
  const memo = compiled.memo;
  // a brand's merged file: the problem is named by the layer that set the value (brands/<id>/… or the product's file)
  const place = (file: string, at: string | (string | number)[]) => {
    const path = typeof at === 'string' ? at : pointer(at);
    return bundle.origin ? bundle.origin(file, path) : { file, path };
  };
  const run: Run = {
    ...compiled,
    bundle,
    problems,
    add: (file, at, message, also) => {
      const here = place(file, at);
      // the other places it is about, where they are in the same file as the problem (a brand's value may meet the product's)
      const others = (also ?? []).map((a) => place(file, a)).filter((o) => o.file === here.file).map((o) => o.path);
      problems.push({ ...here, ...worded(message), ...(others.length ? { also: others } : {}) });
    },
    warn: (file, at, message) => problems.push({ ...place(file, at), ...worded(message), severity: 'warning' }),
    shown: (file, at) => {
      // a place cited in a message by its path in the file as written, not in the copy with switched-off parts left out
      const json = [bundle.app, bundle.messages, bundle.routes, ...Object.values(bundle.screens), ...Object.values(bundle.forms)].find((e) => e.file === file)?.json;
      const p = place(file, json === undefined ? at : writtenPointer(json, typeof at === 'string' ? at : pointer(at)));
      return `${p.file} ${p.path}`;
    },
    once: <T,>(json: unknown, part: string, deps: unknown[], work: () => T): T => {
      if (!json || typeof json !== 'object') return work();
      let byPart = memo.get(json);
      const hit = byPart?.get(part);
      if (hit && sameDeps(hit.deps, deps)) {
        problems.push(...hit.problems);
        return hit.result as T;
      }
      const start = problems.length;
      const result = work();
      if (!byPart) memo.set(json, (byPart = new Map()));
      byPart.set(part, { deps, problems: problems.slice(start), result });
      return result;
    },
    ok: { app: false, messages: false, routes: false, screens: {}, forms: {} },
    infos: {},
    hostedBy: {},
    hosts: {},
  };

  run.ok.app = validateFile(run, 'app', bundle.app.file, bundle.app.json);
  run.ok.messages = validateFile(run, 'messages', bundle.messages.file, bundle.messages.json);
  run.ok.routes = validateFile(run, 'routes', bundle.routes.file, bundle.routes.json);
  for (const [name, s] of Object.entries(bundle.screens)) run.ok.screens[name] = validateFile(run, 'screen', s.file, s.json);
  for (const [name, f] of Object.entries(bundle.forms)) run.ok.forms[name] = validateFile(run, 'form', f.file, f.json);

  const app = run.ok.app ? (bundle.app.json as JsonObject) : undefined;
  run.app = app;
  run.constants = app && isObject(app.constants) ? app.constants : undefined;
  run.maps = app && isObject(app.maps) ? app.maps : undefined;
  run.patterns = app && isObject(app.patterns) ? app.patterns : undefined;
  const messagesFile = bundle.messages.json as JsonObject;
  run.messages = run.ok.messages && isObject(messagesFile.messages) ? messagesFile.messages : undefined;
  if (run.ok.routes) run.routePaths = new Set((bundle.routes.json as { routes: JsonObject[] }).routes.map((r) => String(r.path)));

  // the screens hosting each form, then what each screen (with the forms it hosts) declares
  for (const [name, s] of Object.entries(bundle.screens)) {
    if (!run.ok.screens[name]) continue;
    run.hostedBy[name] = run.once(s.json, 'forms', [], () => formsOf((s.json as JsonObject).body));
    for (const f of run.hostedBy[name]) (run.hosts[f] ??= []).push(name);
  }
  for (const [name, s] of Object.entries(bundle.screens)) {
    if (!run.ok.screens[name]) continue;
    const hosted = run.hostedBy[name].map((f) => bundle.forms[f]?.json);
    run.infos[name] = run.once(s.json, 'info', hosted, () => collectScreenInfo([s.json, ...hosted]));
  }
  return run;
}
