/**
 * Issue 21: polls that spare the backend and the phone, as the seeded member on the production
 * build, counted from the page's own requests (page.on('request')), on Playwright's clock moved in
 * steps that wait for the replies (page-clock.ts: why the page is made hidden by an init script).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { constants } from '../../src/config';
import { allowConsole, BASE, browserPerFile, expectClean, go, loginByApi, mockFault, newPage, resetMock } from './harness';
import { patchMember } from './member-helpers';
import { advance as advanceBy, onPageClock, pauseClock, setVisibility, type Api } from './page-clock';

const env = browserPerFile();
beforeEach(async () => {
  await resetMock();
});

const BALANCE = '/api/balance';
const VENUES = '/api/balancelist';
const MONEY = '/api/refreshusermoney';
const CAP = constants.pollBackoff.maxMs;
const STEP = 250;
const byTestId = (p: Page, id: string) => p.locator(`[data-testid="${id}"]`).first();
const venue = (p: Page, platname: string) => byTestId(p, 'transfer-venues').locator(`[data-key="${platname}"] .w-balances-value`);
const clearFaults = async () => {
  const r = await fetch(`${BASE}/__mock/fault`, { method: 'DELETE', headers: { 'Content-Type': 'application/json' } });
  if (!r.ok) throw new Error(`DELETE /__mock/fault answered ${r.status}`);
};

const advance = (page: Page, api: Api, ms: number, onStep?: () => Promise<void>) => advanceBy(page, api, ms, { step: STEP, onStep });

/** The seeded member on `path`, the clock installed, the page's visibility under the test's control; first data shown and answered. */
async function member(path: string): Promise<{ page: Page; context: BrowserContext; api: Api }> {
  const { page, context } = await newPage(env.browser);
  const api = await onPageClock(context, page);
  await loginByApi(page);
  await open(page, api, path);
  await pauseClock(page);
  return { page, context, api };
}

const shown: Record<string, string> = { '/transfer': 'transfer-venues', '/money': 'money-venues', '/mine': 'mine-username' };
async function open(page: Page, api: Api, path: string) {
  await go(page, path);
  await byTestId(page, shown[path]).waitFor();
  await advance(page, api, STEP);
  api.reset();
}

describe('hidden, then visible', () => {
  it('/transfer, /money and /mine ask nothing in 30 s hidden; visible again, the balance and the screen polls are asked within 1 s', async () => {
    const { page, api } = await member('/transfer');
    for (const [path, polled] of [['/transfer', VENUES], ['/money', MONEY], ['/mine', null]] as const) {
      if (path !== '/transfer') await open(page, api, path);
      // visible, the screen polls as SPEC.md says
      await advance(page, api, 5000);
      expect(api.count(BALANCE), `${path} balance while visible`).toBeGreaterThanOrEqual(1);
      if (polled) expect(api.count(polled), `${path} ${polled} while visible`).toBeGreaterThanOrEqual(polled === VENUES ? 3 : 1);

      await setVisibility(page, 'hidden');
      api.reset();
      await page.clock.runFor(30000);
      await api.settled();
      expect(api.count(), `${path}: calls to /api in 30 s hidden`).toBe(0);

      await setVisibility(page, 'visible');
      await advance(page, api, 1000);
      expect(api.count(BALANCE), `${path}: balance within 1 s of visible`).toBe(1);
      if (polled) expect(api.count(polled), `${path}: ${polled} within 1 s of visible`).toBe(1);
    }
    expectClean(page);
  });
});

describe('a slow backend', () => {
  it('balancelist answering after 8 s: never more than one request out on /transfer; the next is asked 1.5 s after each answer', async () => {
    const { page, api } = await member('/transfer');
    // the backend takes 8 s of the page's time to answer each balancelist (held here, then answered by the mock)
    const waiting: { route: Route; at: number }[] = [];
    const asks: number[] = [];
    const answers: number[] = [];
    await page.route('**/api/balancelist', (route) => {
      api.held.add(route.request());
      waiting.push({ route, at: api.now() });
      asks.push(api.now());
    });
    const answerDue = async () => {
      const now = api.now();
      for (const w of waiting.filter((x) => now - x.at >= 8000)) {
        waiting.splice(waiting.indexOf(w), 1);
        api.held.delete(w.route.request());
        await w.route.continue();
        await api.settled();
        answers.push(now);
      }
    };
    api.reset();
    await advance(page, api, 40000, answerDue);
    expect(api.mostAtOnce(VENUES)).toBe(1);
    // 40 s / (8 s answer + 1.5 s interval): 4 or 5 requests, not 26
    expect(api.count(VENUES)).toBeGreaterThanOrEqual(4);
    expect(api.count(VENUES)).toBeLessThanOrEqual(5);
    // each next request one interval (venuePollTransferMs) after the answer, to the clock's step
    for (const [i, answered] of answers.entries()) {
      if (asks[i + 1] === undefined) continue;
      expect(asks[i + 1] - answered).toBeGreaterThanOrEqual(constants.venuePollTransferMs - STEP);
      expect(asks[i + 1] - answered).toBeLessThanOrEqual(constants.venuePollTransferMs + STEP);
    }
    for (const w of waiting.splice(0)) {
      api.held.delete(w.route.request());
      await w.route.continue();
    }
    await page.unroute('**/api/balancelist');
    await api.settled();

    // the mock's own delay (8 s of real time) while the page's clock runs on past the client's 30 s
    // timeout: a request that times out is a failure, and still only one is out at once
    await mockFault({ path: VENUES, delayMs: 8000, times: 5 });
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === VENUES) api.held.add(r);
    });
    api.reset();
    await advance(page, api, 60000);
    expect(api.mostAtOnce(VENUES)).toBe(1);
    expect(api.count(VENUES)).toBeGreaterThanOrEqual(2);
    expect(api.count(VENUES)).toBeLessThanOrEqual(4);
  });
});

describe('a backend that fails', () => {
  it('503 for 60 s: at most 6 calls each for the balance and balancelist; fresh data within the cap after it recovers, and at once when visible or online again', async () => {
    const { page, context, api } = await member('/transfer');
    allowConsole(page, /status of 503/);
    const down = () => Promise.all([mockFault({ path: BALANCE, status: 503, times: 10000 }), mockFault({ path: VENUES, status: 503, times: 10000 })]);

    await down();
    api.reset();
    await advance(page, api, 60000);
    expect(api.count(BALANCE)).toBeLessThanOrEqual(6);
    expect(api.count(VENUES)).toBeLessThanOrEqual(6);
    // still asking, less and less often
    expect(api.count(VENUES)).toBeGreaterThanOrEqual(4);

    // the backend recovers with new figures: the screen shows them within the backoff cap
    await patchMember({ balance: 1234.56, venues: { pg: 777.77 } });
    await clearFaults();
    api.reset();
    let fresh = -1;
    let elapsed = 0;
    await advance(page, api, CAP, async () => {
      elapsed += STEP;
      if (fresh < 0 && (await byTestId(page, 'transfer-central').innerText()).includes('1234.56') && (await venue(page, 'pg').innerText()) === '777.77') fresh = elapsed;
    });
    expect(fresh, 'fresh data within the cap').toBeGreaterThan(0);
    expect(fresh).toBeLessThanOrEqual(CAP);

    // down again, long enough to be backing off; hidden; back up; visible: asked at once
    await down();
    await advance(page, api, 20000);
    await setVisibility(page, 'hidden');
    await patchMember({ venues: { pg: 555.55 } });
    await clearFaults();
    api.reset();
    await setVisibility(page, 'visible');
    await advance(page, api, 1000);
    expect([api.count(BALANCE), api.count(VENUES)]).toEqual([1, 1]);
    expect(await venue(page, 'pg').innerText()).toBe('555.55');

    // and the same with the network gone and back
    await down();
    await advance(page, api, 20000);
    await context.setOffline(true);
    await patchMember({ venues: { pg: 333.33 } });
    await clearFaults();
    api.reset();
    await context.setOffline(false);
    await advance(page, api, 1000);
    expect(api.count(BALANCE)).toBe(1);
    expect(api.count(VENUES)).toBeGreaterThanOrEqual(1);
    expect(await venue(page, 'pg').innerText()).toBe('333.33');
    expectClean(page);
  });
});

describe('signed out by the backend', () => {
  it('a 401 on the balance poll keeps SPEC.md: everything cleared, /login, no dialog, and no poll after it', async () => {
    const { page, api } = await member('/mine');
    await mockFault({ path: BALANCE, code: 401 });
    await advance(page, api, constants.balancePollMs + STEP);
    await page.waitForURL(`${BASE}/#/login`);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    expect(await page.locator('.adm-dialog').count()).toBe(0);
    api.reset();
    await advance(page, api, 30000);
    expect(api.count(BALANCE)).toBe(0);
    expectClean(page);
  });
});

describe('offline', () => {
  it('offline for 30 s: no request; online again: the balance and the screen refreshed within 1 s', async () => {
    const { page, context, api } = await member('/transfer');
    // what the app loads once the first screen is idle (icons, the reminder) has loaded
    await advance(page, api, 6000);
    await context.setOffline(true);
    api.reset();
    await page.clock.runFor(30000);
    await api.settled();
    expect(api.count()).toBe(0);
    await patchMember({ venues: { pg: 432.1 } });
    await context.setOffline(false);
    await advance(page, api, 1000);
    expect(api.count(BALANCE)).toBe(1);
    expect(api.count(VENUES)).toBeGreaterThanOrEqual(1);
    expect(await venue(page, 'pg').innerText()).toBe('432.10');
    expectClean(page);
  });
});
