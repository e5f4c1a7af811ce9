/**
 * What the development tools give a second host on the network (a phone, or a stranger on the same
 * Wi-Fi): a network namespace joined to this machine (second-host.ts, made by the global setup), one studio and one `npm start
 * -- --host 0.0.0.0`, started together, each asked from there.
 *   - the studio started with its defaults: nothing answers the second host;
 *   - its phone switch on, and `npm start -- --host`: the app works there in Chromium (home, a login
 *     through the form, 我的 with the member), and no other file of the repository answers: not
 *     package.json, mock-server/, studio/, deploy/, .git/, tests/, docs/, node_modules/.cache/, the
 *     scratch folder's other files, nor Vite's other doors (/@fs/, ?raw, /__open-in-editor, /@id/), nor
 *     the studio's session shortcut or the mock's control surface; the HMR socket answers no
 *     `vite:invoke` from there (it does this machine's);
 *   - Ctrl-C removes the studio's scratch folder whole.
 * Which requests pass is decided by scripts/vite/network-guard.ts (tests/unit/network-guard.test.ts
 * has its rule request by request).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { publicDirOf } from '../../scripts/vite/brand-assets';
import { captchaCode, expectClean, fill, newPage, SEED, submit } from './harness';
import { workerPort } from './ports';
import { secondHost, type SecondHost } from './second-host';

const root = path.resolve(__dirname, '..', '..');
const STUDIO = workerPort(6);
const PREVIEW = workerPort(7);
const START = workerPort(8);
let host: SecondHost;
const servers: ChildProcess[] = [];

/** `npm run …` as an operator runs it, in a process group of its own (Ctrl-C in a terminal signals the whole group); resolves once `ready` is printed */
function npmRun(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const child = spawn('npm', ['run', '--silent', ...args], { cwd: root, env: { ...process.env, NODE_ENV: 'development', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  servers.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const seen = (d: Buffer) => {
      out += d.toString();
      if (ready.test(out)) resolve(child);
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', (code) => reject(new Error(`npm run ${args.join(' ')} exited ${code}:\n${out}`)));
  });
}
const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r())));

beforeAll(async () => {
  host = secondHost(inject('secondHost'));
  // the studio with its defaults, and the app's dev server open to the network
  await Promise.all([
    npmRun(['studio'], { PORT: String(STUDIO), STUDIO_PREVIEW_PORT: String(PREVIEW) }, new RegExp(`studio: http://127\\.0\\.0\\.1:${STUDIO}/`)),
    npmRun(['start', '--', '--host', '0.0.0.0'], { PORT: String(START) }, /ready in/),
  ]);
}, 180_000);

afterAll(async () => {
  for (const child of servers) {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
    process.kill(-child.pid, 'SIGTERM');
    await exited(child);
  }
  await host?.close();
});

/** What no machine but this one gets, whatever serves it: files of the repository, Vite's other doors, the tools' control surfaces. */
const REFUSED = [
  '/package.json',
  '/package-lock.json',
  '/vite.config.ts',
  '/mock-server/fixtures/site.ts',
  '/mock-server/fixtures/',
  '/mock-server/local-only.ts?raw',
  '/studio/server.ts',
  '/studio/ui/App.tsx?import',
  '/scripts/serve.ts',
  '/deploy/nginx/bet-h5.conf',
  '/tests/e2e/network.e2e.ts',
  '/docs/OPERATING.md',
  '/.git/config',
  '/.git/HEAD',
  '/node_modules/.vite/deps/_metadata.json',
  '/node_modules/vite/package.json',
  '/screens.config/schema/app.schema.json',
  '/src/boot.ts?raw',
  '/src/boot.ts?url',
  '/src/../package.json',
  '/src/%2e%2e/package.json',
  '/src/..%2fpackage.json',
  '/@fs/etc/passwd',
  `/@fs${root}/package.json`,
  '/@id/package.json',
  '/@id/__x00__/etc/passwd',
  '/__open-in-editor?file=package.json',
  '/__mock/state',
  '/__mock/openapi.json',
];

/** Each path of REFUSED (and `more`) asked from the second host: every one refused, and the app's page served. */
async function onlyTheApp(base: string, more: string[]) {
  const got = await host.requests(base, ['/', ...REFUSED, ...more]);
  expect(got['/'], `${base}/`).toBe(200);
  const answered = Object.entries(got).filter(([p, status]) => p !== '/' && status !== 403);
  expect(answered, 'paths answered to the second host').toEqual([]);
  // the mock's control surface: no token without a password for another machine
  expect(await host.request(`${base}/__mock/login`, { method: 'POST', body: '{}', type: 'application/json' })).toBe(403);
}

/** The app in Chromium on the second host: home, a login through the form, 我的 with the member's name; every module it loads answered. */
async function appWorks(base: string): Promise<string[]> {
  const browser = await host.browser();
  const { page, context } = await newPage(browser, { locale: 'zh-CN' });
  const loaded: string[] = [];
  const failed: string[] = [];
  page.on('response', (r) => {
    loaded.push(r.url());
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => failed.push(`${r.failure()?.errorText} ${r.url()}`));
  try {
    await page.goto(`${base}/#/login`);
    await page.locator('form[name=login]').waitFor({ timeout: 60_000 });
    await fill(page, 'name', SEED.username);
    await fill(page, 'password', SEED.password);
    await fill(page, 'code', await captchaCode(page));
    await submit(page, '立即登录');
    await page.waitForURL(`${base}/#/`);
    await expect.poll(() => page.locator('[data-testid=topbar-balance]').innerText(), { timeout: 30_000 }).toMatch(/\d+\.\d{2}/);
    await gotoHash(page, '/mine');
    await expect.poll(() => page.locator('body').innerText(), { timeout: 30_000 }).toContain(SEED.username);
    expect(failed, 'requests of the app that failed on the second host').toEqual([]);
    expectClean(page);
  } finally {
    await context.close();
  }
  return loaded;
}
const gotoHash = (page: Page, hash: string) => page.evaluate((h) => void (location.hash = h), hash);

/**
 * A `vite:invoke` (Vite's module runner call, getBuiltins) sent on the HMR socket: 'answered', or
 * 'silent' when no answer came in `waitMs`; run on this machine, or on the second host.
 */
async function hmrInvoke(base: string, where: 'here' | 'there', waitMs: number): Promise<string> {
  const client = await (await fetch(`http://127.0.0.1:${new URL(base).port}/@vite/client`)).text();
  const token = /const wsToken = "([^"]+)"/.exec(client)?.[1];
  if (!token) throw new Error('no HMR token in /@vite/client');
  const probe = `
const ws = new WebSocket(${JSON.stringify(`${base.replace('http:', 'ws:')}/?token=${token}`)}, 'vite-hmr');
const done = (s) => { console.log(s); process.exit(0); };
ws.onerror = () => done('no socket');
ws.onmessage = (e) => {
  const m = JSON.parse(String(e.data));
  if (m.type === 'connected') { ws.send(JSON.stringify({ type: 'custom', event: 'vite:invoke', data: { name: 'getBuiltins', id: 'send:1', data: [] } })); setTimeout(() => done('silent'), ${waitMs}); }
  if (m.type === 'custom' && m.event === 'vite:invoke') done('answered');
};`;
  const args = ['--experimental-websocket', '-e', probe];
  const r = where === 'here' ? spawnSync(process.execPath, args, { encoding: 'utf8' }) : spawnSync('ip', ['netns', 'exec', host.namespace, process.execPath, ...args], { encoding: 'utf8' });
  return r.stdout.trim();
}

describe('the studio', () => {
  let scratch = '';

  it('started with its defaults, it gives a second host nothing', async () => {
    for (const port of [STUDIO, PREVIEW]) expect(await host.request(`http://${host.hostAddress}:${port}/`), String(port)).toBe('refused');
    // (this machine has both)
    expect((await fetch(`http://127.0.0.1:${PREVIEW}/`)).status).toBe(200);
  });

  it('its phone switch on: the app works on the second host; no other file answers there, the scratch folder\'s other files neither', async () => {
    const res = await fetch(`http://127.0.0.1:${STUDIO}/studio-api/phone`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"on":true}' });
    const phone = (await res.json()) as { origin: string; network: string[]; phone: boolean };
    const base = `http://${host.hostAddress}:${PREVIEW}`;
    expect(phone.network).toContain(`${base}/`);
    // (what a phone gets there the page says in the operator's words: tests/e2e/studio.e2e.ts)
    expect(phone).toEqual({ origin: `http://127.0.0.1:${PREVIEW}`, network: phone.network, phone: true });
    const loaded = await appWorks(base);
    // the preview's config is its scratch copy, imported from outside the project
    const config = loaded.map((u) => /\/@fs(\/.*\/studio-preview-[^/]+)\/app\.json/.exec(u)?.[1]).find(Boolean);
    expect(config, 'the scratch folder\'s app.json among what the app loaded').toBeTruthy();
    scratch = config!;
    await onlyTheApp(base, [`/@fs${scratch}/schema/app.schema.json`, `/@fs${scratch}/assets/app-icon.svg`, `/@fs${scratch}/`, '/__studio/enter?as=member&user=demo01', '/__studio/enter.js', `/node_modules/.cache/screens-assets/${path.basename(publicDirOf({ root, configDir: scratch }))}.source`]);
    expect(await host.request(`http://${host.hostAddress}:${STUDIO}/`)).toBe('refused');
    expect(await hmrInvoke(base, 'there', 1500)).toBe('silent');
    expect(await hmrInvoke(`http://127.0.0.1:${PREVIEW}`, 'here', 10_000)).toBe('answered');
    // switched off: nothing again
    await fetch(`http://127.0.0.1:${STUDIO}/studio-api/phone`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"on":false}' });
    expect(await host.request(`${base}/`)).toBe('refused');
  }, 150_000);

  it('Ctrl-C removes its scratch folder whole', async () => {
    expect(scratch).not.toBe('');
    const pictures = publicDirOf({ root, configDir: scratch });
    expect(existsSync(scratch) && existsSync(pictures)).toBe(true);
    const studio = servers[0];
    // a terminal's Ctrl-C: SIGINT to the whole foreground group (npm, node, esbuild)
    process.kill(-studio.pid!, 'SIGINT');
    await exited(studio);
    expect(existsSync(scratch), `${scratch} is left behind`).toBe(false);
    expect(existsSync(pictures) || existsSync(`${pictures}.source`), `${pictures} is left behind`).toBe(false);
    expect(readdirSync(path.dirname(scratch)).filter((n) => n === path.basename(scratch))).toEqual([]);
  }, 30_000);
});

describe('npm start -- --host 0.0.0.0', () => {
  it('the app works on a second host; no file of the repository but what the app loads answers there', async () => {
    const base = `http://${host.hostAddress}:${START}`;
    const loaded = await appWorks(base);
    expect(loaded.some((u) => u.startsWith(`${base}/screens.config/app.json`))).toBe(true);
    const cache = readdirSync(path.join(root, 'node_modules', '.cache', 'screens-assets')).find((n) => n.endsWith('.source'));
    await onlyTheApp(base, [`/node_modules/.cache/screens-assets/${cache}`, '/screens.config/app.json?raw', '/screens.config/assets/app-icon.svg', '/index.html?raw']);
    expect(await hmrInvoke(base, 'there', 1500)).toBe('silent');
  }, 150_000);
});
