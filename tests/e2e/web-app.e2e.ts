/**
 * Issue 14: the installable web app, against the production build. The manifest (from app.json)
 * is valid and linked; the service worker installs once the first screen has shown its data; a
 * repeat visit fetches no JS or CSS from the network; offline, a reload still shows the shell and
 * the screens already visited with the offline banner, and a member action says it needs the
 * network; the banner goes when the network returns and the screen loads its data again; a new
 * build shows the update prompt and swaps code only when the player taps it; /app offers "add to
 * home screen". Every test has a fresh browser context, so no worker outlives its test.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { endpoints } from '../../src/api/catalogue';
import { BASE, browserPerFile, expectClean, fill, go, loginByApi, newPage, resetMock, toastAfter, settled } from './harness';
import { draftNote, RESTORED } from './draft-helpers';
import { chunksCached, controlled } from './worker';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = path.resolve(root, process.env.E2E_DIST ?? 'dist-test');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, 'screens.config', file), 'utf8')) as T;
const app = readJson<{ brand: { siteName: string; shortName: string }; theme: { primary: string }; webApp: { backgroundColor: string } }>('app.json');
const messages = readJson<{ messages: Record<string, string> }>('messages.json').messages;

const env = browserPerFile();
beforeEach(async () => {
  await resetMock();
});

async function open(): Promise<{ context: BrowserContext; page: Page }> {
  return newPage(env.browser, { serviceWorkers: 'allow' });
}

/** width and height of a PNG, from its IHDR chunk */
function pngSize(buf: Buffer): [number, number] {
  expect(buf.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [buf.readUInt32BE(16), buf.readUInt32BE(20)];
}

/**
 * JS and CSS of the app that reached the network on the repeat visit, fetched by the page past the
 * worker or by the worker, and what the page had from the worker. Chromium reports the worker's own
 * fetches late and on a clock of its own, so its request events cannot say which visit a fetch
 * belonged to; a route sees each request as it is made, so the watch is a route installed when the
 * repeat visit begins.
 */
function networkScripts(context: BrowserContext) {
  // the app's code (the worker's own script, sw.js and its workbox file, is the browser's update check)
  const isCode = (url: URL) => url.href.startsWith(`${BASE}/assets/`) && /\.(js|css)$/.test(url.pathname);
  const list: string[] = [];
  const fromWorker: string[] = [];
  return {
    list,
    fromWorker,
    async repeatVisit() {
      context.on('requestfinished', (r) => {
        if (r.serviceWorker() || !isCode(new URL(r.url()))) return;
        void r.response().then((res) => res?.fromServiceWorker() && fromWorker.push(r.url()));
      });
      await context.route(isCode, (route) => {
        list.push(`${route.request().serviceWorker() ? 'worker' : 'page'} fetched ${route.request().url()}`);
        void route.continue();
      });
    },
  };
}

describe('manifest and worker', () => {
  it('links a valid manifest made from app.json, with icons at the sizes phones ask for', async () => {
    const { page } = await open();
    await go(page, '/');
    const href = await page.locator('link[rel=manifest]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get(`${BASE}${href}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const m = (await res.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(m).toMatchObject({
      name: app.brand.siteName,
      short_name: app.brand.shortName,
      theme_color: app.theme.primary,
      background_color: app.webApp.backgroundColor,
      display: 'standalone',
      start_url: '/',
      scope: '/',
      lang: 'zh-CN',
    });
    expect(await page.locator('meta[name=theme-color]').getAttribute('content')).toBe(app.theme.primary);
    const sizes = m.icons.map((i) => `${i.sizes}${i.purpose === 'maskable' ? ' maskable' : ''}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']));
    for (const icon of m.icons) {
      const r = await page.request.get(new URL(icon.src, `${BASE}${href}`).href);
      expect(r.status(), icon.src).toBe(200);
      expect(r.headers()['content-type']).toBe('image/png');
      expect(pngSize(await r.body()).join('x')).toBe(icon.sizes);
    }
    const touch = await page.locator('link[rel=apple-touch-icon]').getAttribute('href');
    expect(pngSize(await (await page.request.get(`${BASE}${touch}`)).body())).toEqual([180, 180]);
    expectClean(page);
  });

  it('serves the worker with no-cache and the security headers; the CSP allows workers from this origin only', async () => {
    const res = await fetch(`${BASE}/sw.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp.split('; ')).toEqual(expect.arrayContaining(["worker-src 'self'", "script-src 'self'", "default-src 'self'"]));
    const plain = await fetch(`${BASE}/sw.js`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('cache-control')).toBe('no-cache');
  });

  it('installs the worker only after the first screen has shown its data; the repeat visit loads no JS or CSS from the network', async () => {
    const { context, page } = await open();
    const net = networkScripts(context);
    await go(page, '/');
    await controlled(page);
    const order = await page.evaluate(() => {
      const data = performance.getEntriesByName('screen-data:home')[0]?.startTime ?? null;
      const wb = performance.getEntriesByType('resource').find((e) => /\/assets\/workbox-window[^/]*\.js$/.test(e.name));
      return { data, wb: wb?.startTime ?? null };
    });
    expect(order.data).not.toBeNull();
    expect(order.wb).not.toBeNull();
    expect(order.wb as number).toBeGreaterThanOrEqual(order.data as number);
    // the seed's start-up popup (Modal, Html) loads once home has shown its data and the browser is
    // idle: the first visit has used every chunk of home only once it is up
    await page.locator('[data-testid=startup-modal] .w-html').waitFor();
    await chunksCached(page);

    await net.repeatVisit();
    await page.reload();
    await page.waitForFunction(() => performance.getEntriesByName('screen-data:home').length > 0, undefined, { timeout: 20000 });
    await page.locator('.w-sidetabs').waitFor();
    await settled(page);
    expect(net.list).toEqual([]);
    expect(net.fromWorker.length).toBeGreaterThan(3);

    // nothing of the API, the mock's control surface or a frame page is in any cache; a frame
    // page navigated to under the worker comes from the server, not as the app's index.html
    await page.evaluate(() => fetch('/__mock/page/kefu').then((r) => r.text()));
    const kefu = await page.evaluate(async () => {
      const f = document.createElement('iframe');
      f.src = '/__mock/page/kefu';
      document.body.append(f);
      await new Promise((r) => f.addEventListener('load', r, { once: true }));
      const title = f.contentDocument?.title ?? '';
      f.remove();
      return title;
    });
    expect(kefu).toBe('在线客服');
    const cachedUrls = await page.evaluate(async () => {
      const out: string[] = [];
      for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) out.push(new URL(r.url).pathname);
      return out;
    });
    expect(cachedUrls.length).toBeGreaterThan(10);
    expect(cachedUrls.filter((u) => /^\/(api|__mock)\//.test(u))).toEqual([]);
    expectClean(page);
  });
});

describe('offline', () => {
  it('a reload shows the shell, the visited screens and the banner; a member action says it needs the network; back online, the screen loads again', async () => {
    const { context, page } = await open();
    await loginByApi(page);
    await controlled(page);
    await go(page, '/money');
    await page.locator('[data-testid=money-recycle]').waitFor();
    await page.waitForFunction(() => performance.getEntriesByName('screen-data:money').length > 0, undefined, { timeout: 20000 });
    await chunksCached(page);

    await context.setOffline(true);
    await page.reload();
    const banner = page.locator('[data-testid=offline-banner]');
    await banner.waitFor();
    expect((await banner.innerText()).trim()).toBe(messages['webApp.offline']);
    await page.locator('[data-testid=money-recycle]').waitFor();
    // the home screen, visited before, opens too
    await go(page, '/');
    await page.locator('.w-sidetabs').waitFor();
    await go(page, '/money');
    const recycle = page.locator('[data-testid=money-recycle]');
    await recycle.waitFor();
    const transall: string[] = [];
    page.on('request', (r) => r.url().includes('/api/transall') && transall.push(r.url()));
    expect(await toastAfter(page, () => recycle.click())).toBe(messages['webApp.offline']);
    expect(await page.locator('.ui-toast-loading').count()).toBe(0);
    expect(transall).toEqual([]);

    expect(await toastAfter(page, () => recycle.click())).toBe(messages['webApp.offline']);

    // back online on home (its data is loaded once, not polled): the banner goes and home loads its data again
    await go(page, '/');
    await page.locator('.w-sidetabs').waitFor();
    const homeData = [endpoints.bannerList.path, endpoints.homenotice.path].map((p) => page.waitForRequest((r) => new URL(r.url()).pathname === p, { timeout: 10000 }));
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    await Promise.all(homeData);
  });
});

describe('updates', () => {
  it('a new build shows the update prompt on the next navigation; nothing is swapped until the player taps', async () => {
    const swFile = path.join(DIST, 'sw.js');
    const original = readFileSync(swFile, 'utf8');
    try {
      const { page } = await open();
      await go(page, '/');
      await controlled(page);
      await page.locator('.w-sidetabs').waitFor();

      // the next deploy: a changed worker script, noticed on the next navigation
      writeFileSync(swFile, `${original}\n// next build ${Date.now()}\n`);
      await go(page, '/login');
      const prompt = page.locator('[data-testid=update-prompt]');
      await prompt.waitFor({ timeout: 20000 });
      expect((await prompt.innerText()).replace(/\s+/g, ' ').trim()).toBe(`${messages['webApp.updateReady']} ${messages['webApp.updateReload']}`);

      // in the middle of a form: what the player types stays, the old worker stays in charge
      await page.locator('form[name=login]').waitFor();
      await fill(page, 'name', 'halfway1');
      await page.locator('.w-sidetabs, form[name=login]').first().waitFor();
      expect(await page.locator('[name=name]').first().inputValue()).toBe('halfway1');
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

      const navigated = page.waitForEvent('framenavigated', { timeout: 15000 });
      await prompt.getByRole('button', { name: messages['webApp.updateReload'] }).click();
      await navigated;
      await page.locator('form[name=login]').waitFor();
      await controlled(page);
      expect(await page.locator('[data-testid=update-prompt]').count()).toBe(0);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      // the reload lost nothing the player typed: the form's draft brings the name back, with its note
      // (the first screen's form paints before the drafts' chunk has come; the note says it is back)
      await draftNote(page).waitFor();
      expect(await draftNote(page).locator('.cfg-draft-text').innerText()).toBe(RESTORED);
      expect(await page.locator('[name=name]').first().inputValue()).toBe('halfway1');
      expectClean(page);
    } finally {
      writeFileSync(swFile, original);
    }
  });
});

describe('/app: add to home screen', () => {
  it('offers the browser install prompt where the browser has one', async () => {
    const { page } = await open();
    await loginByApi(page);
    await page.evaluate(() => {
      const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
      const w = window as unknown as { __prompted: number };
      w.__prompted = 0;
      e.prompt = async () => {
        w.__prompted++;
      };
      e.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(e);
    });
    await go(page, '/app');
    const box = page.locator('[data-testid=install-app]');
    await box.waitFor();
    await box.getByRole('button', { name: '添加到主屏幕' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __prompted: number }).__prompted)).toBe(1);
    // the prompt can be shown once: the button goes
    await box.waitFor({ state: 'detached' });
    expectClean(page);
  });

  it('gives iOS Safari the share, then add to home screen steps', async () => {
    const context = await env.browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    try {
      const page = await context.newPage();
      await loginByApi(page, '/app');
      const box = page.locator('[data-testid=install-app]');
      await box.waitFor();
      expect(await box.locator('h2').innerText()).toBe('iPhone / iPad 添加到主屏幕');
      expect(await box.locator('li').allInnerTexts()).toEqual(['使用 Safari 浏览器打开本页', '点击底部的“分享”按钮', '选择“添加到主屏幕”，再点“添加”']);
    } finally {
      await context.close();
    }
  });
});
