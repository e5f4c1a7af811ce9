/**
 * What every browser test stands on: Debian's Chromium (its headless shell) driven by playwright-core at a 375x812
 * phone viewport, the mock's control surface, and readers for what a player sees (toasts,
 * dialogs). Every page records console errors, page errors and CSP violations; call
 * expectClean(page) to assert there were none.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';

import { headlessChromium } from '../../scripts/check-browser';
import { ONCE_PREFIX } from '../../src/widgets/Modal/once';
import { trackRequests } from '../../scripts/settle';
import { keepOne, keptContext, lend, takeKept, type Lent } from './page-reuse';

export { settled } from '../../scripts/settle';
import { BASE } from './ports';

/** this worker's mock server (ports.ts), or E2E_BASE */
export { BASE };

/** the origin of the sponsorship urls in screens.config/app.json (maps.sponsorUrl) */
export const SPONSOR_ORIGIN = 'https://sponsor.xingyao.example.com';

export const SEED = { username: 'demo01', password: 'demo123', payPassword: '123456' };

/** the sponsor's site cannot be reached from the tests: a frame of it fails at once (sponsorStandIn puts a page there) */
const SPONSOR_HOST = new URL(SPONSOR_ORIGIN).host;
/**
 * The GPU process (the display compositor, software here) and the network service run inside the
 * browser process: two processes fewer and the messages between them, about 5 % of the browser
 * files' CPU on two cores (2026-11-27: six files, 165 against 174 CPU-s, and 147-155 against
 * 158-170 sampled per process). Pages render and load as before; the bench and the engines test
 * keep Chromium's usual processes, as players' phones have them.
 */
const IN_PROCESS = ['--in-process-gpu', '--enable-features=NetworkServiceInProcess2'];
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', ...IN_PROCESS, '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--host-resolver-rules=MAP ${SPONSOR_HOST} ~NOTFOUND`];

/** Chromium's headless shell (scripts/check-browser.ts headlessChromium: the same engine as Debian's Chromium, without the browser's own windows), or what starts it elsewhere (second-host.ts) */
export async function launch(executablePath = headlessChromium()): Promise<Browser> {
  return chromium.launch({ executablePath, args: FLAGS });
}

/**
 * The browser of a test file: one per worker, which runs file after file in the same modules
 * (vitest.config.ts: isolate false), so a file does not start Chromium again (about 0.75 CPU-s).
 * Every context is closed after each test (so a file's pages do not pile up on a 2-core machine),
 * but for one page a test left as it found it (page-reuse.ts): the next test, of this file or the
 * next, is handed that page, its storage and cookies cleared: `const env = browserPerFile();` then
 * `newPage(env.browser)`. Chromium ends with the worker (playwright-core closes what it launched
 * when its process exits).
 */
const openContexts = new Set<BrowserContext>();
let workerBrowser: Promise<Browser> | undefined;
export function browserPerFile(): { browser: Browser } {
  const env = { browser: undefined as unknown as Browser };
  beforeAll(async () => {
    const had = workerBrowser && (await workerBrowser.catch(() => undefined));
    if (!had?.isConnected()) workerBrowser = launch();
    env.browser = await workerBrowser!;
  });
  afterEach(async (ctx) => {
    const keep = await keepOne(env.browser, ctx.task.result?.state !== 'fail');
    await Promise.all([...openContexts].filter((c) => c !== keep).map((c) => c.close().catch(() => undefined)));
    openContexts.clear();
  });
  afterAll(async () => {
    // what a hook or a skipped test opened after the last afterEach; the kept page stays for the next file
    await Promise.all([...openContexts].filter((c) => !keptContext(env.browser, c)).map((c) => c.close().catch(() => undefined)));
    openContexts.clear();
  });
  return env;
}

/**
 * The set-up of most screens' files: the file's browser (browserPerFile), the mock reset before each
 * test with `settings` over it (`{ index_modal: 0 }`: no opening notice), and `page()`, a new page.
 */
export function screensPerFile(settings?: Record<string, unknown>): { env: { browser: Browser }; page(): Promise<Page> } {
  const env = browserPerFile();
  beforeEach(async () => {
    await resetMock();
    if (settings) await mockSettings(settings);
  });
  return { env, page: async () => (await newPage(env.browser)).page };
}

const problems = new WeakMap<Page, string[]>();
const allowed = new WeakMap<Page, RegExp[]>();

/**
 * A phone-sized page in a context of its own; `options` add to or override the context's. No service
 * worker unless a test asks for one (`serviceWorkers: 'allow'`: web-app, releases, nginx): in every
 * new context the worker would download the whole app again for its precache, which on two cores
 * slows every other test running beside it; WeChat's and iOS in-app browsers run without one too.
 * Without options, the page a test before left as it found it, if there is one (page-reuse.ts).
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const reusable = Object.keys(options).length === 0;
  const kept = reusable ? takeKept(browser) : undefined;
  const lent = kept ?? (await freshPage(browser, options, reusable));
  openContexts.add(lent.context);
  const page = lend(lent);
  problems.set(page, lent.problems);
  // every page's requests are counted from the start: `await settled(page)` waits for them
  trackRequests(page);
  return {
    get context() {
      lent.dirty = true;
      return lent.context;
    },
    page,
  };
}

async function freshPage(browser: Browser, options: BrowserContextOptions, reusable: boolean): Promise<Lent> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN', deviceScaleFactor: 1, serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  const lent: Lent = { browser, context, page, problems: [], listeners: [], dirty: !reusable };
  page.on('console', (m) => {
    if (m.type() === 'error') lent.problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => lent.problems.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    const w = window as unknown as { __toasts: string[] };
    w.__toasts = [];
    new MutationObserver(() => {
      document.querySelectorAll<HTMLElement>('.ui-toast-main').forEach((el) => {
        // the loading indicator is not a message; record what the player is told
        if (el.querySelector('.ui-toast-loading')) return;
        const t = el.innerText.trim();
        if (t && el.dataset.seen !== t) {
          el.dataset.seen = t;
          w.__toasts.push(t);
        }
      });
    }).observe(document, { subtree: true, childList: true, characterData: true });
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return lent;
}

/**
 * The sponsorship urls of app.json are absolute urls on the operator's sponsor site; this stands in
 * for that site with the mock's sponsorship page (GET /__mock/page/zhanzhu), for a test that looks
 * into the frame. Only where asked: any route of a context makes Playwright intercept every request
 * of its pages and turns their HTTP cache off.
 */
export async function sponsorStandIn(context: BrowserContext): Promise<void> {
  await context.route(`${SPONSOR_ORIGIN}/**`, async (route) => {
    const r = await fetch(`${BASE}/__mock/page/zhanzhu${new URL(route.request().url()).search}`);
    await route.fulfill({ status: r.status, contentType: 'text/html; charset=utf-8', body: await r.text() });
  });
}

/** Expected noise for this page (for example a deliberately dropped connection). */
export function allowConsole(page: Page, ...patterns: RegExp[]) {
  allowed.set(page, [...(allowed.get(page) ?? []), ...patterns]);
}

/** How many problems the page has recorded so far: `expectClean(page, mark)` then asserts none came after (a page shared by several cases). */
export function cleanMark(page: Page): number {
  return problems.get(page)?.length ?? 0;
}

export function expectClean(page: Page, since = 0) {
  const ok = allowed.get(page) ?? [];
  const seen = (problems.get(page) ?? []).slice(since).filter((p) => !ok.some((r) => r.test(p)));
  expect(seen, 'console errors, page errors or CSP violations').toEqual([]);
}

export async function mock(path: string, body: unknown = {}): Promise<unknown> {
  const r = await fetch(`${BASE}/__mock/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`/__mock/${path} answered ${r.status}: ${await r.text()}`);
  return r.json().catch(() => null);
}

export const resetMock = () => mock('reset');
export const mockSettings = (s: Record<string, unknown>) => mock('settings', s);
export const mockFault = (f: { path: string; code?: number; message?: string; status?: number; delayMs?: number; drop?: boolean; dropAfter?: boolean; times?: number }) => mock('fault', f);

/** Open a hash route. */
export async function go(page: Page, hashPath: string) {
  await page.goto(`${BASE}/#${hashPath}`);
}

/**
 * The once-per-session notices of the config's screens (a Modal's onceKey: home's start-up notice):
 * a member the harness logs in has seen them, as after a visitor's first look at home.
 */
const ONCE_KEYS = onceKeys();
function onceKeys(): string[] {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'screens.config', 'screens');
  const keys = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === 'onceKey' && typeof x === 'string') keys.add(x);
        else walk(x);
      }
  };
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) walk(JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
  return [...keys].map((k) => ONCE_PREFIX + k);
}

/**
 * Log in through the API, keep the token where the app keeps it (sessionStorage) and open the app at
 * `hashPath` as the member: one load of the app. The token is put in place from a document of the
 * app's origin that runs none of its code (version.json), since the app reads it when it starts.
 */
export async function loginByApi(page: Page, hashPath = '/', name = SEED.username, password = SEED.password): Promise<string> {
  const r = await fetch(`${BASE}/api/login_pc`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, password, code: '' }) });
  const json = (await r.json()) as { code: number; data: { api_token: string } };
  if (json.code !== 200) throw new Error(`login failed: ${JSON.stringify(json)}`);
  const token = json.data.api_token;
  await page.goto(`${BASE}/version.json`);
  await page.evaluate(
    ({ token, seen }) => {
      sessionStorage.setItem('token', token);
      for (const key of seen) sessionStorage.setItem(key, '1');
    },
    { token, seen: ONCE_KEYS },
  );
  await page.goto(`${BASE}/#${hashPath}`);
  return token;
}

/** Every toast text shown on the page so far, in order (recorded by an init script). */
export async function toasts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts ?? []);
}

/** Runs `act` and returns the first toast shown after it. */
export async function toastAfter(page: Page, act: () => Promise<unknown>, timeout = 5000): Promise<string> {
  const before = (await toasts(page)).length;
  await act();
  await page.waitForFunction((n) => ((window as unknown as { __toasts: string[] }).__toasts ?? []).length > n, before, { timeout });
  return (await toasts(page))[before];
}

export async function dialogText(page: Page): Promise<string> {
  const el = page.locator('.adm-dialog-body').last();
  await el.waitFor({ state: 'visible', timeout: 5000 });
  return (await el.innerText()).trim();
}

/** Fill an input (or textarea) by its name attribute. */
/** the field a player sees (a pane rendered ahead, hidden, holds fields of the same names: /login's two modes) */
export async function fill(page: Page, name: string, value: string) {
  await page.locator(`[name="${name}"]:not([type=hidden]):visible`).first().fill(value);
}

export async function captchaCode(page: Page): Promise<string> {
  const code = await page.locator('canvas[data-code]:visible').first().getAttribute('data-code');
  if (!code) throw new Error('no captcha code on the page (is this a production build?)');
  return code;
}

export async function submit(page: Page, text?: string) {
  const btn = text ? page.getByRole('button', { name: text }) : page.locator('button[type=submit]').first();
  await btn.click();
}
