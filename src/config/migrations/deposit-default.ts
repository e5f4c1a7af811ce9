/**
 * Config format 4: one deposit minimum and maximum for every method. app.json's `depositMin` and
 * `depositMax` apply to every deposit method (网银转账, 支付宝, 微信, USDT) that sets none of its own;
 * a method's own pair (`depositMinBank`, …) is written only where it differs. "Raise every deposit
 * minimum" is then one edit, and a brand follows the product's default unless it sets its own.
 * - The product's app.json: the value most methods share (the first method's at a tie) becomes
 *   depositMin (depositMax), where the methods' keys stood; each method's key equal to it goes, the
 *   others stay (that method's own).
 * - A brand's app.json writes only what differs from the product: a method's key equal to what the
 *   product gives that method goes (it pinned the product's value, so the brand stopped following
 *   the product's edits); when what is left sets the four methods to one value and the product
 *   sets no method's own, the four become the brand's depositMin (depositMax).
 * - Every binding that reads a method's constant reads the default after it
 *   (`{{data.rangeBank.min_price | or:const.depositMinBank | or:const.depositMin}}`), so a method
 *   without its own follows the default; a condition's path that reads one is named, to be
 *   rewritten by hand.
 */
import type { Change, Edit, Layers, Migration, Path } from './types';
import { isObject, walk } from '../json-walk';
import { say, worded } from '../words/index';

const METHODS = ['Bank', 'Alipay', 'Wechat', 'Usdt'] as const;
type Method = (typeof METHODS)[number];
const BOUNDS = ['Min', 'Max'] as const;
type Bound = (typeof BOUNDS)[number];

const keyOf = (bound: Bound, method: Method) => `deposit${bound}${method}`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const constantsOf = (doc: unknown): Record<string, unknown> => (isObject(doc) && isObject(doc.constants) ? doc.constants : {});
const has = (o: Record<string, unknown>, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** The value most of `values` share; at a tie the first's. */
function commonValue(values: unknown[]): unknown {
  let best: unknown;
  let count = 0;
  for (const v of values) {
    const n = values.filter((x) => same(x, v)).length;
    if (n > count) [best, count] = [v, n];
  }
  return best;
}

/** What a product's constants come to for one bound: the default, and the methods that keep their own value. */
function plan(constants: Record<string, unknown>, bound: Bound): { value: unknown; own: Map<Method, unknown> } | undefined {
  const present = METHODS.filter((m) => has(constants, keyOf(bound, m)));
  const value = has(constants, `deposit${bound}`) ? constants[`deposit${bound}`] : commonValue(present.map((m) => constants[keyOf(bound, m)]));
  if (value === undefined) return undefined;
  return { value, own: new Map(present.filter((m) => !same(constants[keyOf(bound, m)], value)).map((m) => [m, constants[keyOf(bound, m)]])) };
}

const at = (k: string): Path => ['constants', k];
const remove = (k: string): Edit => ({ op: 'remove', path: at(k) });
/** the default written where the methods' keys stood (the maximum after the minimum, as the product writes them) */
const setDefault = (bound: Bound, value: unknown, before: string): Edit => ({ op: 'set', path: at(`deposit${bound}`), value, keep: true, before, ...(bound === 'Max' ? { after: 'depositMin' } : {}) });

/** the product's app.json: its default per bound, and each method's key equal to it removed */
function productChanges(constants: Record<string, unknown>, bound: Bound): Change[] {
  const p = plan(constants, bound);
  if (!p) return [];
  const dflt = `deposit${bound}`;
  const write = !has(constants, dflt);
  const equal = METHODS.filter((m) => has(constants, keyOf(bound, m)) && !p.own.has(m));
  return equal.map((m, i) => ({
    path: at(keyOf(bound, m)),
    ...worded(say('depositCommonValue', { key: keyOf(bound, m), value: JSON.stringify(p.value), bound, defaultKey: dflt })),
    edits: [...(i === 0 && write ? [setDefault(bound, p.value, keyOf(bound, m))] : []), remove(keyOf(bound, m))],
  }));
}

/** a brand's app.json: what it sets that the product gives anyway goes; four equal own values become its default */
function brandChanges(merged: Record<string, unknown>, layers: Layers, bound: Bound): Change[] {
  const overlay = constantsOf(layers.overlay);
  const product = plan(constantsOf(layers.product), bound);
  const dflt = `deposit${bound}`;
  if (!product || has(overlay, dflt)) return [];
  const mine = METHODS.filter((m) => has(overlay, keyOf(bound, m)));
  const gives = (m: Method) => (product.own.has(m) ? product.own.get(m) : product.value);
  const pinned = mine.filter((m) => same(overlay[keyOf(bound, m)], gives(m)));
  const changes: Change[] = pinned.map((m) => ({
    path: at(keyOf(bound, m)),
    ...worded(say('depositPinnedInBrand', { key: keyOf(bound, m), value: JSON.stringify(overlay[keyOf(bound, m)]), defaultKey: dflt, productOwn: product.own.has(m) })),
    edits: [remove(keyOf(bound, m))],
  }));
  const rest = mine.filter((m) => !pinned.includes(m));
  const value = rest.length ? merged[keyOf(bound, rest[0])] : undefined;
  if (rest.length === METHODS.length && !product.own.size && rest.every((m) => same(overlay[keyOf(bound, m)], value))) {
    rest.forEach((m, i) =>
      changes.push({
        path: at(keyOf(bound, m)),
        ...worded(say('depositBrandOneValue', { bound, value: JSON.stringify(value), defaultKey: dflt })),
        edits: [...(i === 0 ? [setDefault(bound, value, keyOf(bound, m))] : []), remove(keyOf(bound, m))],
      }),
    );
  }
  return changes;
}

const METHOD_REF = /\bconst\.deposit(Min|Max)(Bank|Alipay|Wechat|Usdt)\b(?![\w.])/g;

/**
 * A binding expression with the default read after the last method constant of each bound it
 * reads (`… | or:const.depositMinBank` -> `… | or:const.depositMinBank | or:const.depositMin`);
 * the same text when it reads the default already.
 */
function withDefault(expr: string): string {
  let out = expr;
  for (const bound of BOUNDS) {
    if (new RegExp(`\\bor:\\s*const\\.deposit${bound}(?![\\w.])`).test(out)) continue;
    const last = [...out.matchAll(METHOD_REF)].filter((m) => m[1] === bound).pop();
    if (!last) continue;
    // after the filter or the head that names it (the text up to the next "|" or the end)
    const end = last.index + last[0].length;
    out = `${out.slice(0, end)} | or:const.deposit${bound}${out.slice(end)}`;
  }
  return out;
}

export const depositDefault: Migration = {
  id: 'deposit-default',
  format: 4,
  title: 'one deposit minimum and maximum for every method: depositMin and depositMax, which a method follows unless it sets its own depositMin<Method> / depositMax<Method>',
  kinds: ['app', 'messages', 'routes', 'screen', 'form'],
  find(doc, kind, layers): Change[] {
    const changes: Change[] = [];
    if (kind === 'app') {
      for (const bound of BOUNDS) changes.push(...(layers ? brandChanges(constantsOf(doc), layers, bound) : productChanges(constantsOf(doc), bound)));
    }
    for (const { text, at: where } of walk(doc).texts) {
      if (!new RegExp(METHOD_REF.source).test(text) || where[0] === '$schema') continue;
      if (!text.includes('{{')) {
        changes.push({ path: where, ...worded(say('depositConditionByHand', { text })), edits: [] });
        continue;
      }
      const now = text.replace(/\{\{([\s\S]*?)\}\}/g, (_whole, expr: string) => `{{${withDefault(expr)}}}`);
      if (now === text) continue;
      changes.push({ path: where, ...worded(say('depositReadDefault', { reads: [...new Set(now.match(/\bor:const\.deposit(Min|Max)(?![\w.])/g))] })), edits: [{ op: 'set', path: where, value: now }] });
    }
    return changes;
  },
};
