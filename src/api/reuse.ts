/**
 * The one policy for answering a request with another's reply instead of sending it again.
 *
 * A request is what goes on the wire: its method, URL, body and token (`requestKey`). Two requests
 * with the same key are the same read, and share one reply:
 *   - while one is in flight (the client's shared reads: a screen's data, a poll, the session);
 *   - once, within REUSE_TTL_MS of its start, when it was started ahead of the one who needs it (the
 *     reads the page starts before the app runs, src/api/early.ts; a screen's first data started with
 *     its config; the member's read at the app's start), so a reply that arrives before its reader
 *     asks is not asked for again.
 * A command (a money call with its Idempotency-Key, an upload) is never shared. `Held` is the store
 * both use: a value under a key, taken once or read while it lasts, forgotten after the lifetime.
 */

/** how long a read started ahead waits for the one who needs it */
export const REUSE_TTL_MS = 10000;

/** What makes two requests the same read (src/api/request.ts builds them); undefined for a body that is not text (an upload). */
export function requestKey(method: string, url: string, body: unknown, token: string | null | undefined): string | undefined {
  if (body != null && typeof body !== 'string') return undefined;
  return JSON.stringify([method, url, body ?? null, token ?? null]);
}

/** Values held under request keys, each for `ttlMs` after it was put (no ttl: until it is dropped). */
export class Held<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();
  constructor(private readonly ttlMs?: number) {}

  /** holds `value` under `key` unless one is held there already; whether it did */
  hold(key: string, value: T): boolean {
    if (this.peek(key) !== undefined) return false;
    this.entries.set(key, { at: Date.now(), value });
    return true;
  }

  /** the value held under `key`, left in place; undefined when none or stale */
  peek(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (this.ttlMs !== undefined && Date.now() - hit.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /** the value held under `key`, taken away (once) */
  take(key: string): T | undefined {
    const value = this.peek(key);
    this.entries.delete(key);
    return value;
  }

  /** forgets what is held under `key` (only `value`, when given) */
  drop(key: string, value?: T): void {
    if (value === undefined || this.entries.get(key)?.value === value) this.entries.delete(key);
  }

  /** forgets everything held */
  clear(): void {
    this.entries.clear();
  }
}
