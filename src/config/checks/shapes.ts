/**
 * What a binding reads, as the JSON Schema of its value: the user entity and the app info of the
 * session, a data source's reply (src/api/replies.ts, by way of the catalogue), an entry of a list
 * (`item`). A path is followed through the schema field by field; where the schema is open or not
 * known the check says nothing (no guessing), where it is closed a field it lacks is reported.
 */
import { replies } from '../../api/catalogue';
import * as R from '../../api/replies';
import { parseExpression } from '../../engine/bindings';
import { isObject } from './util';
import type { Ctx, Run, Schema, Shape } from './context.ts';
import { say, type Said } from '../words/index.ts';

export type { Schema, Shape } from './context.ts';

/** Fields the session adds to the user entity it keeps (src/store/session.ts withVip: `vip`, the level number). */
const DERIVED_USER_FIELDS: Record<string, Schema> = { vip: { type: 'integer' } };

/** The names every place has in scope whose shape is known: what the session keeps. */
export function sessionShapes(): Record<string, Shape> {
  const { list: _list, ...moneyFields } = R.refreshMoney.properties;
  const user: Schema = { type: 'object', properties: { ...R.user.properties, ...moneyFields, ...DERIVED_USER_FIELDS }, additionalProperties: false };
  return {
    user: { schema: user, origin: say('originSession', { of: 'user' }) },
    app: { schema: R.appInfo as Schema, origin: say('originSession', { of: 'appInfo' }) },
    venues: { schema: { type: 'array', items: R.venueBalance as Schema }, origin: say('originSession', { of: 'venueBalance' }) },
    games: { schema: { type: 'object', additionalProperties: { type: 'array', items: R.game as Schema } }, origin: say('originSession', { of: 'game' }) },
  };
}

/** The alternatives a schema allows (anyOf/oneOf flattened; an object with an anyOf of `required` lists is one). */
function alts(s: Schema | undefined): Schema[] {
  if (!s) return [];
  if (s.type !== undefined || s.properties) return [s];
  const branches = s.anyOf ?? s.oneOf;
  return branches ? branches.flatMap(alts) : [s];
}

const types = (s: Schema): string[] => (s.type === undefined ? [] : typeof s.type === 'string' ? [s.type] : [...s.type]);

export type Step = { shape: Shape | undefined } | { missing: string; known: string[] };

/**
 * Follows one field (or list index, or `length`). `{ shape: undefined }`: not known (open schema),
 * nothing to report; `{ missing }`: every alternative is closed and none has the field.
 */
export function step(shape: Shape, seg: string): Step {
  const next: Schema[] = [];
  const known = new Set<string>();
  let open = false;
  for (const s of alts(shape.schema)) {
    const t = types(s);
    if (t.length === 0 && !s.properties) {
      open = true;
      continue;
    }
    if (t.includes('object') || s.properties) {
      if (s.properties && Object.prototype.hasOwnProperty.call(s.properties, seg)) next.push(s.properties[seg]);
      else if (isObject(s.additionalProperties)) next.push(s.additionalProperties as Schema);
      else if (s.additionalProperties !== false) open = true;
      for (const k of Object.keys(s.properties ?? {})) known.add(k);
    }
    if (t.includes('array')) {
      if (/^\d+$/.test(seg)) {
        if (s.items) next.push(s.items);
        else open = true;
      } else if (seg === 'length') next.push({ type: 'integer' });
    }
    if (t.includes('string') && seg === 'length') next.push({ type: 'integer' });
  }
  if (open) return { shape: undefined };
  if (next.length) return { shape: { schema: next.length === 1 ? next[0] : { anyOf: next }, origin: shape.origin } };
  return { missing: seg, known: [...known] };
}

/**
 * The entries of a list: the items of its array alternatives. A widget iterates arrays only, so an
 * alternative that is one object or a scalar gives no entry (payinfo's cardlist: one object or a
 * list); an open alternative, or none that is an array, leaves the entries unknown.
 */
export function entries(shape: Shape | undefined, origin: Said): Shape | undefined {
  if (!shape) return undefined;
  const items: Schema[] = [];
  for (const s of alts(shape.schema)) {
    const t = types(s);
    if ((t.length === 0 && !s.properties) || (t.includes('array') && !s.items)) return undefined;
    if (t.includes('array') && s.items) items.push(s.items);
  }
  return items.length ? { schema: items.length === 1 ? items[0] : { anyOf: items }, origin } : undefined;
}

/** The rows of a paged source: the page object's `data` (at `path` in the reply), or the reply when it is a list. */
export function pageRows(reply: Shape, path: string | undefined, origin: Said): Shape | undefined {
  let here: Shape | undefined = reply;
  for (const seg of path ? path.split('.') : []) {
    const r: Step = here ? step(here, seg) : { shape: undefined };
    here = 'shape' in r ? r.shape : undefined;
  }
  if (!here) return undefined;
  const asList = entries(here, origin);
  if (asList) return asList;
  const data = step(here, 'data');
  return 'shape' in data ? entries(data.shape, origin) : undefined;
}

/** A literal list in config (Tiles' fixed entries): an entry has the fields some entry has. */
export function literalEntries(list: unknown[], origin: Said): Shape | undefined {
  if (!list.length || !list.every(isObject)) return undefined;
  const properties = Object.fromEntries(list.flatMap((e) => Object.keys(e as object)).map((k) => [k, {}]));
  return { schema: { type: 'object', properties, additionalProperties: false }, origin };
}

/** The reply of a data source of the place's screen (undefined when the endpoint is unknown or the screens hosting a form disagree). */
export function sourceReply(ctx: Ctx, source: string): Shape | undefined {
  const call = ctx.screen?.calls[source];
  if (!call || !Object.prototype.hasOwnProperty.call(replies, call.endpoint)) return undefined;
  return { schema: replies[call.endpoint as keyof typeof replies] as Schema, origin: say('originReply', { endpoint: String(call.endpoint) }) };
}

/** The shape of the value at a binding path, when every step of it is known. */
export function shapeOfPath(run: Run, path: string, ctx: Ctx): Shape | undefined {
  const parts = path.split(/[.[\]]/).filter((x) => x !== '');
  const root = parts[0] ?? '';
  let here: Shape | undefined;
  let rest = parts.slice(1);
  if (ctx.shapes && Object.prototype.hasOwnProperty.call(ctx.shapes, root)) here = ctx.shapes[root];
  else if (root === 'data' && parts[1]) {
    here = sourceReply(ctx, parts[1]);
    rest = parts.slice(2);
  } else if (Object.prototype.hasOwnProperty.call(run.sessionShapes, root) && !ctx.roots.has(root)) here = run.sessionShapes[root];
  for (const seg of rest) {
    if (!here) return undefined;
    const r = step(here, seg);
    here = 'shape' in r ? r.shape : undefined;
  }
  return here;
}

/** The shape of a whole-binding text (`{{data.bank}}`, no filter) or an expression (`data.venues`). */
export function shapeOfBinding(run: Run, v: unknown, ctx: Ctx, braces = true): Shape | undefined {
  if (typeof v !== 'string') return undefined;
  const m = braces ? /^\s*\{\{([^{}]*)\}\}\s*$/.exec(v) : [v, v];
  if (!m) return undefined;
  const parsed = parseExpression(m[1]);
  if (parsed.head.kind !== 'path') return undefined;
  // `a | or:b` is a or, when a is missing, b: either shape; any other filter makes a value not known here
  const paths = [parsed.head.path];
  for (const f of parsed.filters) {
    if (f.name !== 'or' || !f.arg) return undefined;
    paths.push(f.arg);
  }
  const shapes = paths.map((p) => shapeOfPath(run, p, ctx));
  if (shapes.some((x) => !x)) return undefined;
  const known = shapes as Shape[];
  return known.length === 1 ? known[0] : { schema: { anyOf: known.map((x) => x.schema) }, origin: say('originEither', { origins: known.map((x) => x.origin) }) };
}
