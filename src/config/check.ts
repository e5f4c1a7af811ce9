/**
 * The config check: JSON Schema validation (ajv) plus the cross-reference checks of DESIGN.md.
 * One implementation, three callers: `npm run check:config` (scripts/check-config.ts), the Vite
 * build and dev server (through that script), and the tests. It runs in Node only: ajv never
 * ships in the browser bundle.
 *
 * Every problem names the file, the JSON path and what was expected, in an operator's words.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { endpointNames, endpoints as catalogue, replies } from '../api/catalogue';
import { bindingExpressions, FILTER_ARGS, FILTERS, parseExpression, type FilterArg } from '../engine/bindings';
import { ICON_SOURCES } from '../engine/icon-names';
import { checkPolling } from './check-polling';
import type { Templates } from './schema-refs';

export interface Problem {
  file: string;
  path: string;
  message: string;
}

type JsonObject = { [k: string]: unknown };

export interface ConfigBundle {
  /** file name relative to the project root -> parsed JSON (or a parse error) */
  app: { file: string; json: unknown };
  messages: { file: string; json: unknown };
  routes: { file: string; json: unknown };
  screens: Record<string, { file: string; json: unknown }>;
  forms: Record<string, { file: string; json: unknown }>;
}

export interface SchemaSet {
  common: object;
  /** refs.schema.json (generated): the names config refers to, as enums for editors */
  refs: object;
  app: object;
  messages: object;
  routes: object;
  screen: object;
  form: object;
}

/** widget type -> JSON Schema of its props, and its templates (src/config/schema-refs.ts) */
export type WidgetSchemas = Record<string, { propsSchema: object; templates: Templates }>;

/**
 * Screen names a route may give without a file screens.config/screens/<name>.json: the shell draws
 * them itself (src/shell/App.tsx shows its Placeholder, the app.json placeholders text, for a route
 * whose screen has no file).
 */
export const BUILT_IN_SCREENS = ['placeholder'];

/** Config keys that were renamed (one name per idea: `type` names which variant an object is). */
const RENAMED: Record<string, string> = { kind: 'type', check: 'type', toast: 'successToast', empty: 'emptyText', fixed: 'options' };

const KEYWORD_WORDS: Record<string, (e: ErrorObject) => string> = {
  type: (e) => `expected ${article(String(e.params.type))}${found(e)}`,
  required: (e) => `missing required property "${e.params.missingProperty}"`,
  additionalProperties: (e) => {
    const name = String(e.params.additionalProperty);
    const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    const now = RENAMED[name];
    const hint = now && known.includes(now) ? `; it is called "${now}" now` : didYouMean(name, known);
    return `unknown property "${name}" (not allowed here)${hint}`;
  },
  enum: (e) => {
    const allowed = e.params.allowedValues as unknown[];
    const near = typeof e.data === 'string' ? didYouMean(e.data, allowed.filter((v): v is string => typeof v === 'string')) : '';
    return `expected one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}${found(e)}${near}`;
  },
  const: (e) => `expected ${JSON.stringify(e.params.allowedValue)}${found(e)}`,
  pattern: (e) => `expected text matching ${e.params.pattern}${found(e)}`,
  minimum: (e) => `expected a number of at least ${e.params.limit}${found(e)}`,
  maximum: (e) => `expected a number of at most ${e.params.limit}${found(e)}`,
  minLength: (e) => `expected text of at least ${e.params.limit} characters${found(e)}`,
  maxLength: (e) => `expected text of at most ${e.params.limit} characters${found(e)}`,
  minItems: (e) => `expected at least ${e.params.limit} entries`,
  maxItems: (e) => `expected at most ${e.params.limit} entries`,
  propertyNames: () => 'a property name has the wrong form',
  discriminator: (e) =>
    e.params.error === 'mapping'
      ? `unknown type ${JSON.stringify(e.params.tagValue)} (expected one of ${listOf(discriminatorValues(e))})${didYouMean(String(e.params.tagValue), discriminatorValues(e))}`
      : `missing "${e.params.tag}"`,
  anyOf: () => 'expected a number or a {{binding}}',
};

/** The values a discriminator accepts (the `const` of each oneOf branch). */
function discriminatorValues(e: ErrorObject): string[] {
  const branches = ((e.parentSchema as { oneOf?: { properties?: Record<string, { const?: unknown }> }[] } | undefined)?.oneOf ?? []);
  return branches.map((b) => b.properties?.[String(e.params.tag)]?.const).filter((v): v is string => typeof v === 'string');
}

function article(t: string): string {
  if (t.includes(',')) return t.split(',').join(' or ');
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}
function found(e: ErrorObject): string {
  return e.data === undefined ? '' : `, found ${JSON.stringify(e.data)?.slice(0, 60)}`;
}

function humanize(errors: ErrorObject[] | null | undefined): { path: string; message: string }[] {
  if (!errors) return [];
  // anyOf/oneOf wrappers repeat what their branches said; keep the most specific lines.
  const seen = new Set<string>();
  const out: { path: string; message: string }[] = [];
  const specific = errors.filter((e) => e.keyword !== 'if');
  for (const e of specific) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf') {
      const branchErrors = specific.some((o) => o !== e && o.instancePath === e.instancePath && o.keyword !== e.keyword);
      if (branchErrors && e.keyword === 'oneOf') continue;
    }
    if (e.keyword === 'type' && specific.some((o) => o.keyword === 'anyOf' && o.instancePath === e.instancePath)) continue;
    if (e.keyword === 'pattern' && specific.some((o) => o.keyword === 'anyOf' && o.instancePath === e.instancePath)) continue;
    const words = KEYWORD_WORDS[e.keyword]?.(e) ?? e.message ?? 'is not valid';
    // an unknown property or an unknown type is named where it stands, not at the object holding it
    const path =
      e.keyword === 'additionalProperties'
        ? pointerJoin(e.instancePath, String(e.params.additionalProperty))
        : e.keyword === 'discriminator' && e.params.error === 'mapping'
          ? pointerJoin(e.instancePath, String(e.params.tag))
          : e.instancePath || '/';
    const key = `${path}|${words}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, message: words });
  }
  return out;
}

function pointerJoin(base: string, key: string): string {
  return `${base}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

function pointer(parts: (string | number)[]): string {
  return parts.length === 0 ? '/' : '/' + parts.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

function isObject(v: unknown): v is JsonObject {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** Walk every string in a JSON value with its path. */
function walkStrings(v: unknown, at: (string | number)[], visit: (s: string, at: (string | number)[]) => void): void {
  if (typeof v === 'string') visit(v, at);
  else if (Array.isArray(v)) v.forEach((x, i) => walkStrings(x, [...at, i], visit));
  else if (isObject(v)) for (const [k, x] of Object.entries(v)) walkStrings(x, [...at, k], visit);
}

/** Damerau-Levenshtein distance (an adjacent swap counts as one edit). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** `; did you mean "x"?` when exactly one known name is close to what was found. */
export function didYouMean(found: string, known: Iterable<string>): string {
  const limit = found.length <= 4 ? 1 : 2;
  let best = Infinity;
  let hits: string[] = [];
  for (const k of known) {
    if (k === found) continue;
    const n = distance(found.toLowerCase(), k.toLowerCase());
    if (n < best) [best, hits] = [n, [k]];
    else if (n === best) hits.push(k);
  }
  return best <= limit && hits.length === 1 ? `; did you mean "${hits[0]}"?` : '';
}

function listOf(names: Iterable<string>, max = 40): string {
  const all = [...names].sort();
  return all.length > max ? `${all.slice(0, max).join(', ')}, …` : all.join(', ');
}

type At = (string | number)[];

/** Names every binding may read, whatever the place (src/engine/screen.tsx useBaseScope and the screen scope). */
const BASE_ROOTS = ['app', 'user', 'token', 'loggedIn', 'venues', 'games', 'query', 'path', 'fullPath', 'const', 'maps', 'messages'];
const SCREEN_ROOTS = ['state', 'data', 'loading'];
/** Where a name that is not everywhere in scope is, for the message. */
const LOCAL_WHERE: Record<string, string> = {
  item: 'inside a widget that provides items (Repeat, PagedList, Tiles, Carousel, Table, BalanceList, DataTabs)',
  index: 'inside a widget that provides items',
  form: 'inside a form file or a Form widget\'s footer',
  reply: 'inside onSuccess / onError / onNetworkError / successToast of an api call or a form submit',
  value: 'inside a Switch\'s onChange',
  file: 'inside an AvatarUpload\'s upload actions (the picked file)',
  min: 'in a form rule\'s message',
  max: 'in a form rule\'s message',
};
/** Names that code in src/ gives the messages of a group (by key prefix) besides the usual scope. */
const MESSAGE_LOCALS: Record<string, string[]> = {
  // src/responsible/: minutes, hours, a choice's number and the text of a pending choice
  'responsible.': ['n', 'h', 'm', 'text'],
};

const REPLY_LISTS = new Set(['onSuccess', 'onError', 'onNetworkError']);
const ACTION_LISTS = new Set(['onSuccess', 'onError', 'onNetworkError', 'onConfirm', 'onCancel']);

interface ScreenInfo {
  /** data sources (screen data): what data.X and reload may name */
  sources: Set<string>;
  /** the paged ones: what a PagedList may show */
  paged: Set<string>;
  dataNames: Set<string>;
  /** keys declared in "state" */
  declared: Set<string>;
  /** keys some action or widget sets (setState, assign, stateKey) */
  set: Set<string>;
  /** keys read as state.X */
  read: Set<string>;
}

interface Ctx {
  file: string;
  /** names in scope beyond BASE_ROOTS */
  roots: Set<string>;
  /** the screen (or the screens hosting a form): undefined where there is none (app.json, routes.json) */
  screen?: ScreenInfo;
  /** actions run by the shell, outside any screen (app.json topBar): where, for the message */
  shell?: string;
}

/** Actions that act on a screen (its state, data, form): nothing to act on in the shell. */
const SCREEN_ACTIONS = new Set(['reload', 'setState', 'newCaptcha']);

const withRoots = (ctx: Ctx, more: readonly string[]): Ctx => (more.length ? { ...ctx, roots: new Set([...ctx.roots, ...more]) } : ctx);

function collectScreenInfo(jsons: unknown[]): ScreenInfo {
  const info: ScreenInfo = { sources: new Set(), paged: new Set(), dataNames: new Set(), declared: new Set(), set: new Set(), read: new Set() };
  jsons.forEach((json, i) => {
    if (i === 0 && isObject(json)) {
      if (isObject(json.data)) {
        for (const [k, d] of Object.entries(json.data)) {
          [info.sources, info.dataNames].forEach((x) => x.add(k));
          if (isObject(d) && d.paged !== undefined) info.paged.add(k);
        }
      }
      if (isObject(json.state)) for (const k of Object.keys(json.state)) info.declared.add(k);
    }
    const visit = (v: unknown): void => {
      if (typeof v === 'string') {
        if (v.includes('state.')) for (const m of v.matchAll(/\bstate\.([A-Za-z_$][\w$]*)/g)) info.read.add(m[1]);
      } else if (Array.isArray(v)) {
        for (const x of v) visit(x);
      } else if (isObject(v)) {
        if (v.type === 'setState' && typeof v.key === 'string') info.set.add(v.key);
        if (typeof v.assign === 'string') info.set.add(v.assign);
        if (typeof v.stateKey === 'string') info.set.add(v.stateKey);
        for (const x of Object.values(v)) visit(x);
      }
    };
    visit(json);
  });
  return info;
}

/** The forms a screen's Form widgets show. */
function formsOf(body: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) visit(x);
    else if (isObject(v)) {
      if (v.type === 'Form' && isObject(v.props) && typeof v.props.form === 'string') out.push(v.props.form);
      for (const x of Object.values(v)) visit(x);
    }
  };
  visit(body);
  return out;
}

function mergeInfo(infos: ScreenInfo[]): ScreenInfo | undefined {
  if (!infos.length) return undefined;
  const u = (k: keyof ScreenInfo) => new Set(infos.flatMap((i) => [...i[k]]));
  return { sources: u('sources'), paged: u('paged'), dataNames: u('dataNames'), declared: u('declared'), set: u('set'), read: u('read') };
}

/** The JSON type of a literal payload value, as a JSON Schema type word. */
function literalType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/**
 * Compiles the schemas once; the returned function checks a bundle (the mutation test runs it on
 * thousands of in-memory bundles).
 */
export function createChecker(schemas: SchemaSet, widgets: WidgetSchemas): (bundle: ConfigBundle) => Problem[] {
  const setup: Problem[] = [];
  const ajv = new Ajv({ allErrors: true, strict: false, discriminator: true, verbose: true, inlineRefs: false });
  ajv.addSchema(schemas.common, 'common.schema.json');
  ajv.addSchema(schemas.screen, 'screen.schema.json');
  // the names of refs.schema.json are checked below with "did you mean" and the place's own
  // words; for ajv they are plain text, so one typo is one line and the rest of the file is still checked
  const refDefs = (schemas.refs as { definitions?: Record<string, unknown> }).definitions ?? {};
  ajv.addSchema({ $id: 'refs.schema.json', definitions: Object.fromEntries(Object.keys(refDefs).map((k) => [k, { type: 'string' }])) });
  // widgets.schema.json (the props per widget, for editors): the check validates props itself below
  ajv.addSchema({ $id: 'widgets.schema.json', definitions: { propsByType: {} } });
  const validators: Record<'app' | 'messages' | 'routes' | 'screen' | 'form', ValidateFunction> = {
    app: ajv.compile(schemas.app),
    messages: ajv.compile(schemas.messages),
    routes: ajv.compile(schemas.routes),
    screen: ajv.getSchema('screen.schema.json') as ValidateFunction,
    form: ajv.compile(schemas.form),
  };
  const widgetValidators = new Map<string, ValidateFunction>();
  for (const [type, { propsSchema }] of Object.entries(widgets)) {
    try {
      widgetValidators.set(type, ajv.compile(propsSchema));
    } catch (err) {
      setup.push({ file: `src/widgets/${type}/schema.ts`, path: '/', message: `the props schema does not compile: ${(err as Error).message}` });
    }
  }
  const widgetTypes = [...widgetValidators.keys()].sort();
  const actionTypes = ((schemas.common as { definitions?: { action?: { oneOf?: { properties?: { type?: { const?: string } } }[] } } }).definitions?.action?.oneOf ?? [])
    .map((b) => b.properties?.type?.const)
    .filter((t): t is string => typeof t === 'string');
  const endpointSet = new Set<string>(endpointNames);
  const filterNames = Object.keys(FILTERS);
  const iconNames = Object.keys(ICON_SOURCES);

  /**
   * Results per file, remembered by the identity of the parsed JSON and of what they depend on
   * (a bundle is a value: the checker never changes one, and callers give a changed file as a new
   * object). A re-check after one file changed (the mutation test, a watcher) redoes that file only.
   */
  const memo = new WeakMap<object, Map<string, { deps: unknown[]; problems: Problem[]; result: unknown }>>();
  const sameDeps = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);

  return (bundle) => {
    const problems: Problem[] = [...setup];
    /** runs `work` for one file unless the same file with the same dependencies was checked before */
    const once = <T,>(json: unknown, part: string, deps: unknown[], work: () => T): T => {
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
    };
    const add = (file: string, at: At | string, message: string) => problems.push({ file, path: typeof at === 'string' ? at : pointer(at), message });

    const validate = (kind: keyof typeof validators, file: string, json: unknown): boolean => {
      if (json instanceof Error) {
        add(file, '/', `not valid JSON: ${json.message}`);
        return false;
      }
      return once(json, `schema:${kind}`, [file], () => {
        const ok = validators[kind](json);
        for (const p of humanize(validators[kind].errors)) add(file, p.path, p.message);
        return !!ok;
      });
    };

    const appOk = validate('app', bundle.app.file, bundle.app.json);
    const messagesOk = validate('messages', bundle.messages.file, bundle.messages.json);
    const routesOk = validate('routes', bundle.routes.file, bundle.routes.json);
    const screenOk: Record<string, boolean> = {};
    for (const [name, s] of Object.entries(bundle.screens)) screenOk[name] = validate('screen', s.file, s.json);
    const formOk: Record<string, boolean> = {};
    for (const [name, f] of Object.entries(bundle.forms)) formOk[name] = validate('form', f.file, f.json);

    const app = appOk ? (bundle.app.json as JsonObject) : undefined;
    const constants = app && isObject(app.constants) ? app.constants : undefined;
    const maps = app && isObject(app.maps) ? app.maps : undefined;
    const patterns = app && isObject(app.patterns) ? app.patterns : undefined;
    const messages = messagesOk && isObject((bundle.messages.json as JsonObject).messages) ? ((bundle.messages.json as JsonObject).messages as JsonObject) : undefined;

    if (patterns) {
      for (const [name, src] of Object.entries(patterns)) {
        try {
          new RegExp(String(src));
        } catch (err) {
          add(bundle.app.file, ['patterns', name], `expected a valid regular expression: ${(err as Error).message}`);
        }
      }
    }

    // responsible play: each default must be one of the member's choices (or 0 = off / none), the choices ascending
    const responsible = constants && isObject(constants.responsible) ? constants.responsible : undefined;
    if (responsible) {
      for (const [def, list] of [['defaultReminderMinutes', 'reminderMinutes'], ['defaultLimitHours', 'limitHours']] as const) {
        const choices = Array.isArray(responsible[list]) ? (responsible[list] as unknown[]) : [];
        if (responsible[def] !== 0 && !choices.includes(responsible[def])) {
          add(bundle.app.file, ['constants', 'responsible', def], `expected 0 or one of constants.responsible.${list} (${choices.join(', ')})`);
        }
        if (choices.some((v, i) => i > 0 && Number(v) <= Number(choices[i - 1]))) {
          add(bundle.app.file, ['constants', 'responsible', list], 'expected the choices in ascending order');
        }
      }
    }
    problems.push(...checkPolling(bundle, constants)); // polls: the backoff cap against every interval (check-polling.ts)

    // ---- references inside text: @message keys and {{bindings}}

    const checkPath = (path: string, at: At, ctx: Ctx, shown: string) => {
      const parts = path.split(/[.[\]]/).filter((x) => x !== '');
      const root = parts[0] ?? '';
      const inScope = BASE_ROOTS.includes(root) || ctx.roots.has(root);
      if (!inScope) {
        const here = [...BASE_ROOTS, ...ctx.roots];
        const where = LOCAL_WHERE[root];
        add(ctx.file, at, where
          ? `binding root "${root}" in {{${shown}}} is only in scope ${where}`
          : `unknown binding root "${root}" in {{${shown}}} (expected one of ${listOf(here)})${didYouMean(root, here)}`);
        return;
      }
      const name = parts[1];
      if (name === undefined) return;
      if (root === 'const' && constants) {
        // a nested constant (const.responsible.enabled) is followed through its objects
        let scopeObj: JsonObject = constants;
        for (const [i, key] of parts.slice(1).entries()) {
          if (!Object.hasOwn(scopeObj, key)) {
            const whole = parts.slice(1, i + 2).join('.');
            add(ctx.file, at, `constant "${whole}" is not in app.json constants${didYouMean(key, Object.keys(scopeObj))}`);
            break;
          }
          const next = scopeObj[key];
          if (!isObject(next)) break;
          scopeObj = next;
        }
      }
      if (root === 'data' && ctx.screen && !ctx.screen.dataNames.has(name)) {
        add(ctx.file, at, `data source "${name}" in {{${shown}}} is not declared in the screen's "data" (expected one of ${listOf(ctx.screen.dataNames) || 'none'})${didYouMean(name, ctx.screen.dataNames)}`);
      }
      if (root === 'state' && ctx.screen && !ctx.screen.declared.has(name) && !ctx.screen.set.has(name)) {
        const known = new Set([...ctx.screen.declared, ...ctx.screen.set]);
        add(ctx.file, at, `state key "${name}" in {{${shown}}} is neither declared in the screen's "state" nor set by an action or widget (expected one of ${listOf(known) || 'none'})${didYouMean(name, known)}`);
      }
      if (root === 'maps' && maps && !(name in maps)) add(ctx.file, at, `map "${name}" is not in app.json maps${didYouMean(name, Object.keys(maps))}`);
    };

    const checkExpr = (expr: string, at: At, ctx: Ctx) => {
      const shown = expr.trim();
      const parsed = parseExpression(expr);
      if (parsed.head.kind === 'path') checkPath(parsed.head.path, at, ctx, shown);
      for (const { name, arg } of parsed.filters) {
        if (!Object.hasOwn(FILTERS, name)) {
          add(ctx.file, at, `unknown filter "${name}" in {{${shown}}} (expected one of ${listOf(filterNames)})${didYouMean(name, filterNames)}`);
          continue;
        }
        const kind: FilterArg = (FILTER_ARGS as Record<string, FilterArg | undefined>)[name] ?? 'none';
        if (kind === 'none' && arg !== undefined) add(ctx.file, at, `filter "${name}" in {{${shown}}} takes no argument, found ":${arg}"`);
        else if (kind === 'short' && arg !== undefined && arg !== 'short') add(ctx.file, at, `filter "${name}" in {{${shown}}} takes no argument or "short", found ":${arg}"`);
        else if ((kind === 'map' || kind === 'path' || kind === 'lookup') && !arg) add(ctx.file, at, `filter "${name}" in {{${shown}}} needs an argument (${kind === 'map' ? 'a name of app.json maps' : kind === 'path' ? 'a path such as const.name' : 'listPath,key,field'})`);
        else if (kind === 'map' && maps && arg && !(arg in maps)) add(ctx.file, at, `map "${arg}" is not in app.json maps${didYouMean(arg, Object.keys(maps))}`);
        else if (kind === 'path' && arg) checkPath(arg, at, ctx, shown);
        else if (kind === 'lookup' && arg) {
          const parts = arg.split(',').map((x) => x.trim());
          if (parts.length < 2 || parts.length > 3 || parts.some((x) => !x)) add(ctx.file, at, `filter "lookup" in {{${shown}}} expects "listPath,key" or "listPath,key,field", found "${arg}"`);
          else checkPath(parts[0], at, ctx, shown);
        }
      }
    };

    const checkString = (s: string, at: At, ctx: Ctx) => {
      if (messages && s.startsWith('@') && /^@[a-zA-Z][\w.]*$/.test(s) && !(s.slice(1) in messages)) {
        add(ctx.file, at, `message key "${s.slice(1)}" is not in screens.config/messages.json${didYouMean(s.slice(1), Object.keys(messages))}`);
      }
      if (s.includes('{{')) for (const expr of bindingExpressions(s)) checkExpr(expr, at, ctx);
    };

    const walkText = (v: unknown, at: At, ctx: Ctx) => walkStrings(v, at, (s, p) => checkString(s, p, ctx));

    // ---- calls of the catalogue: endpoint name and literal payload keys

    const checkCall = (o: JsonObject, at: At, ctx: Ctx, added: string[] = []) => {
      if (typeof o.endpoint !== 'string') return;
      if (!endpointSet.has(o.endpoint)) {
        add(ctx.file, [...at, 'endpoint'], `endpoint "${o.endpoint}" is not in the API catalogue (src/api/catalogue.ts)${didYouMean(o.endpoint, endpointSet)}`);
        return;
      }
      if ((catalogue[o.endpoint as keyof typeof catalogue] as { multipart?: boolean }).multipart) return checkUpload(o, at, ctx);
      if (!isObject(o.payload)) return;
      const schema = catalogue[o.endpoint as keyof typeof catalogue].payload as { properties?: Record<string, { type?: string | readonly string[]; enum?: readonly unknown[] }>; required?: readonly string[] };
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      for (const [k, v] of Object.entries(o.payload)) {
        const def = Object.hasOwn(props, k) ? props[k] : undefined;
        if (!def) {
          add(ctx.file, [...at, 'payload', k], `payload key "${k}" is not a field of endpoint ${o.endpoint} (expected ${keys.length ? `one of ${keys.join(', ')}` : 'no payload'})${didYouMean(k, keys)}`);
          continue;
        }
        if (typeof v === 'string' && v.includes('{{')) continue;
        const types = def.type === undefined ? [] : Array.isArray(def.type) ? (def.type as string[]) : [def.type as string];
        const t = literalType(v);
        if (types.length && !types.includes(t) && !(t === 'integer' && types.includes('number'))) {
          add(ctx.file, [...at, 'payload', k], `payload key "${k}" of endpoint ${o.endpoint} expects ${types.join(' or ')}, found ${JSON.stringify(v)}`);
        } else if (def.enum && !def.enum.includes(v)) {
          add(ctx.file, [...at, 'payload', k], `payload key "${k}" of endpoint ${o.endpoint} expects one of ${def.enum.map((x) => JSON.stringify(x)).join(', ')}, found ${JSON.stringify(v)}`);
        }
      }
      for (const r of schema.required ?? []) {
        if (!(r in o.payload) && !added.includes(r)) add(ctx.file, [...at, 'payload'], `payload of endpoint ${o.endpoint} is missing required key "${r}"`);
      }
    };

    /** an upload (catalogue flag multipart) sends the picked file as part `file` (src/api/client.ts) */
    const checkUpload = (o: JsonObject, at: At, ctx: Ctx) => {
      const payload = isObject(o.payload) ? o.payload : undefined;
      if (!payload || !('file' in payload)) {
        add(ctx.file, payload ? [...at, 'payload'] : at, `upload endpoint ${o.endpoint} needs "payload": {"file": "{{file}}"} (the picked file, sent as multipart)`);
      }
      for (const [k, v] of Object.entries(payload ?? {})) {
        if (k !== 'file') add(ctx.file, [...at, 'payload', k], `payload key "${k}" is not a part of upload endpoint ${o.endpoint} (expected file)${didYouMean(k, ['file'])}`);
        else if (typeof v !== 'string' || !/^\{\{[^{}]+\}\}$/.test(v.trim())) add(ctx.file, [...at, 'payload', k], `expected a binding to the picked file, such as "{{file}}", found ${JSON.stringify(v)}`);
      }
    };

    // ---- conditions and actions

    const walkCondition = (c: unknown, at: At, ctx: Ctx) => {
      if (!isObject(c)) return;
      for (const [k, v] of Object.entries(c)) {
        if (k === 'path' && typeof v === 'string') checkExpr(v, [...at, k], ctx);
        else if ((k === 'all' || k === 'any') && Array.isArray(v)) v.forEach((x, i) => walkCondition(x, [...at, k, i], ctx));
        else if (k === 'not') walkCondition(v, [...at, k], ctx);
        else walkText(v, [...at, k], ctx);
      }
    };

    const walkActions = (list: unknown, at: At, ctx: Ctx) => {
      if (!Array.isArray(list)) return;
      list.forEach((a, i) => {
        if (!isObject(a)) return;
        const here = [...at, i];
        if (ctx.shell && typeof a.type === 'string' && SCREEN_ACTIONS.has(a.type)) {
          add(ctx.file, [...here, 'type'], `action "${a.type}" acts on a screen; ${ctx.shell} runs outside any screen (expected one of ${listOf(actionTypes.filter((t) => !SCREEN_ACTIONS.has(t)))})`);
        }
        if (a.type === 'api') checkCall(a, here, ctx);
        for (const [k, v] of Object.entries(a)) {
          if (k === 'when') walkCondition(v, [...here, k], ctx);
          else if (ACTION_LISTS.has(k)) walkActions(v, [...here, k], a.type === 'api' && REPLY_LISTS.has(k) ? withRoots(ctx, ['reply']) : ctx);
          else if (k === 'successToast' && a.type === 'api') walkText(v, [...here, k], withRoots(ctx, ['reply']));
          else if (a.type === 'reload' && k === 'source' && typeof v === 'string' && ctx.screen && !ctx.screen.sources.has(v)) {
            add(ctx.file, [...here, k], `reload source "${v}" is not a data source of the screen (expected one of ${listOf(ctx.screen.sources) || 'none'})${didYouMean(v, ctx.screen.sources)}`);
          } else if (a.type === 'setState' && k === 'key' && typeof v === 'string' && ctx.screen && !ctx.screen.declared.has(v) && !ctx.screen.read.has(v)) {
            const known = new Set([...ctx.screen.declared, ...ctx.screen.read]);
            add(ctx.file, [...here, k], `setState key "${v}" is neither declared in the screen's "state" nor read as {{state.${v}}} (expected one of ${listOf(known) || 'none'})${didYouMean(v, known)}`);
          } else if (k !== 'type' && k !== 'endpoint' && k !== 'assign' && k !== 'key' && k !== 'source') walkText(v, [...here, k], ctx);
        }
      });
    };

    // ---- screens: nodes and widget props, walked along the props schema

    const checkIcon = (v: unknown, at: At, ctx: Ctx) => {
      if (typeof v !== 'string' || v.includes('{{') || v.includes('/')) return;
      if (!Object.hasOwn(ICON_SOURCES, v)) add(ctx.file, at, `unknown icon "${v}" (expected one of ${listOf(iconNames, 80)})${didYouMean(v, iconNames)}`);
    };

    type Schema = { $ref?: string; items?: Schema; properties?: Record<string, Schema>; additionalProperties?: Schema | boolean };
    /**
     * `prop` is the dotted path of `v` in the widget's props (lists walked through) and
     * `templates` the widget's: a template reads the names it declares besides the scope.
     */
    const walkProps = (v: unknown, schema: Schema | undefined, at: At, ctx: Ctx, prop = '', templates: Templates = {}) => {
      if (prop && Object.hasOwn(templates, prop)) ctx = withRoots(ctx, templates[prop]);
      const ref = schema?.$ref ?? schema?.items?.$ref ?? '';
      if (ref.endsWith('/action')) return walkActions(v, at, ctx);
      if (ref.endsWith('/condition')) return walkCondition(v, at, ctx);
      if (ref.endsWith('/node')) return walkNodes(v, at, ctx);
      if (ref.endsWith('/pagedSource')) return checkPagedSource(v, at, ctx);
      if (typeof v === 'string') return checkString(v, at, ctx);
      if (Array.isArray(v)) return v.forEach((x, i) => walkProps(x, schema?.items, [...at, i], ctx, prop, templates));
      if (!isObject(v)) return;
      if (typeof v.endpoint === 'string') checkCall(v, at, ctx);
      for (const [k, x] of Object.entries(v)) {
        if (k === 'endpoint' || k === 'stateKey' || k === 'assign' || k === 'name' || k === 'form') continue;
        if (k === 'icon') checkIcon(x, [...at, k], ctx);
        if (k === 'optionsFrom' && isObject(x)) {
          walkOptionsFrom(x, [...at, k], ctx);
          continue;
        }
        const sub = schema?.properties?.[k] ?? (typeof schema?.additionalProperties === 'object' ? schema.additionalProperties : undefined);
        walkProps(x, sub, [...at, k], ctx, prop ? `${prop}.${k}` : k, templates);
      }
    };

    /** a paged source's page field is a field of its call */
    const checkPageParam = (endpoint: unknown, param: string, at: At, ctx: Ctx) => {
      if (typeof endpoint !== 'string' || !endpointSet.has(endpoint)) return;
      const props = (catalogue[endpoint as keyof typeof catalogue].payload as { properties?: Record<string, unknown> }).properties ?? {};
      const keys = Object.keys(props);
      if (!Object.hasOwn(props, param)) add(ctx.file, at, `page field "${param}" is not a field of endpoint ${endpoint} (expected ${keys.length ? `one of ${keys.join(', ')}` : 'no payload'})${didYouMean(param, keys)}`);
    };

    /** a paged source's `path` leads, in the call's reply schema (src/api/catalogue.ts replies), to a page object or a list */
    const checkPagePath = (endpoint: unknown, paged: unknown, at: At, ctx: Ctx) => {
      if (typeof endpoint !== 'string' || !endpointSet.has(endpoint)) return;
      const path = isObject(paged) && typeof paged.path === 'string' ? paged.path : undefined;
      type S = { type?: unknown; properties?: Record<string, S>; anyOf?: S[]; items?: S };
      // the alternatives of a schema (anyOf), flattened
      const alts = (x: S | undefined): S[] => (!x ? [] : x.anyOf ? x.anyOf.flatMap(alts) : [x]);
      let here = alts(replies[endpoint as keyof typeof replies] as S);
      for (const seg of path ? path.split('.') : []) {
        const next = here.flatMap((x) => (x.properties && Object.hasOwn(x.properties, seg) ? alts(x.properties[seg]) : []));
        if (!next.length) {
          const keys = [...new Set(here.flatMap((x) => Object.keys(x.properties ?? {})))];
          add(ctx.file, [...at, 'path'], `"${seg}" in page path "${path}" is not in the reply of endpoint ${endpoint} (expected one of ${keys.join(', ') || 'none'})${didYouMean(seg, keys)}`);
          return;
        }
        here = next;
      }
      const isPage = (x: S) => x.type === 'array' || !!x.properties?.data;
      if (!here.some(isPage)) add(ctx.file, path ? [...at, 'path'] : at, `the reply of endpoint ${endpoint}${path ? ` at "${path}"` : ''} is not a page object or a list (set "path" to where the page object is)`);
    };

    /** a widget showing a paged source names one of the screen's */
    const checkPagedSource = (v: unknown, at: At, ctx: Ctx) => {
      if (typeof v !== 'string' || !ctx.screen || ctx.screen.paged.has(v)) return;
      if (ctx.screen.sources.has(v)) add(ctx.file, at, `data source "${v}" is not paged (add "paged": true to its entry in the screen's "data")`);
      else add(ctx.file, at, `paged data source "${v}" is not declared in the screen's "data" (expected one of ${listOf(ctx.screen.paged) || 'none'})${didYouMean(v, ctx.screen.paged)}`);
    };

    /** options from a list in scope: `path` is an expression (no braces), label and value are read per entry as item */
    const walkOptionsFrom = (o: JsonObject, at: At, ctx: Ctx) => {
      for (const [k, v] of Object.entries(o)) {
        if (k === 'path' && typeof v === 'string') checkExpr(v, [...at, k], ctx);
        else walkText(v, [...at, k], withRoots(ctx, ['item']));
      }
    };

    const walkNodes = (list: unknown, at: At, ctx: Ctx) => {
      if (!Array.isArray(list)) return;
      list.forEach((node, i) => {
        if (!isObject(node) || typeof node.type !== 'string') return;
        const here = [...at, i];
        if (node.when !== undefined) walkCondition(node.when, [...here, 'when'], ctx);
        const validator = widgetValidators.get(node.type);
        if (!validator) {
          add(ctx.file, [...here, 'type'], `unknown widget type "${node.type}" (expected one of ${widgetTypes.join(', ')})${didYouMean(node.type, widgetTypes)}`);
          return;
        }
        const props = isObject(node.props) ? node.props : {};
        if (!validator(props)) {
          for (const p of humanize(validator.errors)) add(ctx.file, pointer([...here, 'props']) + (p.path === '/' ? '' : p.path), `${node.type}: ${p.message}`);
        }
        if (typeof props.form === 'string' && !(props.form in bundle.forms)) {
          const forms = Object.keys(bundle.forms);
          add(ctx.file, [...here, 'props', 'form'], `form "${props.form}" does not exist (expected a file screens.config/forms/${props.form}.json)${didYouMean(props.form, forms)}`);
        }
        const widget = widgets[node.type];
        walkProps(props, widget.propsSchema as Schema, [...here, 'props'], ctx, '', widget.templates);
        const childLocals =
          node.type === 'Repeat' ? [typeof props.as === 'string' ? props.as : 'item', 'index'] : node.type === 'PagedList' ? ['item', 'index'] : node.type === 'Form' ? ['form'] : [];
        walkNodes(node.children, [...here, 'children'], withRoots(ctx, childLocals));
      });
    };

    // ---- routes
    const routeNames = new Set([...Object.keys(bundle.screens), ...BUILT_IN_SCREENS]);
    if (routesOk) {
      const routes = (bundle.routes.json as { routes: JsonObject[] }).routes;
      const paths = new Set<string>();
      routes.forEach((r, i) => {
        const screen = String(r.screen);
        if (!routeNames.has(screen)) {
          add(bundle.routes.file, ['routes', i, 'screen'], `screen "${screen}" does not exist (expected a file screens.config/screens/${screen}.json)${didYouMean(screen, routeNames)}`);
        }
        if (paths.has(String(r.path))) add(bundle.routes.file, ['routes', i, 'path'], `path "${r.path}" is declared twice`);
        paths.add(String(r.path));
        if (r.guard && !r.auth && r.guard !== 'confirmLogin') {
          add(bundle.routes.file, ['routes', i, 'guard'], 'a guard other than confirmLogin needs "auth": true');
        }
      });
      walkText(bundle.routes.json, [], { file: bundle.routes.file, roots: new Set() });
      if (app) {
        (app.tabBar as JsonObject[]).forEach((t, i) => {
          if (!paths.has(String(t.path))) add(bundle.app.file, ['tabBar', i, 'path'], `tab path "${t.path}" is not a route of routes.json${didYouMean(String(t.path), paths)}`);
        });
      }
    }
    if (app) {
      const appCtx: Ctx = { file: bundle.app.file, roots: new Set() };
      walkText(app.tabBar, ['tabBar'], appCtx);
      // the top bar's texts, and its action lists (topBar.recycle), run by the shell with the session's scope
      const topBarSchema = (schemas.app as { properties?: { topBar?: { properties?: Record<string, { $ref?: string }> } } }).properties?.topBar?.properties ?? {};
      for (const [k, v] of Object.entries(isObject(app.topBar) ? app.topBar : {})) {
        if (topBarSchema[k]?.$ref?.endsWith('/actions')) walkActions(v, ['topBar', k], { ...appCtx, shell: `app.json topBar.${k}` });
        else walkText(v, ['topBar', k], appCtx);
      }
      (app.tabBar as JsonObject[]).forEach((t, i) => checkIcon(t.icon, ['tabBar', i, 'icon'], appCtx));
    }
    if (messages) {
      // a message is read wherever its key is used: every name some place has in scope may appear
      const anywhere = new Set([...SCREEN_ROOTS, ...Object.keys(LOCAL_WHERE), ...Object.values(widgets).flatMap((w) => Object.values(w.templates).flat())]);
      for (const [key, text] of Object.entries(messages)) {
        const more = Object.entries(MESSAGE_LOCALS).find(([prefix]) => key.startsWith(prefix))?.[1] ?? [];
        walkText(text, ['messages', key], { file: bundle.messages.file, roots: more.length ? new Set([...anywhere, ...more]) : anywhere });
      }
    }

    // ---- screens, and the screens hosting each form
    const infos: Record<string, ScreenInfo> = {};
    const hosts: Record<string, string[]> = {};
    const hostedBy: Record<string, string[]> = {};
    for (const [name, s] of Object.entries(bundle.screens)) {
      if (!screenOk[name]) continue;
      hostedBy[name] = once(s.json, 'forms', [], () => formsOf((s.json as JsonObject).body));
      for (const f of hostedBy[name]) (hosts[f] ??= []).push(name);
    }
    const formNames = Object.keys(bundle.forms).join('\u0000');
    for (const [name, s] of Object.entries(bundle.screens)) {
      if (!screenOk[name]) continue;
      const hosted = hostedBy[name].map((f) => bundle.forms[f]?.json);
      infos[name] = once(s.json, 'info', hosted, () => collectScreenInfo([s.json, ...hosted]));
    }

    for (const [name, s] of Object.entries(bundle.screens)) {
      if (!screenOk[name]) continue;
      const deps = [s.file, bundle.app.json, bundle.messages.json, formNames, ...hostedBy[name].map((f) => bundle.forms[f]?.json)];
      once(s.json, 'refs', deps, () => checkScreen(name, s));
    }

    function checkScreen(name: string, s: { file: string; json: unknown }) {
      const screen = s.json as JsonObject;
      const ctx: Ctx = { file: s.file, roots: new Set(SCREEN_ROOTS), screen: infos[name] };
      if (screen.title !== undefined) walkText(screen.title, ['title'], ctx);
      if (screen.state !== undefined) walkText(screen.state, ['state'], ctx);
      if (isObject(screen.data)) {
        for (const [src, d] of Object.entries(screen.data)) {
          if (!isObject(d)) continue;
          const paged = d.paged === undefined ? undefined : isObject(d.paged) && typeof d.paged.param === 'string' ? d.paged.param : 'page';
          checkCall(d, ['data', src], ctx, paged ? [paged] : []);
          if (paged && d.poll !== undefined) add(ctx.file, ['data', src, 'poll'], 'a paged source does not poll (its pages load as the player scrolls; remove "poll" or "paged")');
          if (paged) {
            checkPageParam(d.endpoint, paged, ['data', src, 'paged'], ctx);
            checkPagePath(d.endpoint, d.paged, ['data', src, 'paged'], ctx);
          }
          for (const [k, v] of Object.entries(d)) {
            if (k === 'when') walkCondition(v, ['data', src, k], ctx);
            else if (k !== 'endpoint' && k !== 'paged') walkText(v, ['data', src, k], ctx);
          }
        }
      }
      walkActions(screen.onEnter, ['onEnter'], ctx);
      walkNodes(screen.body, ['body'], ctx);
    }

    // ---- forms
    for (const [name, f] of Object.entries(bundle.forms)) {
      if (!formOk[name]) continue;
      const deps = [f.file, bundle.app.json, bundle.messages.json, ...(hosts[name] ?? []).flatMap((h) => [h, bundle.screens[h].json])];
      once(f.json, 'refs', deps, () => checkForm(name, f));
    }

    function checkForm(name: string, f: { file: string; json: unknown }) {
      const form = f.json as JsonObject;
      const ctx: Ctx = { file: f.file, roots: new Set([...SCREEN_ROOTS, 'form']), screen: mergeInfo((hosts[name] ?? []).map((h) => infos[h]).filter(Boolean)) };
      const fields = (form.fields as JsonObject[]).map((x) => String(x.name));
      const fieldSet = new Set(fields);
      fields.forEach((n, i) => {
        if (fields.indexOf(n) !== i) add(f.file, ['fields', i, 'name'], `field "${n}" is declared twice`);
      });
      const list = `(${fields.join(', ') || 'none'})`;
      (form.rules as JsonObject[]).forEach((r, i) => {
        if (!fieldSet.has(String(r.field))) add(f.file, ['rules', i, 'field'], `expected a field of this form ${list}, found "${r.field}"${didYouMean(String(r.field), fields)}`);
        if ((r.type === 'equalsField' || r.type === 'notEqualsField') && !fieldSet.has(String(r.other))) {
          add(f.file, ['rules', i, 'other'], `expected the other field of this form ${list}, found ${JSON.stringify(r.other)}${didYouMean(String(r.other), fields)}`);
        }
        if (r.type === 'pattern' && patterns && !(String(r.pattern) in patterns)) {
          add(f.file, ['rules', i, 'pattern'], `pattern ${JSON.stringify(r.pattern)} is not in app.json patterns${didYouMean(String(r.pattern), Object.keys(patterns))}`);
        }
        const needs: Record<string, string[]> = { minLength: ['min'], maxLength: ['max'], lengthBetween: ['min', 'max'], range: ['min', 'max'], min: ['min'] };
        for (const k of needs[String(r.type)] ?? []) {
          if (r[k] === undefined) add(f.file, ['rules', i], `rule type "${r.type}" needs "${k}"`);
        }
        for (const [k, v] of Object.entries(r)) {
          if (k === 'when') walkCondition(v, ['rules', i, k], ctx);
          else if (k !== 'field' && k !== 'other' && k !== 'pattern') walkText(v, ['rules', i, k], withRoots(ctx, ['min', 'max']));
        }
      });
      (form.fields as JsonObject[]).forEach((field, i) => {
        for (const [k, v] of Object.entries(field)) {
          if (k === 'optionsFrom' && isObject(v)) walkOptionsFrom(v, ['fields', i, k], ctx);
          else if (k !== 'name') walkText(v, ['fields', i, k], ctx);
        }
      });
      walkText(form.submitText, ['submitText'], ctx);
      if (isObject(form.submit)) {
        const submit = form.submit;
        checkCall(submit, ['submit'], ctx);
        for (const [k, v] of Object.entries(submit)) {
          if (k === 'before') walkActions(v, ['submit', k], ctx);
          else if (REPLY_LISTS.has(k)) walkActions(v, ['submit', k], withRoots(ctx, ['reply']));
          else if (k === 'successToast') walkText(v, ['submit', k], withRoots(ctx, ['reply']));
          else if (k !== 'endpoint') walkText(v, ['submit', k], ctx);
        }
      }
    }

    return problems;
  };
}

export function checkConfig(bundle: ConfigBundle, schemas: SchemaSet, widgets: WidgetSchemas): Problem[] {
  return createChecker(schemas, widgets)(bundle);
}

export function formatProblems(problems: Problem[]): string {
  return problems.map((p) => `${p.file}: ${p.path}: ${p.message}`).join('\n');
}
