/**
 * Numbers that must agree. Each of these passes the schema and would block every player:
 *   - a minimum above its maximum: every `xMin`/`xMax` (and `minX`/`maxX`, `xMinY`/`xMaxY`) pair of
 *     app.json constants (depositMinBank 20000 above depositMaxBank 10000);
 *   - the bounds of a form's rules on one field: a rule's own min above its max, and a lower bound
 *     of one rule (min, range, minLength, lengthBetween) above the upper bound of another on the
 *     same field (a min rule reading withdrawMin 60000, a range rule with max 50000): no value passes;
 *   - a negative bound of a rule (an amount or a length below 0);
 *   - a rule whose number differs from the number its message states (rule min 5, message @transfer.amount stating 1;
 *     or a message stating {{const.withdrawMin}} over a rule that reads another number);
 *   - a field that takes fewer characters (maxLength, else const.textInputMax) than its rules ask for
 *     (usernameMin above textInputMax), or a captcha field shorter than the code (captchaLength);
 *   - (a warning) a rule bound typed as a number instead of read from a constant.
 * A rule bound is known when it is a number or reads a constant (`{{const.X}}`, or the first set
 * constant a server value falls back to, `{{data.range.min_price | or:const.depositMinBank | or:const.depositMin}}`);
 * other bounds are left to the run time. Rules under a `when` are compared with their own bounds and message only.
 * Each problem names the file, the JSON path and both numbers, and one mistake is one problem, at
 * the value to change: a crossing of two constants is named at app.json (not again at every rule
 * that reads them), and in a brand at the value the brand sets (its file), not at the product's
 * rule or constant it meets.
 */
import { bindingExpressions, parseExpression } from '../../engine/bindings';
import { say, type Said } from '../words/index.ts';
import type { CrossedVia, RulesOn, Stated, Takes } from '../words/limits.ts';
import type { Run } from './run';
import { isObject, pointer, type At, type JsonObject } from './util';

/** The counterpart of a constant name: the maximum of a minimum (usernameMin -> usernameMax). */
export function maxNameOf(name: string): string | undefined {
  if (/^min[A-Z]/.test(name)) return `max${name.slice(3)}`;
  const m = /Min(?=[A-Z]|$)/.exec(name);
  return m ? `${name.slice(0, m.index)}Max${name.slice(m.index + 3)}` : undefined;
}

/** A constant's value by its dotted name. */
function constantAt(constants: JsonObject, name: string): unknown {
  return name.split('.').reduce<unknown>((o, k) => (isObject(o) && Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined), constants);
}

/** A bound of a rule, when known before run time: its value and what it reads. */
interface Bound {
  value: number;
  /** `const.X` it reads, or undefined for a number written in the rule */
  constant?: string;
}

function boundOf(v: unknown, constants: JsonObject): Bound | undefined {
  if (typeof v === 'number') return { value: v };
  if (typeof v !== 'string') return undefined;
  const exprs = bindingExpressions(v);
  if (exprs.length !== 1) return undefined;
  const { head, filters } = parseExpression(exprs[0]);
  const names = [head.kind === 'path' ? head.path : '', ...filters.filter((f) => f.name === 'or' && f.arg).map((f) => f.arg ?? '')];
  for (const n of names) {
    if (!n.startsWith('const.')) continue;
    const value = constantAt(constants, n.slice(6));
    if (typeof value === 'number' && Number.isFinite(value)) return { value, constant: n };
  }
  if (head.kind === 'number') return { value: head.value };
  return undefined;
}

export function checkLimits(run: Run): void {
  const constants = run.constants;
  if (!constants) return;
  const start = run.problems.length;
  checkConstantPairs(run, constants, constants, ['constants']);
  const { bundle } = run;
  for (const [name, f] of Object.entries(bundle.forms)) {
    if (!run.ok.forms[name]) continue;
    run.once(f.json, 'limits', [f.file, bundle.app.json, bundle.messages.json], () => checkRules(run, f.file, f.json as JsonObject, constants));
  }
  // two forms reading the same two constants report their crossing once
  const seen = new Set<string>();
  const mine = run.problems.splice(start).filter((p) => {
    const key = `${p.file}|${p.path}|${p.message}`;
    return !seen.has(key) && !!seen.add(key);
  });
  run.problems.push(...mine);
}

/** the other place a message names: its pointer, and on a brand's merged file also the layer's file that set it */
const cite = (run: Run, file: string, at: At) => (run.bundle.origin ? run.shown(file, at) : pointer(at));

/** whether the value at a place of a brand's merged file is the brand's (set in its overlay), not the product's */
function brandSets(run: Run, file: string, at: At): boolean {
  const { folders, origin } = run.bundle;
  return !!origin && !!folders && folders.length > 1 && origin(file, pointer(at)).file.startsWith(`${folders[0]}/`);
}

/** where a constant stands in app.json */
const placeOf = (name: string): At => ['constants', ...name.split('.')];

/**
 * A minimum constant above a maximum one, said at the one to change: the brand's when a brand sets
 * one of them (its file), else the minimum. `via`: what reads the two together, when not their names.
 */
function crossedConstants(run: Run, lo: { name: string; value: number }, hi: { name: string; value: number }, via?: CrossedVia): void {
  const app = run.bundle.app.file;
  const [loAt, hiAt] = [placeOf(lo.name), placeOf(hi.name)];
  const atMax = brandSets(run, app, hiAt) && !brandSets(run, app, loAt);
  const pair = { min: lo.name, minValue: lo.value, max: hi.name, maxValue: hi.value, ...(via ? { via } : {}) };
  if (atMax) run.add(app, hiAt, say('constantMaxBelowMin', { ...pair, place: cite(run, app, loAt) }), [loAt]);
  else run.add(app, loAt, say('constantMinAboveMax', { ...pair, place: cite(run, app, hiAt) }), [hiAt]);
}

/** Every numeric xMin of an object of constants (and of the objects in it) against its xMax. */
function checkConstantPairs(run: Run, constants: JsonObject, obj: JsonObject, at: At): void {
  for (const [name, v] of Object.entries(obj)) {
    if (isObject(v)) {
      checkConstantPairs(run, constants, v, [...at, name]);
      continue;
    }
    const maxName = maxNameOf(name);
    const max = maxName !== undefined && Object.prototype.hasOwnProperty.call(obj, maxName) ? obj[maxName] : undefined;
    if (typeof v !== 'number' || typeof max !== 'number' || v <= max) continue;
    const prefix = at.slice(1).map(String);
    crossedConstants(run, { name: [...prefix, name].join('.'), value: v }, { name: [...prefix, maxName!].join('.'), value: max });
  }
}

/**
 * A lower bound above an upper one, found on a form's rules: when both read constants, the
 * constants' mistake (once, at app.json: nothing at the rule; a pair of one name, xMin/xMax, is
 * checkConstantPairs'); when the brand sets the constant one side reads, there; else at the rule.
 */
function crossedBounds(run: Run, file: string, lo: { bound: Bound; at: At }, hi: { bound: Bound; at: At }, atRule: Said, rules: RulesOn): void {
  const [a, b] = [lo.bound.constant?.slice(6), hi.bound.constant?.slice(6)];
  const via = { rules, place: run.shown(file, lo.at.slice(0, 2)) };
  if (a !== undefined && b !== undefined) {
    if (maxNameOf(a) !== b) crossedConstants(run, { name: a, value: lo.bound.value }, { name: b, value: hi.bound.value }, via);
    return;
  }
  // one side a number written in a rule: the constant of the other side when the brand sets it
  const app = run.bundle.app.file;
  if (a !== undefined && brandSets(run, app, placeOf(a))) {
    run.add(app, placeOf(a), say('constantAboveRuleMax', { constant: a, value: lo.bound.value, max: hi.bound.value, rules, place: run.shown(file, hi.at) }));
  } else if (b !== undefined && brandSets(run, app, placeOf(b))) {
    run.add(app, placeOf(b), say('constantBelowRuleMin', { constant: b, value: hi.bound.value, min: lo.bound.value, rules, place: run.shown(file, lo.at) }));
  } else run.add(file, lo.at, atRule, [hi.at]);
}

const LOWER: Record<string, 'value' | 'length'> = { min: 'value', range: 'value', minLength: 'length', lengthBetween: 'length' };
const UPPER: Record<string, 'value' | 'length'> = { max: 'value', range: 'value', maxLength: 'length', lengthBetween: 'length' };

/** Numbers stated in a text a player reads: standalone numbers (not inside a word: TRC20), outside the bindings. */
function statedNumbers(text: string): number[] {
  const plain = text.replace(/\{\{[^{}]*\}\}/g, ' ');
  // (no lookbehind: the lint holds src/ to the browser floor) the character before a number is matched, not taken
  return [...plain.matchAll(/(^|[^\w.])(\d+(?:\.\d+)?)(?![\w]|\.\d)/g)].map((m) => Number(m[2]));
}

function checkRules(run: Run, file: string, form: JsonObject, constants: JsonObject): void {
  const rules = Array.isArray(form.rules) ? form.rules.filter(isObject) : [];
  const known = rules.map((r) => ({ min: boundOf(r.min, constants), max: boundOf(r.max, constants) }));
  rules.forEach((r, i) => {
    const { min, max } = known[i];
    for (const [k, b] of [['min', min], ['max', max]] as const) {
      if (b && b.value < 0) run.add(file, ['rules', i, k], say('ruleBoundNegative', { role: k, bound: b }));
    }
    if (min && max && min.value > max.value) {
      const rules = { types: [String(r.type)], field: String(r.field) };
      crossedBounds(run, file, { bound: min, at: ['rules', i, 'min'] }, { bound: max, at: ['rules', i, 'max'] }, say('ruleMinAboveOwnMax', { min, max }), rules);
    }
    checkMessage(run, file, r, i, min, max, constants);
    for (const [k, b] of [['min', min], ['max', max]] as const) if (b && !b.constant) warnTypedBound(run, file, i, k, b.value, constants);
  });
  checkInputLengths(run, file, form, rules, known, constants);
  // a lower bound of one rule above the upper bound of another on the same field
  rules.forEach((lo, i) => {
    const kind = LOWER[String(lo.type)];
    const min = known[i].min;
    if (!kind || !min || lo.when !== undefined) return;
    rules.forEach((hi, j) => {
      const max = known[j].max;
      if (j === i || UPPER[String(hi.type)] !== kind || hi.field !== lo.field || !max || hi.when !== undefined || min.value <= max.value) return;
      crossedBounds(
        run,
        file,
        { bound: min, at: ['rules', i, 'min'] },
        { bound: max, at: ['rules', j, 'max'] },
        say('ruleMinAboveOtherMax', { min, type: String(lo.type), field: String(lo.field), max, otherType: String(hi.type), place: cite(run, file, ['rules', j, 'max']) }),
        { types: [String(lo.type), String(hi.type)], field: String(lo.field) },
      );
    });
  });
}

/**
 * A number typed into a rule (a warning): the rule and the texts that state its number are edited
 * apart, and the next edit misses one (the trial's operator typed 200 into a rule and its message,
 * and nothing said so). A bound reads a constant; the message shows {{min}} / {{max}}.
 */
function warnTypedBound(run: Run, file: string, i: number, role: 'min' | 'max', value: number, constants: JsonObject): void {
  const same = Object.entries(constants)
    .filter(([name, v]) => v === value && roleOf(name) === role)
    .map(([name]) => `const.${name}`);
  run.warn(file, ['rules', i, role], say('ruleBoundTyped', { role, value, same }));
}

/** the field types drawn as a text input, which takes at most const.textInputMax characters unless the field says maxLength (src/engine/form.tsx) */
const TEXT_INPUTS = new Set(['text', 'password', 'number', 'captcha']);

/**
 * The longest input a field takes (its maxLength, else const.textInputMax for a text input) against
 * what its rules ask as the shortest (minLength, lengthBetween) and, for a captcha, the code's
 * length (const.captchaLength): above it no player can type a value that passes.
 */
function checkInputLengths(run: Run, file: string, form: JsonObject, rules: JsonObject[], known: { min?: Bound }[], constants: JsonObject): void {
  const fields = Array.isArray(form.fields) ? form.fields.filter(isObject) : [];
  fields.forEach((field, f) => {
    const own = field.maxLength !== undefined;
    const longest = own ? boundOf(field.maxLength, constants) : TEXT_INPUTS.has(String(field.type)) ? boundOf('{{const.textInputMax}}', constants) : undefined;
    if (!longest) return;
    const takes: Takes = own ? { longest, maxLengthAt: pointer(['fields', f, 'maxLength']) } : { longest };
    rules.forEach((r, i) => {
      const min = known[i].min;
      if (r.field !== field.name || LOWER[String(r.type)] !== 'length' || !min || min.value <= longest.value) return;
      const at: At = ['rules', i, 'min'];
      run.add(file, at, say('ruleMinAboveInput', { min, type: String(r.type), field: String(field.name), takes }));
    });
    const code = field.type === 'captcha' ? boundOf('{{const.captchaLength}}', constants) : undefined;
    if (code && code.value > longest.value) {
      const at: At = own ? ['fields', f, 'maxLength'] : ['fields', f];
      run.add(file, at, say('captchaInputShort', { field: String(field.name), takes, code }));
    }
  });
}

/** Does the name of a constant say it is a minimum or a maximum? */
const roleOf = (constant: string): 'min' | 'max' | undefined => {
  const last = constant.split('.').pop() ?? '';
  if (/^min[A-Z]|Min(?=[A-Z]|$)/.test(last)) return 'min';
  if (/^max[A-Z]|Max(?=[A-Z]|$)/.test(last)) return 'max';
  return undefined;
};

/**
 * The rule's message against its bounds: for each known bound, the numbers its message states for
 * it (every number written out, and each {{const.X}} whose name says min, or max, as the bound is)
 * must include the bound's value, unless the message shows the bound itself ({{min}}, {{max}}).
 */
function checkMessage(run: Run, file: string, rule: JsonObject, i: number, min: Bound | undefined, max: Bound | undefined, constants: JsonObject): void {
  if (typeof rule.message !== 'string' || (!min && !max)) return;
  const key = /^@([a-zA-Z][\w.]*)$/.exec(rule.message)?.[1];
  const text = key ? run.messages?.[key] : rule.message;
  if (typeof text !== 'string') return;
  const literal = statedNumbers(text);
  const shown = new Set<string>();
  const byRole: Record<'min' | 'max', Stated[]> = { min: [], max: [] };
  for (const expr of bindingExpressions(text)) {
    const { head } = parseExpression(expr);
    if (head.kind !== 'path') continue;
    shown.add(head.path);
    const role = head.path.startsWith('const.') ? roleOf(head.path) : undefined;
    const value = head.path.startsWith('const.') ? constantAt(constants, head.path.slice(6)) : undefined;
    if (role && typeof value === 'number') byRole[role].push({ value, binding: head.path });
  }
  const message = key ? { text, key, place: run.shown(run.bundle.messages.file, ['messages', key]) } : { text };
  for (const [role, b] of [['min', min], ['max', max]] as const) {
    if (!b || shown.has(role)) continue;
    const stated: Stated[] = [...literal.map((n) => ({ value: n })), ...byRole[role]];
    if (!stated.length || stated.some((s) => s.value === b.value)) continue;
    run.add(file, ['rules', i, role], say('ruleMessageNumberDiffers', { role, bound: b, message, stated }));
  }
}
