/**
 * The money arithmetic of SPEC.md sections 4, 5 and 9, in one small tested module.
 * Amounts are rounded toward zero at 2 decimals: a player is never shown more than there is.
 */

export { floor2 } from './money-format';

/*
 * BigInt: the exact slow path for amounts whose digits outgrow safe integers. Engines at the floor
 * (package.json browserslist) before it (Chrome < 67, Safari < 14) have no BigInt, and a BigInt
 * literal (`10n`) would not even parse there: BigInt is only called, and only where it exists;
 * there the slow path falls back to float division (a cent off at worst, on such amounts only).
 */
// eslint-disable-next-line compat/compat -- only called where it exists (hasBigInt)
const big = (n: number | string): bigint => BigInt(n);
const hasBigInt = typeof BigInt === 'function';

/** 10^n as a BigInt (n >= 0), cached: the decimal scales below are small. */
const pow10Cache: bigint[] = [];
function pow10(n: number): bigint {
  return (pow10Cache[n] ??= big(10) ** big(n));
}

/**
 * A finite number as the exact fraction `digits / 10^scale` of its shortest decimal form (what
 * the server sent and the player typed: 6.4321 is 64321 / 10^4, not the binary double
 * 6.43209999…). null for NaN and the infinities, and on an engine without BigInt.
 */
export function toDecimal(n: number): { digits: bigint; scale: number } | null {
  if (!Number.isFinite(n) || !hasBigInt) return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(n));
  if (!m) return null;
  const frac = m[3] ?? '';
  let digits = big(m[2] + frac);
  let scale = frac.length - Number(m[4] ?? 0);
  if (scale < 0) {
    digits *= pow10(-scale);
    scale = 0;
  }
  return { digits: m[1] ? -digits : digits, scale };
}

/**
 * A finite number as `digits / 10^scale` with safe-integer digits and the smallest scale (up to
 * 12) whose fraction is exactly this number: the fast path of toDecimal for money values.
 */
function smallDecimal(n: number): { digits: number; scale: number } | null {
  let p = 1;
  for (let scale = 0; scale <= 12; scale++, p *= 10) {
    const digits = Math.round(n * p);
    if (!Number.isSafeInteger(digits)) return null;
    if (digits / p === n) return { digits, scale };
  }
  return null;
}

/** floor(num / den) for non-negative safe integers whose sum is safe, exact despite the float division. */
function floorDiv(num: number, den: number): number {
  let q = Math.floor(num / den);
  if (q * den > num) q -= 1;
  else if ((q + 1) * den <= num) q += 1;
  return q;
}

const SAFE = Number.MAX_SAFE_INTEGER;

/** amount / rate in whole cents, rounded down, computed on integers only; null when not convertible. */
function usdtCents(amount: number, rate: number): number | null {
  if (!(amount > 0) || !(rate > 0) || !Number.isFinite(amount) || !Number.isFinite(rate)) return null;
  // (A / 10^a) / (R / 10^r) * 100 = A * 10^r * 100 / (R * 10^a)
  const a = smallDecimal(amount);
  const r = smallDecimal(rate);
  if (a && r) {
    const num = a.digits * 10 ** (r.scale + 2);
    const den = r.digits * 10 ** a.scale;
    if (num + den <= SAFE) return floorDiv(num, den);
  }
  if (!hasBigInt) return Math.floor((amount / rate) * 100);
  const A = toDecimal(amount);
  const R = toDecimal(rate);
  if (!A || !R) return null;
  return Number((A.digits * pow10(R.scale + 2)) / (R.digits * pow10(A.scale))); // BigInt division truncates; both positive
}

/**
 * USDT equivalent of an amount at a rate: amount / rate, rounded down to 2 decimals; 0 when the
 * rate is 0 or missing. Exact: 5.21 / 6.4321 = 0.80999… shows 0.80, never 0.81.
 */
export function toUsdt(amount: number, rate: number): number {
  const cents = usdtCents(amount, rate);
  return cents === null ? 0 : Number(cents) / 100;
}

/**
 * USDT actually received on a withdrawal: the converted amount (rounded down to cents) minus the
 * protocol's fixed fee, rounded down to cents, never below 0. Integer arithmetic throughout.
 */
export function usdtReceived(amount: number, rate: number, fee: number): number {
  const cents = usdtCents(amount, rate);
  if (cents === null || cents <= 0) return 0;
  if (!Number.isFinite(fee) || fee === 0) return cents / 100;
  // cents / 100 - F / 10^f, in units of 10^-(f + 2), then cut to cents (only positive results count)
  const f = smallDecimal(fee);
  if (f) {
    const scaled = cents * 10 ** f.scale;
    const owed = f.digits * 100;
    if (scaled <= SAFE && owed >= 0 && owed <= SAFE) {
      const left = scaled - owed;
      return left <= 0 ? 0 : floorDiv(left, 10 ** f.scale) / 100;
    }
  }
  if (!hasBigInt) return Math.max(0, Math.floor(cents - fee * 100)) / 100;
  const F = toDecimal(fee) ?? { digits: big(0), scale: 0 };
  const left = big(cents) * pow10(F.scale) - F.digits * big(100);
  return left <= big(0) ? 0 : Number(left / pow10(F.scale)) / 100;
}

/** The fixed fee of a USDT protocol: ERC20 uses withdrawcashfee, TRC20 withdrawfeeusdttrc. */
export function usdtFee(protocol: string, user: { withdrawcashfee?: number; withdrawfeeusdttrc?: number }): number {
  const fee = protocol.toUpperCase() === 'ERC20' ? user.withdrawcashfee : user.withdrawfeeusdttrc;
  return Number(fee) || 0;
}

/** An amount within [min, max], both inclusive. */
export function inRange(amount: number, min: number, max: number): boolean {
  return Number.isFinite(amount) && amount >= min && amount <= max;
}

/**
 * VIP progress: paysum divided by the recharge requirement of the entry at the index equal to
 * the current level, as a percentage, rounded, capped at 100; 0 when either is 0.
 */
export function vipProgress(paysum: number, levels: { recharge: number }[], level: number): number {
  const need = Number(levels[level]?.recharge) || 0;
  const paid = Number(paysum) || 0;
  if (need <= 0 || paid <= 0) return 0;
  return Math.min(100, Math.round((paid / need) * 100));
}

/** how money is shown: src/engine/money-format.ts (on every first screen; the arithmetic above only where amounts are entered) */
export { formatMoney, type MoneyFormat } from './money-format';
