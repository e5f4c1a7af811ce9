import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
const BASE = 'http://127.0.0.1:4723';
const DIST = '/work/wt/i23/dist-bench';
const gz = (p: string) => { try { return gzipSync(readFileSync(path.join(DIST, p))).length; } catch { return 0; } };
const routes: [string, string, boolean][] = (process.env.R ?? '/:home:0,/login:login:0,/mine:mine:1').split(',').map((x) => { const [a, b, c] = x.split(':'); return [a, b, c === '1']; });
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
let token = '';
{
  const r = await fetch(`${BASE}/api/login_pc`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'demo01', password: 'demo123', code: '' }) });
  token = ((await r.json()) as any).data.api_token;
}
for (const [route, screen, member] of routes) {
  const c = await b.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
  if (member) await c.addInitScript((t) => sessionStorage.setItem('token', t), token);
  const p = await c.newPage();
  await p.goto(`${BASE}/#${route}`);
  await p.waitForFunction((m) => performance.getEntriesByName(m).length > 0, `screen:${screen}`);
  await p.waitForLoadState('networkidle');
  const got = await p.evaluate((m) => ({ mark: performance.getEntriesByName(m)[0].startTime, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime, res: performance.getEntriesByType('resource').map((r: any) => ({ n: new URL(r.name).pathname, s: r.startTime, e: r.responseEnd })) }), `screen:${screen}`);
  let tot = 0;
  console.log(`== ${route} mark ${got.mark.toFixed(0)} fcp ${got.fcp?.toFixed(0)}`);
  for (const r of got.res) {
    const before = r.e <= got.mark;
    const size = /\.(js|css)$/.test(r.n) ? gz(r.n) : 0;
    if (before) tot += size;
    console.log(`${before ? '*' : ' '} ${r.n.padEnd(50)} ${(size / 1024).toFixed(1).padStart(6)} ${r.s.toFixed(0)}-${r.e.toFixed(0)}`);
  }
  console.log(`total before ${(tot / 1024).toFixed(1)}`);
  await c.close();
}
await b.close();
