/**
 * Field data from a player's session (src/rum/, docs/OPERATING.md *Field data*), read where an
 * operator reads it: the file RUM_LOG names under `npm run serve` (the worker's server,
 * global-setup.ts). One page goes through home (a widget that fails to render), a tap, the side
 * menu, /login typed and sent, 存款 typed, an error thrown with the member's name and typed values in
 * its message, and every other money and profile form typed into; then it is closed. Its lines
 * carry LCP, INP, CLS, FCP and TTFB with route, brand, release and engine, the INP's config node,
 * both errors; and nothing personal: not the member's name, the token, a password, an amount, a
 * card or anything else typed.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { writeFieldLines } from '../../bench/field-lines';
import { fieldReport } from '../../scripts/field';
import { fieldPage } from '../../scripts/field-page';
import { allowConsole, BASE, browserPerFile, captchaCode, expectClean, go, mockSettings, newPage, resetMock, SEED } from './harness';
import { rumLogOf, workerPort } from './ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = path.resolve(root, process.env.E2E_DIST ?? 'dist-test');
const LOG = rumLogOf(workerPort());
const routes = (JSON.parse(readFileSync(path.join(root, 'screens.config', 'routes.json'), 'utf8')) as { routes: { path: string }[] }).routes.map((r) => r.path);

/** what the test types: each value appears nowhere in a report */
const TYPED = {
  password: 'Pw-Secret-4711',
  amount: '777.31',
  card: '6222333344445555',
  mobile: '13912345678',
  email: 'rum.probe@example.com',
  name: '隐私测试甲',
  other: '测试支行乙',
};
const valueFor = (name: string, type: string | null) =>
  type === 'password' ? TYPED.password : name === 'amount' ? TYPED.amount : name === 'bank_no' ? TYPED.card : name === 'mobile' ? TYPED.mobile : name === 'email' ? TYPED.email : /owner|name/.test(name) ? TYPED.name : TYPED.other;

/** every money and profile form the member has (besides 存款's bank transfer, typed key by key) */
const FORMS = ['/recharge?type=usdt', '/recharge?type=wxpay', '/recharge?type=alipay', '/withdrawal?type=usdt', '/withdrawal?type=bank', '/transfer', '/userInfo', '/password?type=1', '/password?type=2', '/addBankCard', '/addUsdtCard'];

/** types into every field a player can type in on the screen (text, number, password; not the read-only ones) */
async function typeEverywhere(page: Page, route: string): Promise<number> {
  await go(page, route);
  const inputs = page.locator('form input:visible:not([readonly]):not([disabled]):not([type=hidden]):not([type=radio]), form textarea:visible');
  await inputs.first().waitFor();
  const n = await inputs.count();
  for (let i = 0; i < n; i++) {
    const input = inputs.nth(i);
    await input.fill(valueFor((await input.getAttribute('name')) ?? '', await input.getAttribute('type')));
  }
  return n;
}

interface Line {
  [key: string]: unknown;
  view: string;
  kind: string;
}

/** the lines appended to the log after `from` (bytes) */
const linesSince = (from: number): string[] => readFileSync(LOG).subarray(from).toString('utf8').split('\n').filter(Boolean);

/** the node at a JSON path of a config file */
function nodeAt(file: string, jsonPath: string): { type?: string } | undefined {
  let v: unknown = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  for (const key of jsonPath.split('/').slice(1)) v = (v as Record<string, unknown> | undefined)?.[key];
  return v as { type?: string } | undefined;
}

const env = browserPerFile();

describe('field data of a session, in RUM_LOG under npm run serve', () => {
  it('web vitals with route, brand, release and engine, the INP\'s config node, the errors; nothing personal', { timeout: 120000 }, async () => {
    await resetMock();
    await mockSettings({ index_modal: 0 });
    const from = statSync(LOG).size;
    const release = /<meta name="app-build" content="([0-9a-f]+)">/.exec(readFileSync(path.join(DIST, 'index.html'), 'utf8'))![1];
    // a page of its own: it is closed at the end
    const { page } = await newPage(env.browser, { serviceWorkers: 'block' });
    allowConsole(page, /test fault: widget:PageHeader/, /widget "PageHeader" failed to render/, /The above error occurred/, /rum probe/);

    // home, whose page header fails to render (the test build's fault): the error waits for the collector
    await page.goto(`${BASE}/version.json`);
    await page.evaluate(() => sessionStorage.setItem('test.fault', 'widget:PageHeader'));
    await go(page, '/');
    await page.locator('[data-widget-failed=PageHeader]').waitFor();
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/collect-[\w-]+\.js$/.test(e.name)), undefined, { timeout: 20000 });
    await page.evaluate(() => sessionStorage.removeItem('test.fault'));

    // a tap (a game category), the side menu
    await page.locator('.w-sidetabs [role=tab]').nth(1).click();
    await page.locator('[data-testid=side-menu-open]').click();
    await page.locator('.w-drawer-body').waitFor();
    await page.locator('.w-drawer-close').click();
    await page.locator('.w-drawer-body').waitFor({ state: 'hidden' });

    // /login typed and sent
    await go(page, '/login');
    const login = page.locator('form[name=login]');
    await login.locator('input[name=name]').pressSequentially(SEED.username);
    await login.locator('input[name=password]').pressSequentially(SEED.password);
    await login.locator('input[name=code]').pressSequentially(await captchaCode(page));
    await login.locator('button[type=submit]').click();
    await page.waitForFunction(() => location.hash === '#/' && !!sessionStorage.getItem('token'));
    const token = await page.evaluate(() => sessionStorage.getItem('token')!);

    // 存款 typed key by key, then an error whose message holds the member's name and what was typed
    await go(page, '/recharge?type=bank');
    const deposit = page.locator('form[name=recharge-bank]');
    await deposit.locator('input[name=bank_owner]').pressSequentially(TYPED.name);
    await deposit.locator('input[name=amount]').pressSequentially(TYPED.amount);
    await page.evaluate(() => {
      const value = (name: string) => document.querySelector<HTMLInputElement>(`form[name=recharge-bank] input[name=${name}]`)!.value;
      const member = (JSON.parse(sessionStorage.getItem('userInfo')!) as { username: string }).username;
      setTimeout(() => {
        throw new Error(`rum probe: ${member} typed ${value('bank_owner')} for ${value('amount')}`);
      });
    });

    // every other money and profile form
    for (const route of FORMS) expect(await typeEverywhere(page, route), route).toBeGreaterThan(0);
    expectClean(page);
    await page.close();

    // the session's page view: the one whose error is the probe
    const find = () => linesSince(from).map((l) => JSON.parse(l) as Line);
    await expect.poll(() => find().find((l) => l.kind === 'error' && String(l.message).startsWith('rum probe'))?.view, { timeout: 15000 }).toBeTruthy();
    const view = find().find((l) => l.kind === 'error' && String(l.message).startsWith('rum probe'))!.view;
    await expect.poll(() => new Set(find().filter((l) => l.view === view && l.kind === 'vital').map((l) => l.name)).size, { timeout: 15000 }).toBe(5);
    const mine = find().filter((l) => l.view === view);
    const engine = `Chromium ${env.browser.version().split('.')[0]}`;

    for (const name of ['LCP', 'INP', 'CLS', 'FCP', 'TTFB']) {
      const line = mine.find((l) => l.name === name);
      expect(line, name).toMatchObject({ kind: 'vital', brand: 'product', release, engine });
      expect(routes, `${name}'s route`).toContain(line!.route);
      expect(typeof line!.value, name).toBe('number');
    }
    // the page's first load belongs to the route it was opened at
    expect(mine.filter((l) => ['LCP', 'FCP', 'TTFB', 'CLS'].includes(String(l.name))).map((l) => l.route)).toEqual(['/', '/', '/', '/']);
    // the INP names a config file and a JSON path: a node of that file, of the type it says
    const inp = mine.find((l) => l.name === 'INP')!;
    expect(inp.file).toMatch(/^screens\.config\/(screens|forms)\/[\w-]+\.json$/);
    expect(inp.path).toMatch(/^\/[\w/]+$/);
    const node = nodeAt(String(inp.file), String(inp.path));
    expect(node, `${inp.file} ${inp.path}`).toBeDefined();
    expect(inp.widget === 'submit' ? 'submit' : node!.type).toBe(inp.widget);

    // the errors: the widget that failed, with its node; the probe, with its message scrubbed
    expect(mine.filter((l) => l.kind === 'error').map(({ source, message, route, file, path: at, widget }) => ({ source, message, route, file, path: at, widget }))).toEqual([
      { source: 'render', message: 'test fault: widget:PageHeader', route: '/', file: 'screens.config/screens/home.json', path: '/body/0', widget: 'PageHeader' },
      { source: 'error', message: 'rum probe: […] typed […] for […]', route: '/recharge', file: undefined, path: undefined, widget: undefined },
    ]);
    for (const l of mine.filter((x) => x.kind === 'error')) expect(l).toMatchObject({ brand: 'product', release, engine });

    // nothing personal in any line since the session began (this page's or any other's)
    const text = linesSince(from).join('\n');
    for (const secret of [SEED.username, SEED.password, token, ...Object.values(TYPED), 'type=bank']) expect(text, secret).not.toContain(secret);
    for (const line of linesSince(from)) {
      expect(Buffer.byteLength(line)).toBeLessThan(16 * 1024);
      expect(JSON.parse(line)).toBeTypeOf('object');
    }
  });
});

describe('field data sent as the player goes, not only when the page ends', () => {
  it('the load\'s TTFB and FCP leave at the next screen, the page still open (an old engine may drop a beacon sent as it unloads)', async () => {
    await resetMock();
    await mockSettings({ index_modal: 0 });
    const from = statSync(LOG).size;
    const { page } = await newPage(env.browser, { serviceWorkers: 'block' });
    await go(page, '/');
    await page.waitForFunction(() => performance.getEntriesByName('rum:collecting').length > 0, undefined, { timeout: 20000 });
    // nothing sent while the player stays on the screen
    expect(linesSince(from)).toEqual([]);
    await go(page, '/login');
    await expect.poll(() => linesSince(from).map((l) => (JSON.parse(l) as Line).name).sort(), { timeout: 15000 }).toEqual(expect.arrayContaining(['FCP', 'TTFB']));
    expect(linesSince(from).map((l) => (JSON.parse(l) as Line).route)).toEqual(linesSince(from).map(() => '/'));
    expectClean(page);
    await page.close();
  });
});

describe('npm run field -- report --html', () => {
  it("the page shows its four charts and every brand's name, offline, with no error", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'field-page-'));
    try {
      const lines = path.join(dir, 'rum.jsonl');
      const out = createWriteStream(lines);
      await writeFieldLines(out, { lines: 3000, seed: 7, end: new Date('2026-11-28T00:00:00Z') });
      await new Promise<void>((resolve) => out.end(() => resolve()));
      const html = path.join(dir, 'field.html');
      writeFileSync(html, fieldPage(await fieldReport([lines])));
      const { page } = await newPage(env.browser);
      // offline: nothing but the file itself may be asked for
      const asked: string[] = [];
      page.on('request', (r) => asked.push(r.url()));
      await page.goto(pathToFileURL(html).href);
      await page.locator('.uplot').nth(3).waitFor();
      const charts = await page.locator('.uplot canvas').evaluateAll((cs) => cs.map((c) => (c as HTMLCanvasElement).width > 300 && (c as HTMLCanvasElement).height > 100));
      expect(charts).toEqual([true, true, true, true]);
      for (const chart of await page.locator('.uplot').all()) expect(await chart.locator('.u-legend .u-series:not(:first-child) .u-label').allInnerTexts()).toEqual(['jinsha', 'product', 'yinhe']);
      expect(asked).toEqual([pathToFileURL(html).href]);
      expectClean(page);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
