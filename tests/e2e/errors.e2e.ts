/**
 * Issue 29 point 3: never a blank page. A widget that throws while rendering is replaced by its
 * failure box (error.widget, 重试) and the rest of its screen keeps working; 重试 draws it again
 * once the fault is gone. An error outside any widget (the router) shows the error screen
 * (error.title, 刷新, 返回首页), and 刷新 reloads into a working app. The faults are the test
 * build's (src/engine/test-fault.ts: sessionStorage `test.fault`, honoured outside production builds).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allowConsole, BASE, browserPerFile, expectClean, go, mockSettings, newPage, resetMock, toastAfter } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const messages = (JSON.parse(readFileSync(path.join(root, 'screens.config', 'messages.json'), 'utf8')) as { messages: Record<string, string> }).messages;

const env = browserPerFile();
beforeEach(async () => {
  await resetMock();
  await mockSettings({ index_modal: 0 });
});

/** axe's serious and critical findings inside `selector`, and its buttons under 44 x 44 px (as tests/e2e/a11y.e2e.ts asks of every screen) */
async function accessible(p: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page: p }).include(selector).analyze();
  const found = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  for (const b of await p.locator(`${selector} button`).all()) {
    const box = await b.boundingBox();
    if (!box || Math.round(box.width) < 44 || Math.round(box.height) < 44) found.push(`small target "${await b.innerText()}" ${box?.width}x${box?.height}`);
  }
  return found;
}

const setFault = (p: Page, fault: string | null) =>
  p.evaluate((f) => (f === null ? sessionStorage.removeItem('test.fault') : sessionStorage.setItem('test.fault', f)), fault);

describe('a widget that throws', () => {
  it('is replaced by its failure box; the rest of the screen works; 重试 draws it again once the fault is gone', async () => {
    const { page: p } = await newPage(env.browser);
    const errors: string[] = [];
    p.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    allowConsole(p, /test fault: widget:NoticeBar/, /widget "NoticeBar" failed to render/, /The above error occurred/);
    await go(p, '/');
    await p.locator('.w-sidetabs').waitFor();
    await p.locator('.w-notice-line').waitFor();

    await setFault(p, 'widget:NoticeBar');
    await p.reload();
    const box = p.locator('[data-widget-failed=NoticeBar]');
    await box.waitFor();
    expect((await box.innerText()).replace(/\s+/g, ' ').trim()).toBe(`${messages['error.widget']} ${messages['error.retry']}`);
    expect(await p.locator('.w-notice-line').count()).toBe(0);
    expect(await accessible(p, '[data-widget-failed]')).toEqual([]);
    // only its own section: the banners, the menus and the games are there, and they work
    await p.locator('.w-sidetabs').waitFor();
    expect(await p.locator('.w-carousel').count()).toBeGreaterThan(0);
    expect(await toastAfter(p, () => p.locator('[data-testid=game-ag]').click())).toBe('请登录！');
    await p.locator('.tabbar .tabbar-item', { hasText: '优惠' }).click();
    await p.waitForURL(/#\/activity$/);
    await p.locator('.w-datatabs').first().waitFor();
    await p.goBack();
    await box.waitFor();

    // the fault goes; 重试 draws the notice bar in its place
    await setFault(p, null);
    await box.getByRole('button', { name: messages['error.retry'] }).click();
    await p.locator('.w-notice-line').waitFor();
    expect(await p.locator('[data-widget-failed]').count()).toBe(0);
    // the failure was logged for developers
    expect(errors.some((e) => e.includes('widget "NoticeBar" failed to render'))).toBe(true);
    expectClean(p);
  });
});

describe('an error outside any widget', () => {
  it('shows the error screen with 刷新 and 返回首页, never an empty page; 刷新 reloads into a working app', async () => {
    const { page: p } = await newPage(env.browser);
    const errors: string[] = [];
    p.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    allowConsole(p, /test fault: shell/, /the app failed to render/, /The above error occurred/);
    await go(p, '/');
    await p.locator('.w-sidetabs').waitFor();

    await setFault(p, 'shell');
    await p.reload();
    const screen = p.locator('[data-testid=app-error]');
    await screen.waitFor();
    expect(await screen.locator('h1').innerText()).toBe(messages['error.title']);
    expect(await screen.locator('p').innerText()).toBe(messages['error.text']);
    expect(await screen.getByRole('button').allInnerTexts()).toEqual([messages['error.reload'], messages['error.home']]);
    expect(errors.some((e) => e.includes('the app failed to render'))).toBe(true);
    expect(await accessible(p, '[data-testid=app-error]')).toEqual([]);

    // 返回首页 while the fault stays: the error screen again, not an empty page
    await screen.getByRole('button', { name: messages['error.home'] }).click();
    await screen.waitFor();

    await setFault(p, null);
    const navigated = p.waitForEvent('framenavigated');
    await screen.getByRole('button', { name: messages['error.reload'] }).click();
    await navigated;
    await p.locator('.w-sidetabs').waitFor();
    expect(await p.locator('[data-testid=app-error]').count()).toBe(0);
    await p.locator('.tabbar .tabbar-item', { hasText: '优惠' }).click();
    await p.waitForURL(/#\/activity$/);
    expectClean(p);
  });
});

describe('the app fails before React mounts', () => {
  it('keeps the static shell painted before JavaScript (one reload tried), never an empty page', async () => {
    const { page: p } = await newPage(env.browser);
    const failed: string[] = [];
    p.on('console', (m) => m.type() === 'error' && m.text().includes('the app failed to start') && failed.push(m.text()));
    allowConsole(p, /the app failed to start/, /Failed to load resource.*404/);
    // the app's code (main.tsx's chunk) is gone: every request for it answers 404
    await p.route(/\/assets\/app-[\w-]{8}\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
    // the page's loads, counted as the documents the tab asks for: a load event would miss the
    // first one when its failure comes (and reloads) before the page's own load event
    let loads = 0;
    p.on('request', (r) => r.isNavigationRequest() && r.frame() === p.mainFrame() && loads++);
    await p.goto(`${BASE}/#/`);
    await expect.poll(() => [failed.length, loads], { timeout: 20000 }).toEqual([2, 2]);
    expect(await p.evaluate(() => sessionStorage.getItem('release.bootReloaded'))).toBe('1');
    // the shell is on screen: the top bar with the site's name, the skeleton and the tab bar
    await p.locator('.app-shell .shell-topbar').waitFor();
    expect(await p.locator('.app-shell .shell-tabbar').isVisible()).toBe(true);
    expect(await p.locator('.app-shell .shell-body-main').isVisible()).toBe(true);
    expect(await p.locator('.tabbar').count()).toBe(0);
    // and no third load: one reload is all that is tried
    expect([failed.length, loads]).toEqual([2, 2]);
    expectClean(p);
  });
});
