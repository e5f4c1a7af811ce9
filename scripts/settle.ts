/**
 * The one way a test, `npm run screens` and the bench wait for a page to settle, told by the page
 * itself rather than by a quiet window: every request it (or a frame of it) has started is answered,
 * then two frames are painted, and it has started no other meanwhile; with `ready`, what the page
 * must also have done (its pictures decoded, its fonts loaded). Playwright's `networkidle` instead
 * waits 500 ms of network silence after a document's load (half a second a route, spent doing
 * nothing), and, once a document has reached it, answers at once for the rest of that document's
 * life: after a navigation inside the app (a hash change, history.back) it waits for nothing at all.
 *
 * `trackRequests(page)` before the page loads anything (the browser tests' harness does it for every
 * page it hands out); then `await settled(page)` wherever the page must have settled. Bounded: after
 * `timeoutMs` it returns (the test's own assertions say what is wrong), so a poll or a stalled
 * request cannot hang a test.
 */
import type { Page, Request } from 'playwright-core';

export interface RequestTracker {
  /** the requests started and not yet answered (or failed) */
  pending: () => number;
  /**
   * resolves once nothing is pending across two painted frames, no request has started or ended for
   * `quietMs` (a screen that asks once more a moment after its data), and `ready` (when given: what
   * the page must also have done, e.g. its pictures decoded) holds; or after `timeoutMs`
   */
  settled: (timeoutMs?: number, ready?: () => Promise<boolean>, quietMs?: number) => Promise<void>;
}

const frameGone = (r: Request) => {
  try {
    return r.frame().isDetached();
  } catch {
    return false; // a service worker's request has no frame
  }
};

const trackers = new WeakMap<Page, RequestTracker>();

/** Resolves once `page` has settled (its tracker's `settled`); the page must be tracked (trackRequests). */
export function settled(page: Page, timeoutMs?: number, ready?: () => Promise<boolean>, quietMs?: number): Promise<void> {
  const tracker = trackers.get(page);
  if (!tracker) throw new Error('settled(page): the page is not tracked; call trackRequests(page) before it loads anything (the harness does it for newPage)');
  return tracker.settled(timeoutMs, ready, quietMs);
}

/** Starts counting the page's requests (once per page: a second call gives the same tracker). */
export function trackRequests(page: Page): RequestTracker {
  const known = trackers.get(page);
  if (known) return known;
  const inflight = new Set<Request>();
  /** when a request last started or ended */
  let last = Date.now();
  let wake: (() => void) | undefined;
  const done = (r: Request) => {
    last = Date.now();
    inflight.delete(r);
    if (inflight.size === 0) wake?.();
  };
  page.on('request', (r) => {
    last = Date.now();
    inflight.add(r);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // a document that goes away takes its unanswered requests with it (no event comes for some of them)
  page.on('framenavigated', (f) => {
    if (f !== page.mainFrame()) return;
    for (const r of inflight) if (frameGone(r)) inflight.delete(r);
    if (inflight.size === 0) wake?.();
  });

  async function settled(timeoutMs = 5000, ready?: () => Promise<boolean>, quietMs = 0): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      while (inflight.size > 0) {
        const left = until - Date.now();
        if (left <= 0) return;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
      // the replies' renders (and whatever they start) happen before two frames are painted
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      if (Date.now() >= until) return;
      const quiet = quietMs - (Date.now() - last);
      if (quiet > 0) {
        await new Promise((r) => setTimeout(r, Math.min(quiet, until - Date.now())));
        continue;
      }
      if (inflight.size === 0 && (!ready || ((await ready()) && inflight.size === 0))) return;
    }
  }
  const tracker = { pending: () => inflight.size, settled };
  trackers.set(page, tracker);
  return tracker;
}
