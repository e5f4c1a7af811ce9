/**
 * JSON Schema validation (ajv): compiling the schemas of screens.config/schema/ and of every
 * widget's props once, validating each file, and saying ajv's errors in an operator's words.
 */
import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { JsonSyntaxError, UnreadFile } from '../json-text.ts';
import type { Problem, SchemaSet, WidgetSchemas } from './types.ts';
import { joinPointer } from '../pointer.ts';
import { say, worded, type Said } from '../words/index.ts';
import type { Unquoted } from '../words/schema.ts';
import { nearest } from './util.ts';
import type { FileKind, Run, Validators } from './context.ts';
import { knownOf } from '../words/common.ts';

export type { FileKind, Validators } from './context.ts';

/** Config keys that were renamed (one name per idea: `type` names which variant an object is). */
const RENAMED: Record<string, string> = { kind: 'type', check: 'type', toast: 'successToast', empty: 'emptyText', fixed: 'options' };

/** Names an operator reaches for to hide something; a node is switched off with "when": false. */
const HIDING = new Set(['hidden', 'hide', 'visible', 'show', 'disabled', 'enabled', 'off', 'display']);

/** ajv's errors in an operator's words, by JSON Schema keyword (the English in words/schema.ts) */
const KEYWORD_WORDS: Record<string, (e: ErrorObject) => Said> = {
  type: (e) => say('wrongType', { types: String(e.params.type).split(','), found: found(e), unquoted: unquote(e) }),
  required: (e) => {
    const near = misspeltKey(e);
    const missing = String(e.params.missingProperty);
    return near ? say('misspeltRequiredKey', { key: near, missing }) : say('missingProperty', { name: missing });
  },
  additionalProperties: (e) => {
    const name = String(e.params.additionalProperty);
    const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {}).filter((k) => !k.startsWith('$'));
    const now = RENAMED[name];
    const renamed = now && known.includes(now) ? now : undefined;
    const switchOff = HIDING.has(name.toLowerCase()) && known.includes('when');
    return say('unknownProperty', { name, known: knownOf(known), renamed, near: renamed === undefined ? nearest(name, known) : undefined, switchOff });
  },
  enum: (e) => {
    const values = e.params.allowedValues as unknown[];
    const allowed = values.map((v) => String(JSON.stringify(v)));
    // HTML's spelling of a value (target "_blank"): the word without the underscore, and what each value does
    const html = typeof e.data === 'string' && e.data.startsWith('_') && values.includes(e.data.slice(1)) ? e.data.slice(1) : undefined;
    if (html !== undefined) {
      const what = (e.parentSchema as { description?: string } | undefined)?.description;
      return say('htmlUnderscoreValue', { allowed, found: found(e), write: html, what });
    }
    const near = typeof e.data === 'string' ? nearest(e.data, values.filter((v): v is string => typeof v === 'string')) : undefined;
    return say('notAllowedValue', { allowed, found: found(e), near });
  },
  const: (e) => say('notConstValue', { value: String(JSON.stringify(e.params.allowedValue)), found: found(e) }),
  pattern: (e) => say('patternMismatch', { pattern: String(e.params.pattern), found: found(e) }),
  minimum: (e) => say('belowMinimum', { limit: e.params.limit as number, found: found(e) }),
  maximum: (e) => say('aboveMaximum', { limit: e.params.limit as number, found: found(e) }),
  exclusiveMinimum: (e) => say('notAboveMinimum', { limit: e.params.limit as number, found: found(e) }),
  exclusiveMaximum: (e) => say('notBelowMaximum', { limit: e.params.limit as number, found: found(e) }),
  minLength: (e) => say('textTooShort', { limit: e.params.limit as number, found: found(e) }),
  maxLength: (e) => say('textTooLong', { limit: e.params.limit as number, found: found(e) }),
  minItems: (e) => say('tooFewEntries', { limit: e.params.limit as number }),
  maxItems: (e) => say('tooManyEntries', { limit: e.params.limit as number }),
  propertyNames: () => say('badPropertyName', {}),
  discriminator: (e) =>
    e.params.error === 'mapping'
      ? say('unknownVariantType', { value: String(JSON.stringify(e.params.tagValue)), known: knownOf(discriminatorValues(e)), near: nearest(String(e.params.tagValue), discriminatorValues(e)) })
      : say('missingVariantTag', { tag: String(e.params.tag) }),
  anyOf: (e) => say('numberOrBindingExpected', { found: found(e), unquoted: unquote(e) }),
};

/** a number (or true/false) written in quotes where a number (or true/false) is expected: what to write */
function unquote(e: ErrorObject): Unquoted | undefined {
  if (typeof e.data !== 'string') return undefined;
  const expectsNumber = e.keyword === 'anyOf' || /number|integer/.test(String(e.params.type ?? ''));
  if (expectsNumber && /^\s*-?\d+(\.\d+)?\s*$/.test(e.data)) return { value: e.data.trim(), kind: 'number' };
  if (/boolean/.test(String(e.params.type ?? '')) && /^\s*(true|false)\s*$/.test(e.data)) return { value: e.data.trim(), kind: 'boolean' };
  return undefined;
}

/**
 * For a missing required property of an object that allows other keys (messages.json): the key
 * present instead that is one typo away from it ("auth.loginRequird" for "auth.loginRequired").
 */
function misspeltKey(e: ErrorObject): string | undefined {
  const schema = e.parentSchema as { properties?: object; additionalProperties?: unknown } | undefined;
  if (!schema || schema.additionalProperties === false || !e.data || typeof e.data !== 'object') return undefined;
  const missing = String(e.params.missingProperty);
  const declared = new Set([...Object.keys(schema.properties ?? {}), ...((schema as { required?: string[] }).required ?? [])]);
  return Object.keys(e.data).find((k) => !declared.has(k) && nearest(k, [missing]) !== undefined);
}

/** The values a discriminator accepts (the `const` of each oneOf branch). */
function discriminatorValues(e: ErrorObject): string[] {
  const branches = ((e.parentSchema as { oneOf?: { properties?: Record<string, { const?: unknown }> }[] } | undefined)?.oneOf ?? []);
  return branches.map((b) => b.properties?.[String(e.params.tag)]?.const).filter((v): v is string => typeof v === 'string');
}

/** the value found, as JSON text cut at 60 characters (undefined when there is none) */
function found(e: ErrorObject): string | undefined {
  return e.data === undefined ? undefined : String(JSON.stringify(e.data)?.slice(0, 60));
}

/** ajv's errors as { JSON path, words }, one line per distinct problem. */
export function humanize(errors: ErrorObject[] | null | undefined): { path: string; said: Said }[] {
  if (!errors) return [];
  // anyOf/oneOf wrappers repeat what their branches said; keep the most specific lines.
  const seen = new Set<string>();
  const out: { path: string; said: Said }[] = [];
  const specific = errors.filter((e) => e.keyword !== 'if');
  for (const e of specific) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf') {
      const branchErrors = specific.some((o) => o !== e && o.instancePath === e.instancePath && o.keyword !== e.keyword);
      if (branchErrors && e.keyword === 'oneOf') continue;
    }
    if (e.keyword === 'type' && specific.some((o) => o.keyword === 'anyOf' && o.instancePath === e.instancePath)) continue;
    if (e.keyword === 'pattern' && specific.some((o) => o.keyword === 'anyOf' && o.instancePath === e.instancePath)) continue;
    const words = KEYWORD_WORDS[e.keyword]?.(e) ?? say('schemaRuleBroken', { ajv: e.message ?? null });
    // an unknown property or an unknown type is named where it stands, not at the object holding it;
    // a misspelt key (for a missing one) too
    const misspelt = e.keyword === 'required' ? misspeltKey(e) : undefined;
    const path =
      e.keyword === 'additionalProperties'
        ? joinPointer(e.instancePath, String(e.params.additionalProperty))
        : misspelt
          ? joinPointer(e.instancePath, misspelt)
          : e.keyword === 'discriminator' && e.params.error === 'mapping'
            ? joinPointer(e.instancePath, String(e.params.tag))
            : e.instancePath || '/';
    const key = `${path}|${words.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, said: words });
  }
  return out;
}

/**
 * Compiled validators kept between runs as ajv's standalone code (scripts/validator-cache.ts keeps
 * them under node_modules/.cache): compiling every schema takes ajv about half a second, most of
 * what check:config (and so every build and the dev server's start) costs; loading the code it
 * generated takes a few milliseconds. `source` is everything the code is made from (the schemas,
 * the widgets' props schemas and ajv's options); the cache answers only for the same source.
 */
export interface ValidatorCache {
  /** the validators of the code saved for this source, or undefined */
  load(source: string): Record<string, ValidateFunction> | undefined;
  save(source: string, code: string): void;
}

const AJV_OPTIONS: Options = { allErrors: true, strict: false, discriminator: true, verbose: true, inlineRefs: false, code: { optimize: false } };
const FILE_KINDS: FileKind[] = ['app', 'messages', 'routes', 'screen', 'form'];
/** the key of a widget's props schema in ajv, and the name of its validator in the standalone code */
const widgetKey = (type: string) => `widget_${type}`;

export function compileSchemas(schemas: SchemaSet, widgets: WidgetSchemas, cache?: ValidatorCache): Validators {
  /** a widget whose itemsFrom names no prop of it */
  const itemsFromProblem = (type: string): Problem[] => {
    const { propsSchema, itemsFrom } = widgets[type];
    const props = Object.keys((propsSchema as { properties?: object }).properties ?? {});
    if (itemsFrom === undefined || props.includes(itemsFrom)) return [];
    return [{ file: `src/widgets/${type}/schema.ts`, path: '/itemsFrom', ...worded(say('itemsFromNotProp', { itemsFrom, props, near: nearest(itemsFrom, props) })) }];
  };
  const actionTypes = ((schemas.common as { definitions?: { action?: { oneOf?: { properties?: { type?: { const?: string } } }[] } } }).definitions?.action?.oneOf ?? [])
    .map((b) => b.properties?.type?.const)
    .filter((t): t is string => typeof t === 'string');
  // in one order (the widgets' schemas load in parallel): the same schemas are the same source and the same code
  const types = Object.keys(widgets).sort();
  const source = cache ? JSON.stringify({ options: AJV_OPTIONS, schemas, widgets: types.map((type) => [type, widgets[type].propsSchema]) }) : '';
  const kept = cache?.load(source);
  if (kept && FILE_KINDS.every((k) => typeof kept[k] === 'function') && types.every((t) => typeof kept[widgetKey(t)] === 'function')) {
    const files = Object.fromEntries(FILE_KINDS.map((k) => [k, kept[k]])) as Record<FileKind, ValidateFunction>;
    return { files, widgets: new Map(types.map((t) => [t, kept[widgetKey(t)]])), actionTypes, setup: types.flatMap(itemsFromProblem) };
  }
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { ...AJV_OPTIONS.code, source: !!cache } });
  ajv.addSchema(schemas.common, 'common.schema.json');
  ajv.addSchema(schemas.screen, 'screen.schema.json');
  // the names of refs.schema.json are checked by the reference checks with "did you mean" and the
  // place's own words; for ajv they are plain text, so one typo is one line and the rest of the file is still checked
  const refDefs = (schemas.refs as { definitions?: Record<string, unknown> }).definitions ?? {};
  ajv.addSchema({ $id: 'refs.schema.json', definitions: Object.fromEntries(Object.keys(refDefs).map((k) => [k, { type: 'string' }])) });
  // widgets.schema.json (the props per widget, for editors): each widget's props are validated by its own validator
  ajv.addSchema({ $id: 'widgets.schema.json', definitions: { propsByType: {} } });
  const idOf = (kind: FileKind) => `${kind}.schema.json`;
  for (const kind of FILE_KINDS) if (kind !== 'screen') ajv.addSchema(schemas[kind], idOf(kind));
  const files = Object.fromEntries(FILE_KINDS.map((k) => [k, ajv.getSchema(idOf(k)) as ValidateFunction])) as Record<FileKind, ValidateFunction>;
  const setup: Problem[] = [];
  let compiled = true;
  const widgetValidators = new Map<string, ValidateFunction>();
  const refs: Record<string, string> = Object.fromEntries(FILE_KINDS.map((k) => [k, idOf(k)]));
  for (const type of types) {
    try {
      ajv.addSchema(widgets[type].propsSchema, widgetKey(type));
      widgetValidators.set(type, ajv.getSchema(widgetKey(type)) as ValidateFunction);
      refs[widgetKey(type)] = widgetKey(type);
    } catch (err) {
      ajv.removeSchema(widgetKey(type));
      compiled = false;
      setup.push({ file: `src/widgets/${type}/schema.ts`, path: '/', ...worded(say('propsSchemaBroken', { widget: type, error: (err as Error).message })) });
    }
    setup.push(...itemsFromProblem(type));
  }
  // kept only when everything compiled: a schema that does not compile is named on every run
  if (cache && compiled) cache.save(source, standaloneCode(ajv, refs));
  return { files, widgets: widgetValidators, actionTypes, setup };
}

/** Validates one file against the schema of its kind; false when it is not valid JSON or not valid. */
export function validateFile(run: Run, kind: FileKind, file: string, json: unknown): boolean {
  if (json instanceof JsonSyntaxError) {
    // where in the text, with the line and a caret (src/config/json-text.ts); printed as file:line:column
    const { line, column, said, frame } = json.problem;
    run.problems.push({ file, path: '/', ...worded(say('notValidJson', { detail: said })), line, column, frame });
    return false;
  }
  if (json instanceof UnreadFile) {
    run.add(file, '/', json.said ?? json.message);
    return false;
  }
  if (json instanceof Error) {
    run.add(file, '/', say('notValidJsonError', { error: json.message }));
    return false;
  }
  const validate = run.validators.files[kind];
  return run.once(json, `schema:${kind}`, [file], () => {
    const ok = validate(json);
    for (const p of humanize(validate.errors)) run.add(file, p.path, p.said);
    return !!ok;
  });
}

/** Validates a widget's props; the type is known (the caller checked it). */
export function validateProps(run: Run, file: string, type: string, props: object, at: string): void {
  const validate = run.validators.widgets.get(type);
  if (!validate || validate(props)) return;
  for (const p of humanize(validate.errors)) run.add(file, at + (p.path === '/' ? '' : p.path), say('widgetPropsProblem', { widget: type, detail: p.said }));
}
