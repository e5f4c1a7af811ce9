/**
 * Time helpers. The backend this mock imitates runs on Beijing time (UTC+8): record times are
 * sent as 'YYYY-MM-DD HH:mm:ss' Beijing wall-clock strings and the period filters (date 1/2/3/4)
 * count calendar days in Beijing.
 */
export const DAY_MS = 86_400_000;
const BJ_OFFSET_MS = 8 * 3_600_000;

/** 'YYYY-MM-DD HH:mm:ss' in Beijing time. */
export function formatBJ(ms: number): string {
  return new Date(ms + BJ_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** 'YYYYMMDDHHmmss' in Beijing time, used inside order numbers. */
export function compactBJ(ms: number): string {
  return formatBJ(ms).replace(/[-: ]/g, '');
}

/** The instant of 00:00 Beijing time on the day that contains `ms`. */
export function startOfBJDay(ms: number): number {
  return Math.floor((ms + BJ_OFFSET_MS) / DAY_MS) * DAY_MS - BJ_OFFSET_MS;
}

/** Days covered by each period code of SPEC.md section 9 (1 today, 2 last 7, 3 last 15, 4 last 30). */
const PERIOD_DAYS: Record<number, number> = { 1: 1, 2: 7, 3: 15, 4: 30 };

/** First instant included by a period code; an absent code means the default, 4 (last 30 days). */
export function periodStart(period: number | undefined, now: number): number {
  const days = PERIOD_DAYS[period ?? 4] ?? 30;
  return startOfBJDay(now) - (days - 1) * DAY_MS;
}

/** Whole days between two instants, counted on Beijing calendar days (joinday). */
export function daysBetween(from: number, to: number): number {
  return Math.max(0, Math.round((startOfBJDay(to) - startOfBJDay(from)) / DAY_MS));
}
