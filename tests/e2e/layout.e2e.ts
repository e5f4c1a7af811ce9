/**
 * Issue 17: the layout holds on every phone and every data size. Every route of routes.json is
 * opened as the stress preset's member (8-digit balances, 16-character username, 300 rows per
 * list) at 320x568, 360x640 and 414x896, and as the empty preset's new member at 320x568 and
 * 414x896. On each: no sideways scroll, no text drawn over other text (content under a fixed bar
 * and overlays excepted), no short button or tab label over two lines, touch targets >= 44px
 * (tests/e2e/layout-check.ts). One page per member and size, routes opened by their hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { goHash, hashFor, openApp, preset, routes, tokenFor, trackRequests, type Preset } from '../../scripts/screens-lib';
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
  let token = '';
  beforeAll(async () => {
    token = await tokenFor(BASE, await preset(BASE, data));
  });
  afterAll(async () => {
    await preset(BASE, 'normal');
  });

  it.each(sizes)('every route at %ix%i: no sideways scroll, no text over text, no broken short label, 44px targets', async (width, height) => {
    const { page, context } = await newPage(browser);
    await page.setViewportSize({ width, height });
    await trackRequests(page);
    await openApp(page, BASE, token);
    const found: Record<string, string[]> = {};
    for (const r of routes) {
      const hash = await hashFor(BASE, r, token);
      await goHash(page, BASE, hash, QUIET_MS);
      const defects = await layoutDefects(page);
      if (defects.length) found[hash] = defects.map((d) => `${d.kind}: ${d.detail}`);
    }
    await context.close();
    expect(found).toEqual({});
  }, 120_000);
});

describe('the top bar of a high roller on a 320px phone', () => {
  afterAll(async () => {
    await preset(BASE, 'normal');
  });

  it('shows the balance in 万 on one line, and a tap on it opens /money with the exact figures', async () => {
    const token = await tokenFor(BASE, await preset(BASE, 'stress'));
    const { page, context } = await newPage(browser);
    await page.setViewportSize({ width: 320, height: 568 });
    await trackRequests(page);
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
