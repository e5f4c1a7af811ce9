/**
 * Responsible play: the member's choices and the session clock, all on the device.
 *
 * - choices (localStorage, `responsible.choices`): reminder interval in minutes (0 off) and session
 *   limit in hours (0 none). No personal data; kept across logouts (clearSession keeps DEVICE_KEYS).
 * - the session (sessionStorage, `responsible.session`): when this login's clock started, the
 *   interval and limit in force for it, when the last reminder was dismissed, whether the limit
 *   warning was shown. It survives reloads within the browser session; logout empties
 *   sessionStorage, and a new login starts it afresh.
 *
 * A stricter choice (shorter interval, reminder turned on, lower limit) takes effect at once; a
 * looser one (longer interval, reminder off, higher or no limit) from the next login.
 */
import { appConfig, constants } from '../config';
import type { Constants } from '../config/types';

export type ResponsibleConfig = NonNullable<Constants['responsible']>;

export const config: ResponsibleConfig | undefined = constants.responsible;
/** the feature switch (app.json features.responsiblePlay; absent = on) */
export const enabled = appConfig.features?.responsiblePlay !== false && !!config;

import { CHOICES_KEY, SESSION_KEY } from './keys';

export { CHOICES_KEY, DEVICE_KEYS, SESSION_KEY, SIGNED_OUT_KEY } from './keys';

export interface Choices {
  /** minutes, 0 = off */
  reminder: number;
  /** hours, 0 = none */
  limit: number;
}

export interface SessionClock extends Choices {
  /** a fingerprint of the token the clock belongs to (not the token) */
  owner: string;
  /** ms, wall clock */
  start: number;
  /** ms: the start, or when the @responsible.continue button was last pressed; the next reminder is one interval after */
  lastAt: number;
  /** the limit warning has been shown */
  warned: boolean;
}

function read<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
function write(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the clock runs from memory for this page */
  }
}

const valid = (n: unknown, list: readonly number[]): n is number => typeof n === 'number' && (n === 0 || list.includes(n));

/** The member's choices, or the defaults of app.json; a stored value no longer offered falls back to the default. */
export function readChoices(): Choices {
  const c = config;
  if (!c) return { reminder: 0, limit: 0 };
  const stored = read<Partial<Choices>>(localStorage, CHOICES_KEY);
  const reminder = stored?.reminder;
  const limit = stored?.limit;
  return {
    reminder: valid(reminder, c.reminderMinutes) ? reminder : c.defaultReminderMinutes,
    limit: valid(limit, c.limitHours) ? limit : c.defaultLimitHours,
  };
}

/** a stricter interval: on (from off) or shorter */
export const stricterReminder = (next: number, now: number): boolean => next !== 0 && (now === 0 || next < now);
/** a stricter limit: set (from none) or lower */
export const stricterLimit = (next: number, now: number): boolean => next !== 0 && (now === 0 || next < now);

/** FNV-1a of the token: tells this login's clock from the last one's without storing the token again */
export function fingerprint(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

export function readClock(): SessionClock | null {
  return read<SessionClock>(sessionStorage, SESSION_KEY);
}
export function writeClock(clock: SessionClock): void {
  write(sessionStorage, SESSION_KEY, clock);
  for (const fn of [...clockListeners]) fn();
}

const clockListeners = new Set<() => void>();
/** the clock was changed (a choice applied at once, a new login) */
export function onClockChange(fn: () => void): () => void {
  clockListeners.add(fn);
  return () => clockListeners.delete(fn);
}

/**
 * The clock of this token: the stored one when it belongs to it (a reload), else a new one
 * started now with the member's current choices (a login, or the first load with a stored token).
 */
export function ensureClock(token: string, now = Date.now()): SessionClock {
  const owner = fingerprint(token);
  const stored = readClock();
  if (stored && stored.owner === owner && typeof stored.start === 'number') return stored;
  const clock: SessionClock = { owner, start: now, lastAt: now, warned: false, ...readChoices() };
  writeClock(clock);
  return clock;
}

/**
 * Save the member's choices; apply the stricter ones to the running clock at once.
 * Returns which took effect now.
 */
export function saveChoices(next: Choices): { reminderNow: boolean; limitNow: boolean } {
  write(localStorage, CHOICES_KEY, next);
  const clock = readClock();
  if (!clock) return { reminderNow: true, limitNow: true };
  const reminderNow = next.reminder === clock.reminder || stricterReminder(next.reminder, clock.reminder);
  const limitNow = next.limit === clock.limit || stricterLimit(next.limit, clock.limit);
  if ((reminderNow && next.reminder !== clock.reminder) || (limitNow && next.limit !== clock.limit)) {
    writeClock({
      ...clock,
      reminder: reminderNow ? next.reminder : clock.reminder,
      limit: limitNow ? next.limit : clock.limit,
      warned: limitNow && next.limit !== clock.limit ? false : clock.warned,
    });
  }
  return { reminderNow, limitNow };
}

/** Fill a message's {{name}} places. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, k: string) => (k in values ? String(values[k]) : all));
}
