/** Issue 16: the member's choices and the session clock (src/responsible/store.ts), on stub storages. */
import { beforeEach, describe, expect, it } from 'vitest';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
}
Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });

const store = await import('../../src/responsible/store');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('choices', () => {
  it('default to app.json (every 60 minutes, no limit), and a stored value no longer offered falls back', () => {
    expect(store.readChoices()).toEqual({ reminder: 60, limit: 0 });
    localStorage.setItem(store.CHOICES_KEY, JSON.stringify({ reminder: 50, limit: 2 }));
    expect(store.readChoices()).toEqual({ reminder: 60, limit: 2 });
    localStorage.setItem(store.CHOICES_KEY, '{"reminder":"__proto__","limit":{"constructor":1}}');
    expect(store.readChoices()).toEqual({ reminder: 60, limit: 0 });
    localStorage.setItem(store.CHOICES_KEY, 'not json');
    expect(store.readChoices()).toEqual({ reminder: 60, limit: 0 });
  });
});

describe('the session clock', () => {
  it('belongs to a token: a reload keeps it, another token starts a new one; the token itself is not stored', () => {
    const first = store.ensureClock('token-a', 1_000);
    expect(first).toMatchObject({ start: 1_000, lastAt: 1_000, reminder: 60, limit: 0, warned: false });
    expect(store.ensureClock('token-a', 9_000).start).toBe(1_000);
    expect(store.ensureClock('token-b', 9_000).start).toBe(9_000);
    expect(sessionStorage.getItem(store.SESSION_KEY)).not.toContain('token-b');
  });

  it('applies stricter choices at once and looser ones from the next login', () => {
    store.ensureClock('t', 0);
    expect(store.saveChoices({ reminder: 30, limit: 0 })).toEqual({ reminderNow: true, limitNow: true });
    expect(store.readClock()).toMatchObject({ reminder: 30, limit: 0 });
    expect(store.saveChoices({ reminder: 90, limit: 4 })).toEqual({ reminderNow: false, limitNow: true });
    expect(store.readClock()).toMatchObject({ reminder: 30, limit: 4 });
    expect(store.saveChoices({ reminder: 0, limit: 8 })).toEqual({ reminderNow: false, limitNow: false });
    expect(store.readClock()).toMatchObject({ reminder: 30, limit: 4 });
    expect(store.saveChoices({ reminder: 0, limit: 0 })).toEqual({ reminderNow: false, limitNow: false });
    expect(store.saveChoices({ reminder: 15, limit: 1 })).toEqual({ reminderNow: true, limitNow: true });
    expect(store.readClock()).toMatchObject({ reminder: 15, limit: 1 });
    // the next login plays with what was chosen
    store.saveChoices({ reminder: 120, limit: 0 });
    expect(store.ensureClock('next-login', 5)).toMatchObject({ start: 5, reminder: 120, limit: 0 });
  });

  it('a lowered limit shows its warning again', () => {
    store.ensureClock('t', 0);
    store.saveChoices({ reminder: 60, limit: 4 });
    store.writeClock({ ...store.readClock()!, warned: true });
    store.saveChoices({ reminder: 60, limit: 2 });
    expect(store.readClock()).toMatchObject({ limit: 2, warned: false });
  });

  it('fills {{places}} and leaves unknown ones', () => {
    expect(store.fill('每 {{n}} 分钟 {{x}}', { n: 15 })).toBe('每 15 分钟 {{x}}');
  });
});
