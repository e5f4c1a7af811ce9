/**
 * Keys that name a sibling: a tab's `defaultKey` names one of its tabs (Tabs, SideTabs), a
 * DataTabs' `defaultValue` one of its entries, and the screen state a tab row or a filter writes
 * (`stateKey`) starts at one of its choices (a FilterBar's map keys, options and `all`; the tabs'
 * keys). A typo there is no error at run time: the page opens on the first tab, or a filter shows
 * nothing chosen. Literal values only, and {{const.X}} (or or:const.X, the value when the query has
 * none) followed to app.json; choices read from data (optionsFrom) are not known before run time.
 */
import { bindingExpressions, parseExpression } from '../../engine/bindings';
import { isObject, nearest, pointer, type At, type JsonObject } from './util';
import type { Ctx, Run } from './context.ts';
import { say } from '../words/index.ts';
import type { SiblingKind } from '../words/references.ts';

const entries = (v: unknown): JsonObject[] => (Array.isArray(v) ? v.filter(isObject) : []);
const strings = (vs: unknown[]) => vs.filter((v) => v !== undefined && v !== null).map((v) => String(v));
const isBinding = (v: unknown) => typeof v === 'string' && v.includes('{{');

/** The value a state entry starts at, when it is known before run time: a literal, or a constant it reads. */
function initialOf(run: Run, v: unknown): { value: string; via?: string } | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isBinding(v)) return { value: String(v) };
  const exprs = bindingExpressions(String(v));
  if (exprs.length !== 1 || String(v).trim() !== `{{${exprs[0]}}}`) return undefined;
  const { head, filters } = parseExpression(exprs[0]);
  const path = head.kind === 'path' && head.path.startsWith('const.') ? head.path : filters.find((f) => f.name === 'or' && f.arg?.startsWith('const.'))?.arg;
  if (!path || !run.constants) return undefined;
  let c: unknown = run.constants;
  for (const k of path.slice(6).split('.')) c = isObject(c) && Object.prototype.hasOwnProperty.call(c, k) ? c[k] : undefined;
  return c === undefined || isObject(c) ? undefined : { value: String(c), via: path };
}

/**
 * The screen state `stateKey` starts at one of `choices`, the parts of the widget `widget` at `at`
 * (`kind` says which parts: its tabs, its entries, a filter's choices).
 */
function checkInitial(run: Run, ctx: Ctx, stateKey: unknown, choices: string[], kind: SiblingKind, widget: string, at: At): void {
  if (typeof stateKey !== 'string' || !ctx.state || !Object.prototype.hasOwnProperty.call(ctx.state, stateKey)) return;
  const initial = initialOf(run, ctx.state[stateKey]);
  if (!initial || choices.includes(initial.value)) return;
  const found = initial.value;
  run.add(ctx.file, ['state', stateKey], say('initialNotChoice', { state: stateKey, via: initial.via, found, kind, widget, at: pointer(at), choices, near: nearest(found, choices) }));
}

/** The sibling keys of one widget node's props; `at` is the node. */
export function checkSiblingKeys(run: Run, type: string, props: JsonObject, at: At, ctx: Ctx): void {
  if (type === 'Tabs' || type === 'SideTabs') {
    const keys = strings(entries(props.tabs).map((t) => t.key));
    if (props.defaultKey !== undefined && !isBinding(props.defaultKey) && !keys.includes(String(props.defaultKey))) {
      const found = String(props.defaultKey);
      run.add(ctx.file, [...at, 'props', 'defaultKey'], say('defaultKeyNotTab', { found, widget: type, keys, near: nearest(found, keys) }));
    }
    checkInitial(run, ctx, props.stateKey, keys, 'tab', type, at);
  }
  if (type === 'DataTabs' && props.optionsFrom === undefined) {
    const values = strings(entries(props.options).map((o) => o.value));
    if (props.defaultValue !== undefined && !isBinding(props.defaultValue) && !values.includes(String(props.defaultValue))) {
      const found = String(props.defaultValue);
      run.add(ctx.file, [...at, 'props', 'defaultValue'], say('defaultValueNotEntry', { found, values, near: nearest(found, values) }));
    }
    checkInitial(run, ctx, props.stateKey, values, 'dataTab', type, at);
  }
  if (type === 'FilterBar') {
    entries(props.filters).forEach((f, i) => {
      if (f.optionsFrom !== undefined) return;
      const map = typeof f.map === 'string' && run.maps && isObject(run.maps[f.map]) ? Object.keys(run.maps[f.map] as JsonObject).filter((k) => k !== 'default' && k !== '*') : [];
      const choices = strings([...map, ...entries(f.options).map((o) => o.value), isObject(f.all) ? f.all.value : undefined]);
      if (choices.length) checkInitial(run, ctx, f.stateKey, choices, 'filter', type, [...at, 'props', 'filters', i]);
    });
  }
}
