/**
 * How fast a tap is answered on a slow phone: the interactions of the budget's table on
 * the production build, Debian Chromium at 375x812 with touch, the CPU throttled 4x (CDP
 * Emulation.setCPUThrottlingRate), real taps and keys (CDP input events: touch, then the
 * browser's own pointer, mouse and click events), timed by the browser's Event Timing API: an
 * interaction's latency is the longest duration of its events (from the input to the next paint
 * after its handlers), in steps of 8 ms; an interaction under 16 ms reports no entry (shown as
 * "≤ 16"). Each interaction in a fresh page, median of 5 (run.ts TAP_RUNS); INP is the worst median.
 *
 * A separate pass, unthrottled, counts what each tap renders (React commits and components, the
 * DevTools hook of tests/e2e/render-count.ts) until the screen has answered, the reply of a call
 * the tap starts held back by the mock for a while: what the tap itself re-renders, not the
 * records that come later.
 *
 * The figures of the Vue original are the budget table's (measured the same way, same mock, on another
 * machine); with BENCH_ORIGINAL (bench/original.ts) the original is also measured here, its runs in
 * turns with ours and the floor's: a target of its own whose taps are the same taps on its screens.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { SCREEN_DATA_MARK } from '../src/engine/perf';
import { ONCE_PREFIX } from '../src/widgets/Modal/once';
import { countRenders, renders, rendersSince } from '../tests/e2e/render-count';
import { settled, trackRequests } from '../scripts/settle';
import { median, readRoutes } from './lib';

/** Event Timing's smallest reported duration: an interaction faster than this has no entry */
export const EVENT_FLOOR_MS = 16;

export interface Spec {
  name: string;
  route: string;
  member: boolean;
  /** the Vue original's figure from the budget's table (measured on another machine), ms; null where it reported none */
  original: number | null;
  /** what the tap hits: the first element outside every `[hidden]` one matching the selector (and holding the text) */
  target: Where;
  /**
   * the screen has answered the tap, watched from before the tap: an element outside every
   * `[hidden]` one (with this text), an input's value, or a reply of the network
   */
  done: Done;
  /** typed after tapping the target: the worst key is the figure */
  keys?: string;
  /** an /api path the tap calls: held back by the mock while the renders are counted */
  slowPath?: string;
  /** what the tap opens: the time until it is in the page and laid out (ms from the tap) is reported beside the latency */
  shows?: string;
  /** and held to this budget (ms) */
  showsWithinMs?: number;
  /** a page of its own instead of the app's route (the floor) */
  html?: string;
  /** the screen has shown its data when this is in the page (a build without the engine's screen-data mark: the original) */
  ready?: Where;
  /**
   * taps made before the measured one, each aimed and then given a second to settle, before the CPU
   * is throttled and before the interaction's window opens (the original's record type is a chip
   * that opens a picker: the measured tap is the picker's 取款)
   */
  before?: Where[];
}

export interface Where {
  selector: string;
  text?: string;
  /**
   * the element under the aimed point must be inside one matching this (checked before the tap; aimed
   * again every 200 ms until it is): a target whose content moves under it (the original's scrolling
   * announcements: the point must be on an announcement, not between two rounds of the scroll)
   */
  hit?: string;
}

export type Done = (Where & { value?: string }) | { response: string };

/**
 * The page-side finder of a `Where` (source text, evaluated in the page: tsx would wrap a function
 * in a helper the page lacks). The bench finds, waits and watches with plain evaluations and DOM
 * observers only, never Playwright's locators or waitForFunction: those inject Playwright's script
 * into the page, whose capture listeners on window (pointerdown, touchstart, click and a dozen
 * more, in each world it runs in) then run inside every event of the tap, 5-10 ms at 4x, the
 * driver's cost counted as the app's. A player's phone has no such listeners.
 */
const FIND = `(want) => {
  for (const el of document.querySelectorAll(want.selector)) {
    if (el.closest('[hidden]')) continue;
    if (want.text !== undefined && !(el.textContent || '').includes(want.text)) continue;
    if (want.value !== undefined && el.value !== want.value) continue;
    return el;
  }
  return null;
}`;

/**
 * Waits until `check` holds in the page, looking first 300 ms after it is called, then every 100 ms:
 * nothing of the driver's runs in the page while the tap is answered. Playwright's own waits poll
 * the page from the first moment (a locator's visibility check, a style and layout, on a backoff of
 * 0, 20, 50, 100 ms…; waitForFunction every frame), and even one pending evaluation is a task and
 * a reply inside the tap's window: at 4x CPU they were counted as the app's input delay and
 * processing (the bare page's tap read 48-56 ms alone, 64 with a pending evaluation and an observer).
 */
async function until(page: Page, check: string, what: string, timeoutMs = 20000): Promise<unknown> {
  const end = Date.now() + timeoutMs;
  await page.waitForTimeout(300);
  for (;;) {
    const got = await page.evaluate(check);
    if (got !== null && got !== undefined && got !== false) return got;
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await page.waitForTimeout(100);
  }
}

/**
 * `done`, watched without working in the page inside the tap's window: a reply from the driver's
 * network events (armed before the tap), an element or a value by `until`. Await the result once
 * the tap has been sent.
 */
function armDone(page: Page, done: Done): () => Promise<unknown> {
  if ('response' in done) {
    const reply = page.waitForResponse((r) => r.url().includes(done.response));
    return () => reply;
  }
  // source text: tsx would wrap the inner function in a helper the page lacks
  return () => until(page, `!!(${FIND})(${JSON.stringify(done)})`, JSON.stringify(done));
}

export const SPECS: Spec[] = [
  {
    name: 'home: game category 真人 to 电子',
    route: '/',
    member: false,
    original: 40,
    target: { selector: '[data-testid="cat-concise"]' },
    done: { selector: '[data-testid="concise-obgdy"]' },
    shows: '[data-testid="concise-obgdy"]',
  },
  {
    name: 'home: side menu',
    route: '/',
    member: false,
    original: 72,
    target: { selector: '[data-testid="side-menu-open"]' },
    done: { selector: '.w-drawer' },
    shows: '.w-drawer',
  },
  {
    name: 'home: announcement popup',
    route: '/',
    member: false,
    original: 32,
    target: { selector: '.w-notice' },
    done: { selector: '.w-notice-popup' },
    shows: '.w-notice-popup',
  },
  {
    name: '/login: 立即登录 on an empty form (the toast)',
    route: '/login',
    member: false,
    original: 40,
    target: { selector: 'form[name="login"] .cfg-form-submit' },
    // .adm-toast-main: antd-mobile's toast, in a baseline built before the app had its own (BENCH_BASELINE)
    done: { selector: '.ui-toast-main, .adm-toast-main' },
  },
  {
    name: '/login: typing, worst key',
    route: '/login',
    member: false,
    original: 16,
    target: { selector: 'form[name="login"] input[name="name"]' },
    keys: 'demo01ab',
    done: { selector: 'form[name="login"] input[name="name"]', value: 'demo01ab' },
  },
  {
    name: '/login: login to register',
    route: '/login',
    member: false,
    original: 40,
    target: { selector: '[role="tab"]', text: '注册' },
    done: { selector: 'form[name="register"]' },
    shows: 'form[name="register"]',
  },
  {
    name: '/transRecord: 存款 to 取款',
    route: '/transRecord',
    member: true,
    original: 48,
    target: { selector: '[data-testid="filter-type"] [role="radio"]', text: '取款' },
    done: { selector: '[data-testid="filter-type"] [role="radio"][aria-checked="true"]', text: '取款' },
    slowPath: '/api/gettransrecord',
  },
  {
    name: '/message: 公告 to 站内信',
    route: '/message',
    member: true,
    original: 48,
    target: { selector: '[role="tab"]', text: '站内信' },
    done: { selector: '[role="tab"][aria-selected="true"]', text: '站内信' },
    slowPath: '/api/noticeList',
    shows: '[data-testid="message-list"] .w-paged-item',
    showsWithinMs: 100,
  },
  {
    name: '/mine: balance refresh',
    route: '/mine',
    member: true,
    original: 24,
    target: { selector: '[data-testid="mine-refresh"]' },
    done: { response: '/api/refreshusermoney' },
    slowPath: '/api/refreshusermoney',
  },
];

/**
 * The floor: the same tap, in the same browser and harness at the same CPU rate, on a page with no
 * app and no framework: one button whose click adds one line of text, styled like the toast (the
 * same words are on the page already, so their glyphs are not looked up inside the tap). What a
 * tap costs before any app code runs (the browser's touch, gesture, mouse-compatibility and paint
 * pipeline under throttling, on this machine): a budget at or below it cannot be met by any app.
 */
export const FLOOR: Spec = {
  name: 'the floor: a bare page, a button whose click adds a line of text',
  route: '/__bench-floor',
  member: false,
  original: null,
  target: { selector: '#floor' },
  done: { selector: '.floor-line' },
  html: `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<body style="margin:0;font-family:sans-serif"><p style="margin:120px 0 0;text-align:center;font-size:15px">请输入用户名</p><button id="floor" type="button" style="display:block;margin:80px auto 0;width:320px;height:44px;font-size:17px">登录</button>
<script>document.getElementById('floor').addEventListener('click', () => {
  const line = document.createElement('div');
  line.className = 'floor-line';
  line.textContent = '请输入用户名';
  line.style.cssText = 'position:fixed;top:50%;left:50%;transform:translate(-50%,-50%);padding:12px;border-radius:8px;background:rgba(0,0,0,.7);color:#fff;font-size:15px';
  document.body.appendChild(line);
});</script></body></html>`,
};

export interface InteractionFigures {
  name: string;
  route: string;
  runs: number[];
  /** median latency, ms (EVENT_FLOOR_MS when under it) */
  latencyMs: number;
  /** under Event Timing's floor in every run */
  under: boolean;
  /** the median run's parts: input delay, processing, presentation (ms) */
  parts: { inputDelay: number; processing: number; presentation: number } | null;
  original: number | null;
  /** components and commits the tap rendered (unthrottled pass, the tap's call held back) */
  renders?: { commits: number; components: number; byName: Record<string, number> };
  /** ms from the tap until `shows` was in the page (median), where the spec names one; and its budget */
  showsMs?: number;
  showsWithinMs?: number;
  /** the floor's tap (FLOOR), run in turns with this one's runs: the same minutes of the machine */
  floor?: { runs: number[]; latencyMs: number };
  /** the build has no such tap (Target.tapOf answered null): why; no runs, latencyMs NaN */
  absent?: string;
}

/** every Event Timing entry of an interaction, recorded from the page's start */
const EVENT_RECORDER = `(() => {
  const w = window;
  w.__events = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.interactionId) w.__events.push({ id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration, ps: e.processingStart, pe: e.processingEnd });
      }
    }).observe({ type: 'event', durationThreshold: ${EVENT_FLOOR_MS}, buffered: true });
  } catch (e) {}
})();`;

interface EventEntry {
  id: number;
  name: string;
  start: number;
  duration: number;
  ps: number;
  pe: number;
}

interface Timed {
  latency: number;
  under: boolean;
  parts: InteractionFigures['parts'];
}

/** the interactions (grouped by interactionId) of entries since `from`: the worst one */
function worst(entries: EventEntry[], from: number): Timed {
  const byId = new Map<number, EventEntry[]>();
  for (const e of entries) if (e.start >= from) byId.set(e.id, [...(byId.get(e.id) ?? []), e]);
  let best: Timed = { latency: EVENT_FLOOR_MS, under: true, parts: null };
  for (const list of byId.values()) {
    const latency = Math.max(...list.map((e) => e.duration));
    if (!best.under && latency <= best.latency) continue;
    const start = Math.min(...list.map((e) => e.start));
    const ps = Math.min(...list.map((e) => e.ps));
    const pe = Math.max(...list.map((e) => e.pe));
    best = { latency, under: false, parts: { inputDelay: Math.round(ps - start), processing: Math.round(pe - ps), presentation: Math.round(start + latency - pe) } };
  }
  return best;
}

async function phone(browser: Browser, spec: Spec, token: string, bypassCsp = false): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN', deviceScaleFactor: 1, serviceWorkers: 'block', ...(bypassCsp ? { bypassCSP: true } : {}) });
  // the start-up notice of home has been seen (it would cover what is tapped)
  await context.addInitScript(
    ({ t, once }) => {
      sessionStorage.setItem(once, '1');
      if (t) sessionStorage.setItem('token', t);
    },
    { t: spec.member ? token : '', once: `${ONCE_PREFIX}startup` },
  );
  await context.addInitScript(EVENT_RECORDER);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}

/** the route's screen has shown its data, its requests are answered, and the page has had a second to settle */
async function openIdle(page: Page, base: string, route: string, html?: string, ready?: Where) {
  if (html) {
    await page.route(`${base}${route}`, (r) => r.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    await page.goto(`${base}${route}`);
    await page.waitForTimeout(1000);
    return;
  }
  const screen = readRoutes().find((r) => r.path === route)?.screen;
  trackRequests(page);
  await page.goto(`${base}/#${route}`);
  if (ready) {
    // a build without the engine's marks (the original): its data is on the screen (looked for before any tap)
    await until(page, `!!(${FIND})(${JSON.stringify(ready)})`, `${route}: ${JSON.stringify(ready)} shown`);
  } else if (screen) {
    // the screen's mark, from a PerformanceObserver (buffered: one set before this ran counts)
    await page.evaluate(`new Promise((resolve, reject) => {
      const mark = ${JSON.stringify(`${SCREEN_DATA_MARK}${screen}`)};
      const timer = setTimeout(() => reject(new Error(mark + ': not marked within 20 s')), 20000);
      new PerformanceObserver((list, observer) => {
        if (!list.getEntriesByName(mark).length) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve(undefined);
      }).observe({ type: 'mark', buffered: true });
    })`);
  }
  await settled(page, 30000, undefined, 500);
  await page.waitForTimeout(1000);
}

/**
 * Where to tap `target`: scrolled into view and measured before the CPU is throttled, so that the
 * driver's own work in the page (finding the element, its box: ~30-60 ms of script at 4x) is not on
 * the main thread just before the touch, counted as the app's input delay
 */
async function aim(page: Page, target: Where, tries = 0): Promise<{ x: number; y: number }> {
  const box = (await page.evaluate(`(() => {
    const el = (${FIND})(${JSON.stringify(target)});
    if (!el) return null;
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  })()`)) as { x: number; y: number; width: number; height: number } | null;
  if (!box || !box.width || !box.height) throw new Error(`nothing to tap: ${JSON.stringify(target)}`);
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  if (target.hit && !(await page.evaluate(`!!document.elementFromPoint(${at.x}, ${at.y})?.closest(${JSON.stringify(target.hit)})`))) {
    if (tries >= 50) throw new Error(`nothing of ${target.hit} under ${JSON.stringify(target)} within 10 s`);
    await page.waitForTimeout(200);
    return aim(page, target, tries + 1);
  }
  return at;
}

const tap = (page: Page, at: { x: number; y: number }) => page.touchscreen.tap(at.x, at.y);

/** once the page has painted twice more: Event Timing reports an interaction after its next paint */
const twoFrames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * notes when `selector` first matches an element outside every `[hidden]` one (a pane rendered ahead
 * is hidden so): an attribute check, no style or layout forced inside the tap's frame (source text:
 * tsx would wrap the inner function in a helper the page lacks); and when the finger touched (the
 * pointerdown's timestamp: the time the tap's events start from, not the driver's call before it)
 */
async function watchShows(page: Page, selector: string) {
  await page.evaluate(`(() => {
    const w = window;
    w.__shownAt = undefined;
    w.__tapAt = undefined;
    addEventListener('pointerdown', (e) => { if (w.__tapAt === undefined) w.__tapAt = e.timeStamp; }, { capture: true, passive: true, once: true });
    const find = ${FIND};
    const observer = new MutationObserver(() => {
      if (!find({ selector: ${JSON.stringify(selector)} })) return;
      w.__shownAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  })()`);
}

async function timedRun(browser: Browser, at: Target, spec: Spec, cpu: number): Promise<Timed & { showsMs?: number }> {
  await at.prepare?.();
  const { context, page, cdp } = await phone(browser, spec, at.token, at.bypassCsp);
  try {
    await openIdle(page, at.base, spec.route, spec.html, spec.ready);
    for (const first of spec.before ?? []) {
      await tap(page, await aim(page, first));
      await page.waitForTimeout(1000);
    }
    const point = await aim(page, spec.target);
    if (spec.shows) await watchShows(page, spec.shows);
    const answered = armDone(page, spec.done);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    const from = await page.evaluate(() => performance.now());
    await tap(page, point);
    let after = from;
    if (spec.keys) {
      await page.waitForTimeout(500);
      after = await page.evaluate(() => performance.now());
      for (const key of spec.keys) {
        await page.keyboard.press(key);
        await page.waitForTimeout(250);
      }
    }
    await answered();
    let showsMs: number | undefined;
    if (spec.shows) {
      await until(page, 'window.__shownAt', `${spec.shows} shown`);
      const { shownAt, tapAt } = await page.evaluate(() => {
        const w = window as unknown as { __shownAt: number; __tapAt?: number };
        return { shownAt: w.__shownAt, tapAt: w.__tapAt };
      });
      showsMs = Math.round(shownAt - (tapAt ?? from));
    }
    await twoFrames(page);
    await page.waitForTimeout(300);
    const entries = await page.evaluate(() => (window as unknown as { __events: EventEntry[] }).__events);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { ...worst(entries, after), showsMs };
  } finally {
    await context.close();
  }
}

async function fault(base: string, body: unknown) {
  const r = await fetch(`${base}/__mock/fault`, { method: body ? 'POST' : 'DELETE', headers: { 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  if (!r.ok) throw new Error(`/__mock/fault answered ${r.status}`);
}

/** what the tap renders, unthrottled, its call (slowPath) held back 2 s by the mock */
export async function countedRun(browser: Browser, at: Target, spec: Spec): Promise<InteractionFigures['renders']> {
  const { context, page } = await phone(browser, spec, at.token);
  try {
    await countRenders(context);
    await openIdle(page, at.base, spec.route);
    const point = await aim(page, spec.target);
    if (spec.slowPath) await fault(at.base, { path: spec.slowPath, delayMs: 2000 });
    const answered = spec.slowPath || spec.keys ? null : armDone(page, spec.done);
    const before = await renders(page);
    await tap(page, point);
    if (spec.keys) {
      await page.waitForTimeout(300);
      const typed = await renders(page);
      for (const key of spec.keys.slice(0, 1)) await page.keyboard.press(key);
      await page.waitForTimeout(300);
      // typing: what one key renders
      return rendersSince(typed, await renders(page));
    }
    await answered?.();
    await page.waitForTimeout(500);
    return rendersSince(before, await renders(page));
  } finally {
    if (spec.slowPath) await fault(at.base, null);
    await context.close();
  }
}

/** a build to measure: where it is served, and a member's token there */
export interface Target {
  base: string;
  token: string;
  /**
   * this build's version of a tap of SPECS, where its screens differ (the Vue original:
   * bench/original.ts); null when it has no such tap. Default: the tap as it is
   */
  tapOf?: (spec: Spec) => Spec | null;
  /** before each page of this build: the mock state it needs (the original: bench/original.ts) */
  prepare?: () => Promise<void>;
  /** its pages load with the Content-Security-Policy bypassed (the original compiles its root template at run time, an eval the policy forbids) */
  bypassCsp?: boolean;
  /** a React build: what each tap renders is counted (the DevTools hook); false for the original (Vue) */
  react?: boolean;
}

/**
 * Every interaction of the table on each target, the runs of the targets in turns (the machine's
 * load weighs on each alike); figures per target, in the order of `targets`.
 */
export async function measureInteractions(browser: Browser, targets: Target[], runs: number, cpu = 4, only?: (s: Spec) => boolean): Promise<InteractionFigures[][]> {
  const out: InteractionFigures[][] = targets.map(() => []);
  for (const spec of SPECS.filter((s) => !only || only(s))) {
    // each target's version of the tap (the same name), or null where it has none
    const theirs = targets.map((target) => (target.tapOf ? target.tapOf(spec) : spec));
    const timed: (Timed & { showsMs?: number })[][] = targets.map(() => []);
    const floor: number[] = [];
    for (let i = 0; i < runs; i++) {
      for (const [t, target] of targets.entries()) {
        const tap = theirs[t];
        if (tap) timed[t].push(await timedRun(browser, target, tap, cpu));
      }
      floor.push((await timedRun(browser, targets[0], FLOOR, cpu)).latency);
    }
    const floorFigure = { runs: floor, latencyMs: [...floor].sort((a, b) => a - b)[Math.floor(floor.length / 2)] };
    for (const [t, target] of targets.entries()) {
      const tap = theirs[t];
      if (!tap) {
        out[t].push({ name: spec.name, route: spec.route, runs: [], latencyMs: NaN, under: false, parts: null, original: spec.original, floor: floorFigure, absent: 'no such tap on its screens' });
        continue;
      }
      const sorted = [...timed[t]].sort((a, b) => a.latency - b.latency);
      const mid = sorted[Math.floor(sorted.length / 2)];
      const shows = timed[t].map((x) => x.showsMs).filter((n): n is number => n !== undefined);
      out[t].push({
        name: spec.name,
        route: spec.route,
        runs: timed[t].map((x) => x.latency),
        latencyMs: mid.latency,
        under: timed[t].every((x) => x.under),
        parts: mid.parts,
        original: spec.original,
        ...(target.react === false ? {} : { renders: await countedRun(browser, target, spec) }),
        ...(shows.length ? { showsMs: median(shows), ...(tap.showsWithinMs ? { showsWithinMs: tap.showsWithinMs } : {}) } : {}),
        floor: floorFigure,
      });
    }
  }
  return out;
}
