/** Issue 4: launching a game (/gamePage) — token, frame, the 501 dialog, failures, and the url variants. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { constants } from '../../src/config';
import { BASE, expectClean, go, loginByApi, mock, mockFault, newPage, screensPerFile, toastAfter } from './harness';
import { advance, onPageClock, pauseClock } from './page-clock';

const { env, page } = screensPerFile({ index_modal: 0 });

async function member(): Promise<Page> {
  const p = await page();
  await loginByApi(p);
  await p.locator('.w-sidetabs').waitFor();
  return p;
}

const frame = (p: Page) => p.locator('[data-testid=game-frame]');

describe('game launch', () => {
  it('a visitor opening /gamePage is told 请登录！ and sent to log in', async () => {
    const p = await page();
    await go(p, '/');
    await p.locator('.w-sidetabs').waitFor();
    const shown = await toastAfter(p, () => go(p, '/gamePage?name=ag&type=0'));
    expect(shown).toBe('请登录！');
    // to log in, with the way back to the game
    await p.waitForURL(/#\/login\?type=0&redirect=/);
    expect(decodeURIComponent(new URL(p.url()).hash)).toContain('redirect=/gamePage?name=ag&type=0');
    expect(await frame(p).count()).toBe(0);
  });

  it('a member tapping a platform sees the game in a sandboxed frame, window height minus 46', async () => {
    const p = await member();
    await p.locator('[data-testid=game-ag]').click();
    await p.waitForURL(/#\/gamePage\?name=ag/);
    await frame(p).waitFor();
    const src = new URL((await frame(p).getAttribute('src'))!);
    expect(src.protocol).toMatch(/^https?:$/);
    expect(src.pathname).toBe('/__mock/page/game');
    expect(src.searchParams.get('plat')).toBe('ag');
    expect(await frame(p).getAttribute('sandbox')).toContain('allow-scripts');
    expect(await frame(p).getAttribute('sandbox')).not.toContain('allow-top-navigation');
    const [h, inner] = await frame(p).evaluate((el) => [el.getBoundingClientRect().height, window.innerHeight]);
    expect(h).toBe(inner - 46);
    expect(await p.locator('.pagebar-title').innerText()).toBe('AG视讯');
    expectClean(p);
  });

  it('a home tile launches as the reference client does: plat_name the platform code, game_type its game_code', async () => {
    const p = await member();
    const sent: unknown[] = [];
    p.on('request', (r) => r.url().endsWith('/api/getGameUrl') && sent.push(r.postDataJSON()));
    const games = await fetch(`${BASE}/api/game/list?category=sport`).then((r) => r.json() as Promise<{ data: { platform_name: string; game_code: string; name: string }[] }>);
    const sb = games.data.find((g) => g.platform_name === 'sb')!;
    await p.getByRole('tab', { name: '体育赛事' }).click();
    await p.locator('[data-testid=game-sb]').click();
    await p.waitForURL(/#\/gamePage\?/);
    const query = new URL(p.url().replace('/#/', '/')).searchParams;
    expect([query.get('name'), query.get('type'), query.get('code')]).toEqual(['sb', sb.game_code, '']);
    await frame(p).waitFor();
    expect(sent).toEqual([{ plat_name: 'sb', game_type: sb.game_code, game_code: '', is_mobile_url: 1 }]);
    expect(await p.locator('.pagebar-title').innerText()).toBe(sb.name);
  });

  it('a provider game sends the provider as plat_name and the game as game_type, game_code empty', async () => {
    const p = await member();
    const sent: unknown[] = [];
    p.on('request', (r) => r.url().endsWith('/api/getGameUrl') && sent.push(r.postDataJSON()));
    await go(p, '/concise?type=fgdz');
    await p.locator('[data-testid=provider-game-fgdz1003]').click();
    await frame(p).waitFor();
    const query = new URL(p.url().replace('/#/', '/')).searchParams;
    expect([query.get('name'), query.get('type'), query.get('code')]).toEqual(['fgdz', 'fgdz1003', '']);
    expect(sent).toEqual([{ plat_name: 'fgdz', game_type: 'fgdz1003', game_code: '', is_mobile_url: 1 }]);
    expect(new URL((await frame(p).getAttribute('src'))!).searchParams.get('name')).toBe('FG电子 · 金蟾捕鱼');
  });

  it('501: the dialog shows the server message; 前往转账 reaches /transfer', async () => {
    const p = await member();
    await mockFault({ path: '/api/getGameUrl', code: 501, message: '您的中心钱包余额不足，请先转账' });
    await go(p, '/gamePage?name=ag&type=0');
    const dialog = p.locator('.adm-dialog');
    await dialog.getByText('您的中心钱包余额不足，请先转账').waitFor();
    expect(await dialog.getByRole('button').allInnerTexts()).toEqual(expect.arrayContaining(['前往转账', '先逛逛']));
    await dialog.getByRole('button', { name: '前往转账' }).click();
    await p.waitForURL(`${BASE}/#/transfer`);
  });

  it('501 then 先逛逛: stays and shows the url the server returned', async () => {
    const p = await member();
    await mock('member', { username: 'demo01', balance: 0 });
    await go(p, '/gamePage?name=ag&type=0');
    const dialog = p.locator('.adm-dialog');
    await dialog.getByRole('button', { name: '先逛逛' }).click();
    await frame(p).waitFor();
    expect(new URL((await frame(p).getAttribute('src'))!).pathname).toBe('/__mock/page/game');
    expect(p.url()).toContain('/gamePage');
  });

  it('501 then 先逛逛 without a url: stays with a way to transfer', async () => {
    const p = await member();
    await mockFault({ path: '/api/getGameUrl', code: 501 });
    await go(p, '/gamePage?name=ag&type=0');
    await p.locator('.adm-dialog').getByRole('button', { name: '先逛逛' }).click();
    await p.getByText('中心钱包余额不足，暂时无法进入游戏').waitFor();
    expect(await frame(p).count()).toBe(0);
    expect(p.url()).toContain('/gamePage');
  });

  it('any other failure: the server message as a toast, then back after 3 s', async () => {
    // on Playwright's clock: the delay is moved through, not waited for
    const { page: p, context } = await newPage(env.browser);
    const api = await onPageClock(context, p);
    await loginByApi(p);
    await p.locator('.w-sidetabs').waitFor();
    await mockFault({ path: '/api/getGameUrl', code: 1, message: '游戏维护中，请稍后再试' });
    await p.locator('[data-testid=game-bbin]').click();
    await p.waitForURL(/#\/gamePage/);
    await p.waitForFunction(() => (window as unknown as { __toasts: string[] }).__toasts.includes('游戏维护中，请稍后再试'));
    await pauseClock(p);
    // still there well before gameBackDelayMs (the page's time ran on a moment before the pause), back home after it
    const delay = constants.gameBackDelayMs;
    await advance(p, api, delay - 1000);
    expect(p.url()).toContain('/gamePage');
    await advance(p, api, 1500);
    await p.waitForURL(`${BASE}/#/`);
    expect(await frame(p).count()).toBe(0);
  });

  it('dailiD=2 shows the service url; app=1 the download url; dailiD=1 the agent login url', async () => {
    const p = await page();
    await go(p, '/gamePage?dailiD=2');
    await frame(p).waitFor();
    expect(new URL((await frame(p).getAttribute('src'))!).pathname).toBe('/__mock/page/kefu');

    await go(p, '/gamePage?app=1');
    await p.reload();
    await frame(p).waitFor();
    expect(new URL((await frame(p).getAttribute('src'))!).pathname).toBe('/__mock/page/download');

    const agent = await page();
    const r = await fetch(`${BASE}/api/login_pc`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'agent01', password: 'agent123', code: '' }) });
    const token = ((await r.json()) as { data: { api_token: string } }).data.api_token;
    await go(agent, '/');
    await agent.evaluate((t) => sessionStorage.setItem('token', t), token);
    // reload first so the app starts with the token; then open the agent login
    await agent.reload();
    await go(agent, '/gamePage?dailiD=1');
    await frame(agent).waitFor();
    const src = new URL((await frame(agent).getAttribute('src'))!);
    expect(src.pathname).toBe('/__mock/page/agent');
    expect(src.searchParams.get('user')).toBe('agent01');
  });
});
