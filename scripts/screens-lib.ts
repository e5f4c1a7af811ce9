/**
 * What `npm run screens` (scripts/screens.ts) and the layout test (tests/e2e/layout.e2e.ts) share:
 * the routes of screens.config/routes.json with the query that brings each to its real content,
 * choosing a data preset and logging in as its member, and opening a route in an already loaded
 * page by its hash (one page per role and size: no reload between routes) and waiting until the
 * screen has settled (no request in flight, fonts and images loaded).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { settled } from './settle';
import { pruneFeatures, switchedOff } from '../src/config/features';
import { brandsDirOf, configDirOf, configSource, shownPath } from '../src/config/source/index';
import { brandOrExit } from './brand-arg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** the config folder (screens.config/, or SCREENS_CONFIG_DIR) */
const configDir = configDirOf(root);
/** the brand (BRAND=<id>): its overlay over the config folder */
export const brand = brandOrExit(root);

export interface SheetRoute {
  path: string;
  screen: string;
  title: string;
  auth?: boolean;
  guard?: string;
}

/** the routes as they ship: the brand's merged over the product's, without a route of a switched-off feature (src/config/features.ts) */
const shipped = configSource({ root, productDir: configDir }).config(brand);
export const routes: SheetRoute[] = pruneFeatures(shipped.routes.json as { routes: SheetRoute[] }, switchedOff(shipped.app.json)).routes;

/** The screen config file behind a route, relative to the project (a brand's own over the product's, when it has one). */
export const screenFile = (r: SheetRoute) => {
  const product = `${shownPath(root, configDir)}/screens/${r.screen}.json`;
  const own = brand && path.join(brandsDirOf(root), brand, 'screens', `${r.screen}.json`);
  return own && existsSync(own) ? `${shownPath(root, own)} over ${product}` : product;
};

/** Queries that bring a route to its real content (an id, a type); /payInfo gets a fresh order of the member. */
export const QUERY: Record<string, string> = {
  '/activityInfo': 'id=1',
  '/zhanzhuye': 'type=1',
  '/boutBallBetInfo': 'type=1',
  '/abouts': 'type=5',
  '/concise': 'type=obgdy',
  '/gamePage': 'name=ag&type=0&code=',
  '/password': 'type=2',
  '/betRecord': 'type=1',
  '/transfer': 'code=pg',
};

/** Routes a visitor is not shown (they need a login, or show the member's own order or game). */
export const needsMember = (r: SheetRoute) => !!r.auth || r.guard === 'confirmLogin' || r.path === '/gamePage' || r.path === '/payInfo';

export const PRESETS = ['normal', 'stress', 'empty'] as const;
export type Preset = (typeof PRESETS)[number];

async function post<T>(base: string, url: string, body: unknown, token?: string): Promise<T> {
  const r = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await r.json().catch(() => null)) as { code: number; message: string; data: T } | null;
  if (!json || json.code !== 200) throw new Error(`${url} answered ${r.status}: ${JSON.stringify(json)}`);
  return json.data;
}

/** Switch the mock to a data preset; answers the preset member's username. */
export async function preset(base: string, name: Preset): Promise<string> {
  return (await post<{ username: string }>(base, '/__mock/preset', { name })).username;
}

/** Sets app info fields of the mock (POST /__mock/settings), such as index_modal. */
export async function setMock(base: string, settings: Record<string, unknown>): Promise<void> {
  await post<unknown>(base, '/__mock/settings', settings);
}

/** A token for a member (the control surface's shortcut, no password hashing). */
export async function tokenFor(base: string, username: string): Promise<string> {
  return (await post<{ api_token: string }>(base, '/__mock/login', { username })).api_token;
}

/** A pending USDT deposit of the member, so that /payInfo shows a real order. */
async function depositNo(base: string, token: string): Promise<string> {
  const r = await fetch(`${base}/api/recharge`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ paytype: 'usdt', amount: 1000, catepay: 'TRC20' }),
  });
  const json = (await r.json()) as { code: number; message: string };
  return json.code === 200 ? json.message : '';
}

/** The hash path (with its query) to open a route at, for a member with `token` or a visitor. */
export async function hashFor(base: string, r: SheetRoute, token: string | null): Promise<string> {
  if (r.path === '/payInfo' && token) return `/payInfo?deposit_no=${encodeURIComponent(await depositNo(base, token))}`;
  const q = QUERY[r.path];
  return q ? `${r.path}?${q}` : r.path;
}

/** Counts the page's requests in flight (before the app loads): scripts/settle.ts, the one way to wait for a page. */
export { trackRequests } from './settle';

/** Load the app once: as a visitor, or as `token`'s member (the token where the app keeps it). */
export async function openApp(page: Page, base: string, token: string | null): Promise<void> {
  await page.goto(`${base}/#/`);
  if (token) {
    // the app reads the token when it starts: put it in place, then start again
    await page.evaluate((t) => sessionStorage.setItem('token', t), token);
    await page.reload();
  }
  await settle(page);
}

/**
 * Wait until the screen opened last (goHash) has rendered its data (its `screen-data:` mark, or the
 * placeholder's message), no request has started or ended for `quietMs`, fonts, images and framed
 * pages are in, two frames drawn (at most `maxMs`: a settled page returns at once; a machine under
 * load needs the longer wait, or two runs of the sheet differ where nothing changed).
 */
export async function settle(page: Page, quietMs = 250, maxMs = 10_000): Promise<void> {
  const ready = () =>
    page.evaluate(() => {
      const at = (window as unknown as { __navAt?: number }).__navAt;
      const shown = at === undefined || !!document.querySelector('.screen-message') || performance.getEntriesByType('mark').some((m) => m.name.startsWith('screen-data:') && m.startTime >= at);
      const imgs = [...document.images].every((i) => i.complete);
      // a framed page (/kefu, a game) has loaded: the Frame widget's loading indicator is gone
      const frames = !document.querySelector('.w-frame-loading');
      return shown && imgs && frames && document.fonts.status === 'loaded';
    });
  await settled(page, maxMs, ready, quietMs);
}

/**
 * Open a route in the loaded app by its hash and wait for it to settle, its data rendered, then
 * `quietMs` without a request (a page with an overlay left open is reloaded instead).
 */
export async function goHash(page: Page, base: string, hash: string, quietMs?: number): Promise<void> {
  const overlay = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.adm-mask, .adm-popup, .adm-center-popup-wrap, .ovl')].some((e) => e.checkVisibility()),
  );
  if (overlay) {
    await page.goto(`${base}/#${hash}`);
    await page.evaluate(() => ((window as unknown as { __navAt: number }).__navAt = 0));
  } else {
    await page.evaluate((h) => {
      const w = window as unknown as { __navAt?: number };
      window.scrollTo(0, 0);
      // the route already shown: no new screen, nothing to wait for but the quiet
      if (location.hash === `#${h}`) return void (w.__navAt = undefined);
      w.__navAt = performance.now();
      location.hash = `#${h}`;
    }, hash);
  }
  await settle(page, quietMs);
}
