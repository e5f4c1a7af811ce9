/**
 * Issue 24: an operator's edit reaches every place the player sees it. ONE build of ONE copy of
 * the config carrying every edit at once (SCREENS_CONFIG_DIR, served with the mock speaking as its
 * brand and the production CSP on a port of its own): the minimum withdrawal, the brand colour, the
 * brand's names, customer service's name (issue 36), and red packets and responsible play switched
 * off in app.json `features` (issues 36 and 16). Then the dev server (`npm start`) on a copy with a
 * syntax error shows the error's line in the browser, and the app again once fixed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../mock-server/app';
import { brandOfConfig } from '../../mock-server/brand';
import { securityHeaders } from '../../scripts/security-headers';
import { themeVars } from '../../src/config/brand';
import { browserPerFile, expectClean, fill, newPage, SEED, submit, toastAfter, settled } from './harness';
import { pick } from './money-helpers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = browserPerFile();

const PRIMARY = '#a3195b';
const BRAND = { siteName: '金沙测试娱乐', shortName: '金沙测试', serviceName: '贴心助手' };
/** the brand's own customer service address (brand.serviceUrl): the app opens it in place of getservicerurl's reply */
const KEFU = 'https://kefu.jinsha-test.example.com/chat?site=2';

/** a copy of screens.config/ in a temporary folder with `edits` (file -> [text, replacement]) */
function copyWith(edits: Record<string, [string, string][]>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cfg-e2e-'));
  cpSync(path.join(root, 'screens.config'), dir, { recursive: true });
  for (const [file, pairs] of Object.entries(edits)) edit(dir, file, pairs);
  return dir;
}
function edit(dir: string, file: string, pairs: [string, string][]): void {
  let text = readFileSync(path.join(dir, file), 'utf8');
  for (const [from, to] of pairs) {
    if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
    text = text.replace(from, to);
  }
  writeFileSync(path.join(dir, file), text);
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

describe('one build of a config with the edits of issues 24 and 36', () => {
  let dir = '';
  let server: Server | undefined;
  let base = '';

  beforeAll(async () => {
    dir = copyWith({
      'app.json': [
        ['"withdrawMin": 100', '"withdrawMin": 200'],
        ['"primary": "#1366e6"', `"primary": "${PRIMARY}"`],
        ['"siteName": "星耀娱乐"', `"siteName": "${BRAND.siteName}"`],
        ['"shortName": "星耀娱乐"', `"shortName": "${BRAND.shortName}"`],
        ['"serviceName": "客服"', `"serviceName": "${BRAND.serviceName}",\n    "serviceUrl": "${KEFU}"`],
        // every part of red packets and of responsible play, switched off in one place
        ['"redPacket": true', '"redPacket": false'],
        ['"responsiblePlay": true', '"responsiblePlay": false'],
      ],
    });
    const out = path.join(dir, 'dist');
    // the test build less the old engines' copy and the compressed copies (tests/vite.lean.config.ts): Chromium
    // runs the modern chunks and express.static sends the plain files; nothing here reads the copies
    const r = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '-c', path.join(root, 'tests', 'vite.lean.config.ts'), '--mode', 'test', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      // the production React build, as global-setup builds it
      env: { ...process.env, NODE_ENV: 'production', SCREENS_CONFIG_DIR: dir },
    });
    if (r.status !== 0) throw new Error('vite build of the edited config failed');
    const app = express();
    app.use(securityHeaders);
    // the mock speaks as the brand of the folder it serves (as npm start and npm run serve do with SCREENS_CONFIG_DIR)
    app.use(createApp({ latencyMs: 0, control: true, brand: brandOfConfig(dir) }));
    app.use(express.static(out));
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  }, 240_000);

  afterAll(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open(hash: string, member = false, before: (p: Page) => Promise<void> = async () => {}): Promise<Page> {
    const { page } = await newPage(env.browser);
    await before(page);
    // no start-up notice over home
    await fetch(`${base}/__mock/settings`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ index_modal: 0 }) });
    if (member) {
      const r = await fetch(`${base}/api/login_pc`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: SEED.username, password: SEED.password, code: '' }) });
      const token = ((await r.json()) as { data: { api_token: string } }).data.api_token;
      // where the app keeps it, before the app starts (in the page, not in the frames it shows: the
      // service page runs sandboxed, without storage)
      await page.addInitScript((t) => {
        if (window === window.top) sessionStorage.setItem('token', t);
      }, token);
    }
    await page.goto(`${base}/#${hash}`);
    return page;
  }

  it('withdrawMin 100 -> 200: the player who types 150 on /withdrawal reads 200, in the message and the placeholder', async () => {
    const p = await open('/withdrawal?type=bank', true);
    await p.locator('form[name=withdraw-bank]').waitFor();
    const state = (await (await fetch(`${base}/__mock/state`)).json()) as { data: { members: { username: string; cards: { kind: string; bank: string; bank_no: string }[] }[] } };
    const card = state.data.members.find((m) => m.username === SEED.username)?.cards.find((c) => c.kind === 'bank');
    await pick(p, 'withdraw-bank', 'bank', `${card?.bank}（尾号${card?.bank_no.slice(-4)}）`);
    await fill(p, 'amount', '150');
    expect(await toastAfter(p, () => submit(p, '立即取款'))).toBe('单笔取款不能低于200元');
    expect(await p.locator('input[name=amount]').getAttribute('placeholder')).toBe('单笔最低200元');
    expectClean(p);
  });

  it('theme.primary: the hero gradient of /mine, the selected game category on home and the app icon take the new colour', async () => {
    const v = themeVars({ primary: PRIMARY });
    const gradient = `linear-gradient(135deg, ${rgb(v['--primary-dark'])} 0%, ${rgb(PRIMARY)} 55%, ${rgb(v['--primary-light'])} 100%)`;
    const p = await open('/mine', true);
    await p.locator('[data-testid=mine-username]').waitFor();
    expect(await p.locator('.w-stack-hero').first().evaluate((el) => getComputedStyle(el).backgroundImage)).toBe(gradient);
    await p.goto(`${base}/#/`);
    const tab = p.locator('.w-sidetabs-tab.is-active');
    await tab.waitFor();
    expect(await tab.evaluate((el) => getComputedStyle(el).backgroundImage)).toBe(gradient);
    // the app icon: its SVG, and every size the build made from it (the colour most of its pixels have)
    expect(await (await fetch(`${base}/app-icon.svg`)).text()).toContain(`fill="${PRIMARY}"`);
    const png = PNG.sync.read(Buffer.from(await (await fetch(`${base}/pwa-192x192.png`)).arrayBuffer()));
    const counts = new Map<string, number>();
    for (let i = 0; i < png.data.length; i += 4) {
      if (png.data[i + 3] < 255) continue;
      const c = `rgb(${png.data[i]}, ${png.data[i + 1]}, ${png.data[i + 2]})`;
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect([...counts].sort((a, b) => b[1] - a[1])[0][0]).toBe(rgb(PRIMARY));
    expect(await (await fetch(`${base}/`)).text()).toContain(`<meta name="theme-color" content="${PRIMARY}" />`);
    expectClean(p);
  });

  it('brand: the top bar and the installed web app carry the new names', async () => {
    const p = await open('/');
    const brand = p.locator('[data-testid=topbar-brand]');
    await brand.waitFor();
    expect((await brand.innerText()).trim()).toBe(BRAND.siteName);
    expect(await brand.locator('img').getAttribute('src')).toBe('/app-icon.svg');
    const manifest = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: BRAND.siteName, short_name: BRAND.shortName, theme_color: PRIMARY });
    expect(await (await fetch(`${base}/`)).text()).toContain(`<title>${BRAND.siteName}</title>`);
    expectClean(p);
  });

  it('features.redPacket false: no floating icon, menu entry or 我的 entry of red packets though the backend switch is on; /hongbao and /welfare by URL land on home', async () => {
    // the mock of a brand without red packets has its switch off (mock-server/brand.ts): a real back office may
    // still have it on, and the build's switch alone must hide them
    const on = await fetch(`${base}/__mock/settings`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ redpacket_switch: 1 }) });
    expect(on.status).toBe(200);
    const info = (await (await fetch(`${base}/api/app`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).json()) as { data: { redpacket_switch: number } };
    expect(info.data.redpacket_switch).toBe(1);
    const p = await open('/', true);
    await p.locator('.w-sidetabs-tab.is-active').waitFor();
    await settled(p);
    expect(await p.locator('[data-testid=redpacket-float]').count()).toBe(0);
    await p.locator('[data-testid=side-menu-open]').click();
    const menu = p.locator('.w-drawer-body');
    await menu.getByText('VIP特权').waitFor();
    expect(await menu.innerText()).not.toContain('红包活动');
    await p.goto(`${base}/#/mine`);
    await p.locator('[data-testid=mine-username]').waitFor();
    expect(await p.locator('.w-menu').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('返水中心')]));
    expect((await p.locator('.w-menu').allInnerTexts()).join()).not.toContain('福利中心');
    // a route switched off answers like an unknown path: the app goes to /
    for (const path of ['/hongbao', '/welfare']) {
      await p.goto(`${base}/#${path}`);
      await p.waitForURL(`${base}/#/`);
      await p.locator('.w-sidetabs-tab.is-active').waitFor();
      expect(await p.getByRole('dialog').count()).toBe(0);
    }
    // the page the build serves names it nowhere either (the static shell's frames, the route chunks it preloads)
    const html = await (await fetch(`${base}/`)).text();
    expect(html).not.toContain('/hongbao');
    expectClean(p);
  });

  it('features.responsiblePlay false: no reminder code loads, none shows after hours of play, and nothing links to the screen', async () => {
    const requests: string[] = [];
    const p = await open('/mine', true, async (page) => {
      page.on('request', (r) => requests.push(new URL(r.url()).pathname));
      await page.clock.install();
    });
    await p.locator('[data-testid=mine-username]').waitFor();
    // past every moment the reminder's chunk would load at (the screen's data mark, the fallback a few seconds after)
    await p.clock.fastForward(10_000);
    await settled(p);
    expect(await p.locator('[data-testid=mine-link-vip]').count()).toBe(1);
    expect(await p.locator('[data-testid=mine-responsible]').count()).toBe(0);
    await p.clock.fastForward(3 * 3_600_000);
    expect(await p.getByRole('dialog').count()).toBe(0);
    expect(await p.evaluate(() => sessionStorage.getItem('responsible.session'))).toBeNull();

    await p.goto(`${base}/#/boutBallBetInfo?type=8`);
    await p.locator('.w-html').first().waitFor();
    expect(await p.locator('[data-testid=article-responsible]').count()).toBe(0);
    await p.goto(`${base}/#/responsible`);
    await p.waitForURL(`${base}/#/`);
    await settled(p);
    expect(requests.filter((u) => /\/assets\/(Reminder|ResponsibleSettings)-/.test(u))).toEqual([]);
    // the app itself did load (the check above is not passing on an empty page)
    expect(requests.some((u) => u.startsWith('/assets/index-'))).toBe(true);
    expectClean(p);
  });

  it('brand.serviceName and serviceUrl: the tab bar (in the static shell too), /kefu, 存款 and the help centre say the new name; /kefu and /gamePage?dailiD=2 open the brand\'s own 客服 address, never asking getservicerurl', async () => {
    expect(await (await fetch(`${base}/`)).text()).toContain(`<span class="tabbar-label">${BRAND.serviceName}</span>`);
    const asked: string[] = [];
    const p = await open('/kefu', true, async (page) => {
      page.on('request', (r) => {
        if (r.url().includes('/api/getservicerurl')) asked.push(r.url());
      });
      // the brand's service site, played by the mock's service page (which speaks as the brand; its own headers left out: they allow its own origin only to frame it)
      const kefu = await (await fetch(`${base}/__mock/page/kefu`)).text();
      await page.route((u) => u.origin === new URL(KEFU).origin, (r) => r.fulfill({ contentType: 'text/html; charset=utf-8', body: kefu }));
    });
    const tab = p.locator('.tabbar .tabbar-item.is-active');
    await tab.waitFor();
    expect((await tab.innerText()).trim()).toBe(BRAND.serviceName);
    expect(await p.locator('iframe[data-testid=kefu-frame]').getAttribute('src')).toBe(KEFU);
    // the service page welcomes the player to this brand
    const frame = p.frameLocator('iframe[data-testid=kefu-frame]');
    await expect.poll(() => frame.locator('.msg').first().innerText(), { timeout: 15_000 }).toBe(`您好，欢迎来到${BRAND.siteName}，请问有什么可以帮您？`);
    await expect.poll(() => p.title()).toBe(`在线${BRAND.serviceName} - ${BRAND.siteName}`);
    await p.goto(`${base}/#/gamePage?dailiD=2`);
    await expect.poll(() => p.locator('iframe[data-testid=game-frame]').getAttribute('src')).toBe(KEFU);
    expect(asked).toEqual([]);
    await p.goto(`${base}/#/recharge`);
    await p.locator('[data-testid=recharge-kefu]').waitFor();
    expect(await p.locator('[data-testid=recharge-kefu]').innerText()).toContain(`人工${BRAND.serviceName}存款`);
    await p.goto(`${base}/#/boutBallBet`);
    await p.getByRole('button', { name: `联系在线${BRAND.serviceName}` }).waitFor();
    expect(await p.locator('body').innerText()).not.toContain('客服');
    expectClean(p);
  });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

describe('npm start with a syntax error in the config', () => {
  let dir = '';
  let dev: ChildProcess | undefined;
  let base = '';

  beforeAll(async () => {
    // app.json is also read by vite.config.ts itself: broken, the dev server must still start
    dir = copyWith({ 'app.json': [['"backgroundColor": "#ffffff"', '"backgroundColor": "#ffffff",']] });
    const port = await freePort();
    base = `http://localhost:${port}`;
    dev = spawn(path.join(root, 'node_modules', '.bin', 'vite'), [], {
      cwd: root,
      env: { ...process.env, PORT: String(port), MOCK_CONTROL: '1', SCREENS_CONFIG_DIR: dir, NODE_ENV: 'development' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const until = Date.now() + 60_000;
    while (Date.now() < until && !(await fetch(`${base}/`).then((r) => r.ok, () => false))) await new Promise((r) => setTimeout(r, 250));
  }, 90_000);

  afterAll(async () => {
    if (dev && dev.exitCode === null) {
      dev.kill('SIGTERM');
      await new Promise((r) => dev?.once('exit', r));
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** the text of Vite's error overlay, once it shows (the dev server may reload the page meanwhile: its dependency optimizer, a file change) */
  const overlay = async (p: Page): Promise<string> => {
    const until = Date.now() + 45_000;
    for (;;) {
      try {
        await p.waitForFunction(() => !!document.querySelector('vite-error-overlay')?.shadowRoot?.querySelector('.message-body')?.textContent, undefined, { timeout: 5_000 });
        return await p.evaluate(() => (document.querySelector('vite-error-overlay')?.shadowRoot?.querySelector('.window') as HTMLElement).innerText);
      } catch (err) {
        if (Date.now() > until) throw err;
      }
    }
  };

  it('shows file:line:column, the line with a caret and the hint; a fix brings the app back; so does the next mistake', async () => {
    const { page: p } = await newPage(env.browser);
    await p.goto(`${base}/`);
    const line = readFileSync(path.join(dir, 'app.json'), 'utf8').split('\n').find((l) => l.includes('"backgroundColor"')) ?? '';
    const n = readFileSync(path.join(dir, 'app.json'), 'utf8').split('\n').indexOf(line) + 1;
    const text = await overlay(p);
    expect(text).toContain(`${dir}/app.json:${n}:${line.lastIndexOf(',') + 1}: not valid JSON: a comma after the last entry: remove this "," (JSON allows no comma before "}")`);
    // the line itself, and under it a caret under the comma
    const lines = text.split('\n');
    const marked = lines.findIndex((l) => l.startsWith(`> ${n} | `));
    expect(lines[marked]).toBe(`> ${n} | ${line}`);
    expect(lines[marked + 1].indexOf('^')).toBe(lines[marked].lastIndexOf(','));

    // fixed: the page reloads by itself and shows the app
    edit(dir, 'app.json', [['"backgroundColor": "#ffffff",', '"backgroundColor": "#ffffff"']]);
    await p.locator('[data-testid=topbar-brand]').waitFor({ timeout: 45_000 });
    expect(await p.locator('vite-error-overlay').count()).toBe(0);

    // the next mistake: a full-width comma in messages.json
    edit(dir, 'messages.json', [['"auth.confirm": "确定",', '"auth.confirm": "确定"，']]);
    const mLines = readFileSync(path.join(dir, 'messages.json'), 'utf8').split('\n');
    const m = mLines.findIndex((l) => l.includes('"确定"，'));
    expect(await overlay(p)).toContain(`${dir}/messages.json:${m + 1}:${mLines[m].indexOf('，') + 1}: not valid JSON: a full-width comma "，" outside quotes: write the half-width , instead`);
  }, 150_000);
});
