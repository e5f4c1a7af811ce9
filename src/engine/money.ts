/**
 * The money arithmetic of SPEC.md sections 4, 5 and 9, in one small tested module.
 * Amounts are rounded toward zero at 2 decimals: a player is never shown more than there is.
 */

/** Round toward zero at 2 decimals, immune to binary noise (1.005 * 100 = 100.49999…). */
export function floor2(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const cents = Math.trunc(Math.round(n * 1e6) / 1e4);
  return cents / 100 + 0; // + 0 turns -0 into 0
}

/** USDT equivalent of an amount at a rate: amount / rate, rounded down to 2 decimals; 0 when the rate is 0 or missing. */
export function toUsdt(amount: number, rate: number): number {
  if (!Number.isFinite(amount) || !Number.isFinite(rate) || rate <= 0 || amount <= 0) return 0;
  return floor2(amount / rate);
}

/** USDT actually received on a withdrawal: converted amount minus the protocol's fixed fee, never below 0. */
export function usdtReceived(amount: number, rate: number, fee: number): number {
  const converted = toUsdt(amount, rate);
  if (converted <= 0) return 0;
  return Math.max(0, floor2(converted - (Number.isFinite(fee) ? fee : 0)));
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
