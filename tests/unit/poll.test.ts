/**
 * Issue 21: the poll scheduler (src/engine/poll.ts) and shared reads (callShared, src/api/client.ts).
 * Time is vitest's fake clock; the page's visibility and the network are stand-ins on globalThis
 * (document, window, navigator) with the events the browser sends.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, callShared, configureClient } from '../../src/api/client';
import { constants } from '../../src/config';
import { nextDelay, startPoll, type Outcome } from '../../src/engine/poll';

const backoff = { factor: 2, maxMs: 60000, jitter: 0.2 };

let page: EventTarget & { visibilityState: string };
let net: EventTarget;
let device: { onLine: boolean };
const setVisibility = (v: 'visible' | 'hidden') => {
  page.visibilityState = v;
  page.dispatchEvent(new Event('visibilitychange'));
};
const setOnline = (on: boolean) => {
  device.onLine = on;
  net.dispatchEvent(new Event(on ? 'online' : 'offline'));
};

beforeEach(() => {
  vi.useFakeTimers();
  page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  net = new EventTarget();
  device = { onLine: true };
  vi.stubGlobal('document', page);
  vi.stubGlobal('window', net);
  vi.stubGlobal('navigator', device);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A poll whose runs are recorded (start time, and how many are out at once); each run answers `answer()` after `takesMs`. */
function recorded(every: number, answer: () => Outcome = () => 'ok', takesMs = 0) {
  const t0 = Date.now();
  const starts: number[] = [];
  let out = 0;
  let maxOut = 0;
  const stop = startPoll({
    every,
    backoff,
    run: async () => {
      starts.push(Date.now() - t0);
      maxOut = Math.max(maxOut, ++out);
      if (takesMs) await new Promise((r) => setTimeout(r, takesMs));
      out -= 1;
      return answer();
    },
  });
  return { starts, stop, maxOut: () => maxOut, gaps: () => starts.slice(1).map((s, i) => s - starts[i]) };
}

describe('the backoff', () => {
  it('doubles from the interval up to the cap; jitter only shortens a wait, by at most its fraction', () => {
    const seq = (random: number) => [0, 1, 2, 3, 4, 5, 6, 7].map((n) => nextDelay(1500, n, backoff, random));
    expect(seq(0)).toEqual([1500, 3000, 6000, 12000, 24000, 48000, 60000, 60000]);
    expect(seq(0.5)).toEqual([1500, 2700, 5400, 10800, 21600, 43200, 54000, 54000]);
    for (const random of [0, 0.25, 0.5, 0.75, 0.999999]) {
      for (const n of [1, 2, 3, 4, 5, 6, 7, 30]) {
        const d = nextDelay(1500, n, backoff, random);
        const base = Math.min(60000, 1500 * 2 ** n);
        expect(d).toBeLessThanOrEqual(base);
        expect(d).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
      }
    }
  });

  it('app.json ships factor 2, a 60 s cap and 20 % jitter', () => {
    expect(constants.pollBackoff).toEqual(backoff);
  });

  it('a 1.5 s poll of a backend down for 60 s asks at most 6 times, whatever the jitter draws; the first success restores the interval', async () => {
    for (const random of [0, 0.5, 0.999999]) {
      vi.spyOn(Math, 'random').mockReturnValue(random);
      let down = true;
      const p = recorded(1500, () => (down ? 'failed' : 'ok'));
      await vi.advanceTimersByTimeAsync(60000 + 1500);
      const inOutage = p.starts.filter((s) => s >= 1500 && s < 1500 + 60000);
      expect(inOutage.length).toBeLessThanOrEqual(6);
      expect(p.gaps()[0]).toBe(Math.round(3000 * (1 - 0.2 * random)));
      down = false;
      // back within the cap, then every 1.5 s again
      const before = p.starts.length;
      await vi.advanceTimersByTimeAsync(60000);
      const after = p.starts.slice(before);
      expect(after.length).toBeGreaterThan(2);
      expect(after.slice(1).map((s, i) => s - after[i]).slice(1)).toEqual(Array(after.length - 2).fill(1500));
      p.stop();
      vi.restoreAllMocks();
    }
  });
});

describe('the scheduler', () => {
  it('times the next run from the end of the last: an 8 s reply never has a second run out', async () => {
    const p = recorded(1500, () => 'ok', 8000);
    await vi.advanceTimersByTimeAsync(40000);
    expect(p.maxOut()).toBe(1);
    expect(p.gaps()).toEqual(Array(p.gaps().length).fill(9500));
    expect(p.starts).toEqual([1500, 11000, 20500, 30000, 39500]);
    p.stop();
  });

  it('a first load under way: the first run comes one interval after it ends', async () => {
    const starts: number[] = [];
    let first!: (o: Outcome) => void;
    const stop = startPoll({ every: 1000, backoff, first: new Promise((r) => (first = r)), run: async () => (starts.push(Date.now()), 'ok') });
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(5000);
    expect(starts).toEqual([]);
    first('ok');
    await vi.advanceTimersByTimeAsync(2500);
    expect(starts.map((s) => s - t0)).toEqual([6000, 7000]);
    stop();
  });

  it('pauses while the page is hidden; visible again: runs at once, then keeps its interval', async () => {
    const p = recorded(4300);
    await vi.advanceTimersByTimeAsync(4300);
    expect(p.starts).toEqual([4300]);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(30000);
    expect(p.starts).toEqual([4300]);
    setVisibility('visible');
    expect(p.starts).toEqual([4300, 34300]);
    await vi.advanceTimersByTimeAsync(4300);
    expect(p.starts).toEqual([4300, 34300, 38600]);
    p.stop();
  });

  it('hidden for less than an interval: nothing extra runs', async () => {
    const p = recorded(4300);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(2000);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(2300);
    expect(p.starts).toEqual([4300]);
    p.stop();
  });

  it('pauses while offline; online again: runs at once (still waits while hidden)', async () => {
    const p = recorded(1500);
    setOnline(false);
    await vi.advanceTimersByTimeAsync(30000);
    expect(p.starts).toEqual([]);
    setVisibility('hidden');
    setOnline(true);
    expect(p.starts).toEqual([]);
    setVisibility('visible');
    expect(p.starts).toEqual([30000]);
    p.stop();
  });

  it('backing off: becoming visible or online again retries at once', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const p = recorded(1500, () => 'failed');
    await vi.advanceTimersByTimeAsync(1500 + 3000 + 6000);
    expect(p.starts).toEqual([1500, 4500, 10500]);
    setVisibility('hidden');
    setVisibility('visible');
    expect(p.starts).toEqual([1500, 4500, 10500, 10500]);
    await vi.advanceTimersByTimeAsync(0); // its reply
    setOnline(false);
    setOnline(true);
    expect(p.starts.length).toBe(5);
    p.stop();
  });

  it('stops: by stop() (the screen left) and when a run says so (signed out)', async () => {
    const p = recorded(1000);
    await vi.advanceTimersByTimeAsync(2000);
    p.stop();
    await vi.advanceTimersByTimeAsync(10000);
    setVisibility('hidden');
    setVisibility('visible');
    expect(p.starts).toEqual([1000, 2000]);

    let runs = 0;
    startPoll({ every: 1000, backoff, run: async () => (++runs === 2 ? 'stop' : 'ok') });
    await vi.advanceTimersByTimeAsync(10000);
    expect(runs).toBe(2);
  });
});

describe('shared reads (callShared)', () => {
  let sent: string[];
  let events: string[];
  let answer: (status?: number, body?: unknown) => void;
  const pending: ((r: Response) => void)[] = [];

  beforeEach(() => {
    sent = [];
    events = [];
    pending.length = 0;
    answer = (status = 200, body = { code: 200, message: '', data: { balance: 12.5 } }) => {
      for (const r of pending.splice(0)) r(new Response(JSON.stringify(body), { status }));
    };
    configureClient({
      baseUrl: 'http://api.test',
      timeoutMs: 30000,
      getToken: () => 'tok',
      isOffline: () => false,
      onError: (m, c) => events.push(`error:${c}:${m}`),
      onAuthFailure: (silent) => events.push(`auth:${silent ? 'silent' : 'dialog'}`),
      fetch: (async (url: string | URL | Request, init?: RequestInit) => {
        sent.push(`${String(url)} ${String(init?.body ?? '')}`);
        return new Promise<Response>((r) => pending.push(r));
      }) as typeof fetch,
    });
  });

  it('the same call with the same payload at the same moment is one request; another payload is another', async () => {
    const a = callShared('balancelist');
    const b = callShared('balancelist', {}, { quiet: true });
    const c = callShared('getcard', { type: 1 });
    const d = callShared('getcard', { type: 2 });
    expect(sent.length).toBe(3);
    answer();
    const [ra, rb] = await Promise.all([a, b, c, d]);
    expect(ra).toBe(rb);
    // once answered, the next read is a new request
    void callShared('balancelist');
    expect(sent.length).toBe(4);
  });

  it('a read asked for after a command has ended does not join one sent before it', async () => {
    void callShared('balance');
    const transfer = call('transfer', { amount: 1 });
    answer();
    await transfer;
    void callShared('balance');
    expect(sent.filter((s) => s.includes('/api/balance')).length).toBe(2);
  });

  it('toasts a failure once unless every sharer is quiet; a 503 is transient', async () => {
    const quiet = callShared('balancelist', {}, { quiet: true });
    const loud = callShared('balancelist');
    answer(503, { code: 503, message: '服务暂不可用', data: null });
    expect(await quiet).toMatchObject({ ok: false, code: 503, transient: true });
    await loud;
    expect(events).toEqual(['error:503:服务暂不可用']);
    events.length = 0;
    const p = callShared('balancelist', {}, { quiet: true });
    answer(200, { code: 422, message: '参数错误', data: null });
    expect(await p).not.toHaveProperty('transient');
    expect(events).toEqual([]);
  });

  it('a read started ahead (a screen\'s first data) answers its reader once, after its reply came too; started twice it is one request', async () => {
    void callShared('getcard', { type: 1 }, { quiet: true, ahead: true });
    void callShared('getcard', { type: 1 }, { quiet: true, ahead: true });
    expect(sent.length).toBe(1);
    answer(200, { code: 200, message: '', data: [{ id: 7 }] });
    await vi.advanceTimersByTimeAsync(0);
    // the screen asks after the reply has come: the same reply, no second request
    expect(await callShared('getcard', { type: 1 })).toMatchObject({ ok: true, data: [{ id: 7 }] });
    expect(sent.length).toBe(1);
    // taken once: the next read is a request of its own
    void callShared('getcard', { type: 1 });
    expect(sent.length).toBe(2);
  });

  it('a read started ahead is not taken after a command has ended, nor once stale', async () => {
    void callShared('getcard', { type: 2 }, { ahead: true });
    const transfer = call('transfer', { amount: 1 });
    answer();
    await transfer;
    void callShared('getcard', { type: 2 });
    expect(sent.filter((s) => s.includes('/api/getcard')).length).toBe(2);
    answer();
    void callShared('refreshusermoney', {}, { ahead: true });
    answer();
    // its reply read: no longer in flight, only held for its reader
    await vi.advanceTimersByTimeAsync(0);
    vi.setSystemTime(Date.now() + 10_001);
    void callShared('refreshusermoney');
    expect(sent.filter((s) => s.includes('/api/refreshusermoney')).length).toBe(2);
  });

  it('a sharer that stops waiting (its screen left) leaves the request to the others', async () => {
    const leaving = new AbortController();
    const gone = callShared('balancelist', {}, { signal: leaving.signal });
    const staying = callShared('balancelist');
    leaving.abort();
    expect(await gone).toMatchObject({ ok: false, network: true });
    answer();
    expect(await staying).toMatchObject({ ok: true, data: { balance: 12.5 } });
    expect(sent.length).toBe(1);
  });
});
