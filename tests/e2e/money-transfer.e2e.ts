/** Issue 6: /transfer, /money and the top bar's refresh and recycle-all, as the seeded member at 375x812. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectClean, fill, go, loginByApi, mock, mockFault, mockSettings, newPage, resetMock, submit, browserPerFile } from './harness';
import { byTestId, countRequests, memberPage, mockMember, pick, resultToastAfter } from './money-helpers';
import { advance, onPageClock, pauseClock } from './page-clock';

const env = browserPerFile();
beforeEach(async () => {
  await resetMock();
});

const text = (p: Page, id: string) => byTestId(p, id).innerText();
const venue = (p: Page, list: string, platname: string) => byTestId(p, list).locator(`[data-key="${platname}"] .w-balances-value`);

async function expectMoney(p: Page, central: string, game: string, total: string) {
  await go(p, '/money');
  await expect.poll(() => text(p, 'money-central')).toBe(central);
  await expect.poll(() => text(p, 'money-game')).toBe(game);
  expect(await text(p, 'money-total')).toBe(total);
}

/** every interval between consecutive requests lies within [min, max] ms */
function expectGaps(times: number[], min: number, max: number) {
  for (const gap of times.slice(1).map((x, i) => x - times[i])) {
    expect(gap).toBeGreaterThan(min);
    expect(gap).toBeLessThan(max);
  }
}

describe('transfer', () => {
  it('a transfer to a venue and back leaves the totals on /money right', async () => {
    const p = await memberPage(env.browser, '/money');
    await expect.poll(() => text(p, 'money-total')).toBe('1408.50');
    expect(await text(p, 'money-central')).toBe('1000.00');
    expect(await text(p, 'money-game')).toBe('408.50');

    // the target comes preselected from ?code=
    await go(p, '/transfer?code=pg');
    await expect.poll(() => p.locator('#transfer-targettype').innerText()).toBe('PG电子');
    expect(await p.locator('#transfer-sourcetype').innerText()).toBe('中心钱包');
    await fill(p, 'amount', '150.5');
    expect(await resultToastAfter(p, () => submit(p, '立即转账'))).toBe('转账成功');
    await expect.poll(() => text(p, 'transfer-central')).toBe('849.50');
    await expect.poll(() => venue(p, 'transfer-venues', 'pg').innerText()).toBe('238.50');
    await expectMoney(p, '849.50', '559.00', '1408.50');

    // and back: from the venue to the central wallet
    await go(p, '/transfer');
    await p.locator('form[name=transfer]').waitFor();
    await pick(p, 'transfer', 'sourcetype', 'PG电子');
    await pick(p, 'transfer', 'targettype', '中心钱包');
    await fill(p, 'amount', '150.5');
    const transfers = countRequests(p, '/api/transfer');
    expect(await resultToastAfter(p, () => submit(p, '立即转账'))).toBe('转账成功');
    expect(transfers.bodies()).toEqual([{ amount: 150.5, sourcetype: 'pg', targettype: 'userbalance' }]);
    await expectMoney(p, '1000.00', '408.50', '1408.50');

    const m = await mockMember();
    expect([m.balance, m.venues.pg, m.total]).toEqual([1000, 88, 1408.5]);
    expectClean(p);
  });

  it('asks for the amount first, then refuses venue to venue with 场馆内钱包不支持互转, sending nothing', async () => {
    const p = await memberPage(env.browser, '/transfer?code=pg');
    await expect.poll(() => p.locator('#transfer-targettype').innerText()).toBe('PG电子');
    const transfers = countRequests(p, '/api/transfer');
    expect(await resultToastAfter(p, () => submit(p, '立即转账'))).toBe('请输入操作金额！');
    await pick(p, 'transfer', 'sourcetype', 'AG视讯');
    expect(await resultToastAfter(p, () => submit(p, '立即转账'))).toBe('请输入操作金额！');
    await fill(p, 'amount', '10');
    expect(await resultToastAfter(p, () => submit(p, '立即转账'))).toBe('场馆内钱包不支持互转');
    expect(transfers.count()).toBe(0);
    // nothing typed is lost
    expect(await p.locator('input[name=amount]').inputValue()).toBe('10');
    expect(await p.locator('#transfer-sourcetype').innerText()).toBe('AG视讯');
    expectClean(p);
  });

  it('double-tapping submit sends one request, the button locked while it is in flight', async () => {
    const p = await memberPage(env.browser, '/transfer?code=ag');
    await expect.poll(() => p.locator('#transfer-targettype').innerText()).toBe('AG视讯');
    await fill(p, 'amount', '20');
    await mockFault({ path: '/api/transfer', delayMs: 1200 });
    const transfers = countRequests(p, '/api/transfer');
    const button = p.locator('form[name=transfer] button[type=submit]');
    const toast = resultToastAfter(p, () => button.dblclick(), 8000);
    await expect.poll(() => button.isDisabled()).toBe(true);
    await button.click({ force: true, noWaitAfter: true }).catch(() => {});
    expect(await toast).toBe('转账成功');
    await expect.poll(() => button.isDisabled()).toBe(false);
    expect(transfers.count()).toBe(1);
    expect((await mockMember()).balance).toBe(980);
    expectClean(p);
  });

  it('polls venue balances every 1.5 s on /transfer and stops when the screen is left; /money every 3.5 s', async () => {
    // on the page's clock: a poll is timed from its last reply (issue 21), so a window of wall-clock
    // time on a busy machine would measure the machine's latency rather than the app
    const { page: p, context } = await newPage(env.browser);
    const api = await onPageClock(context, p);
    await loginByApi(p, '/transfer');
    await byTestId(p, 'transfer-venues').locator('li').first().waitFor();
    await pauseClock(p);
    api.reset();
    await advance(p, api, 4900, { step: 50 });
    const onTransfer = api.times('/api/balancelist');
    expect(onTransfer.length).toBeGreaterThanOrEqual(3);
    expect(onTransfer.length).toBeLessThanOrEqual(4);
    expectGaps(onTransfer, 1300, 1800);

    // collapsed to 4 entries (const.venueCollapsedTransfer), all 8 after expanding
    expect(await byTestId(p, 'transfer-venues').locator('li').count()).toBe(4);
    await p.getByRole('button', { name: '展开全部场馆' }).click();
    expect(await byTestId(p, 'transfer-venues').locator('li').count()).toBe(8);

    await go(p, '/money');
    await expect.poll(() => text(p, 'money-total')).toBe('1408.50');
    await api.settled();
    api.reset();
    await advance(p, api, 7300, { step: 50 });
    expect(api.times('/api/balancelist')).toEqual([]);
    const onMoney = api.times('/api/refreshusermoney');
    expect(onMoney.length).toBe(2);
    expectGaps(onMoney, 3300, 3800);
    expectClean(p);
  }, 40000);

  it('the auto-transfer switch calls uptransferstatus and shows what the server keeps', async () => {
    const p = await memberPage(env.browser, '/transfer');
    const sw = byTestId(p, 'transfer-auto').locator('[role=switch]');
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('false');
    const calls = countRequests(p, '/api/uptransferstatus');
    expect(await resultToastAfter(p, () => sw.click())).toBe('已开启免转模式');
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('true');
    expect((await mockMember()).transferstatus).toBe(1);
    // a failed call (switching off) leaves the switch on
    await mockFault({ path: '/api/uptransferstatus', code: 1, message: '操作失败，请稍后再试' });
    expect(await resultToastAfter(p, () => sw.click())).toBe('操作失败，请稍后再试');
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('true');
    expect(await resultToastAfter(p, () => sw.click())).toBe('已关闭免转模式');
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('false');
    expect(calls.bodies()).toEqual([{ transferstatus: 1 }, { transferstatus: 0 }, { transferstatus: 0 }]);
    expect((await mockMember()).transferstatus).toBe(0);
    expectClean(p);
  });
});

describe('recycle-all and refresh', () => {
  it('the top bar refreshes the balance and recycles every venue into the central wallet', async () => {
    await mockSettings({ index_modal: 0 }); // no start-up popup over the top bar
    const { page: p } = await newPage(env.browser);
    await loginByApi(p);
    const balance = p.locator('[data-testid=topbar-balance]');
    await expect.poll(() => balance.innerText()).toBe('¥1000.00');
    await mock('member', { balance: 1234.56 });
    const refreshes = countRequests(p, '/api/refreshusermoney');
    await p.getByRole('button', { name: '刷新余额' }).click();
    await expect.poll(() => balance.innerText(), { timeout: 2000 }).toBe('¥1234.56');
    expect(refreshes.count()).toBeGreaterThanOrEqual(1);

    expect(await resultToastAfter(p, () => p.getByRole('button', { name: '一键回收' }).click())).toBe('一键回收成功，共回收 408.50 元');
    await expect.poll(() => balance.innerText()).toBe('¥1643.06');
    await expectMoney(p, '1643.06', '0.00', '1643.06');
    expectClean(p);
  });

  it('/money recovers every venue with one tap and shows the server message', async () => {
    const p = await memberPage(env.browser, '/money');
    await expect.poll(() => venue(p, 'money-venues', 'ag').innerText()).toBe('320.50');
    expect(await resultToastAfter(p, () => byTestId(p, 'money-recycle').click())).toBe('一键回收成功，共回收 408.50 元');
    await expect.poll(() => text(p, 'money-central')).toBe('1408.50');
    await expect.poll(() => venue(p, 'money-venues', 'ag').innerText()).toBe('0.00');
    expect(await text(p, 'money-game')).toBe('0.00');
    expect(await text(p, 'money-total')).toBe('1408.50');
    // nothing left: the server says so
    expect(await resultToastAfter(p, () => byTestId(p, 'money-recycle').click())).toBe('暂无可回收的场馆余额');
    // a venue opens the transfer screen with that venue as the target
    await byTestId(p, 'money-venues').locator('[data-key="pg"] button').click();
    await p.waitForURL(/#\/transfer\?code=pg$/);
    await expect.poll(() => p.locator('#transfer-targettype').innerText()).toBe('PG电子');
    expectClean(p);
  });
});
