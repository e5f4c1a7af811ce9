/**
 * Issue 10 in the browser, as an attacker and as a player: a page on another origin against the
 * control surface and the API, a framed page on the app's own origin against the member's
 * storage, guessing limits shown as the server says them, personal data never in localStorage,
 * and a withdrawal whose connection drops after the server processed it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allowConsole, BASE, captchaCode, fill, go, loginByApi, mockFault, newPage, resetMock, SEED, submit, toastAfter, browserPerFile, settled } from './harness';
import { mockMember, pick, resultToastAfter } from './money-helpers';

const env = browserPerFile();
beforeEach(async () => {
  await resetMock();
});

interface Snapshot {
  members: { username: string; realname: string; balance: number; sessions: number; counts: Record<string, number> }[];
  idempotentReplays: number;
}
const snapshot = async () => ((await (await fetch(`${BASE}/__mock/state`)).json()) as { data: Snapshot }).data;

describe('a page on another origin', () => {
  it('cannot get a token, change a member or read personal data', async () => {
    const { page } = await newPage(env.browser);
    // another origin on this machine (localhost instead of 127.0.0.1), serving the attacker's page
    const attacker = BASE.replace('127.0.0.1', 'localhost');
    expect(attacker).not.toBe(BASE);
    await page.route(`${attacker}/attack.html`, (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>x</title>' }));
    await page.goto(`${attacker}/attack.html`);
    const outcome = await page.evaluate(async (target) => {
      const out: Record<string, string> = {};
      const tryRead = async (label: string, url: string, init: RequestInit) => {
        try {
          const r = await fetch(url, init);
          out[label] = `read ${r.status}: ${await r.text()}`;
        } catch {
          out[label] = 'blocked';
        }
      };
      const plain = { 'Content-Type': 'text/plain' };
      await tryRead('login-plain', `${target}/__mock/login`, { method: 'POST', headers: plain, body: '{"username":"demo01"}' });
      await tryRead('login-json', `${target}/__mock/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"username":"demo01"}' });
      await tryRead('state', `${target}/__mock/state`, {});
      await tryRead('api-login', `${target}/api/login_pc`, { method: 'POST', headers: plain, body: JSON.stringify({ name: 'demo01', password: 'demo123' }) });
      await tryRead('api-user', `${target}/api/user`, { method: 'POST', headers: { Authorization: 'Bearer x', 'Content-Type': 'application/json' }, body: '{}' });
      // fire and forget (the attacker cannot read these, but they would still change the member)
      for (const body of ['{"username":"demo01","paypassword":"999999","realname":"黑客","balance":0}']) {
        await fetch(`${target}/__mock/member`, { method: 'POST', mode: 'no-cors', headers: plain, body }).catch(() => undefined);
        const form = new URLSearchParams({ username: 'demo01', balance: '0' });
        await fetch(`${target}/__mock/member`, { method: 'POST', mode: 'no-cors', body: form }).catch(() => undefined);
      }
      await fetch(`${target}/__mock/login`, { method: 'POST', mode: 'no-cors', headers: plain, body: '{}' }).catch(() => undefined);
      return out;
    }, BASE);
    expect(outcome).toEqual({ 'login-plain': 'blocked', 'login-json': 'blocked', state: 'blocked', 'api-login': 'blocked', 'api-user': 'blocked' });
    const demo = (await snapshot()).members.find((m) => m.username === SEED.username)!;
    expect(demo.sessions).toBe(0);
    expect(demo.balance).toBe(1000);
    expect(demo.realname).not.toBe('黑客');
    // the pay password is unchanged: the seeded one still withdraws
    const token = await loginByApi(page);
    const r = await fetch(`${BASE}/api/withdraw`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ amount: 100, bank: 100011, password: SEED.payPassword }),
    });
    expect(((await r.json()) as { message: string }).message).toBe('提交成功，等待后台审核');
  });
});

describe('frames', () => {
  const EVIL = `<!doctype html><html><body><script>
    const report = {};
    try { report.token = String(parent.sessionStorage.getItem('token')); } catch (e) { report.token = 'blocked'; }
    try { report.cookie = String(parent.document.cookie); } catch (e) { report.cookie = 'blocked'; }
    try { const f = window.frameElement; if (f) { f.removeAttribute('sandbox'); report.sandbox = 'removed'; } else report.sandbox = 'no access'; } catch (e) { report.sandbox = 'blocked'; }
    try { report.own = String(sessionStorage.length); } catch (e) { report.own = 'opaque'; }
    parent.postMessage({ evil: report }, '*');
  </script></body></html>`;

  async function framed(page: Page, url: string) {
    await page.route(`${BASE}/evil-frame.html`, (r) => r.fulfill({ contentType: 'text/html', body: EVIL }));
    // a backend (or an operator's typo) hands out a url on the app's own origin
    await page.route(`${BASE}/api/getservicerurl`, (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 200, message: 'ok', data: { url } }) }));
    // the page is already open (the login reloads it); going to /kefu only changes the hash
    await page.evaluate(() => {
      const w = window as unknown as { __evil?: unknown };
      window.addEventListener('message', (e) => {
        const d = e.data as { evil?: unknown };
        if (d && d.evil) w.__evil = d.evil;
      });
    });
    await go(page, '/kefu');
    const frame = page.locator('[data-testid=kefu-frame]');
    await frame.waitFor();
    const report = await page.waitForFunction(() => (window as unknown as { __evil?: unknown }).__evil ?? false, null, { timeout: 10000 });
    return { frame, report: (await report.jsonValue()) as Record<string, string> };
  }

  it.each([
    ['an absolute url on the app origin', `${BASE}/evil-frame.html`],
    ['a relative url', '/evil-frame.html'],
  ])('%s cannot read the parent storage nor remove its sandbox', async (_label, url) => {
    const { page } = await newPage(env.browser);
    allowConsole(page, /.*/);
    await loginByApi(page);
    const { frame, report } = await framed(page, url);
    expect(report).toEqual({ token: 'blocked', cookie: 'blocked', sandbox: 'no access', own: 'opaque' });
    const sandbox = await frame.getAttribute('sandbox');
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
  });

  it('a frame on another origin keeps the sandbox it was given', async () => {
    const { page } = await newPage(env.browser);
    await go(page, '/zhanzhuye?type=1');
    const frame = page.locator('[data-testid=sponsor-frame]');
    await frame.waitFor();
    expect(new URL((await frame.getAttribute('src'))!).protocol).toBe('https:');
    expect(await frame.getAttribute('sandbox')).toContain('allow-same-origin');
  });
});

describe('guessing limits', () => {
  it('after 5 wrong passwords the right one is refused too, with the server message shown', async () => {
    for (let i = 0; i < 5; i += 1) {
      const r = await fetch(`${BASE}/api/login_pc`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: SEED.username, password: `wrong${i}` }) });
      expect(((await r.json()) as { code: number }).code).toBe(205);
    }
    const { page } = await newPage(env.browser);
    await go(page, '/login');
    await fill(page, 'name', SEED.username);
    await fill(page, 'password', SEED.password);
    await fill(page, 'code', await captchaCode(page));
    expect(await toastAfter(page, () => submit(page, '立即登录'))).toBe('密码错误次数过多，请15分钟后再试');
    expect(page.url()).toContain('#/login');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });
});

describe('personal data', () => {
  it('is never in localStorage: the user entity lives in sessionStorage', async () => {
    const { page } = await newPage(env.browser);
    // a build before this rule left the user entity in localStorage: it is removed on start
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('userInfo', JSON.stringify({ realname: '旧数据' }));
        sessionStorage.setItem('seeded', '1');
      }
    });
    await loginByApi(page);
    const me = (await (await fetch(`${BASE}/__mock/state`)).json()) as { data: { members: { username: string; realname: string; mobile: string; email: string }[] } };
    const demo = me.data.members.find((m) => m.username === SEED.username)!;
    const secrets = ['userInfo', '旧数据', demo.username, demo.realname, demo.mobile, demo.email, 'api_token', 'realname'].filter(Boolean);
    const personal = async () =>
      page.evaluate((words) => {
        const all = Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`).join('\n');
        return { keys: Object.keys(localStorage).sort(), leaks: words.filter((w) => all.includes(w)) };
      }, secrets);
    for (const path of ['/mine', '/userInfo', '/withdrawal?type=bank', '/']) {
      await go(page, path);
      await settled(page);
      const seen = await personal();
      expect(seen.leaks, path).toEqual([]);
      for (const k of seen.keys) expect(['appInfo', 'gameLists'], path).toContain(k);
    }
    const user = await page.evaluate(() => JSON.parse(sessionStorage.getItem('userInfo') ?? 'null') as { username?: string } | null);
    expect(user?.username).toBe(SEED.username);
  });
});

describe('amount fields', () => {
  it('take a plain decimal only: hex, exponent, a third decimal get the message and send nothing', async () => {
    const { page } = await newPage(env.browser);
    await loginByApi(page, '/withdrawal?type=bank');
    await page.locator('form[name=withdraw-bank]').waitFor();
    const card = (await snapshot()).members.find((m) => m.username === SEED.username) as unknown as { cards: { bank: string; bank_no: string }[] };
    await pick(page, 'withdraw-bank', 'bank', `${card.cards[0].bank}（尾号${card.cards[0].bank_no.slice(-4)}）`);
    await fill(page, 'password', SEED.payPassword);
    let sent = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/withdraw') sent += 1;
    });
    for (const amount of ['0x64', '1e3', '100.001', '0100']) {
      await fill(page, 'amount', amount);
      expect(await toastAfter(page, () => submit(page, '立即取款')), amount).toBe('请输入正确的金额，最多保留两位小数');
    }
    expect(sent).toBe(0);
    expect((await mockMember()).balance).toBe(1000);
  });
});

describe('pictures', () => {
  it('a plain http picture from another origin is refused by the policy', async () => {
    const { page } = await newPage(env.browser);
    allowConsole(page, /img-src/);
    await go(page, '/');
    await page.locator('.tabbar').waitFor();
    const tracker = `${BASE.replace('127.0.0.1', 'localhost')}/mock-assets/logo.svg`;
    const violations = await page.evaluate(
      (src) =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
          const img = document.createElement('img');
          img.onerror = () => setTimeout(() => resolve(seen), 50);
          img.onload = () => resolve(['loaded']);
          img.src = src;
          document.body.appendChild(img);
        }),
      tracker,
    );
    expect(violations).toEqual([`img-src ${tracker}`]);
  });
});

describe('money retries', () => {
  it('a withdrawal tapped once, processed, its connection dropped and resent by the browser, moves the money once', async () => {
    const { page } = await newPage(env.browser);
    allowConsole(page, /ERR_|Failed to load resource/);
    await loginByApi(page, '/withdrawal?type=bank');
    await page.locator('form[name=withdraw-bank]').waitFor();
    await settled(page);
    const { balance: before, counts } = await mockMember();
    const card = (await snapshot()).members.find((m) => m.username === SEED.username) as unknown as { cards: { bank: string; bank_no: string }[] };
    await pick(page, 'withdraw-bank', 'bank', `${card.cards[0].bank}（尾号${card.cards[0].bank_no.slice(-4)}）`);
    await fill(page, 'amount', '100');
    await fill(page, 'password', SEED.payPassword);
    const keys: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/withdraw') keys.push(r.headers()['idempotency-key'] ?? '');
    });
    // processed, then the connection drops: Chromium resends a POST whose reused keep-alive connection closed
    await mockFault({ path: '/api/withdraw', dropAfter: true });
    expect(await resultToastAfter(page, () => submit(page, '立即取款'))).toBe('提交成功，等待后台审核');
    const after = await snapshot();
    const demo = after.members.find((m) => m.username === SEED.username)!;
    expect(demo.balance).toBe(before - 100);
    expect(demo.counts.withdrawals).toBe(counts.withdrawals + 1);
    expect(after.idempotentReplays).toBe(1);
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('server text is shown as it is', () => {
  it('a card whose bank, holder and branch look like bindings and message keys shows them literally, never the token or a message', async () => {
    const r = await fetch(`${BASE}/__mock/member`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: SEED.username, cards: [{ bank: '@common.cancel', bank_no: '6222020200112233445', bank_owner: '{{token}}', bank_address: '{{user.username}} @auth.confirm' }] }),
    });
    expect(r.ok).toBe(true);
    const { page } = await newPage(env.browser);
    const token = await loginByApi(page, '/wallet?type=1');
    const card = page.locator('[data-testid="bank-card"]');
    await card.waitFor();
    const shown = await card.innerText();
    expect(shown).toContain('@common.cancel');
    expect(shown).toContain('持卡人 {{token}}');
    expect(shown).toContain('{{user.username}} @auth.confirm');
    expect(token.length).toBeGreaterThan(8);
    expect(shown).not.toContain(token);
    expect(shown).not.toContain(SEED.username);
    expect(await card.locator('img').getAttribute('alt')).toBe('@common.cancel');
  });
});
