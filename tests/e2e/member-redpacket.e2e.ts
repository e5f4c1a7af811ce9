/** Issue 5: red packets — claim until none is left, server refusal with a deposit link, network failure, welfare records. */
import { beforeEach, describe, expect, it } from 'vitest';
import { allowConsole, BASE, dialogText, expectClean, loginByApi, mockFault, mockSettings, newPage, resetMock, toastAfter, browserPerFile } from './harness';
import { byTestId, memberPage, mockMember, patchMember, recordRequests, resultToast } from './member-helpers';

const env = browserPerFile();
beforeEach(async () => {
  await resetMock();
});

const okButton = (p: import('playwright-core').Page) => p.locator('.adm-dialog-footer').getByText('确定', { exact: true });

describe('red packet', () => {
  it('claims until sendnums reaches 0, showing each amount and the new counts, then refuses without a call', async () => {
    await patchMember({ sendnums: 2, acquirednum: 0 });
    const p = await memberPage(env.browser, '/hongbao');
    await expect.poll(() => byTestId(p, 'hongbao-sendnums').innerText()).toBe('2');
    expect(await byTestId(p, 'hongbao-maxtimes').innerText()).toMatch(/^\d+$/);
    expect(await byTestId(p, 'hongbao-rules').locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await p.getByText('10:00 至 12:00', { exact: false }).count()).toBeGreaterThan(0);
    const claims = recordRequests(p, '/api/douserredpacket');

    for (const left of [1, 0]) {
      const balance = (await mockMember()).balance;
      await byTestId(p, 'hongbao-claim').click();
      const text = await dialogText(p);
      const amount = Number(/恭喜您抢到 ([\d.]+) 元红包/.exec(text)?.[1]);
      expect(amount).toBeGreaterThan(0);
      expect((await mockMember()).balance).toBeCloseTo(balance + amount, 2);
      await okButton(p).click();
      await expect.poll(() => byTestId(p, 'hongbao-sendnums').innerText()).toBe(String(left));
      expect(await byTestId(p, 'hongbao-acquirednum').innerText()).toBe(String(2 - left));
    }
    expect(claims.count()).toBe(2);

    expect(await toastAfter(p, () => byTestId(p, 'hongbao-claim').click())).toBe('您暂未达到领取条件，快去完成吧！');
    await p.waitForTimeout(300);
    expect(claims.count()).toBe(2);
    expectClean(p);
  });

  it('a refused claim shows the server message with a deposit-now link to /recharge', async () => {
    const p = await memberPage(env.browser, '/hongbao');
    await expect.poll(() => byTestId(p, 'hongbao-sendnums').innerText()).not.toBe('0');
    await mockFault({ path: '/api/douserredpacket', code: 1, message: '今日红包已抢完，明日再来' });
    await byTestId(p, 'hongbao-claim').click();
    expect(await dialogText(p)).toContain('今日红包已抢完，明日再来');
    await p.locator('.adm-dialog-footer').getByText('立即存款', { exact: true }).click();
    await p.waitForURL(`${BASE}/#/recharge`);
  });

  it('a network failure on the claim says 服务器异常，请稍后再试', async () => {
    const p = await memberPage(env.browser, '/hongbao');
    allowConsole(p, /Failed to load resource|ERR_|net::/);
    await expect.poll(() => byTestId(p, 'hongbao-sendnums').innerText()).not.toBe('0');
    // Chromium silently retries a request whose reused keep-alive connection drops (once per
    // pooled connection, 7 tries seen): drop enough tries that the failure reaches the page
    await mockFault({ path: '/api/douserredpacket', drop: true, times: 20 });
    expect(await resultToast(p, () => byTestId(p, 'hongbao-claim').click())).toBe('服务器异常，请稍后再试');
    expectClean(p);
  });
});

describe('red packet switch', () => {
  it('with redpacket_switch 0 the page is refused with 红包已关闭, and calls nothing', async () => {
    await mockSettings({ redpacket_switch: 0 });
    const p = await memberPage(env.browser, '/mine');
    await byTestId(p, 'mine-username').waitFor();
    const claims = recordRequests(p, '/api/userredpacket');
    expect(await toastAfter(p, () => p.goto(`${BASE}/#/hongbao`))).toBe('红包已关闭');
    await p.waitForURL((u) => !u.hash.startsWith('#/hongbao'));
    expect(claims.count()).toBe(0);
  });

  it('opened at /hongbao with the switch cached on and the app info late, the page waits for it: refused, no call', async () => {
    // the device's cached app info (a visit when red packets were on) says on; the backend now says off
    const { page: p } = await newPage(env.browser);
    await loginByApi(p, '/mine');
    await byTestId(p, 'mine-username').waitFor();
    expect(await p.evaluate(() => JSON.parse(localStorage.getItem('appInfo') ?? '{}').redpacket_switch)).toBe(1);
    await mockSettings({ redpacket_switch: 0 });
    await mockFault({ path: '/api/app', delayMs: 1500 });
    const claims = recordRequests(p, '/api/userredpacket');
    await p.goto(`${BASE}/version.json`);
    // a new start of the app, straight at /hongbao: its bars while the switch is asked, then refused
    expect(
      await toastAfter(p, async () => {
        await p.goto(`${BASE}/#/hongbao`);
        await p.locator('.tabbar').waitFor();
        expect(await p.locator('.layout-main-body').innerText()).toBe('');
      }),
    ).toBe('红包已关闭');
    expect(claims.count()).toBe(0);
    expect(await p.locator('[data-testid="hongbao-claim"]').count()).toBe(0);
  });
});

describe('welfare', () => {
  it('shows the remaining and claimed counts, the red packet records, and leads to /hongbao', async () => {
    const m = await mockMember();
    const p = await memberPage(env.browser, '/welfare');
    await expect.poll(() => byTestId(p, 'welfare-sendnums').innerText()).toBe(String(m.sendnums));
    expect(await byTestId(p, 'welfare-acquirednum').innerText()).toBe(String(m.acquirednum));
    await byTestId(p, 'redpacket-list').locator('.w-paged-item').first().waitFor();
    await p.getByText('没有更多了', { exact: true }).waitFor();
    expect(await byTestId(p, 'redpacket-list').locator('.w-paged-item').count()).toBe(m.counts.redpackets);
    await byTestId(p, 'welfare-go').click();
    await p.waitForURL(`${BASE}/#/hongbao`);
    expectClean(p);
  });
});
