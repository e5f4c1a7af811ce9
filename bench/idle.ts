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
import { BASE, round } from './lib';

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

/**
 * A minimal DevTools hook: React calls onCommitFiberRoot after every commit. Counted per commit:
 * function, class, forwardRef and memo components that did work (the PerformedWork flag); a
 * subtree React bailed out of keeps its old child fibers and is not walked. Source text, not a
 * function: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const COMMIT_COUNTER = `(() => {
  const w = window;
  w.__commits = 0;
  w.__rendered = 0;
  const COMPONENT = new Set([0, 1, 11, 14, 15]);
  const walk = (f) => {
    for (let c = f; c; c = c.sibling) {
      if (COMPONENT.has(c.tag) && (c.flags & 1) === 1) w.__rendered++;
      if (c.child && !(c.alternate && c.alternate.child === c.child)) walk(c.child);
    }
  };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_id, root) => {
      w.__commits++;
      walk(root.current.child);
    },
  };
})();`;

export async function measureIdle(browser: Browser, route: string, screen: string, token: string, seconds: number): Promise<IdleFigures> {
  const cpuThrottle = 4;
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN', deviceScaleFactor: 1 });
  try {
    await context.addInitScript((t) => sessionStorage.setItem('token', t), token);
    await context.addInitScript(COMMIT_COUNTER);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${BASE}/#${route}`);
    await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, `${SCREEN_DATA_MARK}${screen}`, { timeout: 20000 });
    await page.waitForLoadState('networkidle');
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
