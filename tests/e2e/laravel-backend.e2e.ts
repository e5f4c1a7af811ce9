/**
 * Issues 25 and 30: the app against a backend that answers as the Laravel original, running (the
 * mock's laravel reply profile, switched through /__mock/settings; every reset returns to the
 * default profile). One test per screen that reads a field the Laravel original sends differently,
 * one per numbered point of issue 30, asserting what the player sees; and a walk over every route
 * of routes.json, as a member and as a visitor, finding no path, object, missing value or English
 * where the default profile shows Chinese. The same screens against the default profile are the
 * other browser tests.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { QUERY, needsMember, type SheetRoute } from '../../scripts/screens-lib';
import { allowConsole, BASE, captchaCode, dialogText, expectClean, fill, go, loginByApi, mock, mockSettings, newPage, resetMock, SEED, submit, toastAfter, toasts, browserPerFile, settled } from './harness';
import { byTestId, memberPage, recordRequests, scrollUntil } from './member-helpers';
import { resultToastAfter } from './money-helpers';
import { walkTo } from './route-walk';

const env = browserPerFile();
const laravel = () => mockSettings({ index_modal: 0, shapes: { profile: 'laravel' } });
beforeEach(async () => {
  await resetMock();
  await laravel();
});
afterEach(async () => {
  await resetMock();
});

const items = (p: Page, list: string) => byTestId(p, list).locator('.w-paged-item');
const isCall = (path: string, match: Record<string, unknown> = {}) => (r: Response) =>
  new URL(r.url()).pathname === path && Object.entries(match).every(([k, v]) => String((r.request().postDataJSON() ?? {})[k]) === String(v));
const dataOf = async <T>(r: Promise<Response>): Promise<T> => ((await (await r).json()) as { data: T }).data;
/** two decimals: every amount these tests compare is below the grouping threshold (10,000) */
const money = (n: number) => n.toFixed(2);

async function api<T>(name: string, body: object, token: string | null): Promise<{ code: number; message: string; data: T }> {
  const r = await fetch(`${BASE}/api/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return r.json() as Promise<{ code: number; message: string; data: T }>;
}
/** The page's token: the laravel profile keeps one session per member, so the page's login is the one that works. */
const tokenOf = (p: Page) => p.evaluate(() => sessionStorage.getItem('token'));

type Bet = { bet_id: string; bet_time: string; platform_type: string; Code: string; bet_amount: string };
type Row = { real_money?: string; amount?: string; out_trade_no?: string; pay_way: string; type?: number };
/** The operator's words for the backend's pay methods (app.json maps.payWay). */
const PAY_WAY: Record<string, string> = { 'Bank card': '银行卡', WeChat: '微信', Alipay: '支付宝', 'USDT-TRC20': 'USDT-TRC20' };

describe('records', () => {
  it('3. /betRecord: every bet titled with its venue from the platform list (Code empty, platform_type in lower case), its date and time (bet_time)', async () => {
    await mock('bet', { plat: 'pg', bet: 25, win: 5, game: '糖果派对' });
    const p = await memberPage(env.browser, '/');
    const first = p.waitForResponse(isCall('/api/betrecord', { page: 1 }));
    const venues = p.waitForResponse(isCall('/api/balancelist'));
    await go(p, '/betRecord');
    const page1 = await dataOf<{ data: Bet[]; total: number }>(first);
    const list = await dataOf<{ name: string; platname: string }[]>(venues);
    expect(page1.data[0]).not.toHaveProperty('created_at');
    expect(page1.data[0]).toMatchObject({ Code: '', platform_type: 'pg', bet_amount: '25.00' });

    await scrollUntil(p, '没有更多了');
    await expect.poll(() => items(p, 'bet-list').count()).toBe(page1.total);
    const times = await items(p, 'bet-list').locator('.w-cell-description').allInnerTexts();
    expect(times).toHaveLength(page1.total);
    for (const t of times) expect(t).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(times.slice(0, page1.data.length)).toEqual(page1.data.map((b) => b.bet_time));

    // no row without a title, none titled with a code: each venue's name, found without regard to case
    const nameOf = (code: string) => list.find((v) => v.platname.toLowerCase() === code.toLowerCase())?.name;
    const titles = await items(p, 'bet-list').locator('.w-cell-title').allInnerTexts();
    expect(titles.slice(0, page1.data.length)).toEqual(page1.data.map((b) => nameOf(b.platform_type)));
    for (const t of titles) expect(t).toMatch(/[\u4e00-\u9fff]/);
    const newest = items(p, 'bet-list').first();
    expect(await newest.locator('.w-cell-title').innerText()).toBe('PG电子');
    // the title is the venue: no second line saying the same
    expect(await newest.locator('.w-cell-detail').allInnerTexts()).toEqual([`注单号\n${page1.data[0].bet_id}`, '投注金额\n25.00']);
    expectClean(p);
  });

  it('/transRecord: on each of its four tabs no label without a value, the money that moved (real_money) and the order number only where there is one', async () => {
    const p = await memberPage(env.browser, '/');
    const tabs = [
      [1, '存款'],
      [2, '取款'],
      [3, '转入'],
      [4, '转出'],
    ] as const;
    for (const [type, label] of tabs) {
      const reply = p.waitForResponse(isCall('/api/gettransrecord', { type, page: 1 }));
      if (type === 1) await go(p, '/transRecord');
      else await p.getByRole('radio', { name: label }).click();
      const page1 = await dataOf<{ data: Row[] }>(reply);
      const n = page1.data.length;
      expect(n).toBeGreaterThan(0);
      // page 1 shown (the list may already be asking for page 2 as it fills the screen)
      await expect.poll(() => items(p, 'trans-list').count()).toBeGreaterThanOrEqual(n);
      await expect.poll(() => items(p, 'trans-list').first().locator('.w-cell-title').innerText()).toContain(`${label} · `);
      const rows = await items(p, 'trans-list').evaluateAll((els) =>
        els.map((e) => ({
          title: e.querySelector('.w-cell-title')?.textContent ?? '',
          value: e.querySelector('.w-cell-value')?.textContent ?? '',
          lines: [...e.querySelectorAll('.w-cell-detail')].map((d) => [d.querySelector('.w-cell-dt')?.textContent ?? '', (d.querySelector('.w-cell-dd')?.textContent ?? '').trim()]),
        })),
      );
      for (const [dt, dd] of rows.flatMap((r) => r.lines)) expect(dd, `the line ${dt} on ${label}`).not.toBe('');
      const shown = rows.slice(0, n);
      expect(shown.map((r) => r.lines.map(([dt]) => dt))).toEqual(page1.data.map((r) => (r.out_trade_no ? ['订单号'] : [])));
      expect(page1.data.filter((r) => r.out_trade_no)).toHaveLength(type <= 2 ? n : 0);
      expect(shown.map((r) => r.value)).toEqual(page1.data.map((r) => money(Number(r.real_money ?? r.amount))));
      // amounts are strings ("1000.00")
      expect(page1.data.every((r) => typeof (r.real_money ?? r.amount) === 'string')).toBe(true);
      // 5. the pay method in the operator's words, never the backend's English
      if (type <= 2) {
        expect(page1.data.some((r) => r.pay_way in PAY_WAY && PAY_WAY[r.pay_way] !== r.pay_way)).toBe(true);
        expect(shown.map((r) => r.title)).toEqual(page1.data.map((r) => `${label} · ${PAY_WAY[r.pay_way] ?? r.pay_way}`));
        for (const r of shown) expect(r.title).not.toMatch(/Bank card|WeChat|Alipay/);
      }
    }
    expectClean(p);
  });
});

describe('red packet', () => {
  it('8. /hongbao: the rules as the backend means them (the deposit range, recharge the grabs, money a percentage), the state from redPacketStatus, and a claim', async () => {
    const p = await memberPage(env.browser, '/hongbao');
    const table = byTestId(p, 'hongbao-rules');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(5);
    expect(await table.locator('thead th').allInnerTexts()).toEqual(['时间', '累计存款', '可抢次数', '红包比例']);
    expect(await table.locator('tbody tr').first().locator('td').allInnerTexts()).toEqual(['10:00:00–12:00:00', '100.00–999.99', '1次', '1%']);
    expect(await table.locator('tbody tr').last().locator('td').allInnerTexts()).toEqual(['10:00:00–12:00:00', '50,000.00–999,999.00', '5次', '8%']);
    expect(await byTestId(p, 'hongbao-status').innerText()).toBe('活动状态：进行中');

    expect(await byTestId(p, 'hongbao-sendnums').innerText()).toContain('3');
    await p.getByRole('button', { name: '立即抢红包' }).click();
    expect((await dialogText(p)).split('\n')).toContainEqual(expect.stringMatching(/^恭喜您抢到 \d+\.\d{2} 元红包，已存入中心钱包$/));
    await expect.poll(() => byTestId(p, 'hongbao-sendnums').innerText()).toContain('2');
    expectClean(p);

    // the default profile sends the same rules as numbers: the same table
    await mockSettings({ shapes: { profile: 'default' } });
    await p.reload();
    await expect.poll(() => table.locator('tbody tr').first().locator('td').allInnerTexts()).toEqual(['10:00:00–12:00:00', '100.00–999.99', '1次', '1%']);
    expect(await byTestId(p, 'hongbao-status').innerText()).toBe('活动状态：进行中');
  });
});

describe('login', () => {
  it('an unknown name (202) and a wrong password (203) say so; the right one signs in with api_token, not new_api_token', async () => {
    const { page: p } = await newPage(env.browser);
    await go(p, '/login');
    const attempt = async (name: string, password: string) => {
      await fill(p, 'name', name);
      await fill(p, 'password', password);
      await fill(p, 'code', await captchaCode(p));
      return toastAfter(p, () => submit(p, '立即登录'));
    };
    expect(await attempt('nobody99', 'whatever1')).toBe('用户不存在');
    expect(await attempt(SEED.username, 'wrong-pass')).toBe('登录密码错误');

    await fill(p, 'name', SEED.username);
    await fill(p, 'password', SEED.password);
    await fill(p, 'code', await captchaCode(p));
    const reply = p.waitForResponse(isCall('/api/login_pc'));
    await submit(p, '立即登录');
    const got = await dataOf<{ username: string; api_token: string; new_api_token: string }>(reply);
    expect(Object.keys(got)).toEqual(['username', 'api_token', 'new_api_token']);
    await p.waitForURL(`${BASE}/#/`);
    expect(await tokenOf(p)).toBe(got.api_token);
    await expect.poll(() => byTestId(p, 'topbar-balance').innerText()).toContain('1000.00');
    await go(p, '/mine');
    await expect.poll(() => byTestId(p, 'mine-username').innerText()).toBe(SEED.username);
    // 2. vipname is a picture path: the level as config names it (from vip), never the path
    expect(await byTestId(p, 'mine-vip').innerText()).toBe('VIP3');
    expect(await p.locator('body').innerText()).not.toContain('/static/');
    // the token the Laravel user entity carries is not kept with the cached user
    const cached = await p.evaluate(() => sessionStorage.getItem('userInfo') ?? '');
    expect(cached).toContain('"username":"demo01"');
    expect(cached).not.toContain(got.api_token);
    expectClean(p);
  });
});

describe('money without a venue list from refreshusermoney', () => {
  it('/money shows the venue balances (with their icons) from balancelist and follows a change at the poll', async () => {
    const { page: p } = await newPage(env.browser);
    await p.clock.install();
    await loginByApi(p);
    const refresh = p.waitForResponse(isCall('/api/refreshusermoney'));
    const balances = p.waitForResponse(isCall('/api/balancelist'));
    await go(p, '/money');
    expect(await dataOf<object>(refresh)).not.toHaveProperty('list');
    const list = await dataOf<{ name: string; platname: string; balance: string }[]>(balances);
    const venues = byTestId(p, 'money-venues');
    await expect.poll(() => venues.locator('.w-balances-item').count()).toBe(8);
    expect(await venues.locator('.w-balances-name').allInnerTexts()).toEqual(list.map((v) => v.name));
    expect(await venues.locator('.w-balances-value').allInnerTexts()).toEqual(list.map((v) => money(Number(v.balance))));
    await expect.poll(() => venues.locator('img.w-balances-icon').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(8);
    expect(await byTestId(p, 'money-total').innerText()).toBe('1408.50');

    await mock('member', { venues: { ag: 500 } });
    const next = p.waitForResponse(isCall('/api/balancelist'));
    await p.clock.fastForward(3500);
    await next;
    await expect.poll(() => venues.locator('[data-key="ag"] .w-balances-value').innerText()).toBe('500.00');
    expectClean(p);
  });

  it('/transfer: a transfer updates the central wallet (refreshusermoney without list) and the venue (balancelist)', async () => {
    const p = await memberPage(env.browser, '/transfer?code=ag');
    const venue = byTestId(p, 'transfer-venues').locator('[data-key="ag"] .w-balances-value');
    await expect.poll(() => venue.innerText()).toBe('320.50');
    expect(await byTestId(p, 'transfer-venues').locator('img.w-balances-icon').count()).toBe(4);
    await expect.poll(() => p.locator('#transfer-targettype').innerText()).toBe('AG视讯');
    expect(await p.locator('#transfer-sourcetype').innerText()).toBe('中心钱包');
    await fill(p, 'amount', '10');
    expect(await resultToastAfter(p, () => submit(p, '立即转账'))).toBe('转账成功');
    await expect.poll(() => byTestId(p, 'transfer-central').innerText()).toBe('990.00');
    await expect.poll(() => venue.innerText()).toBe('330.50');
    expectClean(p);
  });
});

describe('a backend without venuelist', () => {
  it('/venueBet says its load failed and offers a retry, which asks again; no totals pretend to be zero', async () => {
    const p = await memberPage(env.browser, '/');
    allowConsole(p, /status of 404/);
    const calls = recordRequests(p, '/api/venuelist');
    const shown = toastAfter(p, () => go(p, '/venueBet'));
    expect(await shown).toBe('接口不存在：/api/venuelist');
    const retry = p.getByRole('button', { name: '加载失败， 点击重试' });
    await retry.waitFor();
    expect(calls.count()).toBe(1);
    expect(await byTestId(p, 'venue-betnums').count()).toBe(0);
    await retry.click();
    await expect.poll(() => calls.count()).toBe(2);
    await retry.waitFor();
    expect(await items(p, 'venue-list').count()).toBe(0);
    expectClean(p);
  });
});

describe('/payInfo', () => {
  it('a bank deposit lists the receiving accounts of the cardlist array; a USDT deposit shows the amount the backend converted', async () => {
    const p = await memberPage(env.browser, '/');
    const token = await tokenOf(p);
    const banks = (await api<{ bank_no: string; bank_owner: string; bank_address: string; bank_data: { bank_name: string } }[]>('getpaybank', {}, token)).data;
    const no = (await api('recharge', { paytype: 'bank', amount: 500, bank_owner: '张伟', bank: '招商银行', bank_no: '6225880112345678', bank_address: '深圳' }, token)).message;
    await go(p, `/payInfo?deposit_no=${no}`);
    const accounts = byTestId(p, 'payinfo-bank');
    await expect.poll(() => accounts.count()).toBe(banks.length);
    for (const [i, b] of banks.entries()) {
      const a = accounts.nth(i);
      expect(await a.locator('.w-cell-title').innerText()).toBe(b.bank_data.bank_name);
      expect(await a.locator('.w-cell-detail').allInnerTexts()).toEqual([`收款人\n${b.bank_owner}`, `卡号\n${b.bank_no}`, `开户行\n${b.bank_address}`]);
    }
    await expect.poll(() => accounts.locator('img.w-cell-image').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(banks.length);

    // USDT: the backend converts at the deposit's rate; the cached member's rate (7.2) is not used
    await mockSettings({ usdtrate: 8 });
    const usdt = (await api('recharge', { paytype: 'usdt', amount: 720, catepay: 'TRC20' }, token)).message;
    await go(p, `/payInfo?deposit_no=${usdt}`);
    await expect.poll(() => byTestId(p, 'payinfo-usdt').innerText()).toBe('90.00 USDT');
    const qr = p.getByAltText('USDT收款二维码');
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await qr.getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mock-assets\/qr\//);

    // the default profile's one channel object: one account, the lines it has no value for not drawn
    await mockSettings({ shapes: { profile: 'default' } });
    await go(p, `/payInfo?deposit_no=${no}`);
    await p.reload();
    await expect.poll(() => accounts.count()).toBe(1);
    expect(await accounts.locator('.w-cell-detail').allInnerTexts()).toEqual([`卡号\n${banks[0].bank_no}`]);
    expectClean(p);
  });
});

describe('issue 30: what a player saw go wrong against the running original', () => {
  it('1. home: the scrolling notice is the notice text (object rows, HTML content), and two banners count 1/2', async () => {
    const { page: p } = await newPage(env.browser);
    const token = await loginByApi(p);
    const notices = await api<{ id: number; name: string; content: string }[]>('homenotice', {}, token);
    expect(typeof notices.data[0]).toBe('object');
    // a backend with two banners (the rows as it sends them: no id)
    const banners = (await api<{ src: string }[]>('bannerList', { type: 2 }, token)).data.slice(0, 2);
    await p.route('**/api/bannerList', (r) => r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 200, message: '操作成功', data: banners }) }));
    await p.reload();
    const bar = p.locator('.w-notice-line');
    const first = notices.data[0].content.replace(/<[^>]+>/g, '');
    await expect.poll(() => bar.innerText()).toContain(first);
    expect(await bar.innerText()).not.toContain('[object Object]');
    expect(await bar.innerText()).not.toContain('<p>');
    await expect.poll(() => p.locator('.w-carousel-slide img').count()).toBe(2);
    expect(await p.locator('.w-carousel-indicator').innerText()).toBe('1/2');
    // the popup lists each notice as its text
    await p.locator('.w-notice').click();
    await expect.poll(() => p.locator('.w-notice-list li').count()).toBe(notices.data.length);
    expect(await p.locator('.w-notice-list li').first().innerText()).toBe(first);
    expectClean(p);
  });

  it('4. 存款 with get_pay_way answering HTTP 500: the failure and a retry as soon as the first replies are in, never 加载中; the retry asks again', async () => {
    const p = await memberPage(env.browser, '/');
    allowConsole(p, /status of 500/);
    const calls = recordRequests(p, '/api/get_pay_way');
    const shown = toastAfter(p, () => go(p, '/recharge'));
    // the screen's own signal: every first load has rendered (perf.ts screen-data mark)
    await p.waitForFunction(() => performance.getEntriesByName('screen-data:recharge').length > 0);
    const retry = byTestId(p, 'screen-load-failed').getByRole('button', { name: '加载失败， 点击重试' });
    expect(await retry.count()).toBe(1);
    expect(await p.locator('main, body').first().innerText()).not.toContain('加载中');
    // the backend's English error is not what the player reads
    expect(await shown).toBe('操作失败，请稍后再试');
    expect(calls.count()).toBe(1);
    // the backend is mended: the retry loads the methods
    await mockSettings({ shapes: { profile: 'default' } });
    await retry.click();
    await expect.poll(() => calls.count()).toBe(2);
    await expect.poll(() => p.getByRole('tab', { name: '网银转账' }).count()).toBe(1);
    expect(await byTestId(p, 'screen-load-failed').count()).toBe(0);
    expectClean(p);
  });

  it('6. toasts in Chinese: 一键回收, the rebate claim, a promotion application, and the 202 of 免转模式', async () => {
    const p = await memberPage(env.browser, '/money');
    await mock('member', { venues: { ag: 50 } });
    await byTestId(p, 'money-recycle').waitFor();
    expect(await resultToastAfter(p, () => byTestId(p, 'money-recycle').click())).toBe('回收成功');

    await go(p, '/fanshui');
    await byTestId(p, 'fanshui-claim').waitFor();
    await expect.poll(() => byTestId(p, 'fanshui-nojisuan').innerText()).not.toBe('0.00');
    expect(await resultToastAfter(p, () => byTestId(p, 'fanshui-claim').click())).toBe('领取成功');

    // a promotion the member has no pending application for
    const token = await tokenOf(p);
    const pending = (await api<{ data: { activity_name: string; state: number }[] }>('activityApplyLog', { page: 1, pagesize: 100 }, token)).data.data.filter((a) => a.state === 1).map((a) => a.activity_name);
    const free = (await api<{ data: { id: number; title: string }[] }>('activitylist', { type: '', page: 1, pagesize: 100 }, token)).data.data.find((a) => !pending.includes(a.title))!;
    await go(p, `/activityInfo?id=${free.id}`);
    await byTestId(p, 'activity-apply').waitFor();
    expect(await resultToastAfter(p, () => byTestId(p, 'activity-apply').click())).toBe('申请成功，请等待审核');

    // 免转模式 asked for as it already is: the backend's 202 No eligible records, in Chinese
    await go(p, '/transfer');
    const auto = byTestId(p, 'transfer-auto');
    await auto.waitFor();
    const before = await auto.getAttribute('data-checked');
    await mock('member', { transferstatus: before === '1' ? 0 : 1 });
    expect(await resultToastAfter(p, () => auto.getByRole('switch').click())).toBe('暂无符合条件的记录');
    for (const t of await toasts(p)) expect(t).toMatch(/[\u4e00-\u9fff]/);
    expectClean(p);
  });

  it('7. 取款 labels getBetAmount 打码量 (the bets placed), not 还需打码量', async () => {
    await mock('member', { bet_amount: 150 });
    const p = await memberPage(env.browser, '/withdrawal');
    const turnover = byTestId(p, 'withdraw-turnover');
    await expect.poll(() => turnover.innerText()).toContain('150.00');
    const shown = await p.locator('body').innerText();
    expect(shown).toContain('打码量（元）');
    expect(shown).not.toContain('还需打码量');
    expectClean(p);
  });

  it("9. 消息中心: each tab lists the messages of its own kind (the row's type), though the backend ignores the type asked for", async () => {
    const p = await memberPage(env.browser, '/');
    const all = (await api<{ data: { title: string; type: number }[] }>('noticeList', { type: 1, pagesize: 100 }, await tokenOf(p))).data.data;
    const personal = all.filter((r) => r.type === 1).map((r) => r.title);
    const announcements = all.filter((r) => r.type !== 1).map((r) => r.title);
    expect(personal.length).toBeGreaterThan(0);
    expect(announcements.length).toBeGreaterThan(0);
    const titles = (list: string) => items(p, list).locator('.w-cell-title').allInnerTexts();
    await go(p, '/message?type=1');
    await scrollUntil(p, '没有更多了');
    expect(await titles('notice-list')).toEqual(announcements);
    await p.getByRole('tab', { name: '站内信' }).click();
    await scrollUntil(p, '没有更多了');
    await expect.poll(() => titles('message-list')).toEqual(personal);
    expectClean(p);
  });

  it('10. 交易记录: a change of the query alone (a link, then the back button) reads the records of the new type', async () => {
    const p = await memberPage(env.browser, '/');
    const deposits = p.waitForResponse(isCall('/api/gettransrecord', { type: 1, page: 1 }));
    await go(p, '/transRecord?type=1');
    await deposits;
    await expect.poll(() => items(p, 'trans-list').first().locator('.w-cell-title').innerText()).toMatch(/^存款 · /);
    const withdrawals = p.waitForResponse(isCall('/api/gettransrecord', { type: 2, page: 1 }));
    await p.evaluate(() => {
      location.hash = '#/transRecord?type=2';
    });
    await withdrawals;
    await expect.poll(() => items(p, 'trans-list').first().locator('.w-cell-title').innerText()).toMatch(/^取款 · /);
    const back = p.waitForResponse(isCall('/api/gettransrecord', { type: 1, page: 1 }));
    await p.goBack();
    await back;
    await expect.poll(() => items(p, 'trans-list').first().locator('.w-cell-title').innerText()).toMatch(/^存款 · /);
    expectClean(p);
  });

  it('11. amounts and switches as strings: "0" is off (no start-up popup, no red-packet entry), "1000.00" is the balance', async () => {
    await mockSettings({ redpacket_switch: 0 });
    const p = await memberPage(env.browser, '/');
    const app = await api<{ index_modal: string; redpacket_switch: string }>('app', {}, null);
    expect(app.data).toMatchObject({ index_modal: '0', redpacket_switch: '0' });
    await expect.poll(() => byTestId(p, 'topbar-balance').innerText()).toContain('1000.00');
    await p.waitForFunction(() => performance.getEntriesByName('screen-data:home').length > 0);
    expect(await byTestId(p, 'redpacket-float').count()).toBe(0);
    expect(await p.locator('.adm-modal, .ovl-center').count()).toBe(0);
    // the navigation is the act: the toast can show before `go` returns
    expect(await toastAfter(p, () => go(p, '/hongbao'))).toBe('红包已关闭');
    expectClean(p);
  });
});

/** Words of English (two lower-case letters at least: not codes such as USDT, VIP, PG) in a text; not the parts of a path (/api/venuelist). */
const englishWords = (text: string) => new Set(text.replace(/\/[\w/.-]*/g, ' ').match(/[A-Za-z]*[a-z]{2,}[A-Za-z]*/g) ?? []);
const ROUTES = readRoutes();
function readRoutes(): SheetRoute[] {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screens.config', 'routes.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { routes: SheetRoute[] }).routes;
}

/**
 * The text of every route a role may open, once its data has rendered: one page per walk (the member
 * logs in once; no service worker, whose precache would download the whole app again), moved from
 * route to route as a player moves (route-walk.ts: by the hash, a new load after a popup left open).
 * The text is read once the screen's data has rendered and every request the page started is
 * answered (scripts/settle.ts), not after a quiet window's half second a route.
 */
async function routeTexts(member: boolean, paths?: Set<string>): Promise<Map<string, string>> {
  const { page } = await newPage(env.browser, { serviceWorkers: 'block' });
  allowConsole(page, /status of (401|404|500)/);
  if (member) {
    const r = await fetch(`${BASE}/api/login_pc`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: SEED.username, password: SEED.password }) });
    const token = ((await r.json()) as { data: { api_token: string } }).data.api_token;
    await page.addInitScript((t) => {
      if (window.top === window) sessionStorage.setItem('token', t);
    }, token);
  }
  const texts = new Map<string, string>();
  const walk = { page, loaded: false };
  for (const route of ROUTES.filter((r) => (member || !needsMember(r)) && (!paths || paths.has(r.path)))) {
    const query = QUERY[route.path];
    // whichever screen shows: a route may redirect (the red packet switched off, a page a member does not see)
    await walkTo(walk, query ? `${route.path}?${query}` : route.path, '*');
    // what the data's replies bring (a toast, a second page of a list) is in before the text is read
    await settled(page);
    texts.set(route.path, await page.locator('body').innerText());
  }
  await page.context().close();
  return texts;
}

describe('every route of routes.json against the running original', () => {
  for (const role of ['member', 'visitor'] as const) {
    const routes = ROUTES.filter((r) => role === 'member' || !needsMember(r));
    it(`every route a ${role} may open (${routes.length}): no [object Object], /static/, undefined, NaN, null, nor English where the default profile shows Chinese`, async () => {
      const lara = await routeTexts(role === 'member');
      expect([...lara.keys()]).toEqual(routes.map((r) => r.path));
      // the default profile's words, on the routes where the original's show any English at all
      const withEnglish = new Set([...lara].filter(([, text]) => englishWords(text).size > 0).map(([route]) => route));
      await mockSettings({ shapes: { profile: 'default' } });
      const plain = await routeTexts(role === 'member', withEnglish);
      const problems: string[] = [];
      for (const [route, text] of lara) {
        for (const bad of ['[object Object]', '/static/', 'undefined', 'NaN', 'null']) if (text.includes(bad)) problems.push(`${route}: "${bad}"`);
        const shown = englishWords(plain.get(route) ?? '');
        const english = [...englishWords(text)].filter((w) => !shown.has(w));
        if (english.length) problems.push(`${route}: English the default profile does not show: ${english.join(', ')}`);
      }
      expect(problems).toEqual([]);
    }, 300000);
  }
});
