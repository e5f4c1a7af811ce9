/**
 * Re-render work while a screen sits idle: /transfer as the seeded member (its venue balances
 * poll, and the member's balance), CPU throttled 4x as on a mid-range phone. Counts React
 * commits and the components each commit rendered (through the hook React DevTools uses, which
 * React's production build also calls) and the page's scripting time (CDP Performance
 * metrics), over a window after the screen has shown its data, scaled to one minute. Then one
 * venue balance changes on the server, and the commits and components the next poll renders are counted.
 */
import type { Browser } from 'playwright-core';
import { SCREEN_DATA_MARK } from '../src/engine/perf';
import { RENDER_COUNTER } from '../tests/e2e/render-count';
import { BASE, playerPage, round } from './lib';
import { settled, trackRequests } from '../scripts/settle';

export interface IdleFigures {
  route: string;
  seconds: number;
  cpuThrottle: number;
  commitsPerMin: number;
  componentsPerMin: number;
  scriptingMsPerMin: number;
  /** one venue balance changed on the server: the commits and components of the poll that brought it */
  change: { commits: number; components: number };
}


export async function measureIdle(browser: Browser, route: string, screen: string, token: string, seconds: number): Promise<IdleFigures> {
  const cpuThrottle = 4;
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN', deviceScaleFactor: 1 });
  try {
    await context.addInitScript((t) => sessionStorage.setItem('token', t), token);
    await context.addInitScript(RENDER_COUNTER);
    const page = await context.newPage();
    trackRequests(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${BASE}/#${route}`);
    await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, `${SCREEN_DATA_MARK}${screen}`, { timeout: 20000 });
    await settled(page, 30000, undefined, 500);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    const script = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
    const counts = () => page.evaluate(() => {
      const w = window as unknown as { __commits: number; __rendered: number };
      return [w.__commits, w.__rendered];
    });
    const [c0, r0] = await counts();
    const s0 = await script();
    await page.waitForTimeout(seconds * 1000);
    const [c1, r1] = await counts();
    const s1 = await script();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const perMin = (n: number) => round((n * 60) / seconds, 1);

    // one venue's balance changes: wait for it on screen, then let the commits settle
    const amount = 4321.09;
    await fetch(`${BASE}/__mock/member`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ venues: { ag: amount } }) });
    const [c2, r2] = await counts();
    await page.waitForFunction((text) => document.body.innerText.includes(text), amount.toFixed(2), { timeout: 20000 });
    await page.waitForTimeout(300);
    const [c3, r3] = await counts();
    return {
      route,
      seconds,
      cpuThrottle,
      commitsPerMin: perMin(c1 - c0),
      componentsPerMin: perMin(r1 - r0),
      scriptingMsPerMin: perMin(s1 - s0),
      change: { commits: c3 - c2, components: r3 - r2 },
    };
  } finally {
    await context.close();
  }
}

/**
 * The main thread's work while a route sits idle, at full speed: the page's script,
 * style and layout time per second over `seconds` (CDP Performance.getMetrics ScriptDuration,
 * RecalcStyleDuration, LayoutDuration; and TaskDuration, every main-thread task) once the screen has
 * shown its data, its requests have been answered and a second has passed. A member's route as the
 * seeded member, the others as a visitor (home both ways). What moves on the screen (the banner,
 * the notices, the red packet) keeps moving where it is visible; the rest should cost nothing.
 */
export interface RouteIdle {
  route: string;
  member: boolean;
  /** ms per second */
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
  /** script + style + layout, ms per second */
  totalMs: number;
  /** every main-thread task, ms per second */
  tasksMs: number;
  /** running animations the page reports (document.getAnimations), and SVG <animate> elements */
  animations: number;
  smil: number;
}

const METRICS = ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'TaskDuration'] as const;

export async function measureRouteIdle(browser: Browser, base: string, route: string, screen: string | null, token: string | null, seconds: number): Promise<RouteIdle> {
  const { context, page } = await playerPage(browser, token);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${base}/#${route}`);
    if (screen) await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, `${SCREEN_DATA_MARK}${screen}`, { timeout: 20000 }).catch(() => undefined);
    await settled(page, 30000, undefined, 500);
    await page.waitForTimeout(1000);
    const read = async () => {
      const m = (await cdp.send('Performance.getMetrics')).metrics;
      return Object.fromEntries(METRICS.map((k) => [k, (m.find((x) => x.name === k)?.value ?? 0) * 1000])) as Record<(typeof METRICS)[number], number>;
    };
    const a = await read();
    await page.waitForTimeout(seconds * 1000);
    const b = await read();
    const per = (k: (typeof METRICS)[number]) => round((b[k] - a[k]) / seconds, 2);
    const { animations, smil } = await page.evaluate(() => ({
      animations: typeof document.getAnimations === 'function' ? document.getAnimations().filter((x) => x.playState === 'running').length : -1,
      smil: document.querySelectorAll('animate, animateTransform, animateMotion').length,
    }));
    const scriptMs = per('ScriptDuration');
    const styleMs = per('RecalcStyleDuration');
    const layoutMs = per('LayoutDuration');
    return { route, member: !!token, scriptMs, styleMs, layoutMs, totalMs: round(scriptMs + styleMs + layoutMs, 2), tasksMs: per('TaskDuration'), animations, smil };
  } finally {
    await context.close();
  }
}
