/**
 * What the bench's parts share: paths, the production server (scripts/serve.ts on a loopback
 * port), Debian Chromium, a member token, gzip sizes of served files and medians.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEBIAN_CHROMIUM } from '../scripts/check-browser';
import { trackRequests } from '../scripts/settle';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
export const DIST = path.join(ROOT, process.env.BENCH_DIST ?? 'dist-bench');
export const PORT = Number(process.env.BENCH_PORT) || 4610;
export const BASE = `http://127.0.0.1:${PORT}`;
/** the browser players hold (Debian's full Chromium), not the headless shell the tests run */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM;
/** the flags every browser test uses (tests/e2e/harness.ts) */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const SEED = { username: 'demo01', password: 'demo123' };
/** BENCH_QUICK=1: one Lighthouse run, three render runs, a 3 s load test (for development on a busy machine) */
export const QUICK = !!process.env.BENCH_QUICK;

export function median(values: number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export const round = (n: number, digits = 0) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : n);

const gzCache = new Map<string, number>();
/** gzip size (zlib default level, what a server would send) of a built file, by its url path */
export function gzipSizeOf(urlPath: string): number {
  const file = path.join(DIST, decodeURIComponent(urlPath.split('?')[0]));
  if (!file.startsWith(DIST) || !existsSync(file)) return 0;
  let size = gzCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file)).length;
    gzCache.set(file, size);
  }
  return size;
}

async function waitForServer(url: string, ms: number, child: ChildProcess) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const r = await fetch(url, { method: 'POST' });
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer at ${url}`);
}

/**
 * BENCH_BASELINE=DIR: a build of the code before a change (e.g. main's, built with `npx vite build
 * --outDir DIR`), served beside the bench's own on the next port; the interactions, the idle routes and
 * the far network are then measured on both in turns, so that the machine's load weighs on both alike.
 */
export const BASELINE_DIST = process.env.BENCH_BASELINE ? path.resolve(ROOT, process.env.BENCH_BASELINE) : null;
export const BASELINE_BASE = `http://127.0.0.1:${PORT + 1}`;

/**
 * BENCH_ORIGINAL=DIR: a production build of the Vue original (docs/BENCH.md says how to build it),
 * served with the same mock two ports above the bench's; the interactions are measured on it in
 * turns with this build's (bench/original.ts).
 */
export const ORIGINAL_DIST = process.env.BENCH_ORIGINAL ? path.resolve(ROOT, process.env.BENCH_ORIGINAL) : null;
export const ORIGINAL_BASE = `http://127.0.0.1:${PORT + 2}`;

/** scripts/serve.ts (the production build, the mock API and the production CSP) on the bench port (or `base`'s) */
export async function startServer(dist = DIST, base = BASE): Promise<() => Promise<void>> {
  // on a shared machine another server may hold the port: measuring it would measure another build
  const taken = await fetch(`${base}/`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`something already answers on ${base}: stop it or set BENCH_PORT`);
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`no build in ${dist}`);
  const child = spawn(BIN('tsx'), [path.join(ROOT, 'scripts', 'serve.ts')], {
    cwd: ROOT,
    env: { ...process.env, DIST: path.relative(ROOT, dist), PORT: new URL(base).port, HOST: '127.0.0.1', MOCK_CONTROL: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForServer(`${base}/api/app`, 30000, child);
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
}

export async function resetMock(base = BASE): Promise<void> {
  await fetch(`${base}/__mock/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
}

/** a member token for the seeded member, straight from the API */
export async function memberToken(base = BASE): Promise<string> {
  const r = await fetch(`${base}/api/login_pc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: SEED.username, password: SEED.password, code: '' }),
  });
  const json = (await r.json()) as { code: number; data?: { api_token?: string } };
  if (json.code !== 200 || !json.data?.api_token) throw new Error(`login failed: ${JSON.stringify(json)}`);
  return json.data.api_token;
}

interface Route {
  path: string;
  screen: string;
  auth?: boolean;
  guard?: string;
}

export function readRoutes(): Route[] {
  return (JSON.parse(readFileSync(path.join(ROOT, 'screens.config', 'routes.json'), 'utf8')) as { routes: Route[] }).routes;
}

/** the screen a route renders, or null while it is still the engine's placeholder */
export function screenOf(routePath: string): string | null {
  const r = readRoutes().find((x) => x.path === routePath);
  if (!r) return null;
  return existsSync(path.join(ROOT, 'screens.config', 'screens', `${r.screen}.json`)) ? r.screen : null;
}

/** The phone every bench page is: 375x812 with touch, in Chinese, at scale 1. */
export const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN', deviceScaleFactor: 1 } as const;

/**
 * A page on the phone as a returning player opens it: the startup notice already seen, signed in
 * when `token` is given, no service worker (every run downloads as a first visit would).
 */
export async function playerPage(browser: Browser, token: string | null): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  await context.addInitScript((t) => {
    sessionStorage.setItem('shown:startup', '1');
    if (t) sessionStorage.setItem('token', t);
  }, token ?? '');
  const page = await context.newPage();
  // tracked from its first request, so that `settled(page)` can tell when it is quiet
  trackRequests(page);
  return { context, page };
}
