/**
 * "The page has settled", told by the page itself rather than by a quiet window: every request it
 * (or a frame of it) has started is answered, then two frames are painted, and it has started no
 * other meanwhile. Playwright's `networkidle` instead waits 500 ms of network silence after a
 * document's load (half a second a route, spent doing nothing), and, once a document has reached
 * it, answers at once for the rest of that document's life: after a navigation inside the app (a
 * hash change, history.back) it waits for nothing at all.
 *
 * `const net = trackRequests(page)` before the page loads anything; `await net.settled()` where a
 * test used to wait for networkidle. Bounded like the wait it replaces: after `timeoutMs` it
 * returns (the test's own assertions say what is wrong), so a poll or a stalled request cannot
 * hang a test.
 */
import type { Page, Request } from 'playwright-core';

export interface RequestTracker {
  /** the requests started and not yet answered (or failed) */
  pending: () => number;
  /**
   * resolves once nothing is pending across two painted frames and `ready` (when given: what the
   * page must also have done, e.g. its pictures decoded) holds, or after `timeoutMs`
   */
  settled: (timeoutMs?: number, ready?: () => Promise<boolean>) => Promise<void>;
}

const frameGone = (r: Request) => {
  try {
    return r.frame().isDetached();
  } catch {
    return false; // a service worker's request has no frame
  }
};

export function trackRequests(page: Page): RequestTracker {
  const inflight = new Set<Request>();
  let wake: (() => void) | undefined;
  const done = (r: Request) => {
    inflight.delete(r);
    if (inflight.size === 0) wake?.();
  };
  page.on('request', (r) => inflight.add(r));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // a document that goes away takes its unanswered requests with it (no event comes for some of them)
  page.on('framenavigated', (f) => {
    if (f !== page.mainFrame()) return;
    for (const r of inflight) if (frameGone(r)) inflight.delete(r);
    if (inflight.size === 0) wake?.();
  });

  async function settled(timeoutMs = 5000, ready?: () => Promise<boolean>): Promise<void> {
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
      if (inflight.size === 0 && (!ready || ((await ready()) && inflight.size === 0))) return;
    }
  }
  return { pending: () => inflight.size, settled };
}
