/**
 * The app's service worker, as a browser test or the bench waits for it: it controls the page, and
 * it holds every chunk the page has loaded (in its precache or its chunk cache).
 *
 * An asynchronous check in the page (the caches, the registration) is polled with `page.evaluate`,
 * which awaits it. Playwright's `waitForFunction` does not: an async predicate's Promise is a truthy
 * value, so that wait returns at once, whatever the check would have said (the lint refuses the
 * pattern, eslint.config.js).
 */
import type { Page } from 'playwright-core';

/** waits until the worker is active and controls the page */
export async function controlled(page: Page, timeoutMs = 20000): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: timeoutMs });
}

/** runs `check` in the page every `everyMs` until it answers true; after `timeoutMs`, throws naming `what` */
export async function untilInPage(page: Page, check: () => Promise<boolean>, what: string, timeoutMs = 20000, everyMs = 250): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await page.evaluate(check))) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await page.waitForTimeout(everyMs);
  }
}

/** waits until every JS and CSS file of /assets/ this page has loaded is in one of the worker's caches */
export async function chunksCached(page: Page, timeoutMs = 30000): Promise<void> {
  await untilInPage(
    page,
    async () => {
      const loaded = performance
        .getEntriesByType('resource')
        .map((e) => e.name.split('?')[0])
        .filter((u) => new URL(u).pathname.startsWith('/assets/') && /\.(js|css)$/.test(u));
      const cached = new Set<string>();
      for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) cached.add(r.url.split('?')[0]);
      return loaded.length > 0 && loaded.every((u) => cached.has(u));
    },
    'every chunk the page loaded, in the service worker’s caches',
    timeoutMs,
  );
}
