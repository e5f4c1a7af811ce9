/**
 * Issue 32: numbers that must agree. Limits that block every player (a minimum above its maximum,
 * in app.json or between a field's rules), a negative minimum, and a rule whose number differs from
 * the number its message states are refused, each with the file, the JSON path and both numbers.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChecker, errorsOf, type ConfigBundle, type Problem } from '../../src/config/check';
import { configSource, loadSchemas, loadWidgetSchemas } from '../../src/config/source/index';
import { lateUses } from '../../src/config/format/old-uses';
import { withLateHints } from '../../src/config/format/messages';

const root = path.resolve(__dirname, '..', '..');
type Json = Record<string, unknown>;
type Rule = Json & { field: string; type: string };

let checker: (b: ConfigBundle) => Problem[];
let real: ConfigBundle;
beforeAll(async () => {
  checker = createChecker(loadSchemas(root), await loadWidgetSchemas(root));
  real = configSource({ root }).productBundle();
});

interface View {
  constants: Json;
  messages: Json;
  rules: (form: string) => Rule[];
}
/** The real config with one change applied: its problems as `file: path: message` lines. */
function check(mutate: (v: View) => void): string[] {
  const b = structuredClone(real);
  mutate({
    constants: (b.app.json as { constants: Json }).constants,
    messages: (b.messages.json as { messages: Json }).messages,
    rules: (form) => (b.forms[form].json as { rules: Rule[] }).rules,
  });
  return errorsOf(checker(b)).map((p) => `${p.file}: ${p.path}: ${p.message}`);
}
/** The same change's warnings, as `file: path: message` lines. */
function warnings(mutate: (v: View) => void): string[] {
  const b = structuredClone(real);
  mutate({
    constants: (b.app.json as { constants: Json }).constants,
    messages: (b.messages.json as { messages: Json }).messages,
    rules: (form) => (b.forms[form].json as { rules: Rule[] }).rules,
  });
  return checker(b)
    .filter((p) => p.severity === 'warning')
    .map((p) => `${p.file}: ${p.path}: ${p.message}`);
}
const ruleIndex = (form: string, type: string, field = 'amount') => (real.forms[form].json as { rules: Rule[] }).rules.findIndex((r) => r.type === type && r.field === field);

describe('a minimum above its maximum', () => {
  it('the real config passes', () => {
    expect(check(() => {})).toEqual([]);
  });

  it('app.json: depositMinBank 20000 above the default depositMax 10000 the bank follows: one problem, at the constant, none at the rule that reads them', () => {
    const range = ruleIndex('recharge-bank', 'range');
    expect(check((v) => (v.constants.depositMinBank = 20000))).toEqual([
      `screens.config/app.json: /constants/depositMinBank: depositMinBank 20000 is above depositMax 10000 (/constants/depositMax), both read by the range rule on "amount" (screens.config/forms/recharge-bank.json /rules/${range}): no value can pass both; expected a minimum at most its maximum (lower depositMinBank or raise depositMax)`,
    ]);
    // the bank's own pair crossed: the pair's problem alone
    expect(check((v) => Object.assign(v.constants, { depositMinBank: 20000, depositMaxBank: 10000 }))).toEqual([
      'screens.config/app.json: /constants/depositMinBank: depositMinBank 20000 is above depositMaxBank 10000 (/constants/depositMaxBank): no value can pass both; expected a minimum at most its maximum (lower depositMinBank or raise depositMaxBank)',
    ]);
  });

  it('one default pair for every deposit method: crossed, it is one problem, not one per method\'s rule and text', () => {
    expect(check((v) => (v.constants.depositMin = 20000))).toEqual([
      'screens.config/app.json: /constants/depositMin: depositMin 20000 is above depositMax 10000 (/constants/depositMax): no value can pass both; expected a minimum at most its maximum (lower depositMin or raise depositMax)',
    ]);
  });

  it('a method sets its own pair where it differs: a higher bank maximum touches no other method, and each method\'s minimum is checked against what it follows', () => {
    // 金沙's higher bank-transfer maximum: the bank alone
    expect(check((v) => (v.constants.depositMaxBank = 50000))).toEqual([]);
    for (const [method, form] of [['Alipay', 'recharge-alipay'], ['Wechat', 'recharge-wechat'], ['Usdt', 'recharge-usdt']] as const) {
      const range = ruleIndex(form, 'range');
      expect(check((v) => (v.constants[`depositMin${method}`] = 20000)), method).toEqual([
        `screens.config/app.json: /constants/depositMin${method}: depositMin${method} 20000 is above depositMax 10000 (/constants/depositMax), both read by the range rule on "amount" (screens.config/forms/${form}.json /rules/${range}): no value can pass both; expected a minimum at most its maximum (lower depositMin${method} or raise depositMax)`,
      ]);
      // raising the method's own maximum over it is the fix
      expect(check((v) => Object.assign(v.constants, { [`depositMin${method}`]: 20000, [`depositMax${method}`]: 30000 })), method).toEqual([]);
    }
  });

  it('the shared pair of before is gone: typed into a file of today\'s format, its name is refused, naming the pairs there are', () => {
    // (in a file of an older format it is an old use npm run migrate rewrites: tests/config/migrations/deposit-limits-per-method.test.ts)
    const b = structuredClone(real);
    (b.app.json as { constants: Json }).constants.depositMaxDefault = 50000;
    const lines = withLateHints(errorsOf(checker(b)), lateUses(b)).map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^screens\.config\/app\.json: \/constants\/depositMaxDefault: unknown property "depositMaxDefault" \(expected one of [^)]*depositMaxBank[^)]*\); /);
    expect(lines[0].replace(/^.*?\); /, '')).toBe(
      '"depositMaxDefault" (shared by the four deposit methods) became each method\'s own since config format 3: depositMaxBank, depositMaxAlipay, depositMaxWechat, depositMaxUsdt, each 50000 as it was: write it so here (`npm run migrate` rewrites only files older than format 3)',
    );
  });

  it('app.json: withdrawMin 60000 above withdrawMax 50000; a pair of lengths too (usernameMin above usernameMax)', () => {
    expect(check((v) => Object.assign(v.constants, { withdrawMin: 60000, withdrawMax: 50000 }))[0]).toBe(
      'screens.config/app.json: /constants/withdrawMin: withdrawMin 60000 is above withdrawMax 50000 (/constants/withdrawMax): no value can pass both; expected a minimum at most its maximum (lower withdrawMin or raise withdrawMax)',
    );
    expect(check((v) => (v.constants.usernameMin = 17))).toEqual([
      'screens.config/app.json: /constants/usernameMin: usernameMin 17 is above usernameMax 16 (/constants/usernameMax): no value can pass both; expected a minimum at most its maximum (lower usernameMin or raise usernameMax)',
    ]);
  });

  it('a min rule reading withdrawMin 60000 and a range rule typed with max 50000 on the same field (issue 32)', () => {
    const min = ruleIndex('withdraw-bank', 'min');
    const max = ruleIndex('withdraw-bank', 'max');
    const problems = check((v) => {
      v.constants.withdrawMin = 60000;
      v.rules('withdraw-bank')[max] = { field: 'amount', type: 'range', min: 1, max: 50000, message: '请输入金额在{{min}}-{{max}}之间！' };
    });
    expect(problems).toEqual([
      `screens.config/forms/withdraw-bank.json: /rules/${min}/min: the min 60000 (const.withdrawMin) of this min rule on "amount" is above the max 50000 of the range rule at /rules/${max}/max: no value can pass both; expected the minimum at most the maximum`,
    ]);
  });
});

describe('the other field a crossed pair is about (Problem.also: an editor shows the problem at both)', () => {
  it('a pair of constants names the maximum, and is one problem (the rules reading the pair say nothing); crossed rules the other rule\'s max', () => {
    const b = structuredClone(real);
    (b.app.json as { constants: Json }).constants.withdrawMin = 2000000;
    const problems = errorsOf(checker(b));
    expect(problems.map((p) => [p.file, p.path, p.also])).toEqual([['screens.config/app.json', '/constants/withdrawMin', ['/constants/withdrawMax']]]);
    const min = ruleIndex('withdraw-bank', 'min');
    const max = ruleIndex('withdraw-bank', 'max');
    const c = structuredClone(real);
    (c.forms['withdraw-bank'].json as { rules: Rule[] }).rules[max].max = 50000;
    (c.app.json as { constants: Json }).constants.withdrawMin = 60000;
    // (the max rule's message, stating const.withdrawMax, is a problem of its own)
    expect(errorsOf(checker(c)).filter((p) => p.path.endsWith('/min')).map((p) => [p.file, p.path, p.also])).toEqual([['screens.config/forms/withdraw-bank.json', `/rules/${min}/min`, [`/rules/${max}/max`]]]);
  });
});

describe('a negative amount or count', () => {
  it('a negative transfer minimum in app.json: the value and the bound', () => {
    expect(check((v) => (v.constants.transferMin = -1))).toEqual(['screens.config/app.json: /constants/transferMin: expected a number above 0, found -1']);
    expect(check((v) => (v.constants.withdrawMin = -100))).toEqual(['screens.config/app.json: /constants/withdrawMin: expected a number of at least 0, found -100']);
  });

  it('a negative minimum typed into a rule', () => {
    const min = ruleIndex('transfer', 'min');
    expect(check((v) => (v.rules('transfer')[min].min = -5))).toEqual([
      `screens.config/forms/transfer.json: /rules/${min}/min: the rule's min is -5: expected 0 or more (an amount or a length below 0 lets everything through)`,
    ]);
  });
});

describe('a rule whose number differs from the number its message states', () => {
  it('rule min 5, its message (messages.json) says 最少1元', () => {
    const min = ruleIndex('transfer', 'min');
    const problems = check((v) => {
      v.rules('transfer')[min].min = 5;
      v.messages['transfer.amount'] = '请输入操作金额，最少1元！';
    });
    expect(problems).toEqual([
      `screens.config/forms/transfer.json: /rules/${min}/min: the rule's min is 5 but its message @transfer.amount (screens.config/messages.json /messages/transfer.amount: "请输入操作金额，最少1元！") states 1: a player is told a different limit than the one applied; write {{min}} in the message so it follows the rule`,
    ]);
  });

  it('a rule reading a constant whose message still states the old number (不能低于100元 over withdrawMin 200)', () => {
    const min = ruleIndex('withdraw-bank', 'min');
    const problems = check((v) => {
      v.constants.withdrawMin = 200;
      v.messages['withdraw.min'] = '单笔取款不能低于100元';
    });
    expect(problems).toEqual([
      `screens.config/forms/withdraw-bank.json: /rules/${min}/min: the rule's min is 200 (const.withdrawMin) but its message @withdraw.min (screens.config/messages.json /messages/withdraw.min: "单笔取款不能低于100元") states 100: a player is told a different limit than the one applied; write {{const.withdrawMin}} in the message so it follows the rule`,
      `screens.config/forms/withdraw-usdt.json: /rules/${ruleIndex('withdraw-usdt', 'min')}/min: the rule's min is 200 (const.withdrawMin) but its message @withdraw.min (screens.config/messages.json /messages/withdraw.min: "单笔取款不能低于100元") states 100: a player is told a different limit than the one applied; write {{const.withdrawMin}} in the message so it follows the rule`,
    ]);
  });

  it('a ceiling typed into the rule while the message states the constant', () => {
    const max = ruleIndex('withdraw-usdt', 'max');
    expect(check((v) => (v.rules('withdraw-usdt')[max].max = 50000))).toEqual([
      `screens.config/forms/withdraw-usdt.json: /rules/${max}/max: the rule's max is 50000 but its message @withdraw.max (screens.config/messages.json /messages/withdraw.max: "单笔取款不能高于{{const.withdrawMax}}元") states {{const.withdrawMax}} = 1000000: a player is told a different limit than the one applied; write {{max}} in the message so it follows the rule`,
    ]);
  });

  it('a message showing the bound itself ({{min}}-{{max}}), or the same number, agrees', () => {
    const min = ruleIndex('transfer', 'min');
    expect(check((v) => (v.messages['transfer.amount'] = '最少{{min}}元'))).toEqual([]);
    expect(
      check((v) => {
        v.rules('transfer')[min].min = 5;
        v.messages['transfer.amount'] = '请输入操作金额，最少5元！';
      }),
    ).toEqual([]);
  });
});

describe('a field that takes fewer characters than its rules ask for', () => {
  const fieldIndex = (form: string, name: string) => (real.forms[form].json as { fields: Json[] }).fields.findIndex((f) => f.name === name);
  it('textInputMax 5 below usernameMin 6 (register), and below bankCardMin 8 where the field has no maxLength of its own', () => {
    const problems = check((v) => (v.constants.textInputMax = 5));
    expect(problems).toContain(
      `screens.config/forms/register.json: /rules/${ruleIndex('register', 'minLength', 'name')}/min: the min 6 (const.usernameMin) of this minLength rule is above what the field "name" takes, at most 5 (const.textInputMax) characters (its maxLength, /fields/${fieldIndex('register', 'name')}/maxLength): no value can pass; expected the input to take at least the minimum`,
    );
    expect(problems).toContain(
      `screens.config/forms/addBankCard.json: /rules/${ruleIndex('addBankCard', 'minLength', 'bank_no')}/min: the min 8 (const.bankCardMin) of this minLength rule is above what the field "bank_no" takes, at most 5 (const.textInputMax) characters (the default of a field without maxLength): no value can pass; expected the input to take at least the minimum`,
    );
  });

  it('a captcha field shorter than the code: captchaInputMax 3, captchaLength 4', () => {
    const code = fieldIndex('login', 'code');
    expect(check((v) => (v.constants.captchaInputMax = 3))).toEqual([
      `screens.config/forms/login.json: /fields/${code}/maxLength: the captcha field "code" takes at most 3 (const.captchaInputMax) characters (its maxLength, /fields/${code}/maxLength), fewer than the captcha's code of 4 (const.captchaLength): no player can type it; expected at least 4`,
      `screens.config/forms/register.json: /fields/${fieldIndex('register', 'code')}/maxLength: the captcha field "code" takes at most 3 (const.captchaInputMax) characters (its maxLength, /fields/${fieldIndex('register', 'code')}/maxLength), fewer than the captcha's code of 4 (const.captchaLength): no player can type it; expected at least 4`,
    ]);
  });
});

describe('a number typed into a rule (a warning: use a constant)', () => {
  it('the real config types none', () => {
    expect(warnings(() => {})).toEqual([]);
  });

  it('the trial: 200 typed into the bank withdrawal rule and its message: the rule is named, with what to write', () => {
    const min = ruleIndex('withdraw-bank', 'min');
    const change = (v: View) => {
      v.rules('withdraw-bank')[min].min = 200;
      v.messages['withdraw.min'] = '单笔取款不能低于200元';
    };
    // rule and message agree, so nothing else is said; the typed number is
    expect(warnings(change)).toEqual([
      `screens.config/forms/withdraw-bank.json: /rules/${min}/min: the rule's min is the number 200, typed in: put it in app.json constants and write {{const.NAME}} here, and {{min}} in its message, so the rule and every text that states it follow one value`,
    ]);
  });

  it('a typed number that a constant already holds is named with it; a bound in {{ }} is typed too', () => {
    const name = ruleIndex('register', 'minLength', 'name');
    expect(warnings((v) => (v.rules('register')[name].min = 6))).toEqual([
      `screens.config/forms/register.json: /rules/${name}/min: the rule's min is the number 6, typed in: put it in app.json constants and write {{const.NAME}} here (const.usernameMin, const.passwordMin, const.payPasswordMin, … have this value), and {{min}} in its message, so the rule and every text that states it follow one value`,
    ]);
    const max = ruleIndex('withdraw-usdt', 'max');
    expect(warnings((v) => (v.rules('withdraw-usdt')[max].max = '{{1000000}}'))).toEqual([
      `screens.config/forms/withdraw-usdt.json: /rules/${max}/max: the rule's max is the number 1000000, typed in: put it in app.json constants and write {{const.NAME}} here (const.withdrawMax has this value), and {{max}} in its message, so the rule and every text that states it follow one value`,
    ]);
  });

  it('a bound from the server with a constant to fall back on is not typed', () => {
    expect(warnings((v) => (v.rules('recharge-bank')[ruleIndex('recharge-bank', 'range')].max = '{{data.rangeBank.max_price | or:const.depositMaxBank}}'))).toEqual([]);
  });
});
