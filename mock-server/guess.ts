/**
 * Guessing limits, as a real backend of this kind has them: after `max` wrong passwords for one
 * key (an account, an address, a member's pay password) inside the window, every further try is
 * refused, the right password included, until the window has passed. No more tries of one key are
 * checked at once than it has wrong ones left, so a parallel burst cannot slip past the limit while
 * hashes are compared.
 * The numbers are in fixtures/site.ts (guessLimits).
 */
import { guessLimits } from './fixtures/site';
import { fail, type Reply } from './reply.ts';
import { verifyPassword } from './passwords';
import type { Member } from './records.ts';

export interface GuessRule {
  key: string;
  max: number;
  /** a right password clears this key (an account's count; not an address's) */
  clearOnSuccess?: boolean;
}

export class GuessLimiter {
  private wrong = new Map<string, number[]>();
  /** tries of a key being checked right now */
  private pending = new Map<string, number>();
  /** tries waiting for one in flight to finish */
  private waiting: (() => void)[] = [];

  constructor(private readonly now: () => number) {}

  clear(): void {
    this.wrong.clear();
  }

  private recent(key: string, windowMs: number): number[] {
    const from = this.now() - windowMs;
    const list = (this.wrong.get(key) ?? []).filter((t) => t > from);
    if (list.length) this.wrong.set(key, list);
    else this.wrong.delete(key);
    return list;
  }

  /**
   * 'blocked' without calling check() when a key is at its limit; else check()'s answer, a wrong one
   * counted. No more tries of a key are checked at once than it has wrong ones left, so a parallel
   * burst gets no more answers than the limit, while right passwords still run side by side.
   */
  async attempt(rules: readonly GuessRule[], windowMs: number, check: () => Promise<boolean>): Promise<boolean | 'blocked'> {
    for (;;) {
      if (rules.some((r) => this.recent(r.key, windowMs).length >= r.max)) return 'blocked';
      if (rules.every((r) => this.recent(r.key, windowMs).length + (this.pending.get(r.key) ?? 0) < r.max)) break;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    for (const r of rules) this.pending.set(r.key, (this.pending.get(r.key) ?? 0) + 1);
    let good = false;
    try {
      good = await check();
    } finally {
      const stamp = this.now();
      for (const r of rules) {
        const left = (this.pending.get(r.key) ?? 1) - 1;
        if (left > 0) this.pending.set(r.key, left);
        else this.pending.delete(r.key);
        if (!good) this.wrong.set(r.key, [...this.recent(r.key, windowMs), stamp]);
        else if (r.clearOnSuccess) this.wrong.delete(r.key);
      }
      const woken = this.waiting;
      this.waiting = [];
      for (const wake of woken) wake();
    }
    return good;
  }
}

/** "15分钟" for a window in ms. */
export function windowText(ms: number): string {
  return ms >= 3_600_000 && ms % 3_600_000 === 0 ? `${ms / 3_600_000}小时` : `${Math.max(1, Math.ceil(ms / 60_000))}分钟`;
}

/** The reply when a limit is reached: a clear message, a non-200 code. */
export const tooManyLogins = (): Reply<never> => fail(429, `密码错误次数过多，请${windowText(guessLimits.windowMs)}后再试`);
export const tooManyPayPasswords = (): Reply<never> => fail(429, `支付密码错误次数过多，请${windowText(guessLimits.windowMs)}后再试`);

/** A member's pay password, under the per-member limit: true, false (wrong) or 'blocked'. */
export function checkPayPassword(state: { guesses: GuessLimiter }, me: Member, plain: string): Promise<boolean | 'blocked'> {
  return state.guesses.attempt([{ key: `pay:${me.id}`, max: guessLimits.payPasswordPerMember, clearOnSuccess: true }], guessLimits.windowMs, () =>
    verifyPassword(plain, me.payPasswordHash),
  );
}

/**
 * A member's login password asked again (the old one of a password change), under login's own
 * per-account limit: a stolen session cannot guess the password there more often than at login,
 * and the wrong tries of both count together.
 */
export function checkLoginPassword(state: { guesses: GuessLimiter }, me: Member, plain: string): Promise<boolean | 'blocked'> {
  return state.guesses.attempt([{ key: loginKey(me.username), max: guessLimits.loginPerAccount, clearOnSuccess: true }], guessLimits.windowMs, () =>
    verifyPassword(plain, me.passwordHash),
  );
}

/** one account's count, whatever the letter case of the name it was typed with */
const loginKey = (name: string) => `login:${name.toLowerCase()}`;

/** A login password, under the per-account and per-address limits (unknown names count too). */
export function checkLogin(state: { guesses: GuessLimiter }, name: string, address: string, check: () => Promise<boolean>): Promise<boolean | 'blocked'> {
  return state.guesses.attempt(
    [
      { key: loginKey(name), max: guessLimits.loginPerAccount, clearOnSuccess: true },
      { key: `addr:${address}`, max: guessLimits.loginPerAddress },
    ],
    guessLimits.windowMs,
    check,
  );
}
