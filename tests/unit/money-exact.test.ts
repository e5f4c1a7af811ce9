/**
 * USDT amounts are exact (issue 13, point 9): toUsdt and usdtReceived against exact rational
 * arithmetic on BigInt, over every cent amount from 0.01 to 50,000.00 at several rates.
 */
import { describe, expect, it } from 'vitest';
import { toUsdt, usdtReceived } from '../../src/engine/money';

/** A decimal literal as an exact fraction digits / 10^scale. */
function frac(literal: string): { n: bigint; d: bigint } {
  const [int, dec = ''] = literal.split('.');
  return { n: BigInt(int + dec), d: 10n ** BigInt(dec.length) };
}

const MAX_CENTS = 5_000_000; // 50,000.00
/** rates as the server may send them, each with the fee of one protocol */
const CASES = [
  { rate: '6.4321', fee: '1' },
  { rate: '7.2', fee: '5' },
  { rate: '7.3', fee: '2.5' },
  { rate: '6.9999', fee: '0.37' },
  { rate: '7.12345678', fee: '1.005' },
] as const;

describe('USDT conversion is exact at every cent amount', () => {
  it('toUsdt(5.21, 6.4321) is 0.80: 5.21 / 6.4321 = 0.8099998…', () => {
    expect(toUsdt(5.21, 6.4321)).toBe(0.8);
    expect(usdtReceived(5.21, 6.4321, 0.5)).toBe(0.3);
  });

  for (const { rate, fee } of CASES) {
    it(`every amount 0.01 … 50,000.00 at rate ${rate}, fee ${fee}`, () => {
      const r = frac(rate);
      const f = frac(fee);
      const rateNum = Number(rate);
      const feeNum = Number(fee);
      const wrongUsdt: string[] = [];
      const wrongReceived: string[] = [];
      // usdt cents = floor(k / 100 / (n / d) * 100) = floor(k * d / n)
      for (let k = 1; k <= MAX_CENTS; k++) {
        const amount = k / 100;
        const kb = BigInt(k);
        const cents = (kb * r.d) / r.n;
        const expected = Number(cents) / 100;
        if (toUsdt(amount, rateNum) !== expected) wrongUsdt.push(`${amount}: ${toUsdt(amount, rateNum)} != ${expected}`);
        // received = floor((cents / 100 - fn / fd) * 100) = floor((cents * fd - fn * 100) / fd), at least 0
        const left = cents * f.d - f.n * 100n;
        const received = left <= 0n ? 0 : Number(left / f.d) / 100;
        const got = usdtReceived(amount, rateNum, feeNum);
        if (got !== received) wrongReceived.push(`${amount}: ${got} != ${received}`);
        if (wrongUsdt.length + wrongReceived.length > 5) break;
      }
      expect(wrongUsdt).toEqual([]);
      expect(wrongReceived).toEqual([]);
    }, 120_000);
  }
});
