/**
 * The next test takes the page the last one left as it found it, instead of a new context:
 * a new context's page is a new renderer process, and its first load of the app compiles every
 * script anew. On this machine a new context with a load of home cost 1.6-1.75 CPU-s, the same page
 * loading home again 0.55 (2026-11-27, `npm test`'s browser files open about 200 such pages).
 *
 * A page goes back only if the test passed and did nothing to it that a clearing does not undo: it
 * reached for the page's context (routes, cookies, permissions, a CDP session), its clock, routes,
 * init scripts, exposed functions, viewport, media emulation, extra headers or timeouts, or closed
 * it. Its listeners are taken off. Before it is lent again it is at the app's origin on a document
 * that runs none of the app's code (version.json) to clear session and local storage, its cookies
 * are cleared, and it is left at about:blank: the next test starts with no token, no draft, no
 * once-per-session mark. The HTTP cache stays warm, as on a player's second visit; a test that
 * needs a cold one asks for a context of its own (any `newPage` option).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE as ORIGIN } from './ports';

export interface Lent {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** console errors, page errors and CSP violations since it was lent (harness.ts expectClean) */
  problems: string[];
  listeners: [string, (...args: unknown[]) => void][];
  /** the test did something to the page or its context that clearing storage does not undo */
  dirty: boolean;
}

/** what a test does to a page or its context that stays after the test */
const LASTING = new Set([
  'clock', 'context', 'route', 'routeFromHAR', 'routeWebSocket', 'unroute', 'unrouteAll', 'addInitScript', 'exposeFunction', 'exposeBinding', 'setViewportSize',
  'emulateMedia', 'setExtraHTTPHeaders', 'close', 'request', 'addLocatorHandler', 'removeLocatorHandler', 'setDefaultTimeout', 'setDefaultNavigationTimeout', 'pause', 'coverage',
]);
const LISTEN = new Set(['on', 'once', 'addListener', 'prependListener', 'prependOnceListener']);

const lentNow = new Set<Lent>();
const kept = new WeakMap<Browser, Lent>();

/** The page of `lent` as the test sees it: what it does that would outlast it is noted. */
export function lend(lent: Lent): Page {
  lentNow.add(lent);
  const page = lent.page;
  const view: Page = new Proxy(page, {
    get(target, prop) {
      if (typeof prop === 'string' && LASTING.has(prop)) lent.dirty = true;
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (typeof prop === 'string' && LISTEN.has(prop))
        return (event: string, fn: (...args: unknown[]) => void) => {
          lent.listeners.push([event, fn]);
          (target as unknown as Record<string, (e: string, f: unknown) => void>)[prop](event, fn);
          return view;
        };
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  return view;
}

/** whether `context` holds the page kept for the next test */
export const keptContext = (browser: Browser, context: BrowserContext): boolean => kept.get(browser)?.context === context;

/** A page kept from an earlier test on this browser, cleared, or none. */
export function takeKept(browser: Browser): Lent | undefined {
  const lent = kept.get(browser);
  kept.delete(browser);
  if (lent) lent.problems = [];
  return lent;
}

/**
 * After a test: the first page it was lent that can go back is cleared and kept for the next test
 * (its context is returned, for the caller not to close); none if the test failed.
 */
export async function keepOne(browser: Browser, passed: boolean): Promise<BrowserContext | undefined> {
  const all = [...lentNow];
  lentNow.clear();
  const candidate = passed ? all.find((l) => l.browser === browser && !l.dirty && !l.page.isClosed()) : undefined;
  if (!candidate) return undefined;
  const { page, context } = candidate;
  // the storage cleared is the mock's origin's: a page that ended on another server's (a file's own) is not kept
  const at = page.url();
  if (/^https?:/.test(at) && new URL(at).origin !== ORIGIN) return undefined;
  for (const [event, fn] of candidate.listeners) page.off(event as 'load', fn);
  candidate.listeners = [];
  try {
    await page.goto(`${ORIGIN}/version.json`, { timeout: 5000 });
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
    await context.clearCookies();
    await page.goto('about:blank', { timeout: 5000 });
  } catch {
    return undefined;
  }
  kept.set(browser, candidate);
  return context;
}
