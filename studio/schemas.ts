/**
 * The studio's forms are made from the JSON Schemas check:config uses (screens.config/schema/*.json,
 * widgets.schema.json and refs.schema.json among them, written from each widget's schema.ts): read
 * from disk at each start, never copied.
 *
 * react-jsonschema-form resolves a `$ref` inside the schema it is given; ours point across files
 * (`common.schema.json#/definitions/actions`). So every file becomes one entry of a single
 * `definitions` object and each reference is rewritten to point there:
 *   "#/definitions/node" in screen.schema.json      -> "#/definitions/screen.schema.json/definitions/node"
 *   "common.schema.json#/definitions/actions"        -> "#/definitions/common.schema.json/definitions/actions"
 * A form's schema is then the part it edits plus these definitions (`schemaAt` in the client).
 *
 * Fields that deserve more than a text box are marked with `x-studio` (react-jsonschema-form passes
 * unknown keywords through; its validator runs ajv with strict off), read by the custom widgets:
 *   icon     refs.schema.json's iconName (and an `icon` listing its names): an icon is picked by its picture
 *   colour   a string of pattern ^#[0-9a-fA-F]{6}$ (theme.primary): a colour with its contrast
 *   route    a property named `to`, or a `path`/`balanceTarget` of pattern ^/: a route by its title
 * Options of an anyOf / oneOf without a title get one (the action's type, the kind of value), so the
 * form offers "navigate" and "number" rather than "Option 1".
 *
 * The values the page draws with a field of its own (studio/ui/fields/) are, in the bundle, a
 * definition with nothing for react-jsonschema-form to walk into: a condition (recursive: all, any,
 * not), a list of actions (recursive: onSuccess), a list of widget nodes inside a widget's props (a
 * tab's children: edited in the screen's outline), a free object of values (a payload, a screen's
 * state) and a value of any kind (a field's initial value). The page registers one field per such definition (uiSchema `ui:definitions`,
 * keyed by the reference, as react-jsonschema-form looks a field up by `$id`), so every schema the
 * forms meet has a widget an operator can use, and none of the library's own fallbacks ("Unsupported
 * field schema", a cycle to expand) shows. check:config still checks the real schemas.
 * (A `$id` per definition is not used: ajv would take each as a new base for the references inside it.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isObject as isJsonObject } from '../src/config/json';
import { escapeSegment } from '../src/config/pointer';
import { OWN_FIELDS } from './own-fields';

export { OWN_FIELDS };

export interface FormSchemas {
  /** the draft the schema files declare ($schema), for the form's validator */
  draft: string;
  definitions: Record<string, unknown>;
}

const HEX_COLOUR = '^#[0-9a-fA-F]{6}$';

const STUDIO = {
  definitions: {
    nodes: { type: 'array', description: 'Widget nodes: edited in the outline' },
    values: { type: 'object', description: 'Names and their values' },
    value: { description: 'A value of any kind' },
  },
};
type Json = Record<string, unknown>;
const isObject = isJsonObject as (v: unknown) => v is Json;

/** A reference of file `file` rewritten into the bundle's definitions. */
export function bundledRef(file: string, ref: string): string {
  const hash = ref.indexOf('#');
  const target = hash < 0 ? ref : ref.slice(0, hash);
  const pointer = hash < 0 ? '' : ref.slice(hash + 1);
  return `#/definitions/${escapeSegment(target || file)}${pointer === '/' ? '' : pointer}`;
}

/** What an option of an anyOf is, in a word: `navigate` (its type's const), `number`, `list`, the definition it names. */
function optionTitle(o: Json): string {
  const type = isObject(o.properties) && isObject(o.properties.type) ? o.properties.type.const : undefined;
  if (typeof type === 'string') return type;
  if (o.const !== undefined) return JSON.stringify(o.const);
  if (typeof o.$ref === 'string') return o.$ref.split('/').pop() ?? 'value';
  const t = Array.isArray(o.type) ? o.type.join(' or ') : o.type;
  if (t === 'string') return typeof o.pattern === 'string' && o.pattern.includes('\\{\\{') ? 'binding' : 'text';
  return t === 'array' ? 'list' : typeof t === 'string' ? t : 'value';
}

/** A list of widget nodes (`{type: array, items: {$ref: …node}}`) inside a widget's props. */
const isNodeList = (node: Json) => node.type === 'array' && isObject(node.items) && typeof node.items.$ref === 'string' && node.items.$ref.endsWith('#/definitions/node');
/** A list of actions written out (`{type: array, items: {$ref: …action}}`, as the widgets' schemas have them). */
const isActionList = (node: Json) => node.type === 'array' && isObject(node.items) && typeof node.items.$ref === 'string' && node.items.$ref.endsWith('#/definitions/action');
/** A value of any kind: nothing said of it but what it is for. */
const isAnyValue = (node: Json) => Object.keys(node).every((k) => k === 'description' || k === 'title' || k === 'examples');
/** An object of any names and values: no properties, nothing else said of its members. */
const isLooseObject = (node: Json) => node.type === 'object' && !node.properties && node.additionalProperties === undefined && !node.patternProperties && !node.oneOf && !node.anyOf && !node.$ref;

function rewrite(file: string, node: unknown, key?: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewrite(file, n));
  if (!isObject(node)) return node;
  const about = typeof node.description === 'string' ? { description: node.description } : {};
  if (isNodeList(node)) return { $ref: OWN_FIELDS.nodes, ...about };
  if (isActionList(node)) return { $ref: OWN_FIELDS.actions, ...about };
  if (isLooseObject(node)) return { $ref: OWN_FIELDS.values, ...about };
  if (key !== undefined && isAnyValue(node)) return { $ref: OWN_FIELDS.value, ...about };
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string') out[k] = bundledRef(file, v);
    else if ((k === 'properties' || k === 'definitions') && isObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, rewrite(file, s, name)]));
    else if (k !== '$id' && k !== '$schema') out[k] = rewrite(file, v);
  }
  if ((file === 'refs.schema.json' && key === 'iconName') || (key === 'icon' && Array.isArray(out.enum))) out['x-studio'] = 'icon';
  // the choices of an anyOf / oneOf named for what they are, not "Option 2": the action type, or the kind of value
  for (const k of ['anyOf', 'oneOf']) {
    const list = out[k];
    if (Array.isArray(list)) out[k] = list.map((o) => (isObject(o) && o.title === undefined ? { ...o, title: optionTitle(o) } : o));
  }
  if (out.pattern === HEX_COLOUR) out['x-studio'] = 'colour';
  if (key === 'to' || ((key === 'path' || key === 'balanceTarget') && out.pattern !== undefined && String(out.pattern).startsWith('^/'))) out['x-studio'] = 'route';
  return out;
}

/** Every schema of the folder as one bundle (the folder the check reads: screens.config/schema/). */
export function formSchemas(schemaDir: string): FormSchemas {
  const definitions: Json = {};
  let draft = '';
  for (const name of readdirSync(schemaDir).filter((n) => n.endsWith('.schema.json')).sort()) {
    const schema = JSON.parse(readFileSync(path.join(schemaDir, name), 'utf8')) as Json;
    draft ||= typeof schema.$schema === 'string' ? schema.$schema : '';
    // the definitions of a file keep their names under the file: the references above point there
    definitions[name] = rewrite(name, schema);
  }
  // the recursive definitions the page draws itself: nothing inside them for the form library to walk into
  const common = definitions['common.schema.json'] as { definitions: Json };
  for (const [name, type] of [['condition', ['object', 'boolean']], ['actions', 'array']] as const) {
    const real = common.definitions[name] as Json;
    common.definitions[name] = { type, ...(typeof real.description === 'string' ? { description: real.description } : {}) };
  }
  definitions['studio.schema.json'] = STUDIO;
  return { draft, definitions };
}
