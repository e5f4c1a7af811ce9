/** Issue 39: the draft store (src/engine/form-draft.ts): what is kept, for whom, for how long. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { constants } from '../../src/config';
import type { FieldConfig, FormConfig } from '../../src/config/types';
import { DRAFT_PREFIX, draftValues, dropDraft, keeps, ownerOf, readDraft, saveDraft, sweepDrafts } from '../../src/engine/form-draft';

/** sessionStorage as a browser has it (Node has none) */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  /** everything stored, as one text (what a test looks for a secret in) */
  dump() {
    return JSON.stringify([...this.items]);
  }
}

const formOf = (name: string) => JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'screens.config', 'forms', `${name}.json`), 'utf8')) as FormConfig;
const addBankCard = formOf('addBankCard');
const fields = addBankCard.fields;
const empty = { bank_owner: '', bank: '', bank_no: '', bank_address: '', pay_pass: '' };
const typed = { bank_owner: '张三', bank: '中国工商银行', bank_no: '6222020200112233', bank_address: '北京市朝阳区支行', pay_pass: 'Secret-39' };
const KEEP = constants.draftKeepMs;
const T0 = Date.UTC(2026, 0, 1, 12);

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
});

describe('what a draft keeps', () => {
  it('every field a player types or chooses in; never a password, a captcha, a hidden or read-only field, one that says draft: false or whose autocomplete names a secret', () => {
    const f = (extra: Partial<FieldConfig>): FieldConfig => ({ name: 'x', type: 'text', ...extra }) as FieldConfig;
    expect(['text', 'number', 'select', 'date', 'textarea', 'radio'].map((type) => keeps(f({ type } as Partial<FieldConfig>)))).toEqual([true, true, true, true, true, true]);
    expect(keeps(f({ type: 'password' }))).toBe(false);
    expect(keeps(f({ type: 'captcha' }))).toBe(false);
    expect(keeps(f({ type: 'hidden' }))).toBe(false);
    expect(keeps(f({ readOnly: true }))).toBe(false);
    expect(keeps(f({ draft: false }))).toBe(false);
    // a pay password drawn as a number field still names itself a secret to the browser
    expect(['current-password', 'new-password', 'one-time-code', 'cc-number', 'cc-csc'].map((autoComplete) => keeps(f({ type: 'number', autoComplete })))).toEqual([false, false, false, false, false]);
    expect(keeps(f({ autoComplete: 'name' }))).toBe(true);
  });

  it('on the real forms: every password and captcha field, the red-packet code and the read-only names are never kept', () => {
    const never = (name: string) => formOf(name).fields.filter((x) => !keeps(x)).map((x) => x.name);
    expect(never('addBankCard')).toEqual(['pay_pass']);
    expect(never('login')).toEqual(['password', 'code']);
    expect(never('register')).toEqual(['password', 'confirmPass', 'paypassword', 'code', 'pid']);
    expect(never('withdraw-bank')).toEqual(['password']);
    expect(never('changePassword')).toEqual(['password', 'paypassword', 'confirmPass']);
    expect(never('paycode')).toEqual(['pay_code', 'deposit_no']);
    expect(never('userInfo')).toEqual(['username', 'realname']);
  });

  it('only what differs from the defaults, and values of the kinds a field holds', () => {
    expect(draftValues(fields, typed, empty)).toEqual({ bank_owner: '张三', bank: '中国工商银行', bank_no: '6222020200112233', bank_address: '北京市朝阳区支行' });
    expect(draftValues(fields, { ...empty, bank_owner: '张三' }, { ...empty, bank_owner: '张三' })).toEqual({});
    expect(draftValues(fields, { ...empty, bank_no: { not: 'a value' } }, empty)).toEqual({});
  });
});

describe('saving and reading back', () => {
  it('keeps the typed fields under draft.<form>, never the pay password, and gives them back to their owner', () => {
    saveDraft(storage, 'addBankCard', 'demo01', T0, fields, typed, empty);
    expect(JSON.parse(storage.getItem(`${DRAFT_PREFIX}addBankCard`) ?? 'null')).toEqual({
      owner: 'demo01',
      at: T0,
      values: { bank_owner: '张三', bank: '中国工商银行', bank_no: '6222020200112233', bank_address: '北京市朝阳区支行' },
    });
    expect(storage.dump()).not.toContain('Secret-39');
    expect(storage.dump()).not.toContain('pay_pass');
    expect(readDraft(storage, 'addBankCard', 'demo01', T0 + 1000, KEEP, fields)).toEqual({
      bank_owner: '张三',
      bank: '中国工商银行',
      bank_no: '6222020200112233',
      bank_address: '北京市朝阳区支行',
    });
  });

  it('a form back at its defaults removes its draft', () => {
    saveDraft(storage, 'addBankCard', 'demo01', T0, fields, typed, empty);
    saveDraft(storage, 'addBankCard', 'demo01', T0 + 10, fields, { ...empty, pay_pass: 'Secret-39' }, empty);
    expect(storage.length).toBe(0);
  });

  it('another member gets nothing, and the draft is gone', () => {
    saveDraft(storage, 'addBankCard', 'demo01', T0, fields, typed, empty);
    expect(readDraft(storage, 'addBankCard', 'agent01', T0 + 1000, KEEP, fields)).toBeNull();
    expect(storage.length).toBe(0);
    expect(readDraft(storage, 'addBankCard', 'demo01', T0 + 1000, KEEP, fields)).toBeNull();
  });

  it("a visitor's draft (the login form) is not a member's, nor the other way round", () => {
    saveDraft(storage, 'login', '', T0, formOf('login').fields, { name: 'demo01', password: 'demo123', code: '1234' }, { name: '', password: '', code: '' });
    expect(storage.dump()).not.toContain('demo123');
    expect(storage.dump()).not.toContain('1234');
    expect(readDraft(storage, 'login', 'demo01', T0, KEEP, formOf('login').fields)).toBeNull();
    saveDraft(storage, 'login', '', T0, formOf('login').fields, { name: 'demo01' }, { name: '' });
    expect(readDraft(storage, 'login', '', T0, KEEP, formOf('login').fields)).toEqual({ name: 'demo01' });
  });

  it('expires constants.draftKeepMs after the last edit, not after the first', () => {
    saveDraft(storage, 'addBankCard', 'demo01', T0, fields, { ...empty, bank_owner: '张' }, empty);
    saveDraft(storage, 'addBankCard', 'demo01', T0 + KEEP - 1, fields, { ...empty, bank_owner: '张三' }, empty);
    expect(readDraft(storage, 'addBankCard', 'demo01', T0 + 2 * KEEP - 1, KEEP, fields)).toEqual({ bank_owner: '张三' });
    expect(readDraft(storage, 'addBankCard', 'demo01', T0 + 2 * KEEP, KEEP, fields)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('a draft that cannot be read is removed; a field made a password since is never put back', () => {
    storage.setItem(`${DRAFT_PREFIX}addBankCard`, '{"owner":"demo01",');
    expect(readDraft(storage, 'addBankCard', 'demo01', T0, KEEP, fields)).toBeNull();
    expect(storage.length).toBe(0);
    storage.setItem(`${DRAFT_PREFIX}addBankCard`, JSON.stringify({ owner: 'demo01', at: T0, values: { bank_no: '6222', pay_pass: '123456' } }));
    expect(readDraft(storage, 'addBankCard', 'demo01', T0, KEEP, fields)).toEqual({ bank_no: '6222' });
    const nowSecret = fields.map((x) => (x.name === 'bank_no' ? { ...x, type: 'password' as const } : x));
    expect(readDraft(storage, 'addBankCard', 'demo01', T0, KEEP, nowSecret)).toBeNull();
  });

  it('dropDraft removes one form\'s draft; sweepDrafts every draft of another owner or too old, and nothing else', () => {
    saveDraft(storage, 'addBankCard', 'demo01', T0, fields, typed, empty);
    saveDraft(storage, 'withdraw-bank', 'demo01', T0 - KEEP - 1, formOf('withdraw-bank').fields, { amount: '150' }, { amount: '' });
    saveDraft(storage, 'recharge-bank', 'agent01', T0, formOf('recharge-bank').fields, { amount: '500' }, { amount: '' });
    storage.setItem('token', 'abc');
    sweepDrafts(storage, 'demo01', T0, KEEP);
    expect([...Array(storage.length).keys()].map((i) => storage.key(i)).sort()).toEqual([`${DRAFT_PREFIX}addBankCard`, 'token']);
    dropDraft(storage, 'addBankCard');
    expect(storage.key(0)).toBe('token');
    expect(storage.length).toBe(1);
  });

  it('a storage that refuses (full, switched off) costs the draft, never the form', () => {
    const refusing = new MemoryStorage();
    refusing.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    refusing.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(() => saveDraft(refusing, 'addBankCard', 'demo01', T0, fields, typed, empty)).not.toThrow();
    expect(readDraft(refusing, 'addBankCard', 'demo01', T0, KEEP, fields)).toBeNull();
    expect(() => sweepDrafts(refusing, 'demo01', T0, KEEP)).not.toThrow();
  });
});

describe('whose draft it is', () => {
  it("a visitor's is '', a member's is the member's name (never the token), unknown while the member's user has not loaded", () => {
    expect(ownerOf(null, null)).toBe('');
    expect(ownerOf('tok-123', { username: 'demo01' })).toBe('demo01');
    expect(ownerOf('tok-123', null)).toBeNull();
    expect(ownerOf('tok-123', { username: '' })).toBeNull();
  });
});
