/**
 * The config check: JSON Schema validation (ajv) plus the cross-reference checks of DESIGN.md.
 * One implementation, three callers: `npm run check:config` (scripts/check-config.ts), the Vite
 * build and dev server (through that script), and the tests. It runs in Node only: ajv never
 * ships in the browser bundle.
 *
 * Every problem names the file, the JSON path and what was expected, in an operator's words.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { endpointNames } from '../api/catalogue';

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
  app: object;
  messages: object;
  routes: object;
  screen: object;
  form: object;
}

/** widget type -> JSON Schema of its props */
export type WidgetSchemas = Record<string, object>;

/** Keys of messages.json that src/ itself uses (beyond what the schema requires). */
export const ENGINE_SCREENS = ['placeholder'];

const KEYWORD_WORDS: Record<string, (e: ErrorObject) => string> = {
  type: (e) => `expected ${article(String(e.params.type))}${found(e)}`,
  required: (e) => `missing required property "${e.params.missingProperty}"`,
  additionalProperties: (e) => `unknown property "${e.params.additionalProperty}" (not allowed here)`,
  enum: (e) => `expected one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}${found(e)}`,
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
      ? `unknown type ${JSON.stringify(e.params.tagValue)} (expected one of the documented types)`
      : `missing "${e.params.tag}"`,
  anyOf: () => 'expected a number or a {{binding}}',
};

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
    const path = e.instancePath || '/';
    const key = `${path}|${words}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, message: words });
  }
  return out;
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

/** Walk every object in a JSON value with its path. */
function walkObjects(v: unknown, at: (string | number)[], visit: (o: JsonObject, at: (string | number)[]) => void): void {
  if (Array.isArray(v)) v.forEach((x, i) => walkObjects(x, [...at, i], visit));
  else if (isObject(v)) {
    visit(v, at);
    for (const [k, x] of Object.entries(v)) walkObjects(x, [...at, k], visit);
  }
}

const BINDING = /\{\{\s*([^}|]+?)\s*(\|[^}]*)?\}\}/g;

export function checkConfig(bundle: ConfigBundle, schemas: SchemaSet, widgets: WidgetSchemas): Problem[] {
  const problems: Problem[] = [];
  const add = (file: string, at: (string | number)[] | string, message: string) =>
    problems.push({ file, path: typeof at === 'string' ? at : pointer(at), message });

  const ajv = new Ajv({ allErrors: true, strict: false, discriminator: true, verbose: true });
  ajv.addSchema(schemas.common, 'common.schema.json');
  const validators: Record<string, ValidateFunction> = {
    app: ajv.compile(schemas.app),
    messages: ajv.compile(schemas.messages),
    routes: ajv.compile(schemas.routes),
    screen: ajv.compile(schemas.screen),
    form: ajv.compile(schemas.form),
  };
  const widgetValidators = new Map<string, ValidateFunction>();
  for (const [type, schema] of Object.entries(widgets)) {
    try {
      widgetValidators.set(type, ajv.compile(schema));
    } catch (err) {
      add(`src/widgets/${type}/schema.ts`, '/', `the props schema does not compile: ${(err as Error).message}`);
    }
  }

  const validate = (kind: keyof typeof validators, file: string, json: unknown): boolean => {
    if (json instanceof Error) {
      add(file, '/', `not valid JSON: ${json.message}`);
      return false;
    }
    const ok = validators[kind](json);
    for (const p of humanize(validators[kind].errors)) add(file, p.path, p.message);
    return !!ok;
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
  const endpoints = new Set<string>(endpointNames);

  // responsible play (issue 16): each default must be one of the member's choices (or 0 = off / none)
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

  if (patterns) {
    for (const [name, src] of Object.entries(patterns)) {
      try {
        new RegExp(String(src));
      } catch (err) {
        add(bundle.app.file, ['patterns', name], `expected a valid regular expression: ${(err as Error).message}`);
      }
    }
  }

  /** a constant by its path: responsible.enabled is the field of the constants object responsible */
  const constantExists = (all: JsonObject, path: string): boolean => {
    let at: unknown = all;
    for (const key of path.split('.')) {
      if (!isObject(at) || !Object.prototype.hasOwnProperty.call(at, key)) return false;
      at = at[key];
    }
    return true;
  };

  /** text references shared by every config file: @message keys, {{const.X}}, | map:name */
  const checkText = (file: string, json: unknown) => {
    walkStrings(json, [], (s, at) => {
      if (at[0] === '$schema') return;
      if (messages && s.startsWith('@') && /^@[a-zA-Z][\w.]*$/.test(s) && !(s.slice(1) in messages)) {
        add(file, at, `message key "${s.slice(1)}" is not in screens.config/messages.json`);
      }
      for (const m of s.matchAll(BINDING)) {
        const expr = m[1].trim();
        if (constants && expr.startsWith('const.') && !constantExists(constants, expr.slice(6))) {
          add(file, at, `constant "${expr.slice(6)}" is not in app.json constants`);
        }
        for (const f of (m[2] ?? '').split('|').map((x) => x.trim()).filter(Boolean)) {
          const [fname, arg] = f.split(':').map((x) => x.trim());
          if (fname === 'map' && maps && !(arg && arg in maps)) add(file, at, `map "${arg ?? ''}" is not in app.json maps`);
        }
      }
    });
  };

  /** actions and data sources: endpoints must be in the catalogue */
  const checkEndpoints = (file: string, json: unknown) => {
    walkObjects(json, [], (o, at) => {
      const isAction = o.type === 'api' && 'endpoint' in o;
      const isSource = at[at.length - 2] === 'data' && 'endpoint' in o;
      const isSubmit = at[at.length - 1] === 'submit' && 'endpoint' in o;
      if ((isAction || isSource || isSubmit) && typeof o.endpoint === 'string' && !endpoints.has(o.endpoint)) {
        add(file, [...at, 'endpoint'], `endpoint "${o.endpoint}" is not in the API catalogue (src/api/catalogue.ts)`);
      }
    });
  };

  // messages: keys src/ uses are required by the schema; nothing more to check here.

  // routes
  if (routesOk) {
    const routes = (bundle.routes.json as { routes: JsonObject[] }).routes;
    const paths = new Set<string>();
    routes.forEach((r, i) => {
      const screen = String(r.screen);
      if (!(screen in bundle.screens) && !ENGINE_SCREENS.includes(screen)) {
        add(bundle.routes.file, ['routes', i, 'screen'], `screen "${screen}" does not exist (expected a file screens.config/screens/${screen}.json)`);
      }
      if (paths.has(String(r.path))) add(bundle.routes.file, ['routes', i, 'path'], `path "${r.path}" is declared twice`);
      paths.add(String(r.path));
      if (r.guard && !r.auth && r.guard !== 'confirmLogin') {
        add(bundle.routes.file, ['routes', i, 'guard'], 'a guard other than confirmLogin needs "auth": true');
      }
    });
    checkText(bundle.routes.file, bundle.routes.json);
    if (app) {
      (app.tabBar as JsonObject[]).forEach((t, i) => {
        if (!paths.has(String(t.path))) add(bundle.app.file, ['tabBar', i, 'path'], `tab path "${t.path}" is not a route of routes.json`);
      });
    }
  }
  if (app) checkText(bundle.app.file, { tabBar: app.tabBar, topBar: app.topBar });

  // forms
  const formFields: Record<string, Set<string>> = {};
  for (const [name, f] of Object.entries(bundle.forms)) {
    if (!formOk[name]) continue;
    const form = f.json as JsonObject;
    const fields = (form.fields as JsonObject[]).map((x) => String(x.name));
    const fieldSet = new Set(fields);
    formFields[name] = fieldSet;
    fields.forEach((n, i) => {
      if (fields.indexOf(n) !== i) add(f.file, ['fields', i, 'name'], `field "${n}" is declared twice`);
    });
    const list = `(${fields.join(', ') || 'none'})`;
    (form.rules as JsonObject[]).forEach((r, i) => {
      if (!fieldSet.has(String(r.field))) add(f.file, ['rules', i, 'field'], `expected a field of this form ${list}, found "${r.field}"`);
      if ((r.check === 'equalsField' || r.check === 'notEqualsField') && !fieldSet.has(String(r.other))) {
        add(f.file, ['rules', i, 'other'], `expected the other field of this form ${list}, found ${JSON.stringify(r.other)}`);
      }
      if (r.check === 'pattern' && patterns && !(String(r.pattern) in patterns)) {
        add(f.file, ['rules', i, 'pattern'], `pattern ${JSON.stringify(r.pattern)} is not in app.json patterns`);
      }
      const needs: Record<string, string[]> = { minLength: ['min'], maxLength: ['max'], lengthBetween: ['min', 'max'], range: ['min', 'max'], min: ['min'] };
      for (const k of needs[String(r.check)] ?? []) {
        if (r[k] === undefined) add(f.file, ['rules', i], `check "${r.check}" needs "${k}"`);
      }
    });
    checkText(f.file, f.json);
    checkEndpoints(f.file, f.json);
  }

  // screens
  for (const [name, s] of Object.entries(bundle.screens)) {
    if (!screenOk[name]) continue;
    const screen = s.json as JsonObject;
    walkObjects(screen.body, ['body'], (node, at) => {
      // a widget node sits in a body/children array (its path ends with an index)
      const parentKey = at[at.length - 2];
      if (typeof at[at.length - 1] !== 'number' || (parentKey !== 'body' && parentKey !== 'children' && parentKey !== 'slots')) return;
      if (typeof node.type !== 'string') return;
      const validator = widgetValidators.get(node.type);
      if (!validator) {
        add(s.file, [...at, 'type'], `unknown widget type "${node.type}" (expected one of ${[...widgetValidators.keys()].sort().join(', ')})`);
        return;
      }
      if (!validator(node.props ?? {})) {
        for (const p of humanize(validator.errors)) add(s.file, pointer([...at, 'props']) + (p.path === '/' ? '' : p.path), `${node.type}: ${p.message}`);
      }
      const props = isObject(node.props) ? node.props : {};
      if (typeof props.form === 'string' && !(props.form in bundle.forms)) {
        add(s.file, [...at, 'props', 'form'], `form "${props.form}" does not exist (expected a file screens.config/forms/${props.form}.json)`);
      }
    });
    checkText(s.file, s.json);
    checkEndpoints(s.file, s.json);
  }

  return problems;
}

export function formatProblems(problems: Problem[]): string {
  return problems.map((p) => `${p.file}: ${p.path}: ${p.message}`).join('\n');
}
