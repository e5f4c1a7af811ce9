/**
 * A phone on a far network: 400 ms round trip, 1.5 Mbit/s each way, no HTTP cache and
 * no service worker (a first visit), through CDP Network.emulateNetworkConditions, at full CPU
 * speed. Per route, from the navigation's start: when the first call to /api leaves (the page's
 * own resource timing), the browser's first contentful paint (the static shell), and when the
 * screen is usable (the engine's `screen-data:` mark: its first data rendered); and every /api
 * path the page called until its network rested, so a call the screen does not show stands out.
 * Median of `runs` fresh loads.
 */
import type { Browser } from 'playwright-core';
import { SCREEN_DATA_MARK } from '../src/engine/perf';
import { median, playerPage, readRoutes, round } from './lib';
import { settled } from '../scripts/settle';

export const FAR = { latencyMs: 400, mbitPerSec: 1.5 };

/** the routes measured: home as a visitor, the login, and the member's screens of the issue */
export const FAR_ROUTES: [string, boolean][] = [
  ['/', false],
  ['/login', false],
  ['/mine', true],
  ['/transRecord', true],
  ['/message', true],
  ['/betRecord', true],
];

export interface FarFigures {
  route: string;
  member: boolean;
  runs: number;
  /** ms from navigation start (medians) */
  firstApiMs: number | null;
  /**
   * ms from the boot script's arrival (index.html's module script, its responseEnd) to the first call
   * (medians), and each run's: the wait the app adds, without the network's jitter in when the script
   * arrives (10-40 ms from load to load here)
   */
  afterBootMs: number | null;
  afterBootRuns: number[];
  fcpMs: number | null;
  usableMs: number | null;
  /** the /api paths called, in the order they left (first run) */
  calls: string[];
}

export async function measureFarRoute(browser: Browser, base: string, route: string, token: string | null, runs: number): Promise<FarFigures> {
  const screen = readRoutes().find((r) => r.path === route)?.screen ?? null;
  const first: number[] = [];
  const afterBoot: number[] = [];
  const fcp: number[] = [];
  const usable: number[] = [];
  let calls: string[] = [];
  for (let i = 0; i < runs; i++) {
    const { context, page } = await playerPage(browser, token);
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const bytesPerSec = (FAR.mbitPerSec * 1e6) / 8;
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: FAR.latencyMs, downloadThroughput: bytesPerSec, uploadThroughput: bytesPerSec });
      await page.goto(`${base}/#${route}`, { timeout: 60000 });
      if (screen) await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, `${SCREEN_DATA_MARK}${screen}`, { timeout: 60000 });
      await settled(page, 60000, undefined, 500);
      const got = await page.evaluate((m) => {
        const api = performance
          .getEntriesByType('resource')
          .filter((r) => new URL(r.name).pathname.startsWith('/api/'))
          .sort((a, b) => a.startTime - b.startTime);
        const bootSrc = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
        const boot = performance.getEntriesByType('resource').find((r) => r.name === bootSrc) as PerformanceResourceTiming | undefined;
        return {
          first: api[0]?.startTime ?? null,
          bootEnd: boot?.responseEnd ?? null,
          calls: api.map((r) => new URL(r.name).pathname),
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          usable: m ? (performance.getEntriesByName(m)[0]?.startTime ?? null) : null,
        };
      }, screen ? `${SCREEN_DATA_MARK}${screen}` : null);
      if (got.first !== null) first.push(got.first);
      if (got.first !== null && got.bootEnd !== null) afterBoot.push(got.first - got.bootEnd);
      if (got.fcp !== null) fcp.push(got.fcp);
      if (got.usable !== null) usable.push(got.usable);
      if (i === 0) calls = got.calls;
    } finally {
      await context.close();
    }
  }
  const med = (v: number[]) => (v.length ? round(median(v)) : null);
  return { route, member: !!token, runs, firstApiMs: med(first), afterBootMs: med(afterBoot), afterBootRuns: afterBoot.map((ms) => round(ms)), fcpMs: med(fcp), usableMs: med(usable), calls };
}
