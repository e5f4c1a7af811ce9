import { describe, expect, it } from 'vitest';
import registerForm from '../../screens.config/forms/register.json';
import loginForm from '../../screens.config/forms/login.json';
import withdrawBankForm from '../../screens.config/forms/withdraw-bank.json';
import withdrawUsdtForm from '../../screens.config/forms/withdraw-usdt.json';
import app from '../../screens.config/app.json';
import messagesJson from '../../screens.config/messages.json';
import { runRules, type RuleContext } from '../../src/engine/rules';
import { text } from '../../src/engine/text';
import type { FormConfig, RuleConfig } from '../../src/config/types';

const ctx = (captcha = '1234'): RuleContext => ({
  scope: { const: app.constants, messages: messagesJson.messages },
  patterns: app.patterns,
  captcha,
});

/** The message a player would see for these values (null when every rule holds). */
function firstMessage(form: unknown, values: Record<string, string>, captcha = '1234'): string | null {
  const f = runRules((form as FormConfig).rules, values, ctx(captcha));
  return f ? text(f.rule.message, { ...ctx().scope, min: f.min, max: f.max }) : null;
}

describe('register rules, in the order of SPEC.md section 5', () => {
  const ok = { name: 'player01', password: 'secret1', confirmPass: 'secret1', realname: '张三', paypassword: '654321', code: '1234' };
  const cases: [Partial<typeof ok>, string][] = [
    [{ name: '' }, '用户名长度6~16位，以字母或数字组合！'],
    [{ name: 'abcde' }, '用户名长度6~16位，以字母或数字组合！'],
    [{ password: '' }, '请输入正确的密码长度，最少6位！'],
    [{ password: '12345', confirmPass: '12345' }, '请输入正确的密码长度，最少6位！'],
    [{ confirmPass: '' }, '两次密码不一致！'],
    [{ confirmPass: 'secret2' }, '两次密码不一致！'],
    [{ realname: '' }, '请输入您的真实姓名!'],
    [{ realname: '张' }, '请输入您的真实姓名!'],
    [{ paypassword: '12345' }, '请输入正确的支付密码长度，最少6位！'],
    [{ code: '' }, '请输入验证码！'],
    [{ code: '4321' }, '验证码错误！'],
  ];
  it.each(cases)('%o -> %s', (patch, message) => {
    expect(firstMessage(registerForm, { ...ok, ...patch })).toBe(message);
  });

  it('passes a complete, valid form', () => {
    expect(firstMessage(registerForm, ok)).toBeNull();
  });

  it('reports only the first failure when several fields are wrong', () => {
    expect(firstMessage(registerForm, { ...ok, name: '', password: '', code: '' })).toBe('用户名长度6~16位，以字母或数字组合！');
    expect(firstMessage(registerForm, { ...ok, realname: '', code: '' })).toBe('请输入您的真实姓名!');
  });

  it('counts characters, not UTF-16 units, for the real-name minimum', () => {
    expect(firstMessage(registerForm, { ...ok, realname: '𠀀' })).toBe('请输入您的真实姓名!');
  });

  it('draws a new captcha and clears the field when the code is wrong', () => {
    const f = runRules((registerForm as unknown as FormConfig).rules, { ...ok, code: '9999' }, ctx());
    expect(f?.rule.onFail).toBe('newCaptcha');
  });
});

describe('login rules', () => {
  it('asks for account and password before the captcha', () => {
    expect(firstMessage(loginForm, { name: '', password: '', code: '' })).toBe('请输入您的账号和密码！');
    expect(firstMessage(loginForm, { name: 'demo01', password: '', code: '' })).toBe('请输入您的账号和密码！');
    expect(firstMessage(loginForm, { name: 'demo01', password: 'x', code: '' })).toBe('请输入验证码！');
    expect(firstMessage(loginForm, { name: 'demo01', password: 'x', code: '12' })).toBe('验证码错误！');
    expect(firstMessage(loginForm, { name: 'demo01', password: 'x', code: '1234' })).toBeNull();
  });
});

describe('checks', () => {
  const run = (rule: RuleConfig, values: Record<string, unknown>) => runRules([rule], values, ctx());
  it('pattern mainlandMobile follows the spec (prefixes 0, 86, 17951; 13x, 15x but 154, 17[678], 18x, 14[57])', () => {
    const rule: RuleConfig = { field: 'mobile', type: 'pattern', pattern: 'mainlandMobile', message: '@agent.mobile' };
    for (const good of ['13812345678', '8615912345678', '017612345678', '1795114712345678', '18012345678', '14512345678']) {
      expect(run(rule, { mobile: good }), good).toBeNull();
    }
    for (const bad of ['15412345678', '1381234567', '12012345678', '17512345678', '14612345678', 'abc', '']) {
      expect(run(rule, { mobile: bad }), bad).not.toBeNull();
    }
  });
  it('range uses inclusive bounds from bindings and exposes them to the message', () => {
    // a method's own constant when the config sets one, else the pair every method follows (the config sets none)
    const rule: RuleConfig = { field: 'amount', type: 'range', min: '{{const.depositMinBank | or:const.depositMin}}', max: '{{const.depositMaxBank | or:const.depositMax}}', message: '@deposit.range' };
    expect(run(rule, { amount: '100' })).toBeNull();
    expect(run(rule, { amount: '10000' })).toBeNull();
    const f = run(rule, { amount: '99.99' });
    expect(f && text(f.rule.message, { messages: messagesJson.messages, min: f.min, max: f.max })).toBe('请输入金额在100-10000之间！');
    expect(run(rule, { amount: '10000.01' })).not.toBeNull();
    expect(run(rule, { amount: 'abc' })).not.toBeNull();
    expect(run(rule, { amount: '' })).not.toBeNull();
  });
  it('max: inclusive upper bound from a binding, exposed to the message; empty or not a number fails', () => {
    const rule: RuleConfig = { field: 'amount', type: 'max', max: '{{const.withdrawMax}}', message: '@withdraw.max' };
    const max = app.constants.withdrawMax;
    expect(run(rule, { amount: String(max) })).toBeNull();
    expect(run(rule, { amount: '0.5' })).toBeNull();
    const f = run(rule, { amount: String(max + 0.01) });
    expect(f?.max).toBe(max);
    expect(f && text(f.rule.message, { const: app.constants, messages: messagesJson.messages, max: f.max })).toBe(`单笔取款不能高于${max}元`);
    expect(run(rule, { amount: 'abc' })).not.toBeNull();
    expect(run(rule, { amount: '' })).not.toBeNull();
    expect(run({ field: 'n', type: 'max', max: 5, message: 'x' }, { n: '5' })).toBeNull();
    expect(run({ field: 'n', type: 'max', max: 5, message: 'x' }, { n: '5.01' })).not.toBeNull();
  });
  it('notEqualsField and lengthBetween', () => {
    expect(run({ field: 'n', type: 'notEqualsField', other: 'o', message: 'x' }, { n: 'a', o: 'a' })).not.toBeNull();
    expect(run({ field: 'n', type: 'notEqualsField', other: 'o', message: 'x' }, { n: 'a', o: 'b' })).toBeNull();
    const between: RuleConfig = { field: 'p', type: 'lengthBetween', min: 6, max: 18, message: 'x' };
    expect(run(between, { p: '12345' })).not.toBeNull();
    expect(run(between, { p: '123456' })).toBeNull();
    expect(run(between, { p: '1'.repeat(18) })).toBeNull();
    expect(run(between, { p: '1'.repeat(19) })).not.toBeNull();
  });
  it('a rule with `when` is skipped when its condition does not hold', () => {
    const rule: RuleConfig = { field: 'bank', type: 'required', message: 'x', when: { path: 'form.method', eq: 'bank' } };
    expect(run(rule, { method: 'usdt', bank: '' })).toBeNull();
    expect(run(rule, { method: 'bank', bank: '' })).not.toBeNull();
  });
});

describe('withdrawal rules: the amount between withdrawMin and withdrawMax (app.json), each with its message', () => {
  const { withdrawMin, withdrawMax } = app.constants;
  it.each([
    ['bank', withdrawBankForm],
    ['usdt', withdrawUsdtForm],
  ])('%s', (_name, form) => {
    const ok = { bank: '1', amount: String(withdrawMin), password: '123456' };
    expect(firstMessage(form, ok)).toBeNull();
    expect(firstMessage(form, { ...ok, amount: String(withdrawMax) })).toBeNull();
    expect(firstMessage(form, { ...ok, amount: String(withdrawMin - 1) })).toBe(`单笔取款不能低于${withdrawMin}元`);
    expect(firstMessage(form, { ...ok, amount: String(withdrawMax + 1) })).toBe(`单笔取款不能高于${withdrawMax}元`);
  });
});
