/** Issue 4: the home screen as a visitor and a member sees it (banners, notices, side menu, games, pop-ups). */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allowConsole, BASE, expectClean, go, loginByApi, mockSettings, newPage, screensPerFile, settled, toastAfter } from './harness';

const { env, page } = screensPerFile();

/** home without the start-up popup in the way */
async function home(p: Page, path = '/') {
  await mockSettings({ index_modal: 0 });
  await go(p, path);
  await p.locator('.w-sidetabs').waitFor();
}

const api = async <T>(path: string, body: unknown = {}): Promise<T> => {
  const r = await fetch(`${BASE}/api/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return ((await r.json()) as { data: T }).data;
};

describe('home', () => {
  it('shows the banners (at most const.bannerMax, 4) with an indicator counting them, and the announcements', async () => {
    const p = await page();
    await home(p);
    const banners = await api<{ src: string }[]>('bannerList', { type: 2 });
    const notices = await api<string[]>('homenotice');
    const imgs = p.locator('.w-carousel-slide img');
    await expect.poll(() => imgs.count()).toBe(banners.length);
    expect(await imgs.evaluateAll((els) => els.map((e) => new URL((e as HTMLImageElement).src).pathname))).toEqual(banners.map((b) => b.src));
    // the first banner paints at once and really decodes
    await expect.poll(() => imgs.first().evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await p.locator('.w-carousel-indicator').innerText()).toBe('1/4');
    const bar = p.locator('.w-notice-line');
    await expect.poll(() => bar.innerText()).toContain(notices[0]);
    for (const n of notices) expect(await bar.innerText()).toContain(n);

    // issue 38: what moves runs on the compositor (transform), and only while it is on screen
    const motion = (selector: string) =>
      p.locator(selector).first().evaluate((el) => el.getAnimations().map((a) => [a.playState, Object.keys((a.effect as KeyframeEffect).getKeyframes()[0] ?? {}).filter((k) => !['offset', 'easing', 'composite', 'computedOffset'].includes(k))]));
    await expect.poll(() => motion('.w-notice-line')).toEqual([['running', ['transform']]]);
    expect(await motion('.w-float-packet')).toEqual([['running', ['transform']]]);
    // on the smallest phone the bar can be scrolled out of view: its line stops where it was
    await p.setViewportSize({ width: 320, height: 568 });
    await p.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => motion('.w-notice-line')).toEqual([['paused', ['transform']]]);
    // the red packet floats over the page: still moving
    expect(await motion('.w-float-packet')).toEqual([['running', ['transform']]]);
    expect(await p.locator('animate, animateTransform, animateMotion').count()).toBe(0);
    expectClean(p);
  });

  it('a tap on the announcement bar opens every announcement, and the more button leads to /message', async () => {
    const p = await page();
    await home(p);
    const notices = await api<string[]>('homenotice');
    const bar = p.locator('.w-notice');
    await bar.click();
    const items = p.locator('.w-notice-list li');
    await expect.poll(() => items.allInnerTexts()).toEqual(notices);
    // a modal dialog named by its title: the focus comes in, the page behind holds still
    const dialog = p.getByRole('dialog', { name: '最新公告' });
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const focusIn = () => p.evaluate(() => !!document.activeElement?.closest('[role=dialog]'));
    const locked = () => p.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden');
    await expect.poll(focusIn).toBe(true);
    expect(await locked()).toBe(true);
    // Tab goes round its own controls (the close button, 查看更多公告), never to the page behind
    for (let i = 0; i < 3; i++) await p.keyboard.press('Tab');
    expect(await focusIn()).toBe(true);
    // Escape closes it and gives the focus back to the bar that opened it
    await p.keyboard.press('Escape');
    await items.first().waitFor({ state: 'detached' });
    expect(await bar.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await locked()).toBe(false);
    // a tap on the mask closes it too; with reduced motion it opens and closes without moving
    await p.emulateMedia({ reducedMotion: 'reduce' });
    await bar.click();
    expect(await dialog.evaluate((el) => el.getAnimations().length)).toBe(0);
    await p.locator('.ovl-mask:visible').click({ position: { x: 180, y: 20 } });
    await items.first().waitFor({ state: 'detached' });
    await bar.click();
    await p.getByRole('button', { name: '查看更多公告' }).click();
    // /message is a member screen: a visitor is sent to log in and come back there
    await p.waitForURL(/#\/login\?redirect=/);
    expect(decodeURIComponent(p.url())).toContain('redirect=/message');
  });

  it('lists the platforms of the six categories from the game lists, app_state 1 only', async () => {
    const p = await page();
    await home(p);
    const games = await fetch(`${BASE}/api/game/list?category=`).then((r) => r.json() as Promise<{ data: { category_id: string; app_state: number; platform_name: string; name: string }[] }>);
    const tabs = p.getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['真人视讯', '体育赛事', '电子竞技', '棋牌游戏', '电子游艺', '彩票游戏']);
    const keys = ['realbet', 'sport', 'gaming', 'joker', 'concise', 'lottery'];
    for (const [i, key] of keys.entries()) {
      await tabs.nth(i).click();
      await expect.poll(() => tabs.nth(i).getAttribute('aria-selected')).toBe('true');
      const expected = games.data.filter((g) => g.category_id === key && g.app_state === 1).map((g) => g.name); // titled with the label, never the code
      expect(expected.length).toBeGreaterThan(0);
      const shown = p.locator('.w-sidetabs-pane .w-tiles').first().locator('.w-tiles-title');
      await expect.poll(() => shown.allInnerTexts()).toEqual(expected);
    }
    // a platform switched off (app_state 0) is never listed
    const off = games.data.find((g) => g.app_state !== 1);
    expect(off).toBeDefined();
    await tabs.first().click();
    expect(await p.locator('.w-sidetabs-pane').innerText()).not.toContain(off!.name);
    expectClean(p);
  });

  it('the slots tab also links to the four provider grids', async () => {
    const p = await page();
    await home(p);
    await p.getByRole('tab', { name: '电子游艺' }).click();
    const links = p.locator('[data-testid^=concise-]');
    expect(await links.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual(['concise-obgdy', 'concise-fgdz', 'concise-pp', 'concise-ae']);
    expect(await links.locator('.w-tiles-title').allInnerTexts()).toEqual(['OB电子', 'FG电子', 'PP电子', 'AE电子']);
    await p.locator('[data-testid=concise-pp]').click();
    await p.waitForURL(`${BASE}/#/concise?type=pp`);
    const games = await api<{ gamename: string }[]>('gamelistBycode', { gamecode: 'pp' });
    await expect.poll(() => p.locator('.w-tiles-title').allInnerTexts()).toEqual(games.map((g) => g.gamename));
  });

  it('a visitor tapping a platform is told 请登录！ and stays home', async () => {
    const p = await page();
    await home(p);
    expect(await toastAfter(p, () => p.locator('[data-testid=game-ag]').click())).toBe('请登录！');
    expect(p.url()).toBe(`${BASE}/#/`);
  });

  it('quick links lead to deposit, transfer, withdraw and VIP', async () => {
    const p = await page();
    await loginByApi(p);
    await home(p);
    for (const [id, path] of [['quick-recharge', '/recharge'], ['quick-transfer', '/transfer'], ['quick-withdrawal', '/withdrawal'], ['quick-vip', '/vip']]) {
      await p.locator(`[data-testid=${id}]`).click();
      await p.waitForURL(`${BASE}/#${path}`);
      await p.goBack();
      await p.waitForURL(`${BASE}/#/`);
    }
  });
});

describe('start-up popup', () => {
  it('shows the sanitised webcontent once per session: an injected script or onerror never runs', async () => {
    await mockSettings({
      index_modal: 1,
      webcontent:
        '<p id="wc-text">欢迎光临</p><img src="/no-such.png" onerror="window.__xss=1" alt=""><script>window.__xss=2</script>' +
        '<a href="javascript:window.__xss=3">链接</a><svg><script>window.__xss=4</script></svg>',
    });
    const p = await page();
    allowConsole(p, /Failed to load resource.*404/);
    // without the CSP a handler or script that reached the page would really run: the test can fail
    await p.route(`${BASE}/`, async (route) => {
      const res = await route.fetch();
      const headers = { ...res.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response: res, headers });
    });
    await go(p, '/');
    const modal = p.locator('[data-testid=startup-modal]');
    await modal.getByText('欢迎光临').waitFor();
    expect(await modal.locator('script').count()).toBe(0);
    expect(await modal.locator('[onerror]').count()).toBe(0);
    expect(await modal.locator('a').getAttribute('href')).toBeNull();
    // give a handler the time the broken picture needs to fail
    await settled(p);
    expect(await p.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await modal.getByRole('button', { name: '我知道了' }).click();
    await modal.waitFor({ state: 'detached' });
    // once per session: not again after a reload
    await p.reload();
    expect(await p.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await p.locator('.w-sidetabs').waitFor();
    await settled(p);
    expect(await p.locator('[data-testid=startup-modal]').count()).toBe(0);
    expectClean(p);
  });

  it('is not shown when index_modal is off', async () => {
    await mockSettings({ index_modal: 0 });
    const p = await page();
    await go(p, '/');
    await p.locator('.w-sidetabs').waitFor();
    await settled(p);
    expect(await p.locator('[data-testid=startup-modal]').count()).toBe(0);
  });
});

describe('red packet icon', () => {
  it('floats while redpacket_switch is on, leads to /hongbao and can be closed', async () => {
    const p = await page();
    await loginByApi(p);
    await home(p);
    const icon = p.locator('[data-testid=redpacket-float]');
    await icon.getByRole('button', { name: '抢红包' }).click();
    await p.waitForURL(`${BASE}/#/hongbao`);
    await p.goBack();
    await icon.getByRole('button', { name: '关闭红包入口' }).click();
    await icon.waitFor({ state: 'detached' });
  });

  it('is absent when redpacket_switch is off', async () => {
    await mockSettings({ redpacket_switch: 0 });
    const p = await page();
    await home(p);
    await settled(p);
    expect(await p.locator('[data-testid=redpacket-float]').count()).toBe(0);
  });
});

describe('side menu', () => {
  it('copies the permanent domain (复制成功！)', async () => {
    const { context, page: p } = await newPage(env.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
    await home(p);
    await p.locator('[data-testid=side-menu-open]').click();
    const app = await api<{ h5_url: string }>('app');
    expect(await toastAfter(p, () => p.locator('[data-testid=copy-domain]').click())).toBe('复制成功！');
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(app.h5_url);
  });

  it('访问官网 opens the visit url in the same window, with register?pid when a referrer id is in the query', async () => {
    const p = await page();
    await home(p, '/?pid=77');
    await p.locator('[data-testid=side-menu-open]').click();
    await p.locator('[data-testid=visit-url]').click();
    await p.waitForURL(`${BASE}/__mock/page/visit/register?pid=77`);

    const q = await page();
    await home(q);
    await q.locator('[data-testid=side-menu-open]').click();
    await q.locator('[data-testid=visit-url]').click();
    await q.waitForURL(`${BASE}/__mock/page/visit/`);
  });
});
