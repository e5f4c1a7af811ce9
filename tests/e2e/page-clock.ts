/**
 * Timing tests of the app's polls on Playwright's clock (issue 21): the page's time is paused once
 * the screen is shown and moved on by the test in steps, each step waiting for the replies of the
 * requests it started (a poll is timed from its last reply, as on a phone). Requests are counted
 * from page.on('request'), at the page time of the step that sent them.
 *
 * Hidden pages: headless Chromium keeps document.visibilityState 'visible' whatever is done to
 * the window. Tried on Chromium 156: minimising the window (Browser.setWindowBounds), a second tab
 * in front in the same window (Target.createTarget newWindow false, with
 * Emulation.setFocusEmulationEnabled false; only document.hasFocus() changed), a browser started
 * without Playwright; none flips it (Playwright issue 2286). So the init script below overrides
 * Document.prototype.visibilityState / hidden and dispatches visibilitychange, as the browser does
 * when a tab goes to the background. It also counts the page's fetches still out, so that a step
 * knows when the replies it asked for have arrived.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';

export interface Api {
  /** requests to `path` (every /api path when none) since the last reset */
  count: (path?: string) => number;
  /** the /api paths asked since the last reset, in order */
  paths: () => string[];
  /** page times (ms since the clock was paused) of the requests to `path` since the last reset */
  times: (path: string) => number[];
  /** the most requests to `path` out at once since the last reset */
  mostAtOnce: (path: string) => number;
  reset: () => void;
  /** requests the test holds back (an answer that takes longer, in page time) */
  held: Set<Request>;
  /** the page time, ms since the clock was paused (moved on by advance) */
  now: () => number;
  /** resolves once every request out (of the page, /api or not) has been answered or has failed, held ones aside */
  settled: () => Promise<void>;
}

/**
 * The page's side: its fetches still out, and the visibility the test sets. Source text, not a
 * function: tsx (the bench) would wrap a function's inner functions in a helper the page lacks.
 */
const PAGE_SETUP = `(() => {
  const w = window;
  const send = window.fetch.bind(window);
  w.__fetchesOut = 0;
  w.fetch = (...args) => {
    w.__fetchesOut += 1;
    return send(...args).finally(() => (w.__fetchesOut -= 1));
  };
  let state = 'visible';
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => state });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => state === 'hidden' });
  w.__setVisibility = (s) => {
    state = s;
    document.dispatchEvent(new Event('visibilitychange'));
  };
})();`;

/** Before the page's first load: the init script, the clock, the request watcher. */
export async function onPageClock(context: BrowserContext, page: Page): Promise<Api> {
  await context.addInitScript(PAGE_SETUP);
  await page.clock.install();
  return watchApi(page);
}

/** From here on the page's time moves only when the test moves it. */
export async function pauseClock(page: Page) {
  // the page's time runs on while this is sent: aim a little ahead, and again if it was passed
  for (let ahead = 50; ; ahead *= 2) {
    const at = (await page.evaluate(() => Date.now())) + ahead;
    try {
      await page.clock.pauseAt(at);
      return;
    } catch (err) {
      if (ahead > 5000 || !/to the past/.test(String(err))) throw err;
    }
  }
}

function watchApi(page: Page): Api {
  const pathOf = (r: Request) => new URL(r.url()).pathname;
  let clock = 0;
  let asked: { path: string; at: number }[] = [];
  let most = new Map<string, number>();
  const out = new Set<Request>();
  const held = new Set<Request>();
  page.on('request', (r) => {
    const path = pathOf(r);
    out.add(r);
    if (!path.startsWith('/api/')) return;
    asked.push({ path, at: clock });
    const now = [...out].filter((x) => pathOf(x) === path).length;
    most.set(path, Math.max(most.get(path) ?? 0, now));
  });
  const done = (r: Request) => {
    out.delete(r);
    held.delete(r);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const api: Api & { tick: (ms: number) => void } = {
    count: (path) => asked.filter((a) => !path || a.path === path).length,
    paths: () => asked.map((a) => a.path),
    times: (path) => asked.filter((a) => a.path === path).map((a) => a.at),
    mostAtOnce: (path) => most.get(path) ?? 0,
    reset: () => {
      asked = [];
      most = new Map([...out].filter((r) => pathOf(r).startsWith('/api/')).map((r) => [pathOf(r), 1]));
    },
    held,
    now: () => clock,
    tick: (ms) => (clock += ms),
    settled: async () => {
      const until = Date.now() + 10000;
      for (;;) {
        // the page's fetches still out (its own count: a request's events may arrive after this
        // step ended), then one task of the page's, for what their replies started
        const inPage = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const c = new MessageChannel();
              c.port1.onmessage = () => resolve((window as unknown as { __fetchesOut: number }).__fetchesOut);
              c.port2.postMessage(0);
            }),
        );
        if ((inPage <= held.size && ![...out].some((r) => !held.has(r))) || Date.now() > until) return;
        await new Promise((r) => setImmediate(r));
      }
    },
  };
  ticks.set(api, api.tick);
  return api;
}
const ticks = new WeakMap<Api, (ms: number) => void>();

/** Moves the page's clock on by `ms` in steps of `step`, each step's requests answered before the next. */
export async function advance(page: Page, api: Api, ms: number, { step = 250, onStep }: { step?: number; onStep?: () => Promise<void> } = {}) {
  for (let t = 0; t < ms; t += step) {
    // what this step sends is stamped with its end
    ticks.get(api)?.(step);
    await page.clock.runFor(step);
    await api.settled();
    await onStep?.();
  }
}

export async function setVisibility(page: Page, state: 'visible' | 'hidden') {
  await page.evaluate((s) => (window as unknown as { __setVisibility: (s: string) => void }).__setVisibility(s), state);
}
