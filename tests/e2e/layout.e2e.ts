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
      await goHash(page, BASE, hash);
      const defects = await layoutDefects(page);
      if (defects.length) found[hash] = defects.map((d) => `${d.kind}: ${d.detail}`);
    }
    await context.close();
    expect(found).toEqual({});
  }, 120_000);
});
