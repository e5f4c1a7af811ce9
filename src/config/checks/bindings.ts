/**
 * References inside text: @message keys and {{bindings}}: the binding's root is in scope at that
 * place, the const./data./state./maps. name exists, every filter exists and gets the argument it takes.
 */
import { bindingExpressions, FILTER_ARGS, FILTERS, parseExpression, type FilterArg } from '../../engine/bindings';
import { BASE_ROOTS, isLocalRoot } from './scope';
import { sourceReply, step } from './shapes';
import { filesIn, isObject, nearest, walkStrings, type At, type JsonObject } from './util';
import { say } from '../words/index.ts';
import type { Ctx, Run, Shape } from './context.ts';
import { knownOf } from '../words/common.ts';

/** A path read by a binding (`user.name`, `data.list.total`): its root and first name. */
export function checkPath(run: Run, path: string, at: At, ctx: Ctx, shown: string): void {
  const parts = path.split(/[.[\]]/).filter((x) => x !== '');
  const root = parts[0] ?? '';
  const inScope = BASE_ROOTS.includes(root) || ctx.roots.has(root);
  if (!inScope) {
    const here = [...BASE_ROOTS, ...ctx.roots];
    run.add(ctx.file, at, isLocalRoot(root)
      ? say('bindingRootOutOfPlace', { root, expr: shown })
      : say('unknownBindingRoot', { root, expr: shown, expected: knownOf(here), near: nearest(root, here) }));
    return;
  }
  const name = parts[1];
  if (name === undefined) return;
  if (root === 'const' && run.constants) checkConstant(run, parts, at, ctx);
  if ((root === 'data' || root === 'loading' || root === 'failed') && ctx.screen && !ctx.screen.dataNames.has(name)) {
    run.add(ctx.file, at, say('bindingDataSourceUndeclared', { source: name, expr: shown, expected: knownOf(ctx.screen.dataNames), near: nearest(name, ctx.screen.dataNames) }));
  }
  if (root === 'state' && ctx.screen && !ctx.screen.declared.has(name) && !ctx.screen.set.has(name)) {
    const known = new Set([...ctx.screen.declared, ...ctx.screen.set]);
    run.add(ctx.file, at, say('bindingStateKeyUnknown', { key: name, expr: shown, expected: knownOf(known), near: nearest(name, known) }));
  }
  if (root === 'maps' && run.maps && !(name in run.maps)) run.add(ctx.file, at, say('unknownMapName', { map: name, near: nearest(name, Object.keys(run.maps)) }));
  if (root === 'brand' && !BRAND_NAMES.includes(name)) run.add(ctx.file, at, say('bindingBrandNameUnknown', { name, expr: shown, expected: BRAND_NAMES, near: nearest(name, BRAND_NAMES) }));
  // the fields read: of a data source's reply, of a local name whose shape is known (item), of what the session keeps (user, app)
  if (root === 'data') {
    if (ctx.screen?.dataNames.has(name)) checkFields(run, sourceReply(ctx, name), parts.slice(2), `data.${name}`, at, ctx, `{{${shown}}}`);
  } else if (ctx.shapes && Object.prototype.hasOwnProperty.call(ctx.shapes, root)) checkFields(run, ctx.shapes[root], parts.slice(1), root, at, ctx, `{{${shown}}}`);
  else if (Object.prototype.hasOwnProperty.call(run.sessionShapes, root) && !ctx.roots.has(root)) checkFields(run, run.sessionShapes[root], parts.slice(1), root, at, ctx, `{{${shown}}}`);
}

/** Follows `fields` through the shape of `start`; the first one its schema does not have is reported (`shown`: where, for the message). */
export function checkFields(run: Run, shape: Shape | undefined, fields: string[], start: string, at: At, ctx: Ctx, shown: string): void {
  let here = shape;
  let soFar = start;
  for (const seg of fields) {
    if (!here) return;
    const r = step(here, seg);
    if ('missing' in r) {
      run.add(ctx.file, at, say('fieldNotInShape', { field: seg, place: shown, path: soFar, origin: here.origin, expected: knownOf(r.known), near: nearest(seg, r.known) }));
      return;
    }
    here = r.shape;
    soFar = /^\d+$/.test(seg) ? `${soFar}[${seg}]` : `${soFar}.${seg}`;
  }
}

/** what {{brand.X}} reads (src/config/brand.ts brandOf: app.json brand) */
/** the names of the brand a binding may read (src/config/brand.ts `Brand`) */
const BRAND_NAMES = ['siteName', 'shortName', 'serviceName', 'logoUrl'];

/** the properties a JSON Schema object declares */
const declared = (schema: unknown): JsonObject => (isObject(schema) && isObject(schema.properties) ? schema.properties : {});

/**
 * A constant, nested ones (const.responsible.enabled) followed through their objects. One the
 * schema declares but the config leaves out is known too: an optional constant (a deposit method's
 * own minimum, read before the default it falls back on: or:const.depositMinBank | or:const.depositMin).
 */
function checkConstant(run: Run, parts: string[], at: At, ctx: Ctx): void {
  let scopeObj: JsonObject = run.constants ?? {};
  let schema: unknown = declared(run.schemas.app).constants;
  for (const [i, key] of parts.slice(1).entries()) {
    schema = declared(schema)[key];
    if (!Object.prototype.hasOwnProperty.call(scopeObj, key)) {
      if (schema !== undefined) break;
      const whole = parts.slice(1, i + 2).join('.');
      run.add(ctx.file, at, say('unknownConstantPath', { constant: whole, near: nearest(key, Object.keys(scopeObj)) }));
      break;
    }
    const next = scopeObj[key];
    if (!isObject(next)) break;
    scopeObj = next;
  }
}

/** One binding expression (the text between {{ and }}, or a condition's path): its path and filters. */
export function checkExpr(run: Run, expr: string, at: At, ctx: Ctx): void {
  const shown = expr.trim();
  const parsed = parseExpression(expr);
  if (parsed.head.kind === 'path') checkPath(run, parsed.head.path, at, ctx, shown);
  for (const { name, arg } of parsed.filters) checkFilter(run, name, arg, at, ctx, shown);
}

function checkFilter(run: Run, name: string, arg: string | undefined, at: At, ctx: Ctx, shown: string): void {
  if (!Object.prototype.hasOwnProperty.call(FILTERS, name)) {
    run.add(ctx.file, at, say('unknownFilter', { filter: name, expr: shown, expected: knownOf(run.filterNames), near: nearest(name, run.filterNames) }));
    return;
  }
  const kind: FilterArg = (FILTER_ARGS as Record<string, FilterArg | undefined>)[name] ?? 'none';
  if (kind === 'none' && arg !== undefined) run.add(ctx.file, at, say('filterTakesNoArg', { filter: name, expr: shown, arg }));
  else if (kind === 'short' && arg !== undefined && arg !== 'short') run.add(ctx.file, at, say('filterTakesShortArg', { filter: name, expr: shown, arg }));
  else if ((kind === 'map' || kind === 'path' || kind === 'lookup') && !arg) run.add(ctx.file, at, say('filterNeedsArg', { filter: name, expr: shown, needs: kind }));
  else if (kind === 'map' && run.maps && arg && !(arg in run.maps)) run.add(ctx.file, at, say('unknownMapName', { map: arg, near: nearest(arg, Object.keys(run.maps)) }));
  else if (kind === 'path' && arg) checkPath(run, arg, at, ctx, shown);
  else if (kind === 'lookup' && arg) {
    const parts = arg.split(',').map((x) => x.trim());
    if (parts.length < 2 || parts.length > 3 || parts.some((x) => !x)) run.add(ctx.file, at, say('lookupArgMalformed', { expr: shown, arg }));
    else checkPath(run, parts[0], at, ctx, shown);
  }
}

/** A text: an @message key, and every {{binding}} in it. */
export function checkString(run: Run, s: string, at: At, ctx: Ctx): void {
  if (run.messages && s.startsWith('@') && /^@[a-zA-Z][\w.]*$/.test(s) && !(s.slice(1) in run.messages)) {
    const key = s.slice(1);
    // the messages.json files looked in, the brand's first
    const files = filesIn(run.bundle, 'messages.json');
    run.add(ctx.file, at, say('unknownMessageKey', { key, files, near: nearest(key, Object.keys(run.messages)) }));
  }
  if (s.includes('{{')) for (const expr of bindingExpressions(s)) checkExpr(run, expr, at, ctx);
}

/** Every text in a JSON value. */
export function walkText(run: Run, v: unknown, at: At, ctx: Ctx): void {
  walkStrings(v, at, (s, p) => checkString(run, s, p, ctx));
}
