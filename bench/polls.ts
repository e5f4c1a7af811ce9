/**
 * Backend calls per member-hour: the seeded member on /transfer and /mine, the page
 * visible and hidden, and /transfer while the backend answers 503 to its polls. Counted from the
 * page's own requests to /api over some minutes of the page's time (Playwright's clock, advanced in
 * steps; each step waits for the replies of what it asked), scaled to an hour and to 100,000 members
 * online. The mock on loopback answers within the step that asked, in next to no page time: these
 * are the rates of a phone with no round trip, the most a member can cost (a poll is timed from its
 * reply, so a real round trip lowers them).
 *
 * The clock, the hidden page (headless Chromium never reports one: an init script sets
 * document.visibilityState) and the stepping are tests/e2e/page-clock.ts, as in the browser tests.
 */
import type { Browser } from 'playwright-core';
import { advance, onPageClock, pauseClock, setVisibility } from '../tests/e2e/page-clock';
import { BASE, round } from './lib';

export interface PollRate {
  route: string;
  /** visible, hidden, or visible with the polled calls answering 503 */
  state: 'visible' | 'hidden' | 'backend down';
  minutes: number;
  /** calls per member-hour, all /api calls and per path */
  perHour: number;
  byPath: Record<string, number>;
  /** requests a second to the backend with 100,000 members online like this */
  per100kPerSec: number;
}

/** what each measured screen shows once its first data is in */
const SHOWN: Record<string, string> = { '/transfer': 'transfer-venues', '/mine': 'mine-username' };

async function fault(body: unknown) {
  const r = await fetch(`${BASE}/__mock/fault`, { method: body ? 'POST' : 'DELETE', headers: { 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  if (!r.ok) throw new Error(`/__mock/fault answered ${r.status}: ${await r.text()}`);
}

async function measure(browser: Browser, route: string, token: string, state: PollRate['state'], minutes: number, down: string[]): Promise<PollRate> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN', deviceScaleFactor: 1 });
  try {
    await context.addInitScript((t) => sessionStorage.setItem('token', t), token);
    const page = await context.newPage();
    const api = await onPageClock(context, page);
    await page.goto(`${BASE}/#${route}`);
    // the screen's first data on show (the installed clock hides the Performance marks from the page's getEntries)
    await page.locator(`[data-testid="${SHOWN[route]}"]`).first().waitFor({ timeout: 20000 });
    // what loads once the screen is idle, then the page's time moves only with the steps below
    await advance(page, api, 6000, { step: 1000 });
    await pauseClock(page);
    if (state === 'hidden') await setVisibility(page, 'hidden');
    for (const path of down) await fault({ path, status: 503, times: 10000 });

    api.reset();
    // hidden: nothing should happen, a coarse step is enough; visible: 100 ms
    await advance(page, api, minutes * 60000, { step: state === 'hidden' ? 1000 : state === 'backend down' ? 250 : 100 });
    const asked = api.paths();
    const scale = 60 / minutes;
    const byPath: Record<string, number> = {};
    for (const p of asked) byPath[p] = (byPath[p] ?? 0) + 1;
    for (const p of Object.keys(byPath)) byPath[p] = round(byPath[p] * scale);
    const perHour = round(asked.length * scale);
    return { route, state, minutes, perHour, byPath, per100kPerSec: round((perHour * 100000) / 3600) };
  } finally {
    if (down.length) await fault(null);
    await context.close();
  }
}

/** /transfer and /mine visible and hidden over `minutes` of page time each, and /transfer with its polls failing. */
export async function measurePolls(browser: Browser, token: string, minutes: number): Promise<PollRate[]> {
  const rates: PollRate[] = [];
  for (const route of ['/transfer', '/mine']) {
    for (const state of ['visible', 'hidden'] as const) rates.push(await measure(browser, route, token, state, minutes, []));
  }
  rates.push(await measure(browser, '/transfer', token, 'backend down', minutes * 2, ['/api/balance', '/api/balancelist']));
  return rates;
}

/** "3150 (balance 827, balancelist 2323)" */
export function describeRate(r: PollRate): string {
  const parts = Object.entries(r.byPath)
    .sort((a, b) => b[1] - a[1])
    .map(([p, n]) => `${p.replace('/api/', '')} ${n}`);
  return `${r.perHour}${parts.length ? ` (${parts.join(', ')})` : ''}; 100,000 members: ${r.per100kPerSec.toLocaleString('en-US')} req/s`;
}
