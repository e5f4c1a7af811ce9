/**
 * Bindings: a small, safe path syntax over a scope. No eval, no `new Function`.
 *
 *   "{{user.balance | money}}"            -> "1000.00"
 *   "{{item.state | map:depositState}}"   -> the word for that code in app.json maps
 *   "{{query.type | default:1}}"          -> the raw value when the whole string is one binding
 *   "Balance {{user.balance | money}}"    -> interpolated text
 *
 * Paths are dotted names with optional [n] indexes: data.list.data[0].title.
 * Filters are looked up in FILTERS; a filter argument is text after a colon.
 */
import type { Condition } from '../config/types';
import { hasOwn, isReservedKey } from '../config/json';
import { formatMoney, type MoneyFormat } from './money-format';
import { safeAppPath } from './urls';

export type Scope = Record<string, unknown>;

const WHOLE = /^\{\{\s*([^{}]+?)\s*\}\}$/;
const PART = /\{\{\s*([^{}]+?)\s*\}\}/g;
const SEGMENT = /([^.[\]]+)|\[(\d+)\]/g;

export function getPath(scope: unknown, path: string): unknown {
  let cur: unknown = scope;
  for (const m of path.trim().matchAll(SEGMENT)) {
    if (cur === null || cur === undefined) return undefined;
    const key = m[1] ?? m[2];
    if (isReservedKey(key)) return undefined;
    if (typeof cur !== 'object') {
      if (key === 'length' && typeof cur === 'string') return cur.length;
      return undefined;
    }
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return NaN;
}

type Filter = (value: unknown, arg: string | undefined, scope: Scope) => unknown;

/** Maps for the `map` filter come from app.json maps, put into the scope as `maps`. */
export const FILTERS: Record<string, Filter> = {
  /**
   * money, the one way an amount is shown: two decimals, rounded down (never shown larger than it
   * is), thousands separated from const.moneyGroupFrom up; `money:short` (tight spots such as the
   * top bar) abbreviates from const.moneyShortFrom up with the words of messages moneyFmt.wan/yi.
   * Where a player confirms a money action the exact `money` is used.
   */
  money: (v, arg) => {
    const n = toNumber(v);
    return formatMoney(Number.isFinite(n) ? n : 0, moneyFormat(), arg === 'short');
  },
  number: (v) => {
    const n = toNumber(v);
    return Number.isFinite(n) ? n : 0;
  },
  default: (v, arg) => (v === undefined || v === null || v === '' ? coerceLiteral(arg) : v),
  /** the value, or when it is missing the value at another path: {{data.range.min_price | or:const.depositMinBank}} */
  or: (v, arg, scope) => (v === undefined || v === null || v === '' ? (arg ? getPath(scope, arg) : undefined) : v),
  /**
   * a field of the entry of a list whose key equals the value:
   * {{form.bank | lookup:data.cards,id,bank_owner}} (the bank_owner of the card whose id is form.bank).
   * Keys compare without case: backends write one code `pg` in one reply and `PG` in another.
   */
  lookup: (v, arg, scope) => {
    const [listPath = '', key = '', field = ''] = (arg ?? '').split(',').map((s) => s.trim());
    const list = getPath(scope, listPath);
    if (!Array.isArray(list) || v === undefined || v === null || v === '') return undefined;
    const hit: unknown = list.find((item) => same(getPath(item, key), v)) ?? list.find((item) => sameCode(getPath(item, key), v));
    return hit === undefined ? undefined : field ? getPath(hit, field) : hit;
  },
  map: (v, arg, scope) => {
    const maps = (scope.maps ?? {}) as Record<string, Record<string, string>>;
    const table = arg && hasOwn(maps, arg) ? maps[arg] : undefined;
    if (!table) return v;
    const key = String(v);
    return hasOwn(table, key) ? table[key] : ((hasOwn(table, 'default') ? table.default : undefined) ?? (hasOwn(table, '*') ? table['*'] : undefined) ?? '');
  },
  /**
   * the map's word for the value, else the value itself (an operator's labels for codes):
   * {{item.name | or:item.platform_name | label:platformName}}
   */
  label: (v, arg, scope) => {
    const maps = (scope.maps ?? {}) as Record<string, Record<string, string>>;
    const table = arg && Object.prototype.hasOwnProperty.call(maps, arg) ? maps[arg] : undefined;
    const key = String(v ?? '');
    return table && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : v;
  },
  /** masked card number: the last 4 digits only */
  mask: (v) => {
    const s = String(v ?? '');
    return s.length <= 4 ? s : `**** **** **** ${s.slice(-4)}`;
  },
  last4: (v) => String(v ?? '').slice(-4),
  /** a size in bytes as megabytes, at most two decimals: {{const.avatarMaxBytes | mb}} -> 2 */
  mb: (v) => {
    const n = toNumber(v);
    return Number.isFinite(n) ? Math.round((n / 1048576) * 100) / 100 : 0;
  },
  len: (v) => (Array.isArray(v) ? v.length : typeof v === 'string' ? v.length : 0),
  /** a path inside the app, or '' (redirects never leave the app) */
  appPath: (v) => safeAppPath(v) ?? '',
  /** urlencode a value for use in a navigate target */
  url: (v) => encodeURIComponent(String(v ?? '')),
};

let moneyFmt: MoneyFormat | undefined;
/**
 * The money format (app.json constants moneyGroupFrom/moneyShortFrom, messages moneyFmt.wan/yi),
 * set once by the config module: bindings stay free of it, so Node tools (the config check) can use them.
 */
export function setMoneyFormat(fmt: MoneyFormat): void {
  moneyFmt = fmt;
}
function moneyFormat(): MoneyFormat {
  // before the config module set it (a Node tool): plain figures, no grouping, no abbreviation
  return moneyFmt ?? { groupFrom: Infinity, shortFrom: Infinity, wan: '', yi: '' };
}

function coerceLiteral(arg: string | undefined): unknown {
  if (arg === undefined) return '';
  if (/^-?\d+(\.\d+)?$/.test(arg)) return Number(arg);
  if (arg === 'true') return true;
  if (arg === 'false') return false;
  if (/^'.*'$/.test(arg) || /^".*"$/.test(arg)) return arg.slice(1, -1);
  return arg;
}

/** Told of a filter FILTERS lacks (src/engine/render-error.tsx logs it once); the value passes unchanged. */
let unknownFilter: (name: string, expr: string) => void = () => {};
export function onUnknownFilter(handler: (name: string, expr: string) => void): void {
  unknownFilter = handler;
}

/** One filter of a binding: `money`, `map:depositState`, `lookup:data.cards,id,bank_owner`. */
export interface ParsedFilter {
  name: string;
  arg: string | undefined;
}

/**
 * The head of a binding: a number literal, a quoted text literal or a path into the scope
 * (`root` is its first segment: data, state, item, form, reply, const…).
 */
export type ParsedHead = { kind: 'number'; value: number } | { kind: 'text'; value: string } | { kind: 'path'; path: string; root: string };

export interface ParsedExpression {
  head: ParsedHead;
  filters: ParsedFilter[];
}

/** Parses the inside of {{ }} (or a condition's path); the config check reads bindings with it too. */
export function parseExpression(expr: string): ParsedExpression {
  const [head, ...filters] = expr.split('|').map((s) => s.trim());
  return {
    head: /^-?\d+(\.\d+)?$/.test(head)
      ? { kind: 'number', value: Number(head) }
      : head.startsWith("'")
        ? { kind: 'text', value: head.slice(1, -1) }
        : { kind: 'path', path: head, root: /^[^.[\]]*/.exec(head)?.[0] ?? '' },
    filters: filters.map((f) => {
      const i = f.indexOf(':');
      return i < 0 ? { name: f, arg: undefined } : { name: f.slice(0, i).trim(), arg: f.slice(i + 1).trim() };
    }),
  };
}

/** The data sources a config text reads at the head of its bindings ("{{data.bank}}" -> bank): what a widget showing it waits for. */
export function dataSourcesRead(value: unknown): string[] {
  if (typeof value !== 'string' || !value.includes('{{')) return [];
  const out = new Set<string>();
  for (const expr of bindingExpressions(value)) {
    const head = parseExpression(expr).head;
    const m = head.kind === 'path' ? /^data(?:\.|\[)([^.[\]]+)/.exec(head.path) : null;
    if (m) out.add(m[1]);
  }
  return [...out];
}

/** The expressions of every {{ }} in a text, in order. */
export function bindingExpressions(text: string): string[] {
  return [...text.matchAll(PART)].map((m) => m[1]);
}

/**
 * What argument each filter takes, for the config check (a filter not listed takes none).
 * literal: optional text or number; short: nothing or the word short; map: a name of app.json maps;
 * path: a path into the scope; lookup: "listPath,key[,field]".
 */
export type FilterArg = 'none' | 'literal' | 'short' | 'map' | 'path' | 'lookup';
export const FILTER_ARGS: { readonly [K in keyof typeof FILTERS]?: FilterArg } = {
  money: 'short',
  default: 'literal',
  or: 'path',
  lookup: 'lookup',
  map: 'map',
  label: 'map',
};

export function evalExpression(expr: string, scope: Scope): unknown {
  const { head, filters } = parseExpression(expr);
  let value: unknown = head.kind === 'path' ? getPath(scope, head.path) : head.value;
  for (const { name, arg } of filters) {
    const fn = Object.prototype.hasOwnProperty.call(FILTERS, name) ? FILTERS[name] : undefined;
    if (fn) value = fn(value, arg, scope);
    else unknownFilter(name, expr);
  }
  return value;
}

/** A string that is exactly one binding yields the raw value; other strings are interpolated. */
export function resolve(value: unknown, scope: Scope): unknown {
  if (typeof value !== 'string' || !value.includes('{{')) return value;
  const whole = WHOLE.exec(value);
  if (whole) return evalExpression(whole[1], scope);
  return value.replace(PART, (_, expr: string) => {
    const v = evalExpression(expr, scope);
    return v === undefined || v === null ? '' : String(v);
  });
}

/** Resolves bindings inside objects and arrays too (payloads). */
export function resolveDeep(value: unknown, scope: Scope): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveDeep(v, scope));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveDeep(v, scope)]));
  }
  return resolve(value, scope);
}

export function resolveText(value: unknown, scope: Scope): string {
  const v = resolve(value, scope);
  return v === undefined || v === null ? '' : String(v);
}

/** A resolved value as a number, or `fallback` when it is not one. */
export function asNumber(value: unknown, fallback = 0): number {
  const n = toNumber(value);
  return Number.isFinite(n) ? n : fallback;
}

export function resolveNumber(value: unknown, scope: Scope, fallback = 0): number {
  const n = toNumber(resolve(value, scope));
  return Number.isFinite(n) ? n : fallback;
}

export function truthy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'string') return v !== '' && v !== '0';
  return !!v;
}

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v as object).length === 0;
  return false;
}

/** The same code written in another case (`pg`, `PG`). */
function sameCode(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || a === null || b === undefined || b === null) return false;
  return String(a) === String(b);
}

export function evalCondition(cond: Condition | undefined, scope: Scope): boolean {
  if (cond === undefined || cond === null) return true;
  // a literal true / false is a condition as it is ("when": false switches a node off)
  if (typeof cond === 'boolean') return cond;
  if (cond.all) return (cond.all as Condition[]).every((c) => evalCondition(c, scope));
  if (cond.any) return (cond.any as Condition[]).some((c) => evalCondition(c, scope));
  if (cond.not) return !evalCondition(cond.not as Condition, scope);
  if (!cond.path) return true;
  const v = evalExpression(cond.path, scope);
  if ('eq' in cond && !same(v, resolve(cond.eq, scope))) return false;
  if ('ne' in cond && same(v, resolve(cond.ne, scope))) return false;
  const n = toNumber(v);
  if (cond.gt !== undefined && !(n > resolveNumber(cond.gt, scope))) return false;
  if (cond.gte !== undefined && !(n >= resolveNumber(cond.gte, scope))) return false;
  if (cond.lt !== undefined && !(n < resolveNumber(cond.lt, scope))) return false;
  if (cond.lte !== undefined && !(n <= resolveNumber(cond.lte, scope))) return false;
  if (cond.in && !cond.in.some((x) => same(v, x))) return false;
  if (cond.truthy !== undefined && truthy(v) !== cond.truthy) return false;
  if (cond.empty !== undefined && isEmpty(v) !== cond.empty) return false;
  return true;
}
