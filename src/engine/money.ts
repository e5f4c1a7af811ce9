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

/** How money is written (app.json constants moneyGroupFrom / moneyShortFrom, messages moneyFmt.wan / moneyFmt.yi). */
export interface MoneyFormat {
  groupFrom: number;
  shortFrom: number;
  wan: string;
  yi: string;
}

const WAN = 1e4;
const YI = 1e8;

/** Thousands separators in the integer part of a fixed-2 figure: 12345678.90 -> 12,345,678.90. */
function group(fixed: string): string {
  const [int, dec] = fixed.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${dec === undefined ? '' : `.${dec}`}`;
}

/**
 * The one way money is shown (docs/ENGINE.md, "Money on screen"): two decimals, rounded toward
 * zero; from `groupFrom` up the thousands are separated. `short` (where space is short) writes
 * amounts from `shortFrom` up in 万 or 亿 with two decimals, also rounded toward zero, so a
 * shortened figure is never more than the exact one.
 */
export function formatMoney(n: number, fmt: MoneyFormat, short = false): string {
  const v = floor2(n);
  const abs = Math.abs(v);
  if (short && abs >= fmt.shortFrom) {
    const [unit, word] = abs >= YI ? [YI, fmt.yi] : [WAN, fmt.wan];
    return `${group(floor2(v / unit).toFixed(2))}${word}`;
  }
  return abs >= fmt.groupFrom ? group(v.toFixed(2)) : v.toFixed(2);
}
