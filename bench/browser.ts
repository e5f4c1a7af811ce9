/**
 * Measurements in the real browser (Debian Chromium at 375x812, as the browser tests use):
 * - first-paint transfer: the JS and CSS the browser had finished fetching when the screen's
 *   first content rendered (the engine's `screen:<name>` Performance mark, set right after the
 *   screen's tree is committed), gzipped sizes computed from the served files, and the request
 *   count; also everything fetched once the network went idle, for reference;
 * - render time from config: navigation start to `screen:<name>` (tree mounted) and to
 *   `screen-data:<name>` (every data source's first load rendered), median of N cold loads;
 * - the repeat visit: once the service worker holds the first visit's files, the JS and CSS a
 *   second navigation still fetches from the network before its first content (budget: none).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { SCREEN_DATA_MARK, SCREEN_MARK } from '../src/engine/perf';
import { chunksCached, controlled } from '../tests/e2e/worker';
import { settled, trackRequests } from '../scripts/settle';
import { BASE, CHROMIUM, CHROMIUM_FLAGS, ROOT, gzipSizeOf, median, readRoutes, round, screenOf } from './lib';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

async function phoneContext(browser: Browser, token?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN', deviceScaleFactor: 1 });
  if (token) await context.addInitScript((t) => sessionStorage.setItem('token', t), token);
  return context;
}

export interface Bytes {
  jsKb: number;
  cssKb: number;
  kb: number;
  jsCssRequests: number;
  requests: number;
}

export interface Transfer {
  route: string;
  screen: string | null;
  member: boolean;
  /** resources fetched by the time the screen's first content rendered (for a placeholder: by network idle) */
  firstPaint: Bytes;
  /** everything fetched once the network was idle */
  idle: Bytes;
  firstContentMs: number | null;
  /** the browser's own first contentful paint (the static shell of index.html, when it has one) */
  fcpMs: number | null;
  /** index.html as served (gzip), which carries the shell and the global stylesheet */
  htmlKb: number;
}

interface Entry {
  name: string;
  end: number;
}

function sum(entries: Entry[]): Bytes {
  const urls = [...new Set(entries.map((e) => e.name))];
  let js = 0;
  let css = 0;
  let jsCssRequests = 0;
  for (const u of urls) {
    const p = new URL(u).pathname;
    if (p.endsWith('.js')) js += gzipSizeOf(p);
    else if (p.endsWith('.css')) css += gzipSizeOf(p);
    else continue;
    jsCssRequests++;
  }
  const kb = (n: number) => round(n / 1024, 1);
  // + 1 for the document itself
  return { jsKb: kb(js), cssKb: kb(css), kb: kb(js + css), jsCssRequests, requests: urls.length + 1 };
}

export async function measureTransfer(browser: Browser, route: string, token?: string): Promise<Transfer> {
  const screen = screenOf(route);
  const context = await phoneContext(browser, token);
  try {
    const page = await context.newPage();
    trackRequests(page);
    await page.goto(`${BASE}/#${route}`);
    if (screen) await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, `${SCREEN_MARK}${screen}`, { timeout: 20000 });
    await settled(page, 30000, undefined, 500);
    const got = await page.evaluate((m) => {
      const mark = m ? (performance.getEntriesByName(m)[0]?.startTime ?? null) : null;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const resources = performance.getEntriesByType('resource').map((r) => ({ name: r.name, end: (r as PerformanceResourceTiming).responseEnd }));
      return { mark, fcp, resources };
    }, screen ? `${SCREEN_MARK}${screen}` : null);
    const before = got.mark === null ? got.resources : got.resources.filter((r) => r.end <= (got.mark as number));
    return {
      route,
      screen,
      member: !!token,
      firstPaint: sum(before),
      idle: sum(got.resources),
      firstContentMs: got.mark === null ? null : round(got.mark),
      fcpMs: got.fcp === null ? null : round(got.fcp),
      htmlKb: round(gzipSizeOf('/index.html') / 1024, 1),
    };
  } finally {
    await context.close();
  }
}

export interface RenderTime {
  route: string;
  screen: string;
  runs: number;
  mountedMs: number;
  dataMs: number;
}

export async function measureRender(browser: Browser, route: string, screen: string, runs: number, token?: string): Promise<RenderTime> {
  const mounted: number[] = [];
  const data: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await phoneContext(browser, token);
    try {
      const page = await context.newPage();
      await page.goto(`${BASE}/#${route}`);
      await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, `${SCREEN_DATA_MARK}${screen}`, { timeout: 20000 });
      const t = await page.evaluate(([m, d]) => [performance.getEntriesByName(m)[0].startTime, performance.getEntriesByName(d)[0].startTime], [`${SCREEN_MARK}${screen}`, `${SCREEN_DATA_MARK}${screen}`]);
      mounted.push(t[0]);
      data.push(t[1]);
    } finally {
      await context.close();
    }
  }
  return { route, screen, runs, mountedMs: round(median(mounted)), dataMs: round(median(data)) };
}

/** widget nodes in a config tree */
function countNodes(tree: unknown): number {
  if (Array.isArray(tree)) return tree.reduce<number>((n, t) => n + countNodes(t), 0);
  if (tree && typeof tree === 'object') {
    const o = tree as Record<string, unknown>;
    const self = typeof o.type === 'string' && /^[A-Z]/.test(o.type) ? 1 : 0;
    return self + Object.values(o).reduce<number>((n, v) => n + countNodes(v), 0);
  }
  return 0;
}

const LIST_WIDGETS = /"type"\s*:\s*"(PagedList|List|InfiniteList)"/;

/** the list screen with the most widget nodes (a screen using a paged list widget), with its route */
export function heaviestListScreen(): { route: string; screen: string; auth: boolean; nodes: number } | null {
  const dir = path.join(ROOT, 'screens.config', 'screens');
  const routes = readRoutes();
  let best: { route: string; screen: string; auth: boolean; nodes: number } | null = null;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    if (!LIST_WIDGETS.test(text)) continue;
    const screen = file.slice(0, -5);
    const route = routes.find((r) => r.screen === screen);
    if (!route) continue;
    const nodes = countNodes((JSON.parse(text) as { body?: unknown }).body);
    if (!best || nodes > best.nodes) best = { route: route.path, screen, auth: !!(route.auth || route.guard === 'confirmLogin'), nodes };
  }
  return best;
}

/**
 * The first visit of a phone that has the app's service worker: open the route, wait until the
 * worker controls the page and holds every JS and CSS file the page loaded (precache or chunk
 * cache). What a player has after one visit; the next visit is the repeat visit.
 */
export async function warmWorker(page: Page, route: string, screen: string | null): Promise<void> {
  trackRequests(page);
  await page.goto(`${BASE}/#${route}`);
  if (screen) await page.waitForFunction((n) => performance.getEntriesByName(`screen-data:${n}`).length > 0, screen, { timeout: 20000 });
  await controlled(page, 30000);
  // what the page loads once it is idle (icons, overlays, the start-up notice's widgets) too
  await settled(page, 30000, undefined, 500);
  await chunksCached(page);
}

export interface RepeatTransfer {
  route: string;
  screen: string | null;
  /** JS and CSS that reached the network (fetched by the worker, or by the page past it) before the screen's first content */
  network: Bytes;
  /** JS and CSS the worker answered from its caches before the screen's first content */
  fromWorker: number;
  firstContentMs: number | null;
}

/** the repeat visit: a second navigation to the route in the same profile, after warmWorker */
export async function measureRepeatTransfer(browser: Browser, route: string): Promise<RepeatTransfer> {
  const screen = screenOf(route);
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await warmWorker(page, route, screen);
    const since = Date.now();
    const seen: { url: string; start: Promise<number>; network: Promise<boolean> }[] = [];
    context.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(BASE) || !/\.(js|css)$/.test(new URL(url).pathname)) return;
      const at = Date.now();
      const network = r.serviceWorker() ? Promise.resolve(true) : r.response().then((res) => !res?.fromServiceWorker());
      // when the request started in the browser (its own timing, once it has one): the events reach
      // this process late on a busy machine, and a fast repeat visit is over in a few frames
      const start = network.then(() => (r.timing().startTime > 0 ? r.timing().startTime : at));
      seen.push({ url, start, network });
    });
    await page.reload();
    if (screen) await page.waitForFunction((n) => performance.getEntriesByName(`screen:${n}`).length > 0, screen, { timeout: 20000 });
    await settled(page, 30000, undefined, 500);
    const mark = await page.evaluate((n) => {
      const m = n ? performance.getEntriesByName(`screen:${n}`)[0]?.startTime : undefined;
      return m === undefined ? null : { at: performance.timeOrigin + m, ms: m };
    }, screen);
    const starts = await Promise.all(seen.map((s) => s.start));
    const before = seen.filter((_, i) => starts[i] >= since && (mark === null || starts[i] <= mark.at));
    const flags = await Promise.all(before.map((s) => s.network));
    const network = before.filter((_, i) => flags[i]).map((s) => ({ name: s.url, end: 0 }));
    const bytes = sum(network);
    return { route, screen, network: { ...bytes, requests: network.length }, fromWorker: flags.filter((f) => !f).length, firstContentMs: mark ? round(mark.ms) : null };
  } finally {
    await context.close();
  }
}
