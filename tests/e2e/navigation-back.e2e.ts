/**
 * Issue 11: back from every route of screens.config/routes.json. Each route is entered from home
 * the way a player does (a tab, tile, menu entry or link; the address where nothing links to it),
 * as a visitor or as the seeded member where the route needs a login, then left by (a) the
 * browser's back and (b) the header's back arrow where the route shows one. The app must be back
 * on the screen it came from (path and query) and make no navigation of its own afterwards: a
 * screen being left must not act for the next location (the /concise onEnter redirect did).
 * One page per role, navigating inside it, to keep the file quick.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectClean, fill, go, launch, loginByApi, mockSettings, newPage, resetMock, submit, settled } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, 'screens.config', file), 'utf8')) as T;
interface Route {
  path: string;
  screen: string;
  layout?: 'main' | 'page' | 'bare';
  topBar?: boolean;
  auth?: boolean;
}
const routes = readJson<{ routes: Route[] }>('routes.json').routes;
const screenOf = (p: string) => routes.find((r) => r.path === p.split('?')[0])!.screen;
/** the header's back arrow: page layout, unless the route hides its top bar */
const hasArrow = (r: Route) => (r.layout ?? 'page') === 'page' && r.topBar !== false;

type Step = (p: Page) => Promise<void>;
interface Trip {
  /** the route entered */
  path: string;
  /** where the trip starts (path and query), reached in the app first */
  from: string;
  /** what the player taps on `from` to reach `path` */
  enter: Step;
}

const byTestId = (id: string): Step => (p) => p.locator(`[data-testid="${id}"]`).first().click();
const firstTestId = (prefix: string): Step => (p) => p.locator(`[data-testid^="${prefix}"]`).first().click();
const tab = (label: string): Step => (p) => p.locator('.tabbar .tabbar-item', { hasText: label }).click();
const inMain = (label: string): Step => (p) => p.locator('main').getByText(label, { exact: true }).first().click();
const sideMenu = (label: string): Step => async (p) => {
  await p.locator('[data-testid="side-menu-open"]').click();
  await p.locator('.w-drawer-body').getByText(label, { exact: true }).first().click();
};
const address = (to: string): Step => (p) => p.evaluate((h) => void (window.location.hash = h), to);

/** the current route (path and query) */
const here = (p: Page) => p.evaluate(() => decodeURIComponent(window.location.hash.replace(/^#/, '')));
const now = (p: Page) => p.evaluate(() => performance.now());

/** every history write the app makes (the router writes through these two) */
async function recordNavigations(p: Page) {
  await p.addInitScript(() => {
    const w = window as unknown as { __navs: string[] };
    w.__navs = [];
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (state: unknown, unused: string, url?: string | URL | null) => {
        w.__navs.push(`${name} ${String(url)}`);
        original(state, unused, url);
      };
    }
  });
}
const navigations = (p: Page) => p.evaluate(() => (window as unknown as { __navs: string[] }).__navs.slice());

/** the screen `name` has rendered its data after `since` (the engine's `screen-data:` mark) */
async function screenShown(p: Page, name: string, since: number): Promise<boolean> {
  return p
    .waitForFunction(([n, t]) => performance.getEntriesByName(`screen-data:${n}`).some((e) => e.startTime > t), [name, since] as const, { timeout: 10000 })
    .then(() => true)
    .catch(() => false); // the caller's assertions say what is wrong
}

/**
 * After leaving: the app shows `expected` (path and query), its screen has rendered, and over a
 * bounded settle (every request the page started answered, two frames painted) it makes no
 * navigation of its own.
 */
async function expectSettledOn(p: Page, expected: string, since: number) {
  const shown = await screenShown(p, screenOf(expected), since);
  expect(await here(p)).toBe(expected);
  expect(shown, `${expected} rendered again`).toBe(true);
  const before = await navigations(p);
  // networkidle here answered at once (this page's document reached it long ago): the page's own
  // word that the replies it asked for are in and rendered is what bounds the settle (settle.ts)
  await settled(p, 3000);
  expect(await navigations(p)).toEqual(before);
  expect(await here(p)).toBe(expected);
}

async function start(p: Page, from: string) {
  const was = await here(p);
  if (was === from) return;
  const since = await now(p);
  await address(from)(p);
  // the same path with another query keeps its screen mounted: nothing new to wait for
  if (was.split('?')[0] !== from.split('?')[0]) expect(await screenShown(p, screenOf(from), since)).toBe(true);
  await p.waitForFunction((want) => decodeURIComponent(window.location.hash.replace(/^#/, '')) === want, from);
}

async function enter(p: Page, t: Trip) {
  const since = await now(p);
  await t.enter(p);
  await p.waitForFunction((want) => window.location.hash.replace(/^#/, '').split('?')[0] === want, t.path, { timeout: 10000 });
  expect(await screenShown(p, screenOf(t.path), since), `${t.path} rendered`).toBe(true);
}

async function roundTrip(p: Page, t: Trip) {
  const route = routes.find((r) => r.path === t.path)!;
  await start(p, t.from);
  const from = await here(p);
  // (a) the browser's back
  await enter(p, t);
  let since = await now(p);
  await p.goBack();
  await expectSettledOn(p, from, since);
  // (b) the header's back arrow, where the route shows one
  await enter(p, t);
  const arrow = p.locator('.pagebar-back');
  expect(await arrow.count()).toBe(hasArrow(route) ? 1 : 0);
  if (hasArrow(route)) {
    since = await now(p);
    await arrow.click();
    await expectSettledOn(p, from, since);
  } else {
    since = await now(p);
    await p.goBack();
    await expectSettledOn(p, from, since);
  }
}

const visitorTrips: Trip[] = [
  { path: '/concise', from: '/', enter: async (p) => (await byTestId('cat-concise')(p), await byTestId('concise-obgdy')(p)) },
  { path: '/login', from: '/', enter: (p) => p.locator('.topbar-visitor .btn-ghost').click() },
  { path: '/activity', from: '/', enter: tab('优惠') },
  { path: '/', from: '/activity', enter: tab('首页') },
  { path: '/kefu', from: '/', enter: tab('客服') },
  { path: '/zhanzhu', from: '/', enter: tab('赞助') },
  { path: '/activityInfo', from: '/activity', enter: firstTestId('activity-') },
  { path: '/zhanzhuye', from: '/zhanzhu', enter: firstTestId('sponsor-') },
  { path: '/vip', from: '/', enter: sideMenu('VIP特权') },
  { path: '/applyagent', from: '/', enter: sideMenu('代理申请') },
  { path: '/boutBallBet', from: '/', enter: sideMenu('帮助中心') },
  { path: '/boutBallBetInfo', from: '/boutBallBet', enter: byTestId('help-1') },
  // nothing in the app links to /abouts: the address
  { path: '/abouts', from: '/', enter: address('/abouts?type=5') },
];

const memberTrips: Trip[] = [
  { path: '/gamePage', from: '/', enter: byTestId('game-ag') },
  { path: '/concise', from: '/', enter: async (p) => (await byTestId('cat-concise')(p), await byTestId('concise-fgdz')(p)) },
  { path: '/gamePage', from: '/concise?type=fgdz', enter: firstTestId('provider-game-') },
  { path: '/mine', from: '/', enter: tab('我的') },
  { path: '/hongbao', from: '/', enter: sideMenu('红包活动') },
  { path: '/app', from: '/', enter: sideMenu('APP下载') },
  // a tab that writes ?type= while the screen stays mounted
  { path: '/recharge', from: '/', enter: async (p) => (await byTestId('quick-recharge')(p), await p.getByRole('tab', { name: 'USDT' }).first().click(), await p.waitForURL(/type=usdt/)) },
  {
    path: '/payInfo',
    from: '/recharge?type=usdt',
    enter: async (p) => {
      await p.locator('form[name=recharge-usdt]').waitFor();
      await fill(p, 'amount', '1000');
      await submit(p, '立即存款');
    },
  },
  { path: '/transfer', from: '/', enter: byTestId('quick-transfer') },
  { path: '/withdrawal', from: '/', enter: byTestId('quick-withdrawal') },
  { path: '/message', from: '/mine', enter: async (p) => (await inMain('消息中心')(p), await p.getByRole('tab', { name: '站内信' }).first().click(), await p.waitForURL(/type=2/)) },
  { path: '/money', from: '/mine', enter: inMain('我的钱包') },
  { path: '/transRecord', from: '/mine', enter: inMain('交易记录') },
  { path: '/venueBet', from: '/mine', enter: inMain('场馆记录') },
  { path: '/betRecord', from: '/venueBet', enter: firstTestId('venue-row') },
  { path: '/fanshui', from: '/mine', enter: inMain('返水中心') },
  { path: '/responsible', from: '/mine', enter: byTestId('mine-responsible') },
  { path: '/activityRecord', from: '/mine', enter: inMain('活动记录') },
  { path: '/welfare', from: '/mine', enter: inMain('福利中心') },
  { path: '/userCent', from: '/mine', enter: inMain('账户设置') },
  { path: '/userInfo', from: '/userCent', enter: byTestId('usercent-profile') },
  { path: '/password', from: '/userCent', enter: byTestId('usercent-password') },
  { path: '/wallet', from: '/userCent', enter: byTestId('usercent-wallet') },
  { path: '/addBankCard', from: '/wallet?type=1', enter: byTestId('bank-add') },
  { path: '/addUsdtCard', from: '/wallet', enter: byTestId('usdt-add') },
  { path: '/usdtmore', from: '/addUsdtCard', enter: byTestId('usdt-more') },
];

let browser: Browser;

/**
 * A route no trip above enters (a new one) is still tried, derived from routes.json: entered by its
 * address from home, as a member where it needs a login, and left both ways. A trip written above
 * says how a player reaches it; until then the route has a way back all the same.
 */
const written = new Set([...visitorTrips, ...memberTrips].map((t) => t.path));
const derived = (member: boolean): Trip[] => routes.filter((r) => !written.has(r.path) && !!r.auth === member).map((r) => ({ path: r.path, from: '/', enter: address(r.path) }));

it('every route of routes.json is tried (a trip written here, or derived from routes.json), and every trip names a route', () => {
  const tried = new Set([...visitorTrips, ...memberTrips, ...derived(false), ...derived(true)].map((t) => t.path));
  expect(routes.map((r) => r.path).filter((p) => !tried.has(p))).toEqual([]);
  expect([...written].filter((p) => !routes.some((r) => r.path === p))).toEqual([]);
});

function tripsAs(role: string, trips: Trip[], open: (p: Page) => Promise<void>) {
  describe(`back, as a ${role}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = (await newPage(browser)).page;
      await recordNavigations(page);
      await open(page);
      await page.locator('.w-sidetabs').waitFor();
    });
    afterAll(async () => {
      expectClean(page);
      await page.context().close();
    });
    for (const t of trips) {
      it(`${t.path} entered from ${t.from}`, async () => {
        await roundTrip(page, t);
      });
    }
  });
}

// the browser and the mock only for the trips (the rule above reads routes.json alone)
describe('back from every route', () => {
  beforeAll(async () => {
    await resetMock();
    await mockSettings({ index_modal: 0 }); // no start-up popup over home
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  tripsAs('visitor', [...visitorTrips, ...derived(false)], (p) => go(p, '/'));
  tripsAs('member', [...memberTrips, ...derived(true)], async (p) => void (await loginByApi(p)));
});
