/**
 * The next test takes the page the last one left as it found it, instead of a new context: a new
 * context's page is a new renderer process, and its first load of the app compiles every script
 * anew, about three times the CPU of the same page loading the app again (docs/BENCH.md, the test
 * suite's time).
 *
 * A page goes back only if the test passed and did to it only what a clearing undoes (PASSING
 * below: read it, wait on it, act as a player, take a picture). Its listeners are taken off. Before
 * it is lent again it is at the app's origin on a document that runs none of the app's code
 * (version.json) to clear session and local storage, its cookies are cleared, and it is left at
 * about:blank: the next test starts with no token, no draft, no once-per-session mark. The HTTP
 * cache stays warm, as on a player's second visit; a test that needs a cold one asks for a context
 * of its own (any `newPage` option).
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

/**
 * What a test may do to a page that leaves nothing the next test would see once its storage and
 * cookies are cleared: read it, wait on it, act as a player does, take a picture. Anything else
 * (its context, clock, routes, init scripts, exposed functions, viewport, media, extra headers,
 * timeouts, closing it, a method added by a later Playwright) gives the next test a new page: an
 * allow-list, so that what is not known to pass never passes. PAGE_REUSE_DEBUG=1 prints what made a
 * page not go back.
 */
const PASSING = new Set([
  // reading it
  'url', 'title', 'content', 'isClosed', 'viewportSize', 'mainFrame', 'frames', 'frame', 'opener', 'workers',
  'evaluate', 'evaluateHandle', '$', '$$', '$eval', '$$eval', 'innerText', 'innerHTML', 'textContent', 'getAttribute', 'inputValue',
  'isVisible', 'isHidden', 'isEnabled', 'isDisabled', 'isChecked', 'isEditable', 'screenshot', 'consoleMessages', 'pageErrors', 'requests',
  'locator', 'getByRole', 'getByText', 'getByLabel', 'getByTestId', 'getByPlaceholder', 'getByAltText', 'getByTitle', 'frameLocator',
  // waiting on it
  'waitForSelector', 'waitForFunction', 'waitForTimeout', 'waitForLoadState', 'waitForURL', 'waitForEvent', 'waitForRequest', 'waitForResponse', 'waitForNavigation',
  // acting as a player
  'goto', 'reload', 'goBack', 'goForward', 'setContent', 'click', 'dblclick', 'tap', 'fill', 'type', 'press', 'pressSequentially', 'hover', 'focus',
  'check', 'uncheck', 'setChecked', 'selectOption', 'setInputFiles', 'dispatchEvent', 'dragAndDrop', 'bringToFront', 'keyboard', 'mouse', 'touchscreen',
  // its listeners (those a test adds are taken off after it, see lend)
  'on', 'once', 'addListener', 'prependListener', 'prependOnceListener', 'off', 'removeListener',
]);
const LISTEN = new Set(['on', 'once', 'addListener', 'prependListener', 'prependOnceListener']);
const debug = process.env.PAGE_REUSE_DEBUG === '1';

const lentNow = new Set<Lent>();
const kept = new WeakMap<Browser, Lent>();

/** The page of `lent` as the test sees it: what it does that would outlast it is noted. */
export function lend(lent: Lent): Page {
  lentNow.add(lent);
  const page = lent.page;
  const view: Page = new Proxy(page, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof prop === 'string' && !PASSING.has(prop) && (typeof value === 'function' || prop === 'context' || prop === 'clock' || prop === 'request' || prop === 'coverage')) {
        if (debug && !lent.dirty) console.log(`page-reuse: page.${prop} gives the next test a new page`);
        lent.dirty = true;
      }
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
