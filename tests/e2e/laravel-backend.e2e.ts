/**
 * Issue 25: the app against a backend that answers as the Laravel original (the mock's laravel
 * reply profile, switched through /__mock/settings; every reset returns to the default profile).
 * One test per screen that reads a field the Laravel original sends differently, asserting what
 * the player sees; the same screens against the default profile are the other browser tests.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { allowConsole, BASE, captchaCode, dialogText, expectClean, fill, go, loginByApi, mock, mockSettings, newPage, resetMock, SEED, submit, toastAfter, browserPerFile } from './harness';
import { byTestId, memberPage, recordRequests, scrollUntil } from './member-helpers';
import { resultToastAfter } from './money-helpers';

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

type Bet = { bet_id: string; bet_time: string; platform_type: string; Code: string };
type Row = { real_money?: number; amount: number; out_trade_no?: string; pay_way: string; type?: number };

describe('records', () => {
  it('/betRecord shows every bet with its date and time (bet_time), and the venue from platform_type where the title is a game', async () => {
    await mock('bet', { plat: 'pg', bet: 25, win: 5, game: '糖果派对' });
    const p = await memberPage(env.browser, '/');
    const first = p.waitForResponse(isCall('/api/betrecord', { page: 1 }));
    await go(p, '/betRecord');
    const page1 = await dataOf<{ data: Bet[]; total: number }>(first);
    expect(page1.data[0]).not.toHaveProperty('created_at');
    expect(page1.data[0]).toMatchObject({ Code: '糖果派对', platform_type: 'pg' });

    await scrollUntil(p, '没有更多了');
    await expect.poll(() => items(p, 'bet-list').count()).toBe(page1.total);
    const times = await items(p, 'bet-list').locator('.w-cell-description').allInnerTexts();
    expect(times).toHaveLength(page1.total);
    for (const t of times) expect(t).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(times.slice(0, page1.data.length)).toEqual(page1.data.map((b) => b.bet_time));

    const newest = items(p, 'bet-list').first();
    expect(await newest.locator('.w-cell-title').innerText()).toBe('糖果派对');
    expect(await newest.locator('.w-cell-detail').allInnerTexts()).toEqual([`注单号\n${page1.data[0].bet_id}`, '投注金额\n25.00', '场馆\nPG电子']);
    // the mock's other bets are titled with their venue: no second line saying the same
    expect(await items(p, 'bet-list').nth(1).locator('.w-cell-dt').allInnerTexts()).toEqual(['注单号', '投注金额']);
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
      expect(shown.map((r) => r.value)).toEqual(page1.data.map((r) => money(r.real_money ?? r.amount)));
      if (type >= 2) expect(page1.data.every((r) => typeof r.real_money === 'number')).toBe(true);
      if (type === 2) expect(shown.map((r) => r.title)).toEqual(page1.data.map((r) => `取款 · ${r.pay_way}`));
    }
    expectClean(p);
  });
});

describe('red packet', () => {
  it('/hongbao: the state from redPacketStatus, the rules without a grabs column, and a claim', async () => {
    const p = await memberPage(env.browser, '/hongbao');
    const table = byTestId(p, 'hongbao-rules');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(5);
    expect(await table.locator('thead th').allInnerTexts()).toEqual(['时间', '累计存款', '当日流水', '流水倍数']);
    expect(await table.locator('tbody tr').first().locator('td').allInnerTexts()).toEqual(['10:00:00–12:00:00', '≥100', '≥500', '1倍']);
    expect(await byTestId(p, 'hongbao-status').innerText()).toBe('活动状态：进行中');

    expect(await byTestId(p, 'hongbao-sendnums').innerText()).toContain('3');
    await p.getByRole('button', { name: '立即抢红包' }).click();
    expect((await dialogText(p)).split('\n')).toContainEqual(expect.stringMatching(/^恭喜您抢到 \d+\.\d{2} 元红包，已存入中心钱包$/));
    await expect.poll(() => byTestId(p, 'hongbao-sendnums').innerText()).toContain('2');
    expectClean(p);

    // the default profile: the grabs column is back
    await mockSettings({ shapes: { profile: 'default' } });
    await p.reload();
    await expect.poll(() => table.locator('thead th').allInnerTexts()).toEqual(['时间', '累计存款', '当日流水', '流水倍数', '可抢次数']);
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
    expect(await attempt(SEED.username, 'wrong-pass')).toBe('密码错误');

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
    // the level's name (vipname) where the backend sends one
    expect(await byTestId(p, 'mine-vip').innerText()).toBe('VIP3');
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
    const list = await dataOf<{ name: string; platname: string; balance: number }[]>(balances);
    const venues = byTestId(p, 'money-venues');
    await expect.poll(() => venues.locator('.w-balances-item').count()).toBe(8);
    expect(await venues.locator('.w-balances-name').allInnerTexts()).toEqual(list.map((v) => v.name));
    expect(await venues.locator('.w-balances-value').allInnerTexts()).toEqual(list.map((v) => money(v.balance)));
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
