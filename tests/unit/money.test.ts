/** The money arithmetic of SPEC.md sections 4, 5 and 9 at its edges (src/engine/money.ts). */
import { describe, expect, it } from 'vitest';
import { resolve } from '../../src/engine/bindings';
import { floor2, inRange, toUsdt, usdtFee, usdtReceived, vipProgress } from '../../src/engine/money';

describe('floor2: round toward zero at 2 decimals', () => {
  it('keeps 0 and exact cents as they are', () => {
    expect(floor2(0)).toBe(0);
    expect(Object.is(floor2(-0), 0)).toBe(true);
    expect(floor2(100)).toBe(100);
    expect(floor2(0.01)).toBe(0.01);
    expect(floor2(12.34)).toBe(12.34);
  });
  it('drops everything after the second decimal, never rounding up', () => {
    expect(floor2(12.349)).toBe(12.34);
    expect(floor2(13.8888)).toBe(13.88);
    expect(floor2(0.999)).toBe(0.99);
    expect(floor2(0.009)).toBe(0);
  });
  it('is immune to binary noise on values that look exact', () => {
    expect(floor2(1.005)).toBe(1); // 1.005 * 100 = 100.49999…
    expect(floor2(4.35)).toBe(4.35); // 4.35 * 100 = 434.99999…
    expect(floor2(0.29)).toBe(0.29);
    expect(floor2(1.15)).toBe(1.15);
    expect(floor2(0.1 + 0.2)).toBe(0.3);
  });
  it('rounds negatives toward zero and turns junk into 0', () => {
    expect(floor2(-1.239)).toBe(-1.23);
    expect(floor2(NaN)).toBe(0);
    expect(floor2(Infinity)).toBe(0);
    expect(floor2(-Infinity)).toBe(0);
  });
  it('handles large wallet amounts', () => {
    expect(floor2(99999999.999)).toBe(99999999.99);
    expect(floor2(1234567.891)).toBe(1234567.89);
  });
});

describe('toUsdt: amount / rate, rounded down to 2 decimals', () => {
  it('converts at the rate and rounds down', () => {
    expect(toUsdt(100, 7.2)).toBe(13.88); // 13.888…
    expect(toUsdt(1000, 7.3)).toBe(136.98); // 136.986…
    expect(toUsdt(720, 7.2)).toBe(100);
    expect(toUsdt(7.2, 7.2)).toBe(1);
    expect(toUsdt(0.07, 7)).toBe(0.01);
    expect(toUsdt(0.06, 7)).toBe(0); // 0.0085… rounds down to nothing
  });
  it('a rate of 0, a negative or missing rate, and an amount of 0 give 0 (never Infinity)', () => {
    expect(toUsdt(100, 0)).toBe(0);
    expect(toUsdt(100, -7.2)).toBe(0);
    expect(toUsdt(100, NaN)).toBe(0);
    expect(toUsdt(0, 7.2)).toBe(0);
    expect(toUsdt(-100, 7.2)).toBe(0);
    expect(toUsdt(NaN, 7.2)).toBe(0);
  });
  it('rate 1 keeps the amount, only cut to cents', () => {
    expect(toUsdt(123.456, 1)).toBe(123.45);
  });
});

describe('usdtReceived: converted amount minus the fixed fee', () => {
  it('subtracts the fee from the rounded-down conversion', () => {
    expect(usdtReceived(100, 7.3, 1)).toBe(12.69); // 13.69 - 1
    expect(usdtReceived(100, 7.2, 1)).toBe(12.88); // 13.88 - 1, no binary noise (12.879999…)
    expect(usdtReceived(1000, 7.3, 5)).toBe(131.98);
  });
  it('a fee of 0 (or missing) leaves the conversion', () => {
    expect(usdtReceived(100, 7.2, 0)).toBe(13.88);
    expect(usdtReceived(100, 7.2, NaN)).toBe(13.88);
  });
  it('never goes below 0: fee equal to or above the conversion, amount 0, rate 0', () => {
    expect(usdtReceived(7.3, 7.3, 1)).toBe(0); // exactly the fee
    expect(usdtReceived(10, 7.3, 5)).toBe(0);
    expect(usdtReceived(0, 7.3, 1)).toBe(0);
    expect(usdtReceived(100, 0, 1)).toBe(0);
  });
});

describe('usdtFee: the fixed fee per protocol', () => {
  const user = { withdrawcashfee: 5, withdrawfeeusdttrc: 1 };
  it('ERC20 uses withdrawcashfee, TRC20 withdrawfeeusdttrc, in any letter case', () => {
    expect(usdtFee('ERC20', user)).toBe(5);
    expect(usdtFee('erc20', user)).toBe(5);
    expect(usdtFee('TRC20', user)).toBe(1);
    expect(usdtFee('trc20', user)).toBe(1);
  });
  it('a missing fee is 0; a fee of 0 stays 0', () => {
    expect(usdtFee('ERC20', {})).toBe(0);
    expect(usdtFee('TRC20', { withdrawcashfee: 5 })).toBe(0);
    expect(usdtFee('ERC20', { withdrawcashfee: 0, withdrawfeeusdttrc: 1 })).toBe(0);
  });
  it('reads fees sent as strings', () => {
    expect(usdtFee('ERC20', { withdrawcashfee: '2.5' as unknown as number })).toBe(2.5);
  });
});

describe('inRange: both bounds inclusive', () => {
  it('accepts the exact bounds and refuses a cent outside', () => {
    expect(inRange(100, 100, 10000)).toBe(true);
    expect(inRange(10000, 100, 10000)).toBe(true);
    expect(inRange(99.99, 100, 10000)).toBe(false);
    expect(inRange(10000.01, 100, 10000)).toBe(false);
    expect(inRange(5000, 100, 10000)).toBe(true);
  });
  it('refuses 0 below a positive minimum and junk', () => {
    expect(inRange(0, 100, 10000)).toBe(false);
    expect(inRange(0, 0, 10)).toBe(true);
    expect(inRange(NaN, 0, 10)).toBe(false);
    expect(inRange(Infinity, 0, Infinity)).toBe(false);
  });
});

describe('vipProgress: paysum / recharge of the entry at the current level, rounded, capped at 100', () => {
  const levels = [{ recharge: 0 }, { recharge: 1000 }, { recharge: 3000 }, { recharge: 10000 }];
  it('divides by the entry at the index equal to the level', () => {
    expect(vipProgress(500, levels, 1)).toBe(50);
    expect(vipProgress(1000, levels, 2)).toBe(33); // 33.33…
    expect(vipProgress(2000, levels, 2)).toBe(67); // 66.66… rounds up
    expect(vipProgress(125, levels, 3)).toBe(1); // 1.25
    expect(vipProgress(50, levels, 3)).toBe(1); // 0.5 rounds to 1
  });
  it('caps at 100 and is exactly 100 at the requirement', () => {
    expect(vipProgress(1000, levels, 1)).toBe(100);
    expect(vipProgress(999999, levels, 1)).toBe(100);
  });
  it('is 0 when either side is 0 or the level has no entry', () => {
    expect(vipProgress(500, levels, 0)).toBe(0); // recharge 0
    expect(vipProgress(0, levels, 2)).toBe(0);
    expect(vipProgress(500, levels, 9)).toBe(0);
    expect(vipProgress(500, [], 0)).toBe(0);
    expect(vipProgress(NaN, levels, 1)).toBe(0);
  });
  it('reads requirements sent as strings', () => {
    expect(vipProgress(250, [{ recharge: '1000' as unknown as number }], 0)).toBe(25);
  });
});

describe('bindings the money screens rely on', () => {
  const scope = {
    const: { depositMinBank: 100, depositMaxBank: 10000 },
    data: { range: { min_price: 0, max_price: 5000 }, cards: [{ id: 7, bank_owner: 'TRC20' }, { id: 9, bank_owner: 'ERC20' }] },
    form: { bank: '9', amount: '' },
  };
  it('or: keeps a value (0 included) and falls back to a config path only when it is missing', () => {
    expect(resolve('{{data.range.max_price | or:const.depositMaxBank}}', scope)).toBe(5000);
    expect(resolve('{{data.range.min_price | or:const.depositMinBank}}', scope)).toBe(0);
    expect(resolve('{{data.nothing.min_price | or:const.depositMinBank}}', scope)).toBe(100);
    expect(resolve('{{form.amount | or:const.depositMinBank}}', scope)).toBe(100);
  });
  it('lookup: the protocol of the chosen card by id, whatever the id type; nothing when none is chosen', () => {
    expect(resolve('{{form.bank | lookup:data.cards,id,bank_owner}}', scope)).toBe('ERC20');
    expect(resolve('{{form.amount | lookup:data.cards,id,bank_owner}}', scope)).toBeUndefined();
    expect(resolve('{{form.bank | lookup:data.missing,id,bank_owner}}', scope)).toBeUndefined();
    expect(resolve('{{data.range.max_price | lookup:data.cards,id,bank_owner}}', scope)).toBeUndefined();
  });
});
