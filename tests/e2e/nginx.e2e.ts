/**
 * Issue 22: Debian's nginx with deploy/nginx in front of the mock, started as an operator would
 * with `npm run serve:nginx` (scripts/serve-nginx.ts) on the test build: the same security
 * headers as `npm run serve` (the global setup's server, BASE), the caching rules, precompressed
 * files, /api/ through the proxy (headers passed, a repeated Idempotency-Key, a large avatar,
 * nginx's own errors as JSON), the control surface unreachable, a missing asset a 404, a member on
 * /mine in Chromium with no CSP violation and the service worker installed, field data's /rum
 * (rum.js under njs: RUM_LOG gets one JSON line per report, what is not a report is refused and not
 * logged, a flood is limited, never a 5xx), and a clean stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, browserPerFile, expectClean, newPage } from './harness';
import { controlled } from './worker';
import { rumLogOf, workerPort } from './ports';
import { bodies, type Context, type Report } from '../../src/rum/report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = path.resolve(root, process.env.E2E_DIST ?? 'dist-test');
const messages = (JSON.parse(readFileSync(path.join(root, 'screens.config', 'messages.json'), 'utf8')) as { messages: Record<string, string> }).messages;
const POLICY = ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy'];
/** a PNG of 1x1 pixel: the mock judges uploads by their bytes */
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** a valid PNG of `bytes` bytes (data after IEND is ignored by every decoder) */
const pngOf = (bytes: number) => Buffer.concat([PNG_1PX, Buffer.alloc(bytes - PNG_1PX.length, 7)]);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Serving {
  child: ChildProcess;
  origin: string;
  /** the temporary folder with nginx.conf and the logs */
  dir: string;
  nginxPid: number;
  upstream: string;
  mockPid?: number;
  output: () => string;
}

/** `npm run serve:nginx` on the test build; resolves once it says it is serving */
async function serveNginx(env: Record<string, string>): Promise<Serving> {
  const port = await freePort();
  // node with tsx's loader (what `npm run serve:nginx` runs, minus tsx's CLI wrapper): the signals below reach the script itself
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'serve-nginx.ts')], {
    cwd: root,
    env: { ...process.env, DIST, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const until = Date.now() + 60000;
  while (!/config and logs in (\S+)/.test(out)) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`serve:nginx did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const line = /on (http:\/\/\S+) \(pid (\d+)\), \/api\/ proxied to (\S+?)(?:, the mock started here, pid (\d+))?\n/.exec(out)!;
  return { child, origin: line[1], nginxPid: Number(line[2]), upstream: line[3], mockPid: line[4] ? Number(line[4]) : undefined, dir: /config and logs in (\S+)/.exec(out)![1], output: () => out };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** stops it with `signal` and checks that nginx (and the mock it started) are gone with the temporary folder */
async function stopsCleanly(s: Serving, signal: NodeJS.Signals) {
  expect(alive(s.nginxPid)).toBe(true);
  const code = new Promise<number | null>((r) => s.child.once('exit', (c) => r(c)));
  s.child.kill(signal);
  expect(await code).toBe(0);
  expect(alive(s.nginxPid), 'nginx still runs').toBe(false);
  if (s.mockPid) expect(alive(s.mockPid), 'the mock still runs').toBe(false);
  expect(existsSync(s.dir), `${s.dir} is left behind`).toBe(false);
  await expect(fetch(`${s.origin}/`)).rejects.toThrow();
}

/** a request sent as written (fetch would resolve `..` and decode the body itself) */
function raw(origin: string, rawPath: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const u = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: rawPath, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(options.method === 'POST' ? '{}' : undefined);
  });
}

const policyOf = (h: Headers) => POLICY.map((k) => [k, h.get(k)]);
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

const env = browserPerFile();
let ng: Serving;
/** field data's log of the nginx this file starts (RUM_LOG), beside the worker's server's */
const RUM_LOG = rumLogOf(workerPort()).replace(/\.jsonl$/, '-nginx.jsonl');
const dotfile = path.join(DIST, '.nginx-e2e-secret');
const assetName = () => {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  return /src="\/(assets\/index-[\w-]+\.js)"/.exec(html)![1];
};

beforeAll(async () => {
  writeFileSync(dotfile, 'not for the world');
  // the mock started by serve:nginx, with its control surface so the test can look behind nginx
  rmSync(RUM_LOG, { force: true });
  ng = await serveNginx({ MOCK_CONTROL: '1', RUM_LOG });
});
/** after a failed test: whatever is still running goes */
function killAll(s: Serving | undefined) {
  if (!s) return;
  for (const pid of [s.child.pid, s.nginxPid, s.mockPid]) if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(s.dir, { recursive: true, force: true });
}

afterAll(async () => {
  rmSync(dotfile, { force: true });
  rmSync(RUM_LOG, { force: true });
  killAll(ng);
});

describe('nginx serves the build with the one policy', () => {
  it('sends the same security headers as npm run serve on / and on an asset, and the same again on a 404 and on /api', async () => {
    const asset = assetName();
    for (const p of ['/', `/${asset}`]) {
      const [viaNode, viaNginx] = await Promise.all([fetch(`${BASE}${p}`), fetch(`${ng.origin}${p}`)]);
      expect(policyOf(viaNginx.headers), p).toEqual(policyOf(viaNode.headers));
      expect(viaNginx.headers.get('content-security-policy'), p).toContain("script-src 'self';");
    }
    const policy = policyOf((await fetch(`${BASE}/`)).headers);
    expect(policyOf((await fetch(`${ng.origin}/assets/missing-00000000.js`)).headers)).toEqual(policy);
    const api = await post(`${ng.origin}/api/app`, {});
    expect(policyOf(api.headers)).toEqual(policy);
    expect(api.headers.get('server')).toBe('nginx'); // server_tokens off: no version
  });

  it('index.html, sw.js, the manifest and the release file revalidate on every visit; hashed assets are immutable for a year', async () => {
    for (const p of ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/version.json']) {
      const r = await fetch(`${ng.origin}${p}`);
      expect([p, r.status, r.headers.get('cache-control')]).toEqual([p, 200, 'no-cache']);
      // revalidating costs a 304, with the policy still on it
      const again = await fetch(`${ng.origin}${p}`, { headers: { 'If-None-Match': r.headers.get('etag')! } });
      expect([p, again.status, again.headers.get('x-frame-options')]).toEqual([p, 304, 'SAMEORIGIN']);
    }
    expect((await fetch(`${ng.origin}/manifest.webmanifest`)).headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    const release = await fetch(`${ng.origin}/version.json`);
    expect(release.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await release.json()) as { build: string }).build).toMatch(/^[0-9a-f]{16}$/);
    const asset = await fetch(`${ng.origin}/${assetName()}`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
  });

  it('sends the precompressed JS: brotli, gzip or the file, as the client accepts', async () => {
    const asset = assetName();
    const file = readFileSync(path.join(DIST, asset));
    const get = (enc: string) => raw(ng.origin, `/${asset}`, { headers: { 'Accept-Encoding': enc } });
    const br = await get('gzip, deflate, br');
    expect([br.headers['content-encoding'], br.headers.vary]).toEqual(['br', 'Accept-Encoding']);
    expect(brotliDecompressSync(br.body).equals(file)).toBe(true);
    expect(br.body.length).toBe(readFileSync(path.join(DIST, `${asset}.br`)).length);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(file)).toBe(true);
    expect(br.body.length).toBeLessThan(gz.body.length);
    const plain = await get('identity');
    expect([plain.headers['content-encoding'], plain.body.equals(file)]).toEqual([undefined, true]);
  });

  it('a missing asset is a 404 (never the app\'s HTML), dotfiles are refused, other paths are the app', async () => {
    const missing = await fetch(`${ng.origin}/assets/index-00000000.js`);
    expect([missing.status, missing.headers.get('cache-control')]).toEqual([404, 'no-store']);
    expect(await missing.text()).not.toContain('<div id="root"');
    expect(existsSync(dotfile)).toBe(true);
    for (const p of ['/.nginx-e2e-secret', '/assets/../.nginx-e2e-secret', '/assets/%2e%2e/.nginx-e2e-secret', '/.git/config']) {
      expect((await raw(ng.origin, p)).status, p).toBe(404);
    }
    const app = await fetch(`${ng.origin}/some/old/link`);
    expect([app.status, app.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    expect(await app.text()).toBe(readFileSync(path.join(DIST, 'index.html'), 'utf8'));
  });
});

describe('/api/ through the proxy', () => {
  it('answers the calls; a repeated Idempotency-Key moves the money once', async () => {
    await post(`${ng.upstream}/__mock/reset`, {});
    const app = (await (await post(`${ng.origin}/api/app`, {})).json()) as { code: number; data: { title: string } };
    expect(app.code).toBe(200);
    const login = (await (await post(`${ng.origin}/api/login_pc`, { name: 'demo01', password: 'demo123', code: '' })).json()) as { data: { api_token: string } };
    const auth = { Authorization: `Bearer ${login.data.api_token}` };
    const transfer = { amount: 100, sourcetype: 'userbalance', targettype: 'ag' };
    const first = await (await post(`${ng.origin}/api/transfer`, transfer, { ...auth, 'Idempotency-Key': 'nginx-tap-1' })).json();
    const again = await (await post(`${ng.origin}/api/transfer`, transfer, { ...auth, 'Idempotency-Key': 'nginx-tap-1' })).json();
    expect(first).toMatchObject({ code: 200 });
    expect(again).toEqual(first);
    const state = (await (await fetch(`${ng.upstream}/__mock/state`)).json()) as { data: { members: { username: string; balance: number }[]; idempotentReplays: number } };
    expect(state.data.members.find((m) => m.username === 'demo01')!.balance).toBe(900);
    expect(state.data.idempotentReplays).toBe(1);
    // the mock's absolute urls point at nginx, and its frame pages come through
    const service = (await (await post(`${ng.origin}/api/getservicerurl`, {})).json()) as { data: { url: string } };
    expect(service.data.url).toBe(`${ng.origin}/__mock/page/kefu`);
    expect((await fetch(service.data.url)).status).toBe(200);
  });

  it('a body over the limit gets nginx\'s 413 as the app\'s JSON, before the backend sees it', async () => {
    const { data } = (await (await post(`${ng.upstream}/__mock/login`, {})).json()) as { data: { api_token: string } };
    const form = new FormData();
    form.append('file', new Blob([pngOf(2.5 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
    const r = await fetch(`${ng.origin}/api/uploadimg`, { method: 'POST', headers: { Authorization: `Bearer ${data.api_token}` }, body: form });
    expect([r.status, r.headers.get('content-type'), r.headers.get('x-frame-options')]).toEqual([413, 'application/json; charset=utf-8', 'SAMEORIGIN']);
    expect(await r.json()).toEqual({ code: 413, message: messages['server.tooLarge'], data: null });
  });

  it('the control surface is not reachable through nginx (the mock behind it has it on)', async () => {
    const indexHtml = readFileSync(path.join(DIST, 'index.html'), 'utf8');
    expect((await fetch(`${ng.upstream}/__mock/state`)).status).toBe(200);
    for (const [method, p] of [
      ['GET', '/__mock/state'],
      ['POST', '/__mock/reset'],
      ['POST', '/__mock/login'],
      ['POST', '/__mock/fault'],
      ['GET', '/__mock/page/../state'],
      ['GET', '/__mock/page/%2e%2e/state'],
      ['GET', '/__mock/page/..%2fstate'],
      ['GET', '/__mock/page/%2e%2e%2fstate'],
      ['GET', '/__mock/game/../state'],
      ['GET', '/mock-assets/../__mock/state'],
      ['GET', '/__MOCK/state'],
      ['GET', '//__mock/state'],
    ]) {
      const r = await raw(ng.origin, p, { method, headers: { 'Content-Type': 'application/json' } });
      const text = r.body.toString();
      // a 404 from nginx, or (paths nginx does not take for /__mock/, such as /__MOCK/) the app's page: never the mock
      expect([method, p, r.status === 404 || text === indexHtml], text.slice(0, 80)).toEqual([method, p, true]);
      expect(text).not.toContain('"members"');
    }
  });

  it('passes Authorization and Idempotency-Key, sets the client address (not what it claims), one policy; a backend that is down is JSON 502', async () => {
    let seen: IncomingHttpHeaders = {};
    const echo: Server = createHttpServer((req, res) => {
      seen = req.headers;
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Content-Security-Policy', 'default-src *');
      res.setHeader('X-Powered-By', 'Express');
      res.setHeader('Cache-Control', 'public, max-age=600');
      res.end('{"code":200,"message":"","data":null}');
    });
    const echoPort = await freePort();
    await new Promise<void>((r) => echo.listen(echoPort, '127.0.0.1', () => r()));
    const other = await serveNginx({ API_UPSTREAM: `http://127.0.0.1:${echoPort}` });
    try {
      expect(other.mockPid).toBeUndefined();
      const r = await post(`${other.origin}/api/withdraw`, { amount: 1 }, { Authorization: 'Bearer abc', 'Idempotency-Key': 'k-1', 'X-Forwarded-For': '6.6.6.6', 'X-Real-IP': '6.6.6.6' });
      expect(await r.json()).toEqual({ code: 200, message: '', data: null });
      expect(seen).toMatchObject({ authorization: 'Bearer abc', 'idempotency-key': 'k-1', 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', 'x-forwarded-proto': 'http' });
      expect([r.headers.get('content-security-policy'), r.headers.get('x-powered-by'), r.headers.get('cache-control')]).toEqual([
        (await fetch(`${BASE}/`)).headers.get('content-security-policy'),
        null,
        'no-store',
      ]);
      await new Promise<void>((res) => echo.close(() => res()));
      const down = await post(`${other.origin}/api/app`, {});
      expect([down.status, await down.json()]).toEqual([502, { code: 502, message: messages['server.badGateway'], data: null }]);
      await stopsCleanly(other, 'SIGINT');
    } finally {
      killAll(other);
      echo.close();
    }
  });
});

describe('in Chromium', () => {
  it('a member on /mine: no CSP violation, a 1.5 MB avatar uploads and shows, the service worker installs', async () => {
    await post(`${ng.upstream}/__mock/reset`, {});
    const { data } = (await (await post(`${ng.upstream}/__mock/login`, {})).json()) as { data: { api_token: string } };
    const { page } = await newPage(env.browser, { serviceWorkers: 'allow' });
    await page.goto(`${ng.origin}/#/`);
    await page.evaluate((t) => sessionStorage.setItem('token', t), data.api_token);
    // the app reads the session when it starts
    await page.reload();
    await page.goto(`${ng.origin}/#/mine`);
    await expect.poll(() => page.getByTestId('mine-username').innerText()).toBe('demo01');

    const avatar = page.getByTestId('mine-avatar');
    const before = await avatar.locator('img').getAttribute('src');
    await avatar.locator('input[type=file][name=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngOf(1.5 * 1024 * 1024) });
    await expect.poll(() => avatar.locator('img').getAttribute('src'), { timeout: 10000 }).toMatch(/^\/mock-assets\/upload\//);
    expect(await avatar.locator('img').getAttribute('src')).not.toBe(before);
    await expect.poll(() => avatar.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    await controlled(page);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)).toBe(`${ng.origin}/sw.js`);
    expectClean(page);
  });
});

describe("field data's /rum (rum.js under njs)", () => {
  const ctx: Context = { view: 'nginx-e2e', brand: 'product', release: '0123456789abcdef', engine: 'Chromium 66' };
  const reports: Report[] = [
    { kind: 'vital', name: 'INP', value: 56, rating: 'needs-improvement', id: 'v6-1', route: '/login', file: 'screens.config/forms/login.json', path: '/fields/0', widget: 'text' },
    { kind: 'error', source: 'render', message: 'TypeError: x is undefined', route: '/mine', file: 'screens.config/screens/mine.json', path: '/body/2', widget: 'Cell' },
  ];
  const beacon = (body: string | Uint8Array, method = 'POST') => fetch(`${ng.origin}/rum`, { method, body: method === 'POST' ? (body as BodyInit) : undefined, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } });
  const logged = (from: number) => readFileSync(RUM_LOG).subarray(from).toString('utf8').split('\n').filter(Boolean);

  it('a report: 204 and one JSON line per report in RUM_LOG; 100 KB, not JSON, not a report, a GET: refused, nothing logged', async () => {
    const from = statSync(RUM_LOG).size;
    const [good] = bodies(ctx, reports);
    const ok = await beacon(good);
    expect([ok.status, ok.headers.get('cache-control'), ok.headers.get('x-frame-options')]).toEqual([204, 'no-store', 'SAMEORIGIN']);
    await expect.poll(() => logged(from).length).toBe(2);
    const [inp, err] = logged(from).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(inp).toMatchObject({ ...ctx, ...reports[0] });
    expect(err).toMatchObject({ ...ctx, ...reports[1] });
    expect(Date.now() - Date.parse(String(inp.ts))).toBeLessThan(60000);
    expect((await beacon(Buffer.alloc(100 * 1024, 'a'))).status).toBe(413);
    expect((await beacon('this is not JSON')).status).toBe(400);
    expect((await beacon('{"v":1,"reports":[{"kind":{"nested":true}}]}')).status).toBe(400);
    expect((await beacon('', 'GET')).status).toBe(403);
    expect(logged(from)).toHaveLength(2);
  });

  it('200 mixed posts at once: no 5xx, a flood limited (429), every line a JSON object under 16 KB, one per report accepted', async () => {
    const from = statSync(RUM_LOG).size;
    const [good] = bodies(ctx, reports);
    const kinds = [good, 'not json', Buffer.alloc(17 * 1024, '{'), '', '[1,2,3]', JSON.stringify({ v: 1, ctx, reports: Array.from({ length: 60 }, () => reports[0]) }), JSON.stringify({ v: 1, ctx, reports: [{ ...reports[1], message: '长'.repeat(5400) }] })];
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => beacon(kinds[i % kinds.length]).then((r) => r.status)));
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses).toContain(429);
    expect(new Set(statuses)).toEqual(new Set([204, 400, 413, 429]));
    const accepted = statuses.filter((s) => s === 204).length;
    await expect.poll(() => logged(from).length).toBe(2 * accepted);
    for (const line of readFileSync(RUM_LOG, 'utf8').split('\n').filter(Boolean)) {
      expect(Buffer.byteLength(line)).toBeLessThan(16 * 1024);
      const doc = JSON.parse(line) as unknown;
      expect(doc !== null && typeof doc === 'object' && !Array.isArray(doc)).toBe(true);
    }
  });
});

describe('npm run serve:nginx', () => {
  it('stops cleanly on SIGTERM: nginx and the mock gone, the temporary folder removed', async () => {
    await stopsCleanly(ng, 'SIGTERM');
  });
});
