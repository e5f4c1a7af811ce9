/**
 * How money is shown (bindings' `money` filter, on every screen's first paint) and its rounding.
 * Apart from the arithmetic of src/engine/money.ts (USDT, fees, VIP progress), which only the
 * screens where amounts are entered load: a visitor's first screen does not carry it.
 */

/** Round toward zero at 2 decimals, immune to binary noise (1.005 * 100 = 100.49999…). */
export function floor2(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const cents = Math.trunc(Math.round(n * 1e6) / 1e4);
  return cents / 100 + 0; // + 0 turns -0 into 0
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
 * amounts from `shortFrom` up in the words of messages moneyFmt.wan or moneyFmt.yi with two decimals, also rounded toward zero, so a
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
