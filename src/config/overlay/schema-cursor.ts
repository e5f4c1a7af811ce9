/**
 * Which lists of a config file are keyed, read from the JSON Schemas: a list's schema declares its
 * key as `"x-merge-key": "id"` (Kustomize declares `x-kubernetes-patch-merge-key` in its OpenAPI
 * schemas and reads it where it merges). The cursor follows a document down its schema: `$ref`s
 * across the schema files, `allOf`/`anyOf`/`oneOf` branches, and a widget node's `props` through
 * the props schema of the node's type (src/widgets/<Type>/schema.ts, or its copy in
 * widgets.schema.json where the TypeScript cannot be loaded).
 */
import { isObject as isJsonObject } from '../json.ts';
import { valueAt } from '../pointer.ts';
import type { Cursor } from './merge';

type Schema = { [k: string]: unknown };
/** one schema the place may have, and the schema file its `#/…` references are in */
type Cand = { schema: Schema; file: string; node?: boolean };

export const MERGE_KEY = 'x-merge-key';
/** the file kinds of screens.config/ and the schema of each */
export type SchemaFileKind = 'app' | 'messages' | 'routes' | 'screen' | 'form';

export interface SchemaSource {
  /** the schema files by $id (common.schema.json, screen.schema.json, …) */
  files: Record<string, object>;
  /** a widget type's props schema, or undefined for an unknown type */
  propsOf: (type: string) => object | undefined;
}

const isObject = isJsonObject as (v: unknown) => v is Schema;

/** the schema files of a SchemaSet-like object, by $id */
export function schemaFiles(set: Record<SchemaFileKind | 'common', object>): Record<string, object> {
  return Object.fromEntries(Object.entries(set).map(([kind, s]) => [`${kind}.schema.json`, s]));
}

/** the cursor at the top of a file of `kind` */
export function schemaCursor(source: SchemaSource, kind: SchemaFileKind): Cursor {
  const file = `${kind}.schema.json`;
  const schema = source.files[file];
  return cursorOf(source, schema ? [{ schema: schema as Schema, file }] : []);
}

function cursorOf(source: SchemaSource, cands: Cand[]): Cursor {
  let all: Cand[] | undefined;
  const expanded = () => (all ??= expand(source, cands));
  return {
    get key() {
      for (const c of expanded()) if (typeof c.schema[MERGE_KEY] === 'string') return c.schema[MERGE_KEY] as string;
      return undefined;
    },
    prop(name, base, patch) {
      const out: Cand[] = [];
      for (const c of expanded()) {
        if (c.node && name === 'props') {
          const type = typeOf(patch) ?? typeOf(base);
          const props = type ? source.propsOf(type) : undefined;
          if (props) out.push({ schema: props as Schema, file: 'screen.schema.json' });
          continue;
        }
        const sub = propertySchema(c.schema, name);
        if (sub) out.push({ schema: sub, file: c.file });
      }
      return cursorOf(source, out);
    },
    item() {
      const out: Cand[] = [];
      for (const c of expanded()) if (isObject(c.schema.items)) out.push({ schema: c.schema.items, file: c.file });
      return cursorOf(source, out);
    },
  };
}

const typeOf = (v: unknown) => (isObject(v) && typeof v.type === 'string' ? v.type : undefined);

function propertySchema(s: Schema, name: string): Schema | undefined {
  const props = s.properties;
  if (isObject(props) && isObject(props[name])) return props[name];
  const patterns = s.patternProperties;
  if (isObject(patterns)) for (const [re, sub] of Object.entries(patterns)) if (isObject(sub) && new RegExp(re).test(name)) return sub;
  return isObject(s.additionalProperties) ? s.additionalProperties : undefined;
}

/** the candidates with their references resolved and their branches (allOf, anyOf, oneOf) added */
function expand(source: SchemaSource, cands: Cand[]): Cand[] {
  const out: Cand[] = [];
  const seen = new Set<Schema>();
  const visit = (c: Cand) => {
    if (seen.has(c.schema)) return;
    seen.add(c.schema);
    out.push(c);
    const ref = c.schema.$ref;
    if (typeof ref === 'string') {
      const target = resolve(source, ref, c.file);
      if (target) visit({ ...target, node: c.node || /#\/definitions\/node$/.test(ref) });
    }
    for (const k of ['allOf', 'anyOf', 'oneOf']) {
      const list = c.schema[k];
      if (Array.isArray(list)) for (const b of list) if (isObject(b)) visit({ schema: b, file: c.file, node: c.node });
    }
  };
  cands.forEach(visit);
  return out;
}

function resolve(source: SchemaSource, ref: string, inFile: string): Cand | undefined {
  const [f, pointer = ''] = ref.split('#');
  const file = f || inFile;
  // the editor-only schemas: names (refs) and the props by type (the cursor picks props by the node's type)
  if (file === 'refs.schema.json' || file === 'widgets.schema.json') return undefined;
  const at = valueAt(source.files[file], pointer);
  return isObject(at) ? { schema: at, file } : undefined;
}
