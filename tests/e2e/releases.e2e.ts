/**
 * Issue 32 point 4: a release reaches every open tab. Each test serves its own copy of the test
 * build (scripts/serve.ts with DIST, on the port after its worker's server, ports.ts) and deploys "the next release" into it the
 * cheap way, without building twice:
 * - copied in (a merge deploy): version.json and index.html's build id changed, the worker script
 *   changed (and its index.html revision), every hashed file kept;
 * - the folder replaced: the same, and every hashed file renamed (its old name answers 404), each
 *   reference to it rewritten, as a new build with other contents would be.
 * The page's time is Playwright's clock where an interval is tested (page-clock.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allowConsole, browserPerFile, expectClean, newPage, settled } from './harness';
import { advance, onPageClock, pauseClock, setVisibility } from './page-clock';
import { workerPort } from './ports';
import { controlled, untilInPage } from './worker';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BUILT = path.resolve(root, process.env.E2E_DIST ?? 'dist-test');
const PORT = workerPort(1);
const SITE = `http://127.0.0.1:${PORT}`;
const messages = (JSON.parse(readFileSync(path.join(root, 'screens.config', 'messages.json'), 'utf8')) as { messages: Record<string, string> }).messages;
const constants = (JSON.parse(readFileSync(path.join(root, 'screens.config', 'app.json'), 'utf8')) as { constants: { releaseCheckMs: number } }).constants;

let dir = '';
let server: ChildProcess | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'release-'));
  cpSync(BUILT, dir, { recursive: true });
  server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'scripts', 'serve.ts')], {
    cwd: root,
    env: { ...process.env, DIST: dir, PORT: String(PORT), HOST: '127.0.0.1', MOCK_CONTROL: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const until = Date.now() + 30000;
  for (;;) {
    const up = await fetch(`${SITE}/api/app`, { method: 'POST' }).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > until) throw new Error(`the release copy did not answer at ${SITE}`);
    await new Promise((r) => setTimeout(r, 200));
  }
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const env = browserPerFile();

beforeEach(async () => {
  // the build as deployed, afresh for each test (the server keeps serving the same folder)
  for (const f of readdirSync(dir)) rmSync(path.join(dir, f), { recursive: true, force: true });
  cpSync(BUILT, dir, { recursive: true });
  await control('reset');
  await control('settings', { index_modal: 0 });
});

async function control(what: string, body: unknown = {}) {
  const r = await fetch(`${SITE}/__mock/${what}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`/__mock/${what}: ${r.status}`);
}

const read = (f: string) => readFileSync(path.join(dir, f), 'utf8');
const write = (f: string, s: string) => writeFileSync(path.join(dir, f), s);
const buildOf = (html: string) => /<meta name="app-build" content="([^"]+)">/.exec(html)?.[1] ?? '';

/** The next release copied in: a new build id, a changed worker; returns the new id. */
function copyInRelease({ required = false } = {}): string {
  const old = buildOf(read('index.html'));
  expect(old).toMatch(/^[0-9a-f]{16}$/);
  const next = old.split('').reverse().join('');
  write('index.html', read('index.html').replace(`content="${old}"`, `content="${next}"`));
  write('version.json', `${JSON.stringify({ build: next, required })}\n`);
  // the worker: a new script, and index.html's new revision (its precache takes the new page)
  write('sw.js', read('sw.js').replace(/(url:"index\.html",revision:")[0-9a-f]+"/, `$1${next}"`));
  return next;
}

/** A deploy that replaced the folder: every hashed file under a new name, the old ones gone; returns the new id. */
function replaceFolder(): string {
  const assets = path.join(dir, 'assets');
  const renamed = new Map<string, string>();
  for (const f of readdirSync(assets)) {
    if (/\.(gz|br)$/.test(f)) {
      unlinkSync(path.join(assets, f));
      continue;
    }
    const m = /^(.*-)([\w-]{8})(\.(?:js|css))$/.exec(f);
    if (!m) continue;
    const to = `${m[1]}n${m[2].slice(0, 7)}${m[3]}`;
    renameSync(path.join(assets, f), path.join(assets, to));
    renamed.set(f, to);
  }
  expect(renamed.size).toBeGreaterThan(20);
  const names = new RegExp([...renamed.keys()].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const rewrite = (file: string) => writeFileSync(file, readFileSync(file, 'utf8').replace(names, (n) => renamed.get(n)!));
  for (const f of readdirSync(assets)) if (/\.(js|css)$/.test(f)) rewrite(path.join(assets, f));
  for (const f of readdirSync(dir)) if (/\.(html|js)$/.test(f)) rewrite(path.join(dir, f));
  for (const f of readdirSync(dir)) if (/\.(gz|br)$/.test(f)) unlinkSync(path.join(dir, f));
  return copyInRelease();
}

const tab = (p: Page, label: string) => p.locator('.tabbar .tabbar-item', { hasText: label }).click();
const pageBuild = (p: Page) => p.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name=app-build]')?.content ?? '');
const prompt = (p: Page) => p.locator('[data-testid=update-prompt]');
const promptText = `${messages['webApp.updateReady']} ${messages['webApp.updateReload']}`;

describe('a release copied in while a tab is open', () => {
  it('is offered on the next tap between tabs, with the service worker; 立即刷新 takes it', async () => {
    const { page: p } = await newPage(env.browser, { serviceWorkers: 'allow' });
    await p.goto(`${SITE}/#/`);
    await p.locator('.w-sidetabs').waitFor();
    await controlled(p);
    const old = await pageBuild(p);

    const next = copyInRelease();
    // the tab bar navigates inside the app (no hashchange, no reload): each tap looks for the release
    await tab(p, '优惠');
    await p.waitForURL(/#\/activity$/);
    await prompt(p).waitFor({ timeout: 20000 });
    expect((await prompt(p).innerText()).replace(/\s+/g, ' ').trim()).toBe(promptText);
    // the player goes on using the app meanwhile
    await tab(p, '首页');
    await p.locator('.w-sidetabs').waitFor();
    expect(await pageBuild(p)).toBe(old);

    const navigated = p.waitForEvent('framenavigated', { timeout: 15000 });
    await prompt(p).getByRole('button', { name: messages['webApp.updateReload'] }).click();
    await navigated;
    await p.locator('.w-sidetabs').waitFor();
    expect(await pageBuild(p)).toBe(next);
    await tab(p, '优惠');
    await p.waitForURL(/#\/activity$/);
    await p.locator('.w-datatabs').first().waitFor();
    expect(await prompt(p).count()).toBe(0);
    expectClean(p);
  });

  it('is offered on the next tap between tabs where no service worker runs (an in-app browser)', async () => {
    const { page: p } = await newPage(env.browser, { serviceWorkers: 'block' });
    await p.goto(`${SITE}/#/`);
    await p.locator('.w-sidetabs').waitFor();
    await p.waitForFunction(() => performance.getEntriesByName('screen-data:home').length > 0);
    const next = copyInRelease();
    const asked = p.waitForResponse((r) => new URL(r.url()).pathname === '/version.json');
    await tab(p, '客服');
    expect(((await (await asked).json()) as { build: string }).build).toBe(next);
    await prompt(p).waitFor();
    expect((await prompt(p).innerText()).replace(/\s+/g, ' ').trim()).toBe(promptText);

    const navigated = p.waitForEvent('framenavigated', { timeout: 15000 });
    await prompt(p).getByRole('button', { name: messages['webApp.updateReload'] }).click();
    await navigated;
    await p.waitForFunction(() => !!document.querySelector('meta[name=app-build]'));
    expect(await pageBuild(p)).toBe(next);
    await tab(p, '首页');
    await p.locator('.w-sidetabs').waitFor();
    expect(await prompt(p).count()).toBe(0);
    expectClean(p);
  });

  it('is offered every constants.releaseCheckMs while the tab is visible, without a tap; not while it is hidden', async () => {
    const { context, page: p } = await newPage(env.browser, { serviceWorkers: 'block' });
    const api = await onPageClock(context, p);
    const checks: number[] = [];
    p.on('request', (r) => new URL(r.url()).pathname === '/version.json' && checks.push(api.now()));
    // the checks start with the shell's part loaded after the first screen (shell/late.tsx; under
    // Playwright's clock the page's Performance marks are not recorded: its chunk's reply is the signal)
    const late = p.waitForResponse((r) => /\/assets\/late-[\w-]+\.js$/.test(new URL(r.url()).pathname));
    await p.goto(`${SITE}/#/`);
    await p.locator('.w-sidetabs').waitFor();
    await late;
    await pauseClock(p);
    const every = constants.releaseCheckMs;
    const step = Math.min(5000, every / 10);
    copyInRelease();

    // hidden: nothing is asked, however long
    await setVisibility(p, 'hidden');
    await advance(p, api, every * 2, { step });
    expect(checks).toEqual([]);
    // shown again: the check that came due runs at once
    await setVisibility(p, 'visible');
    await api.settled();
    await prompt(p).waitFor();
    expect(checks).toHaveLength(1);

    // and then every interval, while visible
    await advance(p, api, every, { step });
    expect(checks).toHaveLength(2);
    expect(checks[1] - checks[0]).toBeGreaterThanOrEqual(every);
    expect(checks[1] - checks[0]).toBeLessThanOrEqual(every + step);
    expectClean(p);
  });
});

describe('a release marked required', () => {
  it('is not offered: the next navigation moves the player to it', async () => {
    const { page: p } = await newPage(env.browser, { serviceWorkers: 'block' });
    await p.goto(`${SITE}/#/`);
    await p.locator('.w-sidetabs').waitFor();
    await p.waitForFunction(() => performance.getEntriesByName('screen-data:home').length > 0);
    const next = copyInRelease({ required: true });
    const asked = p.waitForResponse((r) => new URL(r.url()).pathname === '/version.json');
    await tab(p, '优惠');
    await asked;
    await p.locator('.w-datatabs').first().waitFor();
    expect(await prompt(p).count()).toBe(0);

    // a full page load (the tap's own in-app navigation is a framenavigated event too)
    const loaded = p.waitForEvent('load', { timeout: 15000 });
    await tab(p, '客服');
    await loaded;
    await p.waitForFunction(() => !!document.querySelector('meta[name=app-build]'));
    expect(await pageBuild(p)).toBe(next);
    expect(new URL(p.url()).hash).toBe('#/kefu');
    expect(await prompt(p).count()).toBe(0);
    expectClean(p);
  });
  it('with the service worker too: its new worker takes over at the next navigation, with no bar offered', async () => {
    const { page: p } = await newPage(env.browser, { serviceWorkers: 'allow' });
    await p.goto(`${SITE}/#/`);
    await p.locator('.w-sidetabs').waitFor();
    await controlled(p);
    const next = copyInRelease({ required: true });
    // the tap looks for the release: version.json says it is required (a tap while that read is
    // still out moves the player at the tap after), and the worker's update check finds the new one
    const asked = p.waitForResponse((r) => new URL(r.url()).pathname === '/version.json');
    await tab(p, '优惠');
    await asked;
    await p.locator('.w-datatabs').first().waitFor();
    // the new worker is installed and waits; the player is not asked
    await untilInPage(p, async () => !!(await navigator.serviceWorker.getRegistration())?.waiting, 'the new worker, installed and waiting');
    expect(await prompt(p).count()).toBe(0);

    // a full page load (the tap's own in-app navigation is a framenavigated event too), through the
    // new worker's activation: the longest chain of this file on a busy machine
    const loaded = p.waitForEvent('load', { timeout: 40000 });
    await tab(p, '客服');
    await loaded;
    await p.waitForFunction(() => !!document.querySelector('meta[name=app-build]'));
    expect(await pageBuild(p)).toBe(next);
    expect(new URL(p.url()).hash).toBe('#/kefu');
    expect(await prompt(p).count()).toBe(0);
    expectClean(p);
  });
});

describe('a deploy that replaced the folder', () => {
  it('an open tab without a service worker opens the routes it had not loaded, in the new release, with no failure on screen', async () => {
    const { page: p } = await newPage(env.browser, { serviceWorkers: 'block' });
    // the old chunk's 404 and the engine's log of it are expected; what the player sees is tested
    allowConsole(p, /Failed to load resource.*404/, /failed to load/, /Failed to fetch dynamically imported module/);
    await p.goto(`${SITE}/#/`);
    await p.locator('.w-sidetabs').waitFor();
    await p.waitForFunction(() => performance.getEntriesByName('screen-data:home').length > 0);
    // what the page fetches after its first screen (the shell's late chunk, icons, overlays) has
    // arrived: the folder is replaced file by file, and a request caught halfway is this test's
    // doing, not the deploy's (a real one swaps the folder at once)
    await settled(p);
    const loaded = await p.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    const old = await pageBuild(p);

    const next = replaceFolder();
    // 优惠: a screen this page has not loaded (its chunk was only in the old folder)
    expect(loaded.some((u) => /\/activity-/.test(u))).toBe(false);
    await tab(p, '优惠');
    await p.locator('.w-datatabs').first().waitFor({ timeout: 20000 });
    expect(new URL(p.url()).hash).toBe('#/activity');
    expect(await pageBuild(p)).toBe(next);
    expect(await p.evaluate(() => sessionStorage.getItem('release.reloadedFrom'))).toBe(old);
    await tab(p, '我的');
    await p.waitForURL(/#\/login/);
    await p.locator('form[name=login]').waitFor();
    const body = await p.locator('body').innerText();
    expect(body).not.toContain(messages['error.title']);
    expect(body).not.toContain('页面加载失败');
    expect(await p.locator('[data-widget-failed]').count()).toBe(0);
    expectClean(p);
  });
  it('a tab controlled by the service worker takes the new worker and opens the route in the new release', async () => {
    const { page: p } = await newPage(env.browser, { serviceWorkers: 'allow' });
    allowConsole(p, /Failed to load resource.*404/, /failed to load/, /Failed to fetch dynamically imported module/);
    await p.goto(`${SITE}/#/`);
    await p.locator('.w-sidetabs').waitFor();
    await controlled(p);
    const old = await pageBuild(p);

    const next = replaceFolder();
    const navigated = p.waitForEvent('framenavigated', { timeout: 20000 });
    await tab(p, '优惠');
    await navigated;
    await p.locator('.w-datatabs').first().waitFor({ timeout: 20000 });
    expect(new URL(p.url()).hash).toBe('#/activity');
    expect(await pageBuild(p)).toBe(next);
    expect(await p.evaluate(() => sessionStorage.getItem('release.reloadedFrom'))).toBe(old);
    const body = await p.locator('body').innerText();
    expect(body).not.toContain('页面加载失败');
    expect(await p.locator('[data-testid=app-error], [data-widget-failed]').count()).toBe(0);
    expectClean(p);
  });
});
