/**
 * Walking a place's structure: conditions, action lists, widget nodes and their props (along each
 * widget's props schema), handing every text, call and name to the check of its concern.
 */
import type { Templates } from '../schema-refs';
import { checkExpr, checkFields, checkString, walkText } from './bindings';
import { checkCall, checkPagedSource } from './calls';
import { checkSiblingKeys } from './keys';
import { checkIcon, checkRouteTo } from './names.ts';
import { knownOf } from '../words/common.ts';
import { validateProps } from './schema';
import { withRoots } from './scope';
import { entries, literalEntries, pageRows, shapeOfBinding, sourceReply } from './shapes';
import { filesIn, isObject, nearest, pointer, type At, type JsonObject } from './util';
import type { Ctx, Run, Shape } from './context.ts';
import { say } from '../words/index.ts';

export const REPLY_LISTS = new Set(['onSuccess', 'onError', 'onNetworkError']);
const ACTION_LISTS = new Set(['onSuccess', 'onError', 'onNetworkError', 'onConfirm', 'onCancel']);
/** Actions that act on a screen (its state, data, form): nothing to act on in the shell. */
const SCREEN_ACTIONS = new Set(['reload', 'setState', 'newCaptcha']);

export function walkCondition(run: Run, c: unknown, at: At, ctx: Ctx): void {
  if (!isObject(c)) return;
  for (const [k, v] of Object.entries(c)) {
    if (k === 'path' && typeof v === 'string') checkExpr(run, v, [...at, k], ctx);
    else if ((k === 'all' || k === 'any') && Array.isArray(v)) v.forEach((x, i) => walkCondition(run, x, [...at, k, i], ctx));
    else if (k === 'not') walkCondition(run, v, [...at, k], ctx);
    else walkText(run, v, [...at, k], ctx);
  }
}

export function walkActions(run: Run, list: unknown, at: At, ctx: Ctx): void {
  if (!Array.isArray(list)) return;
  list.forEach((a, i) => {
    if (!isObject(a)) return;
    const here = [...at, i];
    if (ctx.shell && typeof a.type === 'string' && SCREEN_ACTIONS.has(a.type)) {
      const allowed = run.validators.actionTypes.filter((t) => !SCREEN_ACTIONS.has(t));
      run.add(ctx.file, [...here, 'type'], say('shellScreenAction', { action: a.type, shell: ctx.shell, allowed: knownOf(allowed) }));
    }
    if (a.type === 'api') checkCall(run, a, here, ctx);
    for (const [k, v] of Object.entries(a)) {
      if (k === 'when') walkCondition(run, v, [...here, k], ctx);
      else if (ACTION_LISTS.has(k)) walkActions(run, v, [...here, k], a.type === 'api' && REPLY_LISTS.has(k) ? withRoots(ctx, ['reply']) : ctx);
      else if (k === 'successToast' && a.type === 'api') walkText(run, v, [...here, k], withRoots(ctx, ['reply']));
      else if (a.type === 'reload' && k === 'source') checkReloadSource(run, v, [...here, k], ctx);
      else if (a.type === 'setState' && k === 'key') checkSetStateKey(run, v, [...here, k], ctx);
      else if (a.type === 'navigate' && k === 'to') {
        checkRouteTo(run, v, [...here, k], ctx);
        walkText(run, v, [...here, k], ctx);
      } else if (k !== 'type' && k !== 'endpoint' && k !== 'assign' && k !== 'key' && k !== 'source') walkText(run, v, [...here, k], ctx);
    }
  });
}

/** a reload names a data source of the screen */
function checkReloadSource(run: Run, v: unknown, at: At, ctx: Ctx): void {
  if (typeof v !== 'string' || !ctx.screen || ctx.screen.sources.has(v)) return;
  run.add(ctx.file, at, say('reloadSourceUnknown', { source: v, sources: knownOf(ctx.screen.sources), near: nearest(v, ctx.screen.sources) }));
}

/** a setState key is declared or read somewhere (else the value set is never seen) */
function checkSetStateKey(run: Run, v: unknown, at: At, ctx: Ctx): void {
  if (typeof v !== 'string' || !ctx.screen || ctx.screen.declared.has(v) || ctx.screen.read.has(v)) return;
  const names = new Set([...ctx.screen.declared, ...ctx.screen.read]);
  run.add(ctx.file, at, say('setStateKeyUnread', { key: v, known: knownOf(names), near: nearest(v, names) }));
}

/**
 * options from a list in scope: `path` is an expression (no braces), label and value are read per
 * entry as item: a field of the entry ("name"), or for the label a text with bindings over item
 */
export function walkOptionsFrom(run: Run, o: JsonObject, at: At, ctx: Ctx): void {
  const list = shapeOfBinding(run, o.path, ctx, false);
  const item = list && entries(list, say('originEntryOf', { list: String(o.path), origin: list.origin }));
  for (const [k, v] of Object.entries(o)) {
    if (k === 'path' && typeof v === 'string') checkExpr(run, v, [...at, k], ctx);
    else if ((k === 'label' || k === 'value') && typeof v === 'string' && !v.includes('{{')) {
      checkFields(run, item, v.split(/[.[\]]/).filter((x) => x !== ''), 'item', [...at, k], ctx, `"${v}"`);
    } else walkText(run, v, [...at, k], withRoots(ctx, ['item'], { item }));
  }
}

type Schema = { $ref?: string; items?: Schema; properties?: Record<string, Schema>; additionalProperties?: Schema | boolean };

/**
 * `prop` is the dotted path of `v` in the widget's props (lists walked through) and
 * `templates` the widget's: a template reads the names it declares besides the scope.
 */
function walkProps(run: Run, v: unknown, schema: Schema | undefined, at: At, ctx: Ctx, prop = '', templates: Templates = {}, shapes: Record<string, Shape | undefined> = {}): void {
  if (prop && Object.prototype.hasOwnProperty.call(templates, prop)) ctx = withRoots(ctx, templates[prop], shapes);
  const ref = schema?.$ref ?? schema?.items?.$ref ?? '';
  if (ref.endsWith('/action')) return walkActions(run, v, at, ctx);
  if (ref.endsWith('/condition')) return walkCondition(run, v, at, ctx);
  if (ref.endsWith('/node')) return walkNodes(run, v, at, ctx);
  if (ref.endsWith('/pagedSource')) return checkPagedSource(run, v, at, ctx);
  if (typeof v === 'string') return checkString(run, v, at, ctx);
  if (Array.isArray(v)) return v.forEach((x, i) => walkProps(run, x, schema?.items, [...at, i], ctx, prop, templates, shapes));
  if (!isObject(v)) return;
  if (typeof v.endpoint === 'string') checkCall(run, v, at, ctx);
  for (const [k, x] of Object.entries(v)) {
    if (k === 'endpoint' || k === 'stateKey' || k === 'assign' || k === 'name' || k === 'form') continue;
    if (k === 'icon') checkIcon(run, x, [...at, k], ctx);
    if (k === 'to') checkRouteTo(run, x, [...at, k], ctx);
    if (k === 'optionsFrom' && isObject(x)) {
      walkOptionsFrom(run, x, [...at, k], ctx);
      continue;
    }
    const sub = schema?.properties?.[k] ?? (typeof schema?.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    walkProps(run, x, sub, [...at, k], ctx, prop ? `${prop}.${k}` : k, templates, shapes);
  }
}

/**
 * The shape of an entry of the list a widget shows (its schema.ts `itemsFrom` prop): a row of a
 * paged source, an entry of a bound list ({{data.bank}}) or of a fixed list in config; undefined
 * where it is not known (the check then says nothing about item's fields).
 */
function itemShape(run: Run, type: string, props: JsonObject, ctx: Ctx): Shape | undefined {
  const from = run.widgets[type].itemsFrom;
  if (from === undefined) return undefined;
  const v = props[from];
  const propSchema = (run.widgets[type].propsSchema as Schema).properties?.[from];
  if (propSchema?.$ref?.endsWith('/pagedSource')) {
    const reply = typeof v === 'string' ? sourceReply(ctx, v) : undefined;
    const call = typeof v === 'string' ? ctx.screen?.calls[v] : undefined;
    return reply && call?.paged ? pageRows(reply, call.path, say('originPagedRecord', { source: String(v), origin: reply.origin })) : undefined;
  }
  if (Array.isArray(v)) return literalEntries(v, say('originFixedList', { widget: type, prop: String(from) }));
  const list = shapeOfBinding(run, v, ctx);
  return list && entries(list, say('originEntryOf', { list: String(v).trim(), origin: list.origin }));
}

/** The names a widget gives its children besides the scope. */
function childLocals(type: string, props: JsonObject): string[] {
  if (type === 'Repeat') return [typeof props.as === 'string' ? props.as : 'item', 'index'];
  if (type === 'PagedList') return ['item', 'index'];
  if (type === 'Form') return ['form'];
  return [];
}

export function walkNodes(run: Run, list: unknown, at: At, ctx: Ctx): void {
  if (!Array.isArray(list)) return;
  list.forEach((node, i) => {
    if (!isObject(node) || typeof node.type !== 'string') return;
    const here = [...at, i];
    if (node.when !== undefined) walkCondition(run, node.when, [...here, 'when'], ctx);
    if (!run.validators.widgets.has(node.type)) {
      run.add(ctx.file, [...here, 'type'], say('widgetTypeUnknown', { type: node.type, types: run.widgetTypes, near: nearest(node.type, run.widgetTypes) }));
      return;
    }
    const props = isObject(node.props) ? node.props : {};
    validateProps(run, ctx.file, node.type, props, pointer([...here, 'props']));
    checkSiblingKeys(run, node.type, props, here, ctx);
    if (typeof props.form === 'string' && !(props.form in run.bundle.forms)) {
      const forms = Object.keys(run.bundle.forms);
      run.add(ctx.file, [...here, 'props', 'form'], say('formMissing', { form: props.form, files: filesIn(run.bundle, `forms/${props.form}.json`), near: nearest(props.form, forms) }));
    }
    const widget = run.widgets[node.type];
    const item = itemShape(run, node.type, props, ctx);
    const shapes = { item, ...(node.type === 'Repeat' && typeof props.as === 'string' ? { [props.as]: item } : {}) };
    walkProps(run, props, widget.propsSchema as Schema, [...here, 'props'], ctx, '', widget.templates, shapes);
    walkNodes(run, node.children, [...here, 'children'], withRoots(ctx, childLocals(node.type, props), shapes));
  });
}
