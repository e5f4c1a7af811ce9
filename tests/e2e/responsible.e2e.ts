/**
 * Issue 16: responsible play. The reality check over any screen (over the running game), the
 * session clock (reloads keep it, a new login restarts it), the member's settings on 负责任博彩
 * (stricter at once, looser from the next login), the session limit, and the wait for a submit in
 * flight. Time moves with Playwright's clock (fastForward: the wall clock jumps, as for a phone
 * that slept), never by waiting.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { BASE, browserPerFile, captchaCode, expectClean, fill, go, loginByApi, mock, mockFault, mockSettings, newPage, resetMock, SEED, submit, settled } from './harness';

const env = browserPerFile();
beforeEach(async () => {
  await resetMock();
  await mockSettings({ index_modal: 0 });
});

const MIN = 60_000;
const dialog = (p: Page) => p.getByRole('dialog', { name: '游戏时长提醒' });
const byTestId = (p: Page, id: string) => p.locator(`[data-testid="${id}"]`);

/** Reminder chunks fetched per page and not yet waited for (reminderLoaded() takes one). */
const chunks = new WeakMap<Page, number>();
function watchChunks(p: Page) {
  chunks.set(p, 0);
  p.on('requestfinished', (r) => {
    if (/\/Reminder-[\w-]+\.js$/.test(r.url())) chunks.set(p, (chunks.get(p) ?? 0) + 1);
  });
}

/** A member page with Playwright's clock installed before the app's first load. */
async function member(path = '/'): Promise<Page> {
  const { page } = await newPage(env.browser);
  watchChunks(page);
  await page.clock.install();
  await loginByApi(page, path);
  return page;
}

/**
 * the reminder's chunk has loaded in this document (it loads once the first screen has shown its
 * data), and the frames after it are drawn: React has mounted the reminder and run its effects (its
 * first look at the clock), so time the test moves from here is time the reminder's timer sees
 */
async function reminderLoaded(p: Page) {
  await expect.poll(() => chunks.get(p) ?? 0, { timeout: 10000 }).toBeGreaterThan(0);
  chunks.set(p, 0);
  await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r)))));
}

async function token(p: Page): Promise<string | null> {
  return p.evaluate(() => sessionStorage.getItem('token'));
}

async function todayInfo(t: string) {
  const r = await fetch(`${BASE}/api/venuelist`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${t}` }, body: JSON.stringify({ date: 1, page: 1 }) });
  return ((await r.json()) as { data: { info: { betnums: number; bet_amounts: number; valid_amounts: number; win_loss: number } } }).data.info;
}

async function choose(p: Page, group: 'reminder' | 'limit', label: string) {
  await byTestId(p, `responsible-${group}`).getByRole('radio', { name: label, exact: true }).click();
}

describe('the reality check', () => {
  it('shows over the running game after 60 minutes with the time played and today’s figures; 继续游戏 brings the next 60 minutes later', async () => {
    const p = await member('/gamePage?name=ag&type=0&title=AG视讯');
    const frame = p.locator('[data-testid=game-frame]');
    await frame.waitFor();
    const src = await frame.getAttribute('src');
    await reminderLoaded(p);
    await mock('bet', { plat: 'ag', bet: 100, win: 35.5 });
    await mock('bet', { plat: 'pg', bet: 20, win: -20 });
    const info = await todayInfo((await token(p))!);

    await p.clock.fastForward(59 * MIN);
    expect(await dialog(p).count()).toBe(0);
    await p.clock.fastForward(1 * MIN);
    await dialog(p).waitFor();
    expect(await byTestId(p, 'reality-elapsed').innerText()).toBe('您已连续游戏 1 小时 0 分钟');
    await byTestId(p, 'reality-figures').waitFor();
    expect(await byTestId(p, 'reality-betnums').innerText()).toBe(String(info.betnums));
    expect(await byTestId(p, 'reality-bet-amounts').innerText()).toBe(info.bet_amounts.toFixed(2));
    expect(await byTestId(p, 'reality-valid-amounts').innerText()).toBe(info.valid_amounts.toFixed(2));
    expect(await byTestId(p, 'reality-win-loss').innerText()).toBe(info.win_loss.toFixed(2));
    expect(await dialog(p).getByRole('button').allInnerTexts()).toEqual(['继续游戏', '查看记录', '退出登录']);
    // modal, focused, over the frame, which stays loaded underneath
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('继续游戏');
    expect(await dialog(p).getAttribute('aria-modal')).toBe('true');
    expect(await frame.getAttribute('src')).toBe(src);
    const box = (await frame.boundingBox())!;
    expect(await p.evaluate(([x, y]) => document.elementFromPoint(x, y)?.className, [box.x + box.width / 2, box.y + box.height - 20])).toBe('rp-mask');
    // neither Escape nor a tap on the backdrop closes it
    await p.keyboard.press('Escape');
    await p.mouse.click(10, 790);
    expect(await dialog(p).isVisible()).toBe(true);

    await dialog(p).getByRole('button', { name: '继续游戏' }).click();
    expect(await dialog(p).count()).toBe(0);
    await p.clock.fastForward(59 * MIN);
    expect(await dialog(p).count()).toBe(0);
    await p.clock.fastForward(1 * MIN);
    await dialog(p).waitFor();
    expect(await byTestId(p, 'reality-elapsed').innerText()).toBe('您已连续游戏 2 小时 0 分钟');
    expect(await frame.getAttribute('src')).toBe(src);
    expectClean(p);
  });

  it('says 分钟 only under an hour, and when today’s figures fail it still shows the time', async () => {
    const p = await member('/mine');
    await reminderLoaded(p);
    await p.goto(`${BASE}/#/responsible`);
    await choose(p, 'reminder', '每 15 分钟');
    await mockFault({ path: '/api/venuelist', status: 500, times: 1 });
    await p.clock.fastForward(15 * MIN);
    await dialog(p).waitFor();
    expect(await byTestId(p, 'reality-elapsed').innerText()).toBe('您已连续游戏 15 分钟');
    await byTestId(p, 'reality-figures-unavailable').waitFor();
    expect(await byTestId(p, 'reality-figures-unavailable').innerText()).toBe('今日统计暂时无法获取');
  });

  it('查看记录 closes it and opens /venueBet', async () => {
    const p = await member('/');
    await reminderLoaded(p);
    await p.clock.fastForward(60 * MIN);
    await byTestId(p, 'reality-figures').waitFor();
    // the dialog itself passes axe
    const axe = await new AxeBuilder({ page: p }).include('[role=dialog]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await dialog(p).getByRole('button', { name: '查看记录' }).click();
    await p.waitForURL(`${BASE}/#/venueBet`);
    expect(await dialog(p).count()).toBe(0);
  });

  it('退出登录 logs out at once (no second confirmation) and ends on /login with the session cleared', async () => {
    const p = await member('/mine');
    await reminderLoaded(p);
    const logoff = p.waitForRequest((r) => r.url().endsWith('/api/logoff'));
    await p.clock.fastForward(60 * MIN);
    await dialog(p).getByRole('button', { name: '退出登录' }).click();
    await logoff;
    await p.waitForURL(/#\/login$/);
    expect(await p.locator('.adm-dialog').allInnerTexts()).toEqual([]);
    expect(await token(p)).toBeNull();
    expect(await p.evaluate(() => [localStorage.getItem('userInfo'), sessionStorage.getItem('responsible.session')])).toEqual([null, null]);
    await p.clock.fastForward(120 * MIN);
    expect(await dialog(p).count()).toBe(0);

    // logging in again through the form starts a new clock
    await fill(p, 'name', SEED.username);
    await fill(p, 'password', SEED.password);
    await fill(p, 'code', await captchaCode(p));
    await submit(p, '立即登录');
    await p.waitForURL(`${BASE}/#/`);
    await p.locator('[data-testid=topbar-balance]').waitFor();
    await p.clock.fastForward(59 * MIN);
    expect(await dialog(p).count()).toBe(0);
    await p.clock.fastForward(1 * MIN);
    await dialog(p).waitFor();
    expect(await byTestId(p, 'reality-elapsed').innerText()).toBe('您已连续游戏 1 小时 0 分钟');
  });

  it('a reload does not restart the clock; a new login does', async () => {
    const p = await member('/mine');
    await reminderLoaded(p);
    await p.clock.fastForward(40 * MIN);
    await p.reload();
    await p.locator('[data-testid=mine-username]').waitFor();
    await reminderLoaded(p);
    await p.clock.fastForward(20 * MIN);
    await dialog(p).waitFor();
    expect(await byTestId(p, 'reality-elapsed').innerText()).toBe('您已连续游戏 1 小时 0 分钟');
    await dialog(p).getByRole('button', { name: '继续游戏' }).click();

    // a new login: the clock starts afresh
    await p.clock.fastForward(30 * MIN);
    await loginByApi(p, '/mine');
    await reminderLoaded(p);
    await p.clock.fastForward(40 * MIN);
    expect(await dialog(p).count()).toBe(0);
    await p.clock.fastForward(20 * MIN);
    await dialog(p).waitFor();
    expect(await byTestId(p, 'reality-elapsed').innerText()).toBe('您已连续游戏 1 小时 0 分钟');
  });

  it('a tab that was hidden (its timer held back) shows what became due as soon as it is visible again', async () => {
    const p = await member('/mine');
    await reminderLoaded(p);
    await p.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // the wall clock moves on; no timer fires (a throttled background tab, a phone asleep)
    await p.clock.setSystemTime(Date.now() + 75 * MIN);
    expect(await dialog(p).count()).toBe(0);
    await p.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await dialog(p).waitFor();
    expect(await byTestId(p, 'reality-elapsed').innerText()).toBe('您已连续游戏 1 小时 15 分钟');
  });

  it('loads its code only for a member, and only after the first screen has shown its data', async () => {
    const { page: visitor } = await newPage(env.browser);
    watchChunks(visitor);
    await go(visitor, '/');
    await visitor.locator('.w-sidetabs').waitFor();
    await settled(visitor);
    expect(chunks.get(visitor)).toBe(0);

    const { page: p } = await newPage(env.browser);
    await p.addInitScript(() => performance.setResourceTimingBufferSize(2000));
    watchChunks(p);
    await loginByApi(p);
    await reminderLoaded(p);
    const [data, chunk] = await p.evaluate(() => [
      performance.getEntriesByType('mark').find((e) => e.name.startsWith('screen-data:'))?.startTime ?? -1,
      performance.getEntriesByType('resource').find((e) => /\/Reminder-[\w-]+\.js$/.test(e.name))?.startTime ?? -1,
    ]);
    expect(data).toBeGreaterThan(0);
    expect(chunk).toBeGreaterThan(data);
  });

  it('waits for a submit in flight and shows once it has ended', async () => {
    const p = await member('/fanshui');
    await reminderLoaded(p);
    await expect.poll(() => byTestId(p, 'fanshui-nojisuan').innerText()).toMatch(/[1-9]/);
    await p.clock.fastForward(60 * MIN - 10_000);
    await mockFault({ path: '/api/dofanshui', delayMs: 1500 });
    const reply = p.waitForResponse((r) => r.url().endsWith('/api/dofanshui'));
    let answered = false;
    void reply.then(() => (answered = true));
    const sent = p.waitForRequest((r) => r.url().endsWith('/api/dofanshui'));
    await byTestId(p, 'fanshui-claim').click();
    await sent;
    await p.clock.fastForward(20_000);
    // due now, but the claim is still in flight: no dialog yet
    expect(answered).toBe(false);
    expect(await dialog(p).count()).toBe(0);
    await reply;
    await dialog(p).waitFor();
    expect(await byTestId(p, 'reality-elapsed').innerText()).toBe('您已连续游戏 1 小时 0 分钟');
  });
});

describe('the 负责任博彩 screen', () => {
  it('is linked from /mine and from the help article of type 8, with the explanation and the helpline', async () => {
    const p = await member('/mine');
    await byTestId(p, 'mine-responsible').click();
    await p.waitForURL(`${BASE}/#/responsible`);
    await byTestId(p, 'responsible-intro').waitFor();
    expect(await byTestId(p, 'responsible-helpline').innerText()).toContain('在线客服');
    expect(await byTestId(p, 'responsible-rule').innerText()).toBe('缩短提醒间隔或降低时长上限立即生效；延长间隔、关闭提醒或提高上限将从下次登录起生效。');
    // defaults: every 60 minutes, no limit
    expect(await byTestId(p, 'responsible-reminder').getByRole('radio', { checked: true }).innerText()).toBe('每 60 分钟');
    expect(await byTestId(p, 'responsible-limit').getByRole('radio', { checked: true }).innerText()).toBe('不限');
    expect(await byTestId(p, 'responsible-reminder').getByRole('radio').allInnerTexts()).toEqual(['关闭', '每 15 分钟', '每 30 分钟', '每 45 分钟', '每 60 分钟', '每 90 分钟', '每 120 分钟']);
    expect(await byTestId(p, 'responsible-limit').getByRole('radio').allInnerTexts()).toEqual(['不限', '1 小时', '2 小时', '4 小时', '8 小时']);
    await byTestId(p, 'responsible-help-link').click();
    await p.waitForURL(`${BASE}/#/boutBallBetInfo?type=8`);
    await byTestId(p, 'article-responsible').click();
    await p.waitForURL(`${BASE}/#/responsible`);
    // other articles do not carry the link
    await go(p, '/boutBallBetInfo?type=7');
    await p.locator('.w-html').first().waitFor();
    expect(await byTestId(p, 'article-responsible').count()).toBe(0);
    expectClean(p);
  });

  it('a shorter interval applies at once; a longer one only from the next login', async () => {
    const p = await member('/responsible');
    await reminderLoaded(p);
    await choose(p, 'reminder', '每 30 分钟');
    expect(await byTestId(p, 'responsible-reminder-note').innerText()).toBe('已保存，立即生效');
    await p.clock.fastForward(30 * MIN);
    await dialog(p).waitFor();
    expect(await byTestId(p, 'reality-elapsed').innerText()).toBe('您已连续游戏 30 分钟');
    await dialog(p).getByRole('button', { name: '继续游戏' }).click();

    await choose(p, 'reminder', '每 90 分钟');
    expect(await byTestId(p, 'responsible-reminder-note').innerText()).toBe('已保存，将从下次登录起生效：每 90 分钟 当前生效：每 30 分钟');
    await p.clock.fastForward(30 * MIN);
    await dialog(p).waitFor();
    expect(await byTestId(p, 'reality-elapsed').innerText()).toBe('您已连续游戏 1 小时 0 分钟');
    await dialog(p).getByRole('button', { name: '继续游戏' }).click();

    // the next login plays with 90 minutes
    await loginByApi(p, '/responsible');
    await reminderLoaded(p);
    expect(await byTestId(p, 'responsible-reminder').getByRole('radio', { checked: true }).innerText()).toBe('每 90 分钟');
    expect(await byTestId(p, 'responsible-reminder-note').count()).toBe(0);
    await p.clock.fastForward(89 * MIN);
    expect(await dialog(p).count()).toBe(0);
    await p.clock.fastForward(1 * MIN);
    await dialog(p).waitFor();
    expect(await byTestId(p, 'reality-elapsed').innerText()).toBe('您已连续游戏 1 小时 30 分钟');
  });

  it('turning the reminder off takes effect from the next login', async () => {
    const p = await member('/responsible');
    await reminderLoaded(p);
    await choose(p, 'reminder', '关闭');
    expect(await byTestId(p, 'responsible-reminder-note').innerText()).toContain('将从下次登录起生效：关闭');
    await p.clock.fastForward(60 * MIN);
    await dialog(p).waitFor();
    await dialog(p).getByRole('button', { name: '继续游戏' }).click();
    await loginByApi(p, '/mine');
    await reminderLoaded(p);
    await p.clock.fastForward(300 * MIN);
    expect(await dialog(p).count()).toBe(0);
  });

  it('the session limit warns five minutes before, then logs out and /login says why', async () => {
    const p = await member('/responsible');
    await reminderLoaded(p);
    await choose(p, 'reminder', '关闭');
    await choose(p, 'limit', '1 小时');
    expect(await byTestId(p, 'responsible-limit-note').innerText()).toBe('已保存，立即生效');
    await go(p, '/gamePage?name=pg&type=0&title=PG电子');
    await p.locator('[data-testid=game-frame]').waitFor();
    await p.clock.fastForward(54 * MIN);
    expect(await p.getByRole('dialog').count()).toBe(0);
    await p.clock.fastForward(1 * MIN);
    const warning = p.getByRole('dialog', { name: '即将达到时长上限' });
    await warning.waitFor();
    expect(await warning.locator('p').innerText()).toBe('距离您设定的游戏时长上限还有 5 分钟，届时将自动退出登录。');
    await warning.getByRole('button', { name: '知道了' }).click();
    await p.clock.fastForward(5 * MIN);
    await p.waitForURL(/#\/login$/);
    const why = p.getByRole('dialog', { name: '已自动退出登录' });
    await why.waitFor();
    expect(await why.locator('p').innerText()).toBe('您已达到设定的单次登录游戏时长上限（1 小时），已自动退出登录。如需继续，请重新登录。');
    expect(await token(p)).toBeNull();
    await why.getByRole('button').click();
    expect(await why.count()).toBe(0);
  });
});

describe('the mock game', () => {
  it('plays from a home tile: a spin changes the venue balance on /money and adds a row on /betRecord', async () => {
    const { page: p } = await newPage(env.browser);
    await loginByApi(p);
    await p.locator('.w-sidetabs').waitFor();
    await go(p, '/betRecord');
    const rows = p.locator('[data-testid=bet-list] .w-paged-item');
    await rows.first().waitFor();
    const firstBefore = await rows.first().innerText();

    await go(p, '/');
    await p.locator('[data-testid=game-ag]').click();
    await p.waitForURL(/#\/gamePage\?name=ag/);
    const game = p.frameLocator('[data-testid=game-frame]');
    await game.locator('body[data-ready="1"]').waitFor();
    expect(await game.locator('#game-balance').innerText()).toBe('320.50');
    await game.getByRole('button', { name: '10 元' }).click();
    const spun = p.waitForResponse((r) => r.url().endsWith('/__mock/game/spin'));
    await game.getByRole('button', { name: '旋转' }).click();
    const result = (await (await spun).json()) as { data: { balance: number; bet_id: string; win_loss: number } };
    await expect.poll(() => game.locator('#game-balance').innerText()).toBe(result.data.balance.toFixed(2));
    expect(result.data.balance).not.toBe(320.5);

    await go(p, '/money');
    const ag = p.locator('[data-testid=money-venues] [data-key="ag"] .w-balances-value');
    await expect.poll(() => ag.innerText()).toBe(result.data.balance.toFixed(2));

    await go(p, '/betRecord');
    await expect.poll(() => rows.first().innerText()).not.toBe(firstBefore);
    const row = await rows.first().innerText();
    expect(row).toContain('AG视讯');
    expect(row).toContain('已结算');
    await rows.first().click();
    await expect.poll(() => rows.first().innerText()).toContain(result.data.bet_id);
    expectClean(p);
  });
});
