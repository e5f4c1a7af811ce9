/**
 * npm run screens — every screen at once: builds the app, starts it with the mock (MOCK_CONTROL=1)
 * on a free loopback port, and renders every route of routes.json (with the query each needs) for
 * each role, phone size and data preset into a folder, with an index.html contact sheet grouped by
 * route (each picture labelled with route, screen config file, role, size and data).
 *
 *   BRAND=<id>        a brand (brands/<id>/ over the product): its own build (dist-screens-<id>/) and
 *                     pictures (screens-out-<id>/), never another brand's
 *   --out DIR         where to write (default screens-out/, a brand's screens-out-<id>/)
 *   --sizes WxH,...   phone sizes (default 360x640,375x812,414x896)
 *   --as ROLE,...     visitor, member (default both; routes that need a login are skipped for the visitor)
 *   --data NAME,...   normal, stress, empty (default normal; mock-server/presets.ts)
 *   --routes /a,/b    only these routes (default all)
 *   --diff DIR        compare with an earlier run's pictures (pixelmatch): changed screens come first
 *                     in the sheet with the difference highlighted, one printed line per changed screen
 *   --no-build        reuse dist-screens/ (a brand's dist-screens-<id>/) from an earlier run (the config
 *                     is built into the app, so only when its config has not changed since)
 *   --with-notice     show the start-up notice (app info index_modal) on home; without it the mock
 *                     sends index_modal 0, so the notice does not cover home in every picture
 * The pictures are the same from run to run where nothing changed: a test-mode build (production
 * code, the captcha's code fixed through sessionStorage captcha.fixed, src/engine/captcha.tsx).
 * Exit code 0 (also when screens changed; the printed lines and the sheet say which), 2 on bad flags.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import { headlessChromium } from './check-browser';
import { PRESETS, brand, goHash, hashFor, needsMember, openApp, preset, root, routes, screenFile, setMock, tokenFor, trackRequests, type Preset, type SheetRoute } from './screens-lib';

const ROLES = ['visitor', 'member'] as const;
type Role = (typeof ROLES)[number];

interface Options {
  out: string;
  sizes: [number, number][];
  roles: Role[];
  data: Preset[];
  routes: SheetRoute[];
  diff: string | null;
  build: boolean;
  notice: boolean;
}

function usage(problem: string): never {
  console.error(`screens: ${problem}`);
  console.error('usage: npm run screens -- [--out DIR] [--sizes 360x640,...] [--as visitor,member] [--data normal,stress,empty] [--routes /a,/b] [--diff DIR] [--no-build] [--with-notice]');
  process.exit(2);
}

export function parseArgs(argv: string[]): Options {
  const o: Options = { out: brand ? `screens-out-${brand}` : 'screens-out', sizes: [[360, 640], [375, 812], [414, 896]], roles: [...ROLES], data: ['normal'], routes, diff: null, build: true, notice: false };
  const list = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--no-build') {
      o.build = false;
      continue;
    }
    if (flag === '--with-notice') {
      o.notice = true;
      continue;
    }
    const value = argv[i + 1];
    if (!flag.startsWith('--') || value === undefined || value.startsWith('--')) usage(`${flag} needs a value`);
    i += 1;
    switch (flag) {
      case '--out':
        o.out = value;
        break;
      case '--diff':
        o.diff = value;
        break;
      case '--sizes':
        o.sizes = list(value).map((s) => {
          const m = /^(\d{3,4})x(\d{3,4})$/.exec(s);
          if (!m) usage(`--sizes: "${s}" is not WIDTHxHEIGHT (for example 360x640)`);
          return [Number(m[1]), Number(m[2])] as [number, number];
        });
        break;
      case '--as':
        o.roles = list(value).map((r) => (ROLES as readonly string[]).includes(r) ? (r as Role) : usage(`--as: "${r}" is not one of ${ROLES.join(', ')}`));
        break;
      case '--data':
        o.data = list(value).map((d) => (PRESETS as readonly string[]).includes(d) ? (d as Preset) : usage(`--data: "${d}" is not one of ${PRESETS.join(', ')}`));
        break;
      case '--routes':
        o.routes = list(value).map((p) => routes.find((r) => r.path === p) ?? usage(`--routes: "${p}" is not a path of screens.config/routes.json`));
        break;
      default:
        usage(`unknown flag ${flag}`);
    }
  }
  if (!o.sizes.length || !o.roles.length || !o.data.length || !o.routes.length) usage('an empty list');
  if (o.diff && path.resolve(o.diff) === path.resolve(o.out)) usage('--diff must name a copy of an earlier run, not the --out folder (it is emptied first)');
  if (o.diff && !existsSync(o.diff)) usage(`--diff: ${o.diff} does not exist`);
  return o;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await fetch(url, { method: 'POST' }).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the app did not answer at ${url}`);
}

const slug = (p: string) => (p === '/' ? 'home' : p.replace(/^\//, '').replace(/[^a-zA-Z0-9_-]/g, '_'));
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Shot {
  route: SheetRoute;
  role: Role;
  size: string;
  data: Preset;
  file: string;
  /** with --diff: 'changed' (diff picture beside it), 'new' (no earlier picture), or 'same' */
  change?: 'changed' | 'new' | 'same';
  diffFile?: string;
  pixels?: number;
}

function compare(shot: Shot, out: string, before: string): void {
  const old = path.join(before, shot.file);
  if (!existsSync(old)) {
    shot.change = 'new';
    return;
  }
  const a = PNG.sync.read(readFileSync(old));
  const b = PNG.sync.read(readFileSync(path.join(out, shot.file)));
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const pad = (img: PNG) => {
    if (img.width === width && img.height === height) return img.data;
    const p = new PNG({ width, height });
    PNG.bitblt(img, p, 0, 0, img.width, img.height, 0, 0);
    return p.data;
  };
  const diff = new PNG({ width, height });
  const pixels = pixelmatch(pad(a), pad(b), diff.data, width, height, { threshold: 0.1, alpha: 0.2, diffColor: [255, 0, 64] });
  if (pixels === 0 && a.width === b.width && a.height === b.height) {
    shot.change = 'same';
    return;
  }
  shot.change = 'changed';
  shot.pixels = pixels;
  shot.diffFile = `diff/${shot.file}`;
  mkdirSync(path.dirname(path.join(out, shot.diffFile)), { recursive: true });
  writeFileSync(path.join(out, shot.diffFile), PNG.sync.write(diff));
  // the earlier picture beside it, so the sheet shows before, after and the difference
  mkdirSync(path.dirname(path.join(out, 'before', shot.file)), { recursive: true });
  writeFileSync(path.join(out, 'before', shot.file), readFileSync(old));
}

function sheet(shots: Shot[], o: Options, seconds: number): string {
  const label = (s: Shot) =>
    `<figcaption><b>${esc(s.route.path)}</b><br>${esc(screenFile(s.route))}<br>${s.role} · ${s.size} · ${s.data}${s.change && s.change !== 'same' ? ` · <em>${s.change}${s.pixels ? ` (${s.pixels} px)` : ''}</em>` : ''}</figcaption>`;
  const img = (src: string, alt: string) => `<a href="${esc(src)}"><img src="${esc(src)}" alt="${esc(alt)}" loading="lazy"></a>`;
  const figure = (s: Shot) =>
    s.change === 'changed' && s.diffFile
      ? `<figure class="changed">${img(s.file, 'now')}${img(`before/${s.file}`, 'before')}${img(s.diffFile, 'difference')}${label(s)}</figure>`
      : `<figure${s.change === 'new' ? ' class="new"' : ''}>${img(s.file, s.route.path)}${label(s)}</figure>`;
  const changed = shots.filter((s) => s.change === 'changed' || s.change === 'new');
  const groups = o.routes
    .map((r) => ({ r, list: shots.filter((s) => s.route === r) }))
    .filter((g) => g.list.length)
    .map((g) => `<section id="${esc(slug(g.r.path))}"><h2>${esc(g.r.path)} <small>${esc(g.r.title)} · ${esc(screenFile(g.r))}</small></h2><div class="row">${g.list.map(figure).join('')}</div></section>`);
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>screens</title>
<style>
body{font:14px system-ui,sans-serif;margin:16px;background:#f4f5f7;color:#1f2329}
h1{font-size:20px}h2{font-size:16px;margin:24px 0 8px}small{color:#5c6370;font-weight:normal}
.row{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
figure{margin:0;background:#fff;padding:8px;border-radius:8px;box-shadow:0 1px 3px #0002}
figure img{display:inline-block;width:200px;height:auto;border:1px solid #ddd;margin-right:4px;vertical-align:top}
figure.changed{outline:3px solid #e0003c}figure.new{outline:3px solid #1366e6}
figcaption{font-size:12px;line-height:1.5;margin-top:4px}em{color:#e0003c;font-style:normal}
</style></head><body>
<h1>${shots.length} screens · ${o.sizes.map((s) => s.join('x')).join(', ')} · ${o.roles.join(', ')} · ${o.data.join(', ')} · ${seconds.toFixed(0)} s</h1>
${o.diff ? `<section id="changed"><h2>Changed since ${esc(o.diff)}: ${changed.length} <small>(now · before · difference in red)</small></h2><div class="row">${changed.map(figure).join('') || 'none'}</div></section>` : ''}
${groups.join('\n')}
</body></html>
`;
}

export async function run(o: Options): Promise<Shot[]> {
  const started = Date.now();
  // each brand its own build: --no-build never shows one brand's pictures under another's name
  const distName = brand ? `dist-screens-${brand}` : 'dist-screens';
  const dist = path.join(root, distName);
  if (o.build || !existsSync(path.join(dist, 'index.html'))) {
    // test mode: the production bundle, with the captcha's code fixable (the same picture every run)
    const b = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--mode', 'test', '--outDir', distName, '--logLevel', 'warn', '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (b.status !== 0) throw new Error('vite build failed');
  }
  const port = Number(process.env.SCREENS_PORT) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'scripts', 'serve.ts')], {
    cwd: root,
    env: { ...process.env, DIST: dist, PORT: String(port), HOST: '127.0.0.1', MOCK_CONTROL: '1', MOCK_LATENCY_MS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: headlessChromium(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const shots: Shot[] = [];
  try {
    await waitFor(`${base}/api/app`, 30_000);
    rmSync(o.out, { recursive: true, force: true });
    mkdirSync(o.out, { recursive: true });
    for (const data of o.data) {
      const username = await preset(base, data);
      // the start-up notice would cover home in every picture (a preset starts from the seed, where it is on)
      if (!o.notice) await setMock(base, { index_modal: 0 });
      for (const role of o.roles) {
        const list = o.routes.filter((r) => role === 'member' || !needsMember(r));
        if (!list.length) continue;
        for (const [width, height] of o.sizes) {
          const size = `${width}x${height}`;
          const token = role === 'member' ? await tokenFor(base, username) : null;
          const context = await browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true, locale: 'zh-CN', deviceScaleFactor: 1 });
          const page = await context.newPage();
          await page.addInitScript(() => sessionStorage.setItem('captcha.fixed', '2468'));
          trackRequests(page);
          await openApp(page, base, token);
          for (const route of list) {
            await goHash(page, base, await hashFor(base, route, token));
            const file = `${data}/${role}/${size}/${slug(route.path)}.png`;
            mkdirSync(path.dirname(path.join(o.out, file)), { recursive: true });
            await page.screenshot({ path: path.join(o.out, file), fullPage: false, animations: 'disabled', caret: 'hide' });
            shots.push({ route, role, size, data, file });
          }
          await context.close();
        }
      }
    }
    await preset(base, 'normal');
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
  if (o.diff) {
    // changed screens first (in the printed lines and, in their own section, on the sheet)
    for (const s of shots) {
      compare(s, o.out, o.diff);
      if (s.change === 'changed') console.log(`changed ${s.route.path} ${s.role} ${s.size} ${s.data}: ${s.pixels} px differ, see ${path.join(o.out, s.diffFile ?? '')}`);
      if (s.change === 'new') console.log(`new ${s.route.path} ${s.role} ${s.size} ${s.data}: no earlier picture in ${o.diff}`);
    }
  }
  const seconds = (Date.now() - started) / 1000;
  writeFileSync(path.join(o.out, 'index.html'), sheet(shots, o, seconds));
  console.log(`wrote ${shots.length} screens and ${path.join(o.out, 'index.html')} in ${seconds.toFixed(0)} s`);
  return shots;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await run(parseArgs(process.argv.slice(2)));
}
