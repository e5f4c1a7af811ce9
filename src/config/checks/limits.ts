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

const describe = (b: Bound) => (b.constant ? `${b.value} (${b.constant})` : String(b.value));

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
function crossedConstants(run: Run, lo: { name: string; value: number }, hi: { name: string; value: number }, via = ''): void {
  const app = run.bundle.app.file;
  const [loAt, hiAt] = [placeOf(lo.name), placeOf(hi.name)];
  const atMax = brandSets(run, app, hiAt) && !brandSets(run, app, loAt);
  if (atMax) {
    run.add(app, hiAt, `${hi.name} ${hi.value} is below ${lo.name} ${lo.value} (${cite(run, app, loAt)})${via}: no value can pass both; expected a maximum at least its minimum (raise ${hi.name} or lower ${lo.name})`, [loAt]);
  } else {
    run.add(app, loAt, `${lo.name} ${lo.value} is above ${hi.name} ${hi.value} (${cite(run, app, hiAt)})${via}: no value can pass both; expected a minimum at most its maximum (lower ${lo.name} or raise ${hi.name})`, [hiAt]);
  }
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
function crossedBounds(run: Run, file: string, lo: { bound: Bound; at: At }, hi: { bound: Bound; at: At }, atRule: string, what: string): void {
  const [a, b] = [lo.bound.constant?.slice(6), hi.bound.constant?.slice(6)];
  const via = `, both read by ${what} (${run.shown(file, lo.at.slice(0, 2))})`;
  if (a !== undefined && b !== undefined) {
    if (maxNameOf(a) !== b) crossedConstants(run, { name: a, value: lo.bound.value }, { name: b, value: hi.bound.value }, via);
    return;
  }
  // one side a number written in a rule: the constant of the other side when the brand sets it
  const app = run.bundle.app.file;
  if (a !== undefined && brandSets(run, app, placeOf(a))) {
    run.add(app, placeOf(a), `${a} ${lo.bound.value} is above the max ${hi.bound.value} of ${what} (${run.shown(file, hi.at)}): no value can pass both; expected a minimum at most that maximum (lower ${a})`);
  } else if (b !== undefined && brandSets(run, app, placeOf(b))) {
    run.add(app, placeOf(b), `${b} ${hi.bound.value} is below the min ${lo.bound.value} of ${what} (${run.shown(file, lo.at)}): no value can pass both; expected a maximum at least that minimum (raise ${b})`);
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
      if (b && b.value < 0) run.add(file, ['rules', i, k], `the rule's ${k} is ${describe(b)}: expected 0 or more (an amount or a length below 0 lets everything through)`);
    }
    if (min && max && min.value > max.value) {
      crossedBounds(run, file, { bound: min, at: ['rules', i, 'min'] }, { bound: max, at: ['rules', i, 'max'] }, `the rule's min ${describe(min)} is above its max ${describe(max)}: no value can pass; expected min at most max`, `the ${r.type} rule on "${r.field}"`);
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
        `the min ${describe(min)} of this ${lo.type} rule on "${lo.field}" is above the max ${describe(max)} of the ${hi.type} rule at ${cite(run, file, ['rules', j, 'max'])}: no value can pass both; expected the minimum at most the maximum`,
        `the ${lo.type} and ${hi.type} rules on "${lo.field}"`,
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
  const hint = same.length ? ` (${same.slice(0, 3).join(', ')}${same.length > 3 ? ', …' : ''} ${same.length === 1 ? 'has' : 'have'} this value)` : '';
  run.warn(
    file,
    ['rules', i, role],
    `the rule's ${role} is the number ${value}, typed in: put it in app.json constants and write {{const.NAME}} here${hint}, and {{${role}}} in its message, so the rule and every text that states it follow one value`,
  );
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
    const takes = `at most ${describe(longest)} characters${own ? ` (its maxLength, ${pointer(['fields', f, 'maxLength'])})` : ' (the default of a field without maxLength)'}`;
    rules.forEach((r, i) => {
      const min = known[i].min;
      if (r.field !== field.name || LOWER[String(r.type)] !== 'length' || !min || min.value <= longest.value) return;
      run.add(file, ['rules', i, 'min'], `the min ${describe(min)} of this ${r.type} rule is above what the field "${field.name}" takes, ${takes}: no value can pass; expected the input to take at least the minimum`);
    });
    const code = field.type === 'captcha' ? boundOf('{{const.captchaLength}}', constants) : undefined;
    if (code && code.value > longest.value) {
      run.add(file, own ? ['fields', f, 'maxLength'] : ['fields', f], `the captcha field "${field.name}" takes ${takes}, fewer than the captcha's code of ${describe(code)}: no player can type it; expected at least ${code.value}`);
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
  const byRole: Record<'min' | 'max', { value: number; as: string }[]> = { min: [], max: [] };
  for (const expr of bindingExpressions(text)) {
    const { head } = parseExpression(expr);
    if (head.kind !== 'path') continue;
    shown.add(head.path);
    const role = head.path.startsWith('const.') ? roleOf(head.path) : undefined;
    const value = head.path.startsWith('const.') ? constantAt(constants, head.path.slice(6)) : undefined;
    if (role && typeof value === 'number') byRole[role].push({ value, as: `{{${head.path}}} = ${value}` });
  }
  const where = key ? `its message @${key} (${run.shown(run.bundle.messages.file, ['messages', key])}: "${text}")` : `its message "${text}"`;
  for (const [role, b] of [['min', min], ['max', max]] as const) {
    if (!b || shown.has(role)) continue;
    const stated = [...literal.map((n) => ({ value: n, as: String(n) })), ...byRole[role]];
    if (!stated.length || stated.some((s) => s.value === b.value)) continue;
    const fix = b.constant ? `{{${b.constant}}}` : `{{${role}}}`;
    run.add(
      file,
      ['rules', i, role],
      `the rule's ${role} is ${describe(b)} but ${where} states ${stated.map((s) => s.as).join(', ')}: a player is told a different limit than the one applied; write ${fix} in the message so it follows the rule`,
    );
  }
}
