/** The one money filter (docs/ENGINE.md, "Money on screen"): exact with separators, short with 万/亿. */
import { describe, expect, it } from 'vitest';
import '../../src/config'; // sets the money format from app.json and messages.json, as the app does
import { FILTERS, resolve } from '../../src/engine/bindings';
import { formatMoney } from '../../src/engine/money';

const fmt = { groupFrom: 10000, shortFrom: 100000, wan: '万', yi: '亿' };
const money = (v: unknown, arg?: string) => FILTERS.money(v, arg, {});

describe('formatMoney', () => {
  it('writes amounts under groupFrom plainly, with two decimals rounded down', () => {
    expect(formatMoney(1000, fmt)).toBe('1000.00');
    expect(formatMoney(9999.999, fmt)).toBe('9999.99');
    expect(formatMoney(0, fmt)).toBe('0.00');
    expect(formatMoney(-320.555, fmt)).toBe('-320.55');
  });

  it('separates thousands from groupFrom up', () => {
    expect(formatMoney(10000, fmt)).toBe('10,000.00');
    expect(formatMoney(12345678.9, fmt)).toBe('12,345,678.90');
    expect(formatMoney(-98765432.1, fmt)).toBe('-98,765,432.10');
  });

  it('short: unchanged under shortFrom, then 万 and 亿 with two decimals rounded down (never more than there is)', () => {
    expect(formatMoney(99999.99, fmt, true)).toBe('99,999.99');
    expect(formatMoney(100000, fmt, true)).toBe('10.00万');
    expect(formatMoney(12345678.9, fmt, true)).toBe('1,234.56万');
    expect(formatMoney(99999999.99, fmt, true)).toBe('9,999.99万');
    expect(formatMoney(100000000, fmt, true)).toBe('1.00亿');
    expect(formatMoney(123456789012, fmt, true)).toBe('1,234.56亿');
    expect(formatMoney(-12345678.9, fmt, true)).toBe('-1,234.56万');
  });
});

describe('the money filter reads its rule from app.json and messages.json', () => {
  it('is the same rule in bindings, exact by default and short with the short argument', () => {
    expect(money(12345678.9)).toBe('12,345,678.90');
    expect(money('12345678.9', 'short')).toBe('1,234.56万');
    expect(money(1000)).toBe('1000.00');
    expect(money('not a number')).toBe('0.00');
    expect(resolve('余额 {{user.balance | money:short}} 元', { user: { balance: 250000000 } })).toBe('余额 2.50亿 元');
  });
});
