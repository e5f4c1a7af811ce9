/**
 * Guessing limits, as a real backend of this kind has them: after `max` wrong passwords for one
 * key (an account, an address, a member's pay password) inside the window, every further try is
 * refused, the right password included, until the window has passed. Tries of one key are checked
 * one after another, so a burst of parallel tries cannot slip past the limit while hashes are compared.
 * The numbers are in fixtures/site.ts (guessLimits).
 */
import { guessLimits } from './fixtures/site';
import { fail, type Reply } from './http';
import { verifyPassword } from './passwords';
import type { Member, MockState } from './state';

export interface GuessRule {
  key: string;
  max: number;
  /** a right password clears this key (an account's count; not an address's) */
  clearOnSuccess?: boolean;
}

export class GuessLimiter {
  private wrong = new Map<string, number[]>();
  /** the tail of the queue of tries per key: tries of one key run one after another */
  private queues = new Map<string, Promise<unknown>>();

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

  /** 'blocked' without calling check() when a key is at its limit; else check()'s answer, a wrong one counted. */
  attempt(rules: readonly GuessRule[], windowMs: number, check: () => Promise<boolean>): Promise<boolean | 'blocked'> {
    const before = rules.map((r) => this.queues.get(r.key));
    const run = Promise.all(before).then(async () => {
      if (rules.some((r) => this.recent(r.key, windowMs).length >= r.max)) return 'blocked' as const;
      const good = await check();
      const stamp = this.now();
      for (const r of rules) {
        if (!good) this.wrong.set(r.key, [...this.recent(r.key, windowMs), stamp]);
        else if (r.clearOnSuccess) this.wrong.delete(r.key);
      }
      return good;
    });
    const tail = run.catch(() => undefined);
    for (const r of rules) this.queues.set(r.key, tail);
    // forget a queue once its last try is done
    void tail.then(() => {
      for (const r of rules) if (this.queues.get(r.key) === tail) this.queues.delete(r.key);
    });
    return run;
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
export function checkPayPassword(state: MockState, me: Member, plain: string): Promise<boolean | 'blocked'> {
  return state.guesses.attempt([{ key: `pay:${me.id}`, max: guessLimits.payPasswordPerMember, clearOnSuccess: true }], guessLimits.windowMs, () =>
    verifyPassword(plain, me.payPasswordHash),
  );
}

/** A login password, under the per-account and per-address limits (unknown names count too). */
export function checkLogin(state: MockState, name: string, address: string, check: () => Promise<boolean>): Promise<boolean | 'blocked'> {
  return state.guesses.attempt(
    [
      { key: `login:${name.toLowerCase()}`, max: guessLimits.loginPerAccount, clearOnSuccess: true },
      { key: `addr:${address}`, max: guessLimits.loginPerAddress },
    ],
    guessLimits.windowMs,
    check,
  );
}
