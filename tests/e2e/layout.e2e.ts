/**
 * Issue 17: the layout holds on every phone and every data size. Every route of routes.json is
 * opened as the stress preset's member (8-digit balances, 16-character username, 300 rows per
 * list) at 320x568, 360x640 and 414x896, and as the empty preset's new member at 320x568 and
 * 414x896. On each: no sideways scroll, no text drawn over other text (content under a fixed bar
 * and overlays excepted), no short button or tab label over two lines, touch targets >= 44px
 * (tests/e2e/layout-check.ts). One page per member, routes opened by their hash; each route, once
 * its data has rendered, is measured at every size of that member in turn (the page resized, not
 * opened again).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { goHash, hashFor, openApp, preset, routes, settle, tokenFor, trackRequests, type Preset } from '../../scripts/screens-lib';
import { BASE, launch, newPage } from './harness';
import { layoutDefects } from './layout-check';

const CASES: { data: Preset; sizes: [number, number][] }[] = [
  { data: 'stress', sizes: [[320, 568], [360, 640], [414, 896]] },
  { data: 'empty', sizes: [[320, 568], [414, 896]] },
];

/** after a screen's data has rendered, this long without a request: the layout is the one to measure (the sheet, whose pictures must not differ between runs, waits 250 ms) */
const QUIET_MS = 100;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(CASES)('layout as the $data member', ({ data, sizes }) => {
  /** what each size found, by hash: every route is opened once and measured at each size in turn */
  const found = new Map<string, Record<string, string[]>>();
  const key = (w: number, h: number) => `${w}x${h}`;
  beforeAll(async () => {
    const token = await tokenFor(BASE, await preset(BASE, data));
    const { page, context } = await newPage(browser);
    const [[w0, h0]] = sizes;
    await page.setViewportSize({ width: w0, height: h0 });
    trackRequests(page);
    await openApp(page, BASE, token);
    for (const [w, h] of sizes) found.set(key(w, h), {});
    for (const r of routes) {
      const hash = await hashFor(BASE, r, token);
      await page.setViewportSize({ width: w0, height: h0 });
      await goHash(page, BASE, hash, QUIET_MS);
      for (const [i, [width, height]] of sizes.entries()) {
        // the same screen on another phone: the page is laid out again at that size (pictures it asks for then, loaded)
        if (i > 0) {
          await page.setViewportSize({ width, height });
          await settle(page, QUIET_MS);
        }
        const defects = await layoutDefects(page);
        if (defects.length) found.get(key(width, height))![hash] = defects.map((d) => `${d.kind}: ${d.detail}`);
      }
    }
    await context.close();
  }, 240_000);
  afterAll(async () => {
    await preset(BASE, 'normal');
  });

  it.each(sizes)('every route at %ix%i: no sideways scroll, no text over text, no broken short label, 44px targets', (width, height) => {
    expect(found.get(key(width, height))).toEqual({});
  });
});

describe('the top bar of a high roller on a 320px phone', () => {
  afterAll(async () => {
    await preset(BASE, 'normal');
  });

  it('shows the balance in 万 on one line, and a tap on it opens /money with the exact figures', async () => {
    const token = await tokenFor(BASE, await preset(BASE, 'stress'));
    const { page, context } = await newPage(browser);
    await page.setViewportSize({ width: 320, height: 568 });
    trackRequests(page);
    await openApp(page, BASE, token);
    await goHash(page, BASE, '/kefu');
    const balance = page.getByTestId('topbar-balance');
    expect(await balance.innerText()).toBe('¥1,234.56万');
    expect(await balance.getAttribute('aria-label')).toContain('12,345,678.90');
    const recycle = page.locator('.topbar-recycle');
    const box = await recycle.boundingBox();
    expect(box?.height).toBe(44);
    expect(await layoutDefects(page)).toEqual([]);
    await balance.click();
    await page.waitForURL(/#\/money$/);
    await expect.poll(() => page.getByTestId('money-central').innerText()).toBe('12,345,678.90');
    await context.close();
  });
});
