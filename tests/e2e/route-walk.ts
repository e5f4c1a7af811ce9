/**
 * A walk over many routes in one page, as a player moves through the app: the first route by a load
 * of the app, every next one by the address's hash (the app's own navigation: the screen leaves and
 * the next one enters, no new load of the app's code). A route after a popup was left open (home's
 * start-up notice, a dialog) is opened by a new load, as a player's next visit would be. A load of
 * the app costs about three times the CPU of a move by the hash (2026-11-27, this machine).
 */
import type { Page } from 'playwright-core';
import { go } from './harness';

export interface RouteWalk {
  page: Page;
  /** whether the app is loaded in the page (the first route loads it) */
  loaded: boolean;
}

/**
 * Opens `hash` (a route's path and query) and resolves once it has shown: `screen` names the screen
 * whose data must have rendered after the move (its `screen-data:` mark); `null` waits for the
 * engine's message that there is no such screen (`.screen-message`); `'*'` for whichever comes first
 * of any screen's data or that message (a route that redirects shows another screen).
 */
export async function walkTo(w: RouteWalk, hash: string, screen: string | null | '*'): Promise<void> {
  const { page } = w;
  const overlay =
    w.loaded && (await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.adm-mask, .adm-popup, .adm-center-popup-wrap, .ovl')].some((e) => e.checkVisibility())));
  if (!w.loaded || overlay) {
    // go() to the same document with another hash moves by the hash: after a popup, a load is asked for
    await go(page, hash);
    if (overlay) await page.reload();
    await page.evaluate(() => ((window as unknown as { __navAt: number }).__navAt = 0));
    w.loaded = true;
  } else {
    await page.evaluate((h) => {
      const win = window as unknown as { __navAt: number };
      window.scrollTo(0, 0);
      win.__navAt = performance.now();
      location.hash = `#${h}`;
    }, hash);
  }
  if (screen === null) {
    await page.locator('.screen-message').waitFor();
    return;
  }
  await page.waitForFunction(
    (name) => {
      const at = (window as unknown as { __navAt: number }).__navAt;
      const marks = performance.getEntries().filter((m) => m.name.startsWith('screen-data:') && m.startTime >= at);
      return name === '*' ? marks.length > 0 || !!document.querySelector('.screen-message') : marks.some((m) => m.name === `screen-data:${name}`);
    },
    screen,
    { timeout: 15000 },
  );
}
