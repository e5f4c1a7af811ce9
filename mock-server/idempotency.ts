/**
 * Safe money retries: the reply of each Idempotency-Key, kept per member for a while
 * (fixtures/site.ts idempotency). A repeat of a key (the browser resending a request whose
 * connection dropped, a client retrying) gets the first reply and moves no money; a repeat that
 * arrives while the first is still running waits for it. The same key on another call or with
 * another payload is refused.
 */
import { idempotency } from './fixtures/site';
import { fail, type Reply } from './reply.ts';

/** What a client may send: 1 to 128 characters, letters, digits and - _ . : */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,128}$/;

interface Entry {
  fingerprint: string;
  at: number;
  reply: Promise<Reply<unknown>>;
}

export class IdempotencyStore {
  private entries = new Map<string, Entry>();
  /** how many repeats were answered from the store (shown by /__mock/state) */
  replays = 0;

  constructor(private readonly now: () => number) {}

  clear(): void {
    this.entries.clear();
    this.replays = 0;
  }

  private prune(): void {
    const from = this.now() - idempotency.ttlMs;
    for (const [k, e] of this.entries) if (e.at < from) this.entries.delete(k);
    while (this.entries.size > idempotency.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** run() once per member and key; a repeat gets the same reply. */
  async once(memberId: number, key: string, fingerprint: string, run: () => Promise<Reply<unknown>>): Promise<Reply<unknown>> {
    this.prune();
    const id = `${memberId}\u0000${key}`;
    const seen = this.entries.get(id);
    if (seen) {
      if (seen.fingerprint !== fingerprint) return fail(422, '参数错误：同一个 Idempotency-Key 不能用于不同的请求');
      this.replays += 1;
      return seen.reply;
    }
    const reply = run();
    this.entries.set(id, { fingerprint, at: this.now(), reply });
    // a request that threw is not remembered: it may be tried again
    reply.catch(() => this.entries.delete(id));
    return reply;
  }
}
