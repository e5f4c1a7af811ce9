/**
 * Issue 7: the production Content-Security-Policy. The build is served with it (scripts/serve.ts),
 * it allows no eval and no inline script, frames only over https or from this origin, and a violation on a
 * page is recorded by the harness so expectClean() fails the test that caused it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, expectClean, go, launch, newPage, resetMock } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  await resetMock();
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

/** what expectClean(page) reports right now ('clean' when nothing) */
function recorded(page: Page): string {
  try {
    expectClean(page);
    return 'clean';
  } catch (err) {
    return JSON.stringify((err as { actual?: unknown }).actual ?? String(err));
  }
}

async function homePage(): Promise<Page> {
  const { page } = await newPage(browser);
  await go(page, '/');
  await page.locator('.tabbar').waitFor();
  return page;
}

describe('content security policy', () => {
  it('is sent with the app and allows no eval, no inline script, and frames and pictures over https or from this origin only', async () => {
    const res = await fetch(`${BASE}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const d = directives(csp);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-eval');
    expect(d.get('frame-src')).toEqual(["'self'", 'https:']);
    expect(d.get('img-src')).toEqual(["'self'", 'https:', 'data:', 'blob:']);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    // the same policy on the hashed assets and on the API
    const html = await res.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    expect((await fetch(`${BASE}${asset}`)).headers.get('content-security-policy')).toBe(csp);
    // the built page itself carries no inline script for the policy to forbid
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
  });

  it('blocks an injected inline script, and the harness records the violation so expectClean fails', async () => {
    const page = await homePage();
    expectClean(page);
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true;';
      document.body.appendChild(s);
    });
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('script:not([src])').length)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    await expect.poll(() => recorded(page)).toMatch(/CSP violation: script-src/);
    await page.context().close();
  });

  it('refuses eval in page code', async () => {
    const page = await homePage();
    // a timer callback runs as page code (code evaluated by the test tool itself is exempt from CSP)
    const outcome = await page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          setTimeout(() => {
            try {
              resolve(String(eval('1 + 1')));
            } catch (err) {
              resolve(err instanceof EvalError ? 'blocked' : String(err));
            }
          }, 0),
        ),
    );
    expect(outcome).toBe('blocked');
    await expect.poll(() => recorded(page)).toMatch(/CSP violation: script-src eval/);
    await page.context().close();
  });

  it('lets a frame load over http but not a data: frame', async () => {
    const page = await homePage();
    // http(s) frames are what the game and service pages use: no violation
    const css = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel=stylesheet]')?.href ?? '');
    expect(css).toMatch(/^http:/);
    await page.evaluate((src) => {
      const f = document.createElement('iframe');
      f.src = src;
      f.id = 'http-frame';
      document.body.appendChild(f);
    }, css);
    await page.frameLocator('#http-frame').locator('body').waitFor({ state: 'attached' });
    expectClean(page);
    await page.evaluate(() => {
      const f = document.createElement('iframe');
      f.src = 'data:text/html,<p>x</p>';
      document.body.appendChild(f);
    });
    await expect.poll(() => recorded(page)).toMatch(/CSP violation: frame-src/);
    await page.context().close();
  });
});
