/**
 * Look at a screen the way a player does: headless Debian Chromium at 375x812.
 *   tsx scripts/screenshot.ts <hash-path> <out.png> [--base http://localhost:5173] [--login demo01:demo123] [--full]
 * Example: tsx scripts/screenshot.ts /mine /tmp/mine.png --login demo01:demo123
 */
import { chromium } from 'playwright-core';
import { headlessChromium } from './check-browser';
import { settled, trackRequests } from './settle';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const [hashPath = '/', out = '/tmp/screen.png'] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const base = opt('--base') ?? 'http://localhost:5173';
const login = opt('--login');

const browser = await chromium.launch({
  executablePath: headlessChromium(),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
const page = await context.newPage();
trackRequests(page);
page.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
page.on('pageerror', (e) => console.error('pageerror:', e.message));
if (login) {
  const [name, password] = login.split(':');
  const res = await page.request.post(`${base}/api/login_pc`, { data: { name, password, code: '0000' } });
  const token = ((await res.json()) as { data: { api_token: string } }).data.api_token;
  await page.goto(`${base}/#/`);
  await page.evaluate((t) => sessionStorage.setItem('token', t), token);
  await page.reload();
}
await page.goto(`${base}/#${hashPath}`);
await settled(page, 30000, undefined, 500);
await page.waitForTimeout(Number(opt('--wait') ?? 600));
await page.screenshot({ path: out, fullPage: args.includes('--full') });
console.log(`wrote ${out}`);
await browser.close();
