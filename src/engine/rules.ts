/**
 * The rule engine: a form's ORDERED rules run against its values; the first failure wins.
 * Pure and synchronous, so the same code runs in the browser (as react-hook-form's resolver)
 * and in Node tests.
 */
import { asCondition, type RuleConfig } from '../config/types';
import { evalCondition, resolveNumber, type Scope } from './bindings';
import { withNames } from './scope';

export type Values = Record<string, unknown>;

export interface RuleContext {
  /** scope for bindings in rule bounds and messages (const, data, query, user…) */
  scope: Scope;
  /** named patterns of app.json */
  patterns: Record<string, string>;
  /** the captcha code currently drawn */
  captcha?: string;
}

export interface RuleFailure {
  index: number;
  rule: RuleConfig;
  /** resolved bounds, for messages such as @deposit.range ({{min}}-{{max}}) */
  min?: number;
  max?: number;
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
/** length in characters (not UTF-16 units), so 2 Chinese characters are 2 */
const len = (v: unknown) => [...str(v)].length;

const regexCache = new Map<string, RegExp>();
function regex(src: string): RegExp {
  let r = regexCache.get(src);
  if (!r) {
    r = new RegExp(src);
    regexCache.set(src, r);
  }
  return r;
}

export function checkRule(rule: RuleConfig, values: Values, ctx: RuleContext): { ok: boolean; min?: number; max?: number } {
  const v = values[rule.field];
  const s = str(v).trim();
  const scope = withNames(ctx.scope, { form: values });
  const min = rule.min !== undefined ? resolveNumber(rule.min, scope, NaN) : undefined;
  const max = rule.max !== undefined ? resolveNumber(rule.max, scope, NaN) : undefined;
  switch (rule.type) {
    case 'required':
      return { ok: s !== '' };
    case 'minLength':
      return { ok: len(s) >= (min ?? 0), min };
    case 'maxLength':
      return { ok: len(s) <= (max ?? Infinity), max };
    case 'lengthBetween':
      return { ok: len(s) >= (min ?? 0) && len(s) <= (max ?? Infinity), min, max };
    case 'pattern': {
      const src = ctx.patterns[rule.pattern ?? ''];
      return { ok: !!src && regex(src).test(s) };
    }
    case 'equalsField':
      return { ok: str(v) === str(values[rule.other ?? '']) };
    case 'notEqualsField':
      return { ok: str(v) !== str(values[rule.other ?? '']) };
    case 'range': {
      const n = s === '' ? NaN : Number(s);
      return { ok: Number.isFinite(n) && n >= (min ?? -Infinity) && n <= (max ?? Infinity), min, max };
    }
    case 'min': {
      const n = s === '' ? NaN : Number(s);
      return { ok: Number.isFinite(n) && n >= (min ?? -Infinity), min };
    }
    case 'max': {
      const n = s === '' ? NaN : Number(s);
      return { ok: Number.isFinite(n) && n <= (max ?? Infinity), max };
    }
    case 'captcha':
      return { ok: s !== '' && s === str(ctx.captcha) };
  }
}

/** Runs the rules in order and returns the first failure, or null when every rule holds. */
export function runRules(rules: readonly RuleConfig[], values: Values, ctx: RuleContext): RuleFailure | null {
  for (let index = 0; index < rules.length; index++) {
    const rule = rules[index];
    if (!evalCondition(asCondition(rule.when), withNames(ctx.scope, { form: values }))) continue;
    const r = checkRule(rule, values, ctx);
    if (!r.ok) return { index, rule, min: r.min, max: r.max };
  }
  return null;
}
