/**
 * Issue 29: engines at the floor before BigInt (Chrome < 67, Safari < 14) load src/engine/money.ts
 * and convert money amounts exactly as a current one does; only amounts whose digits outgrow safe
 * integers fall back to float division there (rounded down to cents, never above the exact result
 * by more than a cent).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

type Money = typeof import('../../src/engine/money');
let noBig: Money;
let withBig: Money;
const LARGE = { amount: 123456789012.34, rate: 7.12345678 };
let largeExact = 0;

beforeAll(async () => {
  withBig = await import('../../src/engine/money');
  largeExact = withBig.toUsdt(LARGE.amount, LARGE.rate);
  vi.resetModules();
  vi.stubGlobal('BigInt', undefined);
  noBig = await import('../../src/engine/money');
});
afterAll(() => vi.unstubAllGlobals());

describe('money without BigInt', () => {
  it('converts the amounts players use exactly as with BigInt', () => {
    for (const [amount, rate, fee] of [[5.21, 6.4321, 1], [100, 7.2, 0], [0.07, 7, 0.005], [50000, 7.12345678, 1.005], [12345.67, 6.9, 2.5]]) {
      expect(noBig.toUsdt(amount, rate)).toBe(withBig.toUsdt(amount, rate));
      expect(noBig.usdtReceived(amount, rate, fee)).toBe(withBig.usdtReceived(amount, rate, fee));
    }
    expect(noBig.toUsdt(5.21, 6.4321)).toBe(0.8);
  });

  it('an amount past safe integers: within a cent of the exact result, no throw', () => {
    expect(largeExact).toBeGreaterThan(0);
    expect(Math.abs(noBig.toUsdt(LARGE.amount, LARGE.rate) - largeExact)).toBeLessThanOrEqual(0.011);
    expect(noBig.toDecimal(1.5)).toBeNull();
  });
});
