/**
 * Issue 29: an engine too old for JavaScript modules (it runs no `type="module"` script, only the
 * page's `nomodule` one) shows the Chinese notice of messages.json (open the page in the system
 * browser, or update WeChat) instead of the skeleton forever, under the product's CSP (the
 * notice's script is a file of this origin). Current Chromium stands in for such an engine: the
 * served index.html (its headers kept) loses its module script and the nomodule attribute, which
 * is what such an engine does with them. A current engine never runs that script.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import messagesJson from '../../screens.config/messages.json';
import { BASE, expectClean, go, launch, newPage } from './harness';

const messages: Record<string, string> = messagesJson.messages;
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the nomodule notice', () => {
  it('an engine without modules shows the notice in place of the shell, under the CSP', async () => {
    const { page } = await newPage(browser);
    await page.route(`${BASE}/`, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(/<script type="module"[^>]*><\/script>|<script async type="module"[^>]*><\/script>/g, '').replace(/<script nomodule /, '<script ');
      await route.fulfill({ response: res, body: html });
    });
    await go(page, '/');
    const notice = page.locator('.shell-nomodule');
    await notice.waitFor({ state: 'visible' });
    expect(await notice.locator('h1').textContent()).toBe(messages['browser.tooOldTitle']);
    expect(await notice.locator('p').textContent()).toBe(messages['browser.tooOld']);
    expect(await page.locator('.app-shell').isVisible()).toBe(false);
    expectClean(page);
  });

  it('a current engine never runs it: the app, and no notice', async () => {
    const { page } = await newPage(browser);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await go(page, '/');
    await page.locator('.tabbar').waitFor();
    expect(await page.locator('.shell-nomodule').count()).toBe(0);
    expect(asked.filter((p) => p === '/nomodule.js' || p.includes('/legacy/') || p.includes('polyfills'))).toEqual([]);
    expectClean(page);
  });
});
