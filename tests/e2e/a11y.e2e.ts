/**
 * Issue 7: accessibility of every screen, in the real browser with axe-core. Every route of
 * screens.config/routes.json is opened (as a visitor, or as the seeded member where the route
 * needs a login; the main layout also as a member) and must have no serious or critical axe
 * violation, its own page title, and no console error or CSP violation. Plus: the theme's
 * primary colour passes 4.5:1 on white, and keyboard focus is visible.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { QUERY, needsMember, type SheetRoute } from '../../scripts/screens-lib';
import { axeScanner } from './axe-scan';
import { BASE, SEED, SPONSOR_ORIGIN, cleanMark, expectClean, go, launch, mock, newPage, resetMock, sponsorStandIn, settled } from './harness';
import { walkTo } from './route-walk';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, 'screens.config', file), 'utf8')) as T;

type Route = SheetRoute;
const routes = readJson<{ routes: Route[] }>('routes.json').routes;
const app = readJson<{ brand: { siteName: string }; theme: { primary: string } }>('app.json');
const hasScreen = (name: string) => {
  try {
    readFileSync(path.join(root, 'screens.config', 'screens', `${name}.json`));
    return true;
  } catch {
    return false;
  }
};

/**
 * One page per persona (the visitor, the seeded member), opened at its first route and then moved
 * from route to route by the hash, as a player does; the mock is put back to its seed before every
 * route (the member stays logged in). A case that fails before its checks closes its page: the
 * next one starts a new.
 */
interface Persona {
  context: BrowserContext;
  page: Page;
  token: string;
  loaded: boolean;
  /** the page's requests in flight (its frames' too, scripts and pictures as well as the app's calls) */
}
let browser: Browser;
let scanner: ReturnType<typeof axeScanner>;
const personas = new Map<boolean, Persona>();
beforeAll(async () => {
  browser = await launch();
  scanner = axeScanner(browser);
  await resetMock();
});
afterAll(async () => {
  await scanner?.close();
  await browser?.close();
});
beforeEach(async () => {
  await mock('reset', { keepSessions: true });
});

async function api<T>(apiPath: string, body: unknown, token: string): Promise<T> {
  const r = await fetch(`${BASE}/api/${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as T;
}

async function persona(member: boolean): Promise<Persona> {
  const had = personas.get(member);
  if (had) return had;
  const { context, page } = await newPage(browser);
  let token = '';
  if (member) {
    token = (await api<{ data: { api_token: string } }>('login_pc', { name: SEED.username, password: SEED.password, code: '' }, '')).data.api_token;
    // the top document only: frames of the app's own origin run sandboxed, without storage of their own
    await page.addInitScript((t) => {
      if (window.top === window) sessionStorage.setItem('token', t);
    }, token);
  }
  const p: Persona = { context, page, token, loaded: false };
  personas.set(member, p);
  return p;
}

async function dispose(member: boolean) {
  const p = personas.get(member);
  personas.delete(member);
  await p?.context.close().catch(() => undefined);
}

/** Opens `route` in the persona's page (route-walk.ts: the first time a load of the app, then by its hash) and waits until it has settled. */
async function open(p: Persona, route: Route): Promise<void> {
  let query = QUERY[route.path] ?? '';
  if (route.path === '/payInfo') {
    // a real order to show: a USDT deposit of the seeded member
    const r = await api<{ code: number; message: string }>('recharge', { paytype: 'usdt', amount: 200, catepay: 'TRC20' }, p.token);
    query = `deposit_no=${r.message}`;
  }
  await walkTo(p, query ? `${route.path}?${query}` : route.path, hasScreen(route.screen) ? route.screen : null);
  await inPlace(p);
}

/**
 * Pictures, icons, widgets' code, frames and popups that come after the content: every request
 * answered (settle.ts), every picture and font loaded, every frame's page in, no popup still sliding
 * or fading in (an animation that runs for ever, a spinner, is not waited for). At most 5 s, as
 * a page's wait for its requests.
 */
const inPlace = (p: Persona): Promise<void> =>
  settled(p.page, 5000, () =>
    p.page.evaluate(
      () =>
        [...document.images].every((i) => i.complete) &&
        !document.querySelector('.w-frame-loading') &&
        document.fonts.status === 'loaded' &&
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    ),
  );

interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

async function seriousViolations(page: Page): Promise<Finding[]> {
  const result = await scanner.scan(page);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 6).map((n) => {
        // contrast findings carry their colours: say them, so the fix is obvious
        const d = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const colours = d?.fgColor ? ` (${d.fgColor} on ${d.bgColor}, ${d.contrastRatio}:1)` : '';
        return `${n.target.join(' ')}${colours} ${n.html.slice(0, 80)}`;
      }),
    }));
}

/** buttons, links and form controls a finger must hit: at least 44 x 44 px (inline text links excepted) */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const sel = 'button, a[href], [role=button], [role=tab], [role=checkbox], [role=radio], [role=switch], input:not([type=hidden]), select, textarea';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || el.closest('[aria-hidden=true], [inert]')) continue;
      // a link inside running text is exempt (WCAG 2.5.8); so is a control inside a larger target
      if (el.tagName === 'A' && style.display === 'inline') continue;
      const parent = el.parentElement?.closest<HTMLElement>(sel);
      if (parent) continue;
      // an input is hit through its row (antd-mobile lays it out inside a 44px+ list item)
      const hit = el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? (el.closest<HTMLElement>('.adm-list-item, label, .cfg-field') ?? el).getBoundingClientRect() : r;
      if (Math.round(hit.width) < 44 || Math.round(hit.height) < 44) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 20);
        out.push(`${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${name}" ${Math.round(hit.width)}x${Math.round(hit.height)}`);
      }
    }
    return out;
  });
}

const cases: { route: Route; member: boolean }[] = [
  ...routes.map((route) => ({ route, member: needsMember(route) })),
  // the main layout's member top bar (balance, refresh, recycle)
  ...routes.filter((r) => r.path === '/').map((route) => ({ route, member: true })),
];

describe('every screen passes axe (no serious or critical violation)', () => {
  for (const { route, member } of cases) {
    const label = `${route.path}${QUERY[route.path] ? `?${QUERY[route.path]}` : ''} as ${member ? 'the member' : 'a visitor'}${hasScreen(route.screen) ? '' : ' (placeholder)'}`;
    it(label, async () => {
      const p = await persona(member);
      const { page } = p;
      const since = cleanMark(page);
      // axe looks into frames: the sponsorship page's frame shows the stand-in for the sponsor's site
      const standIn = route.screen === 'zhanzhuye';
      if (standIn) await sponsorStandIn(p.context);
      try {
        await open(p, route);
        expect.soft(await seriousViolations(page), `axe on ${route.path}`).toEqual([]);
        expect.soft(await smallTargets(page), `touch targets under 44px on ${route.path}`).toEqual([]);
        const title = await page.title();
        expect.soft(title.trim(), 'a page title').not.toBe('');
        if (route.path !== '/' && hasScreen(route.screen)) expect.soft(title, 'a title of its own, not only the site name').not.toBe(app.brand.siteName);
        expectClean(page, since);
      } catch (e) {
        await dispose(member);
        throw e;
      } finally {
        if (standIn) await p.context.unroute(`${SPONSOR_ORIGIN}/**`).catch(() => undefined);
      }
    });
  }
});

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('colour and focus', () => {
  it("the theme's primary colour has at least 4.5:1 contrast on white (antd-mobile's default #1677ff does not)", () => {
    expect(contrast('#1677ff', '#ffffff')).toBeLessThan(4.5);
    expect(contrast(app.theme.primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('the app runs with that primary, and keyboard focus is visible on every control of /login', async () => {
    const { page } = await newPage(browser);
    await go(page, '/login');
    await page.locator('form[name=login]').waitFor();
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--adm-color-primary').trim().toLowerCase());
    expect(primary).toBe(app.theme.primary.toLowerCase());
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const f = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const s = getComputedStyle(el);
        const box = el.closest<HTMLElement>('.cfg-input, .adm-input, .adm-list-item') ?? el;
        const bs = getComputedStyle(box);
        const visible = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none' || bs.boxShadow !== 'none' || (bs.outlineStyle !== 'none' && parseFloat(bs.outlineWidth) > 0);
        return { what: `${el.tagName.toLowerCase()} ${(el.getAttribute('name') ?? el.textContent ?? '').trim().slice(0, 12)}`, visible };
      });
      if (!f) continue;
      seen.push(f.what);
      expect.soft(f.visible, `focus indicator on ${f.what}`).toBe(true);
    }
    expect(seen.length).toBeGreaterThan(3);
    await page.context().close();
  });
});
