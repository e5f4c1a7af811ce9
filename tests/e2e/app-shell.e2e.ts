/**
 * Issue 23: the static app shell of index.html (scripts/app-shell.ts), against the production
 * build. With JavaScript blocked a phone still paints the site name, the tab bar's labels and the
 * route's frame (no bars on /login, no top bar on /mine, the route's title on a page); with
 * JavaScript the app replaces the shell with bars in exactly the same places, nothing shifts and
 * nothing of the shell is left in the page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE, browserPerFile, expectClean, go, loginByApi, newPage, settled } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, 'screens.config', file), 'utf8')) as T;
const app = readJson<{ brand: { siteName: string; serviceName: string }; theme: { primary: string }; tabBar: { path: string; label: string }[] }>('app.json');
/** a tab's label as the player reads it: a name of the brand ({{brand.serviceName}}) written in */
const label = (s: string) => s.replace(/\{\{brand\.(\w+)\}\}/g, (_all, k: string) => (app.brand as Record<string, string>)[k]);
const routes = readJson<{ routes: { path: string; title: string }[] }>('routes.json').routes;

/** /login's hero as screens.config writes it: the link back and the subtitle (the welcome line is bound to the backend's title) */
const loginScreen = readJson<{ body: { children: { props: { text: string } }[] }[] }>('screens/login.json');
const loginHero = { back: loginScreen.body[0].children[0].props.text, subtitle: loginScreen.body[0].children[2].props.text };

const env = browserPerFile();

/** a phone like the harness's, with JavaScript switched off (closed after the test) */
const noScriptContexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(noScriptContexts.splice(0).map((c) => c.close()));
});
async function withoutScript(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN', deviceScaleFactor: 1, javaScriptEnabled: false });
  noScriptContexts.push(context);
  return context.newPage();
}

type Box = { x: number; y: number; width: number; height: number };
const boxes = (page: Page, selector: string): Promise<Box[]> =>
  page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
    }),
  );

/** what a player sees of the shell: visible text of the element, or '' when it is not shown */
const shown = (page: Page, selector: string) => page.locator(selector).evaluate((el) => (el.checkVisibility() ? (el as HTMLElement).innerText.trim() : ''));

/** the layout shifts the page has had so far (buffered), as the Layout Instability API reports them */
const layoutShifts = (page: Page): Promise<number[]> =>
  page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const seen: number[] = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) seen.push(e.value);
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(seen), 200);
      }),
  );

describe('before JavaScript', () => {
  it('paints the site name and the tab bar on /, each route its own frame, the tab of the route active', async () => {
    const page = await withoutScript(env.browser);
    await page.goto(`${BASE}/`);
    expect(await shown(page, '.shell-topbar')).toBe(app.brand.siteName);
    expect(await page.locator('.shell-tab').allInnerTexts()).toEqual(app.tabBar.map((t) => label(t.label)));
    for (const tab of await page.locator('.shell-tab').all()) expect(await tab.isVisible()).toBe(true);
    const colour = (i: number) => page.locator('.shell-tab').nth(i).evaluate((el) => getComputedStyle(el).color);
    const primary = await page.evaluate((c) => {
      const probe = document.createElement('i');
      probe.style.color = c;
      document.body.append(probe);
      const rgb = getComputedStyle(probe).color;
      probe.remove();
      return rgb;
    }, app.theme.primary);
    expect(await colour(0)).toBe(primary);

    // /login: no bars; its hero as the app draws it (the link back, the welcome's line, the subtitle)
    await page.goto(`${BASE}/#/login`);
    expect(await shown(page, '.shell-topbar')).toBe('');
    expect(await shown(page, '.shell-tabbar')).toBe('');
    expect(await shown(page, '.shell-body-none')).toBe('');
    expect((await shown(page, '.app-shell .w-stack-hero')).split('\n').map((l) => l.trim()).filter(Boolean)).toEqual([loginHero.back, loginHero.subtitle]);
    // a frame without bars and without a lead the shell can draw: the site name in the skeleton
    await page.goto(`${BASE}/#/transfer`);
    expect(await shown(page, '.shell-body-none .shell-sk-name')).toBe(app.brand.siteName);

    // /mine: the tab bar with 我的 active, no top bar
    await page.goto(`${BASE}/#/mine`);
    expect(await shown(page, '.shell-topbar')).toBe('');
    const mine = app.tabBar.findIndex((t) => t.path === '/mine');
    expect(await colour(mine)).toBe(primary);
    expect(await colour(0)).not.toBe(primary);

    // a page: the back arrow and the route's title, no tab bar
    const money = routes.find((r) => r.path === '/money')!;
    await page.goto(`${BASE}/#/money`);
    expect(await page.locator('.shell-pagebar').isVisible()).toBe(true);
    expect(await page.locator('.shell-pagetitle').evaluate((el) => getComputedStyle(el, '::before').content)).toBe(JSON.stringify(money.title));
    expect(await shown(page, '.shell-tabbar')).toBe('');

    // a link with a query the config names (the register tab) has its frame; a tap on a tab before the app changes the frame
    await page.goto(`${BASE}/#/login?type=1`);
    expect(await shown(page, '.shell-tabbar')).toBe('');
    await page.goto(`${BASE}/`);
    await page.locator('.shell-tab').nth(mine).click();
    await expect.poll(() => colour(mine)).toBe(primary);
    expect(await shown(page, '.shell-topbar')).toBe('');
  });
});

describe('when the app takes over', () => {
  it('draws its bars where the shell drew them, shifts nothing and leaves nothing of the shell', async () => {
    const bare = await withoutScript(env.browser);
    await bare.goto(`${BASE}/`);
    const shellTop = await boxes(bare, '.shell-topbar');
    const shellTabs = await boxes(bare, '.shell-tab, .shell-tab .tabbar-icon, .shell-tab .tabbar-label');

    const { page } = await newPage(env.browser);
    await go(page, '/');
    await page.waitForFunction(() => performance.getEntriesByName('screen-data:home').length > 0, undefined, { timeout: 20000 });
    expect(await boxes(page, '.topbar')).toEqual(shellTop);
    expect(await boxes(page, '.tabbar-item, .tabbar-item .tabbar-icon, .tabbar-item .tabbar-label')).toEqual(shellTabs);
    expect(await page.locator('.app-shell, #root > i[hidden]').count()).toBe(0);
    await settled(page);
    expect(await layoutShifts(page)).toEqual([]);
    expectClean(page);
  });

  it('as a member on /mine and a visitor on /login: no shift, no shell left', async () => {
    const { page } = await newPage(env.browser);
    await loginByApi(page, '/mine');
    await page.reload();
    await page.waitForFunction(() => performance.getEntriesByName('screen-data:mine').length > 0, undefined, { timeout: 20000 });
    await settled(page);
    expect(await page.locator('.app-shell').count()).toBe(0);
    expect(await layoutShifts(page)).toEqual([]);

    const visitor = await newPage(env.browser);
    await go(visitor.page, '/login');
    await visitor.page.locator('form[name=login]').waitFor();
    await settled(visitor.page);
    expect(await visitor.page.locator('.app-shell').count()).toBe(0);
    expect(await layoutShifts(visitor.page)).toEqual([]);
    expectClean(page);
    expectClean(visitor.page);
  });
});

describe('a lead drawn by the shell (/login)', () => {
  it('the app draws the hero exactly where the shell drew it, and the largest text on the page is the one painted before JavaScript', async () => {
    const hero = '.w-stack-hero, .w-stack-hero > *';
    const bare = await withoutScript(env.browser);
    await bare.goto(`${BASE}/#/login`);
    const shellHero = await boxes(bare, `.app-shell :is(${hero})`);
    expect(shellHero).toHaveLength(4);

    const { page } = await newPage(env.browser);
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number[] };
      w.__lcp = [];
      new PerformanceObserver((list) => w.__lcp.push(...list.getEntries().map((e) => e.startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await go(page, '/login');
    await page.locator('form[name=login]').waitFor();
    await settled(page);
    expect(await page.locator('.app-shell').count()).toBe(0);
    expect(await boxes(page, `#root > main :is(${hero})`)).toEqual(shellHero);
    expect((await page.locator('.w-stack-hero').innerText()).split('\n').map((l) => l.trim())).toContain(`欢迎来到${app.brand.siteName}`);
    // every largest-contentful-paint candidate came before the app's first screen: the app painted nothing larger
    const { lcp, screen } = await page.evaluate(() => ({ lcp: (window as unknown as { __lcp: number[] }).__lcp, screen: performance.getEntriesByName('screen:login')[0]?.startTime ?? NaN }));
    expect(lcp.length).toBeGreaterThan(0);
    expect(lcp.filter((t) => t >= screen)).toEqual([]);
    expect(await layoutShifts(page)).toEqual([]);
    expectClean(page);
  });
});

describe("the first screen's data, before the app's code", () => {
  it("on /, home's banners and the first banner's picture are asked for while the app's code is held back, and the app takes that reply", async () => {
    const { page } = await newPage(env.browser);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const opened = page.goto(`${BASE}/`);
    await expect.poll(() => asked.filter((p) => p === '/api/bannerList').length, { timeout: 10000 }).toBe(1);
    const bannerList = (await (await fetch(`${BASE}/api/bannerList`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"type":2}' })).json()) as { data: { src?: string; pic?: string }[] };
    const first = new URL(bannerList.data[0].src || bannerList.data[0].pic || '', BASE).pathname;
    await expect.poll(() => asked.includes(first), { timeout: 10000 }).toBe(true);
    // the app has not run: the shell is still all there is
    expect(await page.locator('.app-shell').count()).toBe(1);
    expect(await page.locator('.w-carousel').count()).toBe(0);

    release();
    await opened;
    await page.waitForFunction(() => performance.getEntriesByName('screen-data:home').length > 0, undefined, { timeout: 20000 });
    expect(new URL((await page.locator('.w-carousel img').first().getAttribute('src')) ?? '', BASE).pathname).toBe(first);
    await settled(page);
    expect(asked.filter((p) => p === '/api/bannerList')).toHaveLength(1);
    expect(asked.filter((p) => p === '/api/homenotice')).toHaveLength(1);
    expect(asked.filter((p) => p === first)).toHaveLength(1);
    expectClean(page);
  });

  it("a member's screen is read early with the token, and taken; a visitor on a member's route reads nothing early", async () => {
    // no service worker: the reload below must load the app's code from the network, where the test holds it
    const { page } = await newPage(env.browser, { serviceWorkers: 'block' });
    const token = await loginByApi(page, '/money');
    await page.waitForFunction(() => performance.getEntriesByName('screen-data:money').length > 0, undefined, { timeout: 20000 });
    const asked: { path: string; auth: string | null }[] = [];
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.startsWith('/api/')) asked.push({ path: p, auth: r.headers().authorization ?? null });
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const reloaded = page.reload();
    // the screen's own read first, then the session's (the app's info, the member), all before the app's code has run
    await expect.poll(() => asked.map((a) => a.path), { timeout: 10000 }).toEqual(['/api/refreshusermoney', '/api/app', '/api/user']);
    expect(asked.find((a) => a.path === '/api/refreshusermoney')?.auth).toBe(`Bearer ${token}`);
    expect(asked.find((a) => a.path === '/api/user')?.auth).toBe(`Bearer ${token}`);
    release();
    await reloaded;
    await page.waitForFunction(() => performance.getEntriesByName('screen-data:money').length > 0, undefined, { timeout: 20000 });
    // the app took the early replies: the screen's next read is the poll's, a venuePollMoneyMs later; the session's are not asked again
    expect(asked.filter((a) => a.path === '/api/refreshusermoney')).toHaveLength(1);
    expect(asked.filter((a) => a.path === '/api/app')).toHaveLength(1);
    expect(asked.filter((a) => a.path === '/api/user')).toHaveLength(1);
    expectClean(page);

    const visitor = await newPage(env.browser);
    const visitorAsked: string[] = [];
    visitor.page.on('request', (r) => visitorAsked.push(new URL(r.url()).pathname));
    await visitor.page.route(/\/assets\/app-[\w-]+\.js$/, () => new Promise(() => undefined));
    void visitor.page.goto(`${BASE}/#/money`).catch(() => undefined);
    await expect.poll(() => visitorAsked.some((p) => /\/assets\/money-/.test(p)), { timeout: 10000 }).toBe(true);
    expect(visitorAsked.filter((p) => p.startsWith('/api/'))).toEqual([]);
  });
});
