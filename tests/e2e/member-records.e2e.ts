/** Issue 5: the record screens on one paged list — filters restart at page 1, paging to the end, empty state, rebate claim. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { BASE, expectClean, go, loginByApi, mockFault, newPage, resetMock, toastAfter, browserPerFile } from './harness';
import { countRenders, renders, rendersSince } from './render-count';
import { byTestId, chooseFilter, memberPage, mockMember, recordRequests, registerMember, resultToast, scrollUntil } from './member-helpers';

const env = browserPerFile();
beforeEach(async () => {
  await resetMock();
});

const items = (p: Page, list: string) => byTestId(p, list).locator('.w-paged-item');

/** The page object of a list reply (data itself, or data[pagePath]). */
async function pageOf(r: Response, pagePath?: string): Promise<{ data: unknown[]; last_page: number; total: number }> {
  const json = (await r.json()) as { data: Record<string, unknown> };
  return (pagePath ? json.data[pagePath] : json.data) as { data: unknown[]; last_page: number; total: number };
}

const isCall = (path: string, match: Record<string, unknown>) => (r: Response) => {
  if (new URL(r.url()).pathname !== path) return false;
  const body = (r.request().postDataJSON() ?? {}) as Record<string, unknown>;
  return Object.entries(match).every(([k, v]) => String(body[k]) === String(v));
};

describe('paged lists', () => {
  it('scrolls a long list page by page to 没有更多了, never asking past last_page', async () => {
    const p = await memberPage(env.browser, '/');
    const calls = recordRequests(p, '/api/betrecord');
    const first = p.waitForResponse(isCall('/api/betrecord', { page: 1 }));
    await p.goto(`${BASE}/#/betRecord`);
    const page1 = await pageOf(await first);
    expect(page1.last_page).toBeGreaterThan(2);
    expect(calls.bodies()[0]).toMatchObject({ date: 4, api_type: '', page: 1 });

    await scrollUntil(p, '没有更多了');
    expect(await items(p, 'bet-list').count()).toBe(page1.total);
    expect(calls.bodies().map((b) => b.page)).toEqual(Array.from({ length: page1.last_page }, (_, i) => i + 1));
    await p.mouse.wheel(0, 3000);
    await p.waitForTimeout(500);
    expect(calls.count()).toBe(page1.last_page);
    expect(await p.getByText('空空如也').count()).toBe(0);
    expectClean(p);
  });

  it('a filter change restarts at page 1 and replaces the list (period, then venue)', async () => {
    const p = await memberPage(env.browser, '/betRecord');
    const calls = recordRequests(p, '/api/betrecord');
    await items(p, 'bet-list').first().waitFor();
    // load page 2 first
    await p.mouse.wheel(0, 4000);
    await expect.poll(() => calls.bodies().some((b) => b.page === 2)).toBe(true);
    await expect.poll(() => items(p, 'bet-list').count()).toBe(20);

    const week = p.waitForResponse(isCall('/api/betrecord', { date: 2, page: 1 }));
    const before = calls.count();
    await chooseFilter(p, 'filter-date', '近7日');
    const weekPage = await pageOf(await week);
    expect(calls.bodies()[before]).toMatchObject({ date: 2, page: 1 });
    await expect.poll(() => items(p, 'bet-list').count()).toBe(weekPage.data.length);
    expect(await byTestId(p, 'filter-date').innerText()).toBe('近7日');

    const venueCall = p.waitForResponse(isCall('/api/betrecord', { page: 1, date: 2 }));
    const n = calls.count();
    await byTestId(p, 'filter-venue').click();
    const sheet = p.locator('.w-filterbar-sheet:visible').last();
    const option = sheet.getByRole('radio').nth(1);
    const venueName = (await option.innerText()).trim();
    await option.click();
    const venuePage = await pageOf(await venueCall);
    const body = calls.bodies()[n];
    expect(body.page).toBe(1);
    expect(body.date).toBe(2);
    expect(String(body.api_type)).not.toBe('');
    await expect.poll(() => items(p, 'bet-list').count()).toBe(venuePage.data.length);
    expect(await byTestId(p, 'filter-venue').innerText()).toBe(venueName);
    for (const row of await items(p, 'bet-list').allInnerTexts()) expect(row).toContain(venueName);
    expectClean(p);
  });

  it('shows 空空如也 for a member with no records', async () => {
    await registerMember('emptyguy1');
    const p = await memberPage(env.browser, '/activityRecord', 'emptyguy1', 'pass1234');
    await p.getByText('空空如也', { exact: true }).waitFor();
    expect(await p.getByText('没有更多了').count()).toBe(0);
    await p.goto(`${BASE}/#/transRecord`);
    await p.getByText('空空如也', { exact: true }).waitFor();
  });

  it('pulling down refreshes the list from page 1 with what changed meanwhile', async () => {
    const p = await memberPage(env.browser, '/activityRecord');
    await p.getByText('没有更多了', { exact: true }).waitFor();
    const shown = await items(p, 'activity-list').count();
    // a new application made elsewhere (another device) while the list is open
    const token = await p.evaluate(() => sessionStorage.getItem('token'));
    for (let id = 1; id <= 20; id++) {
      const r = await fetch(`${BASE}/api/doactivityapply`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ activityid: id }) });
      if (((await r.json()) as { code: number }).code === 200) break;
    }
    const calls = recordRequests(p, '/api/activityApplyLog');
    const cdp = await p.context().newCDPSession(p);
    const at = (y: number) => [{ x: 187, y }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(150) });
    for (let y = 165; y <= 450; y += 15) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(y) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => calls.count()).toBeGreaterThan(0);
    expect(calls.bodies()[0]).toEqual({ page: 1 });
    await expect.poll(() => items(p, 'activity-list').count()).toBe(shown + 1);
    expect(await items(p, 'activity-list').first().innerText()).toContain('审核中');
  });

  it('activity records show the state words, 0 and 4 as 未定义', async () => {
    const p = await memberPage(env.browser, '/activityRecord');
    await p.getByText('没有更多了', { exact: true }).waitFor();
    const text = (await items(p, 'activity-list').allInnerTexts()).join('\n');
    for (const word of ['审核中', '已通过', '已拒绝', '未定义']) expect(text).toContain(word);
  });

  it('transaction records: type chips restart the list; deposits and transfers use their own state words', async () => {
    const { page: p, context } = await newPage(env.browser);
    await countRenders(context);
    // listening before the screen opens: its first read may leave before the page has loaded (early reads)
    const calls = recordRequests(p, '/api/gettransrecord');
    await loginByApi(p, '/transRecord');
    await items(p, 'trans-list').first().waitFor();
    // issue 38: the loading dots below the fold stand still (none of antd-mobile's SVG <animate>)
    expect(await byTestId(p, 'trans-list').locator('.loading-dots').evaluate((el) => [...el.querySelectorAll('i')].flatMap((i) => i.getAnimations()).length)).toBe(0);
    expect(await p.locator('animate, animateTransform, animateMotion').count()).toBe(0);
    expect(calls.bodies()[0]).toMatchObject({ type: 1, date: 4, page: 1 });
    expect(await p.getByRole('radio', { name: '存款' }).getAttribute('aria-checked')).toBe('true');
    await scrollUntil(p, '没有更多了');
    const deposits = (await items(p, 'trans-list').allInnerTexts()).join('\n');
    expect(deposits).toMatch(/待审核|已通过|已拒绝/);
    expect(deposits).not.toMatch(/成功|失败|待结算/);

    const n = calls.count();
    // issue 38: the chip re-renders what reads the type (the bar, the list emptied in the same render,
    // the screen's sources), counted until its request has left, its reply held back meanwhile
    await mockFault({ path: '/api/gettransrecord', delayMs: 2000 });
    const before = await renders(p);
    await p.getByRole('radio', { name: '转入' }).click();
    await expect.poll(() => calls.count()).toBeGreaterThan(n);
    expect(await items(p, 'trans-list').count()).toBe(0);
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(rendersSince(before, await renders(p)).components).toBeLessThan(20);
    expect(calls.bodies()[n]).toMatchObject({ type: 3, page: 1 });
    await scrollUntil(p, '没有更多了');
    const transfers = (await items(p, 'trans-list').allInnerTexts()).join('\n');
    expect(transfers).toMatch(/成功/);
    expect(transfers).not.toMatch(/待审核|已通过|已拒绝/);
    expect(transfers).toContain('转入 · ');
  });

  it('venue records: totals header, and a row opens /betRecord with its game type', async () => {
    const p = await memberPage(env.browser, '/venueBet');
    await items(p, 'venue-list').first().waitFor();
    await expect.poll(() => byTestId(p, 'venue-betnums').innerText()).toBe(String((await mockMember()).counts.bets));
    const bets = recordRequests(p, '/api/betrecord');
    const first = p.waitForResponse(isCall('/api/venuelist', { page: 1 }));
    await p.reload();
    const row = ((await pageOf(await first, 'lists')).data[0] ?? {}) as { game_type: number };
    await byTestId(p, 'venue-row').first().click();
    await p.waitForURL(`${BASE}/#/betRecord?type=${row.game_type}`);
    await expect.poll(() => bets.count()).toBeGreaterThan(0);
    expect(bets.bodies()[0]).toMatchObject({ game_type: String(row.game_type), page: 1 });
  });

  it('a page that fails says so and offers a retry; the retry asks that page again and the list goes on', async () => {
    // record from before the screen opens: its first page can be asked for before goto returns
    const p = await memberPage(env.browser, '/');
    const calls = recordRequests(p, '/api/betrecord');
    await go(p, '/betRecord');
    await expect.poll(() => items(p, 'bet-list').count()).toBe(10);
    await mockFault({ path: '/api/betrecord', code: 1, message: '查询繁忙，请稍后再试' });
    const msg = await toastAfter(p, () => p.mouse.wheel(0, 4000));
    expect(msg).toBe('查询繁忙，请稍后再试');
    const retry = p.getByRole('button', { name: '加载失败， 点击重试' });
    await retry.waitFor();
    expect(calls.bodies().map((b) => b.page)).toEqual([1, 2]);
    expect(await items(p, 'bet-list').count()).toBe(10);
    // a failed page is not asked again by scrolling, only by the retry
    await p.mouse.wheel(0, 4000);
    await p.waitForTimeout(300);
    expect(calls.count()).toBe(2);
    await retry.click();
    await expect.poll(() => items(p, 'bet-list').count()).toBe(20);
    expect(calls.bodies().map((b) => b.page)).toEqual([1, 2, 2]);
    expect(await retry.count()).toBe(0);
  });

  it('messages: announcements and in-site messages are two paged tabs; 站内信 is read once 平台公告 is up, and shows at once', async () => {
    const { page: p } = await newPage(env.browser);
    const calls = recordRequests(p, '/api/noticeList');
    await loginByApi(p, '/message');
    await items(p, 'notice-list').first().waitFor();
    // the first tab's messages first; the other tab's page 1 once they are on screen, before any tap (issue 38)
    expect(calls.bodies()[0]).toMatchObject({ type: 1, page: 1 });
    await expect.poll(() => calls.bodies().filter((b) => b.type === 2)).toEqual([{ type: 2, page: 1 }]);
    const asked = calls.count();
    // its rows are rendered ahead (Tabs prerender), out of sight until the tap shows them
    await expect.poll(() => items(p, 'message-list').count()).toBeGreaterThan(0);
    expect(await items(p, 'message-list').first().isVisible()).toBe(false);
    await p.getByRole('tab', { name: '站内信' }).click();
    await p.waitForURL(`${BASE}/#/message?type=2`);
    await items(p, 'message-list').first().waitFor();
    // its rows were already there: nothing asked again for page 1
    expect(calls.bodies().slice(asked).filter((b) => b.page === 1)).toEqual([]);
    expectClean(p);
  });
});

describe('rebate centre', () => {
  it('claims the pending rebate: totals move, rows turn 已领取, a second claim says 暂无领取额度！ without a call', async () => {
    const before = await mockMember();
    expect(before.nojisuan).toBeGreaterThan(0);
    const p = await memberPage(env.browser, '/fanshui');
    await expect.poll(() => byTestId(p, 'fanshui-nojisuan').innerText()).toBe(before.nojisuan.toFixed(2));
    expect(await byTestId(p, 'fanshui-jisuan').innerText()).toBe(before.jisuan.toFixed(2));
    await p.getByText('未领取').first().waitFor();

    const claims = recordRequests(p, '/api/dofanshui');
    const msg = await resultToast(p, () => byTestId(p, 'fanshui-claim').click());
    expect(msg).toContain('领取成功');
    const expected = (Math.round((before.jisuan + before.nojisuan) * 100) / 100).toFixed(2);
    await expect.poll(() => byTestId(p, 'fanshui-jisuan').innerText()).toBe(expected);
    expect(await byTestId(p, 'fanshui-nojisuan').innerText()).toBe('0.00');
    await expect.poll(() => p.getByText('未领取').count()).toBe(0);
    expect(claims.count()).toBe(1);

    expect(await toastAfter(p, () => byTestId(p, 'fanshui-claim').click())).toBe('暂无领取额度！');
    await p.waitForTimeout(300);
    expect(claims.count()).toBe(1);
    expectClean(p);
  });

  it('filters by venue and period, restarting at page 1', async () => {
    // record from before the screen opens: its first page can be asked for before goto returns
    const p = await memberPage(env.browser, '/');
    const calls = recordRequests(p, '/api/getfanshui');
    await go(p, '/fanshui');
    await items(p, 'fanshui-list').first().waitFor();
    expect(calls.bodies()[0]).toMatchObject({ date: 4, api_type: '', page: 1, type: '' }); // type empty, as the reference client sends it
    const n = calls.count();
    await chooseFilter(p, 'filter-date', '今日');
    await expect.poll(() => calls.count()).toBeGreaterThan(n);
    expect(calls.bodies()[n]).toMatchObject({ date: 1, page: 1, type: '' });
    expect(await byTestId(p, 'filter-venue').innerText()).toBe('全平台');
  });
});
