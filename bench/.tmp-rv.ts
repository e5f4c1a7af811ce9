import { chromium } from 'playwright-core';
import { warmWorker } from './browser';
import { BASE } from './lib';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const c = await b.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
const p = await c.newPage();
await warmWorker(p, '/', 'home');
const seen: string[] = [];
c.on('request', (r) => {
  const u = r.url();
  if (!/\.(js|css)$/.test(new URL(u).pathname)) return;
  const sw = r.serviceWorker();
  void (sw ? Promise.resolve('SW-fetch') : r.response().then((res) => (res?.fromServiceWorker() ? 'from-sw' : 'NETWORK'))).then((k) => seen.push(`${k} ${new URL(u).pathname}`));
});
await p.reload();
await p.waitForLoadState('networkidle');
console.log(seen.sort().join('\n'));
await b.close();
