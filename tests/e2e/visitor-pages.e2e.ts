/** Issue 4: the other visitor screens — agent application, VIP, promotions, help, service, sponsorship, app download, USDT. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { constants } from '../../src/config';
import { BASE, expectClean, fill, go, loginByApi, newPage, screensPerFile, submit, toastAfter, toasts } from './harness';
import { advance, onPageClock, pauseClock } from './page-clock';

const { env, page } = screensPerFile({ index_modal: 0 });

/** the first toast after `act` that is not the loading indicator */
async function shownAfter(p: Page, act: () => Promise<unknown>): Promise<string> {
  const before = (await toasts(p)).length;
  await act();
  const fresh = async () => (await toasts(p)).slice(before).filter((t) => t !== '加载中...');
  await expect.poll(async () => (await fresh()).length, { timeout: 5000 }).toBeGreaterThan(0);
  return (await fresh())[0];
}

const post = async <T>(path: string, body: unknown = {}, token?: string): Promise<T> => {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(`${BASE}/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return ((await r.json()) as { data: T }).data;
};

describe('agent application', () => {
  it('checks the mobile first (请输入正确手机号), then the reason (请输入申请理由), then sends it', async () => {
    const p = await page();
    await go(p, '/applyagent');
    await p.locator('form[name=applyagent]').waitFor();
    const say = () => toastAfter(p, () => submit(p, '提交申请'));
    expect(await say()).toBe('请输入正确手机号');
    await fill(p, 'mobile', '12345678901');
    expect(await say()).toBe('请输入正确手机号');
    await fill(p, 'mobile', '15412345678'); // 154 is not a mainland prefix
    expect(await say()).toBe('请输入正确手机号');
    await fill(p, 'mobile', '8613812345678');
    expect(await say()).toBe('请输入申请理由');
    await fill(p, 'apply_info', '   ');
    expect(await say()).toBe('请输入申请理由');
    await fill(p, 'apply_info', '有稳定的推广渠道');
    const sent: unknown[] = [];
    p.on('request', (r) => r.url().endsWith('/api/applyagentdo') && sent.push(r.postDataJSON()));
    const reply = await shownAfter(p, () => submit(p, '提交申请'));
    expect(reply).not.toMatch(/请输入/);
    expect(sent).toEqual([{ mobile: '8613812345678', apply_info: '有稳定的推广渠道' }]);
    // the same number again: the server's refusal is shown as it is
    expect(await shownAfter(p, () => submit(p, '提交申请'))).toBe('您的申请正在审核中，请耐心等待');
    expectClean(p);
  });
});

describe('vip', () => {
  it('shows the seeded member at VIP3 with 63% progress (paysum / recharge of entry 3), reached up to VIP3', async () => {
    const p = await page();
    await loginByApi(p, '/vip');
    const levels = await post<{ vipname: string; recharge: number; flow: number }[]>('uservip');
    expect(levels).toHaveLength(10);
    // 12600 / 20000 = 63 %
    await expect.poll(() => p.locator('[data-testid=vip-progress]').innerText()).toContain('63%');
    expect(Math.round((12600 / levels[3].recharge) * 100)).toBe(63);
    expect(await p.locator('.w-vip-bar').getAttribute('aria-valuenow')).toBe('63');
    const chips = p.locator('.w-vip-chooser [role=tab]');
    expect(await chips.allInnerTexts()).toEqual(levels.map((l) => l.vipname));
    expect(await chips.nth(2).getAttribute('aria-selected')).toBe('true');
    expect(await p.locator('[data-testid=vip-reached]').innerText()).toBe('已达成');
    await chips.nth(3).click();
    expect(await p.locator('[data-testid=vip-reached]').innerText()).toBe('未达成');
    expect(await p.locator('.w-vip-req dd').allInnerTexts()).toEqual([String(levels[3].recharge), String(levels[3].flow)]);
    await chips.nth(0).click();
    expect(await p.locator('[data-testid=vip-reached]').innerText()).toBe('已达成');
    // every level's requirements, and the rebate percentages of the chosen one
    expect(await p.locator('.w-vip-table tbody tr').count()).toBe(10);
    expect(await p.locator('.w-vip-rebate-label').allInnerTexts()).toEqual(['真人视讯', '体育赛事', '电子竞技', '棋牌游戏', '电子游艺', '彩票游戏']);
    await p.getByText('VIP规则说明').waitFor();
    expectClean(p);
  });

  it('progress follows the level: a VIP5 member with paysum 25000 is at 25% of entry 5', async () => {
    const p = await page();
    await fetch(`${BASE}/__mock/member`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'demo01', vip: 5, paysum: 25000 }) });
    await loginByApi(p, '/vip');
    await expect.poll(() => p.locator('[data-testid=vip-progress]').innerText()).toContain('25%');
  });
});

describe('promotions', () => {
  it('lists 全部 plus the server types; a type filters the list; a card opens its detail', async () => {
    const p = await page();
    await go(p, '/activity');
    const types = await post<{ id: number; name: string }[]>('activitytype');
    const tabs = p.locator('.w-datatabs [role=tab]');
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['全部', ...types.map((t) => t.name)]);
    const all = await post<{ data: { title: string }[] }>('activitylist', { type: '' });
    const titles = p.locator('.w-tiles-title');
    await expect.poll(() => titles.allInnerTexts()).toEqual(all.data.map((a) => a.title));
    await tabs.nth(3).click();
    const some = await post<{ data: { id: number; title: string }[] }>('activitylist', { type: types[2].id });
    await expect.poll(() => titles.allInnerTexts()).toEqual(some.data.map((a) => a.title));
    await p.locator(`[data-testid=activity-${some.data[0].id}]`).click();
    await p.waitForURL(`${BASE}/#/activityInfo?id=${some.data[0].id}`);
    await expect.poll(() => p.locator('[data-testid=activity-title]').innerText()).toBe(some.data[0].title);
  });

  it('a visitor is offered login; a member applies and sees the server message as a success toast', async () => {
    const p = await page();
    await go(p, '/activityInfo?id=1');
    await p.locator('[data-testid=activity-login]').click();
    await p.waitForURL(/#\/login/);
    expect(decodeURIComponent(p.url())).toContain('redirect=/activityInfo?id=1');

    // promotion 4 has no pending application of demo01 in the seed
    const m = await page();
    await loginByApi(m, '/activityInfo?id=4');
    await m.locator('.w-html').getByText('最高返还 5%', { exact: false }).waitFor();
    expect(await m.locator('.w-html script').count()).toBe(0);
    expect(await shownAfter(m, () => m.locator('[data-testid=activity-apply]').click())).toBe('申请成功，请等待后台审核');
    // applying twice: the server refusal is shown as it is
    expect(await shownAfter(m, () => m.locator('[data-testid=activity-apply]').click())).toBe('您已申请该活动，请耐心等待审核');
    expectClean(m);
  });
});

describe('help centre', () => {
  it('lists the seven entries and opens each sanitised article', async () => {
    const p = await page();
    await go(p, '/boutBallBet');
    const entries = p.locator('[data-testid^=help-]');
    await expect.poll(() => entries.allInnerTexts()).toEqual(['关于我们', '常见问题', '隐私政策', '免责声明', '联系我们', '代理加盟', '博彩责任']);
    for (const type of [1, 2, 3, 4, 5, 7, 8]) {
      await go(p, '/boutBallBet');
      await p.locator(`[data-testid=help-${type}]`).click();
      await p.waitForURL(`${BASE}/#/boutBallBetInfo?type=${type}`);
      const html = (await post<{ content: string }>('article', { type })).content;
      const heading = /<h3>([^<]+)<\/h3>/.exec(html)?.[1] ?? '';
      await p.locator('.w-html h3').getByText(heading).waitFor();
    }
    // /abouts?type=5 reuses the article screen
    await go(p, '/abouts?type=5');
    await p.locator('.w-html h3').getByText('代理加盟').waitFor();
    expectClean(p);
  });
});

describe('frames', () => {
  it('/kefu shows the customer service url in a frame', async () => {
    const p = await page();
    await go(p, '/kefu');
    const f = p.locator('[data-testid=kefu-frame]');
    await f.waitFor();
    const url = (await post<{ url: string }>('getservicerurl')).url;
    expect(await f.getAttribute('src')).toBe(url);
    expect(await f.getAttribute('sandbox')).toBeTruthy();
  });

  it('/zhanzhu leads to two sponsorship pages shown in a frame', async () => {
    const p = await page();
    await go(p, '/zhanzhu');
    await expect.poll(() => p.locator('[data-testid^=sponsor-] .w-tiles-title').allInnerTexts()).toEqual(['西班牙人足球俱乐部', '国际篮球邀请赛']);
    await p.locator('[data-testid=sponsor-2]').click();
    await p.waitForURL(`${BASE}/#/zhanzhuye?type=2`);
    const f = p.locator('[data-testid=sponsor-frame]');
    await f.waitFor();
    expect(new URL((await f.getAttribute('src'))!).search).toBe('?type=2');
    expect(await p.locator('.pagebar-title').innerText()).toBe('国际篮球邀请赛');
  });

  it('/app shows the QR code and removes the download frame after 2000 ms', async () => {
    // on Playwright's clock: the delay is moved through, not waited for
    const { page: p, context } = await newPage(env.browser);
    const api = await onPageClock(context, p);
    const app = await post<{ ios_download_url: string; ios_download_qrcode: string }>('app');
    await loginByApi(p, '/app');
    const f = p.locator('[data-testid=download-frame]');
    await f.waitFor({ state: 'attached' });
    await pauseClock(p);
    expect(await f.getAttribute('src')).toBe(app.ios_download_url);
    expect(await p.getByAltText('APP下载二维码').getAttribute('src')).toBe(app.ios_download_qrcode);
    // still there well before downloadFrameRemoveMs (the page's time ran on a moment before the pause), gone after it
    const delay = constants.downloadFrameRemoveMs;
    await advance(p, api, delay - 1000);
    expect(await f.count()).toBe(1);
    await advance(p, api, 1500);
    await f.waitFor({ state: 'detached' });
  });

});

describe('usdt', () => {
  it('/usdtmore compares TRC20 and ERC20 and warns they are not interchangeable', async () => {
    const p = await page();
    await go(p, '/usdtmore');
    await p.getByText('以大写字母 T 开头', { exact: false }).waitFor();
    await p.getByText('以 0x 开头', { exact: false }).waitFor();
    expect(await p.locator('[data-testid=usdt-warning]').innerText()).toContain('不可混用');
  });
});
