/**
 * `npm run serve` answers the site's paths as nginx does (deploy/nginx/bet-h5.conf as committed, on
 * Debian's nginx): one build, the same paths asked of both (the page, an unknown path, the app's
 * routes, an asset, a missing asset, the assets folder, a folder, a dotfile, /.well-known/, the
 * release file, the manifest, a POST to the page), and the same status, Cache-Control, type and
 * body come back. (It answered 404 where nginx serves the page.) A misspelt BRAND gets the brands.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_DIR } from '../../scripts/gen-nginx';
import { fillSite, listenOn } from '../../scripts/nginx';
import { createServer } from '../../scripts/serve';
import { freePort, startNginx } from './nginx-run';

const root = path.resolve(__dirname, '..', '..');
const work = mkdtempSync(path.join(tmpdir(), 'serve-nginx-paths-'));
const dist = path.join(work, 'dist');

/** a build's files (what each path must find), readable by nginx's workers */
function fakeBuild(): void {
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>app</title><div id="root"></div>',
    'sw.js': 'self.addEventListener("fetch", () => {});',
    'manifest.webmanifest': '{"name":"app"}',
    'version.json': '{"build":"abc","required":false}',
    'robots.txt': 'User-agent: *',
    'assets/app-1a2b.js': 'console.log(1);',
    'assets/app-1a2b.css': 'body{margin:0}',
    'icons/pwa-192.png': 'png',
    '.env': 'SECRET=1',
    '.well-known/security.txt': 'Contact: mailto:a@example.com',
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), text);
  }
  const open = (p: string) => {
    chmodSync(p, statSync(p).isDirectory() ? 0o755 : 0o644);
    if (statSync(p).isDirectory()) for (const n of readdirSync(p)) open(path.join(p, n));
  };
  open(work);
}

let serve: Server;
let nginx: { stop: () => Promise<void> } | undefined;
let serveOrigin = '';
let nginxOrigin = '';

beforeAll(async () => {
  fakeBuild();
  serve = createServer(dist).listen(0, '127.0.0.1');
  await new Promise((r) => serve.once('listening', r));
  serveOrigin = `http://127.0.0.1:${(serve.address() as AddressInfo).port}`;
  const port = await freePort();
  nginxOrigin = `http://127.0.0.1:${port}`;
  const site = fillSite(readTemplate(), { listen: listenOn('127.0.0.1', port), serverName: '_', root: dist, conf: NGINX_DIR, upstream: serveOrigin, rumLog: path.join(work, 'rum.jsonl') });
  nginx = await startNginx(site, path.join(work, 'nginx'), () => fetch(nginxOrigin));
}, 30_000);

afterAll(async () => {
  await nginx?.stop();
  await new Promise((r) => serve.close(r));
  rmSync(work, { recursive: true, force: true });
});

const readTemplate = () => readFileSync(path.join(NGINX_DIR, 'bet-h5.conf'), 'utf8');

/** what a server answers a path, without compression: what both must agree on */
async function ask(origin: string, p: string, method = 'GET') {
  const r = await fetch(`${origin}${p}`, { method, redirect: 'manual', headers: { 'Accept-Encoding': 'identity' } });
  const body = await r.text();
  // (one type of two names: Debian's mime.types says application/javascript, Node text/javascript, which RFC 9239 made the one to send)
  const type = (r.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase().replace('application/javascript', 'text/javascript');
  return { status: r.status, cache: r.headers.get('cache-control'), ...(r.status === 200 ? { type, body } : {}) };
}

describe('npm run serve answers every path as nginx does', () => {
  const PATHS = [
    '/', // the page
    '/index.html',
    '/recharge', // an unknown path: the app (its routes are after the #)
    '/some/deep/path',
    '/missing.js', // a missing file outside /assets/: the app, as nginx does
    '/sw.js',
    '/robots.txt',
    '/assets/app-1a2b.js', // an asset
    '/assets/app-1a2b.css',
    '/assets/app-9z9z.js', // a missing asset: a 404, never the page
    '/assets/', // the assets folder
    '/assets', // ... named without its slash: the app
    '/icons', // a folder: the app
    '/icons/',
    '/icons/pwa-192.png',
    '/.env', // a dotfile
    '/assets/.env',
    '/.well-known/security.txt',
    '/version.json',
    '/manifest.webmanifest',
  ];

  it.each(PATHS)('%s', async (p) => {
    const [a, b] = await Promise.all([ask(nginxOrigin, p), ask(serveOrigin, p)]);
    expect(b, `npm run serve ${p}`).toEqual(a);
  });

  it('the answers are the ones bet-h5.conf means: the page for an unknown path, a 404 never cached for a missing asset', async () => {
    expect(await ask(serveOrigin, '/recharge')).toEqual({ status: 200, cache: 'no-cache', type: 'text/html', body: '<!doctype html><title>app</title><div id="root"></div>' });
    expect(await ask(serveOrigin, '/assets/app-9z9z.js')).toEqual({ status: 404, cache: 'no-store' });
    expect(await ask(serveOrigin, '/.env')).toEqual({ status: 404, cache: null });
  });

  it('a POST to the page is refused alike', async () => {
    const [a, b] = await Promise.all([ask(nginxOrigin, '/', 'POST'), ask(serveOrigin, '/', 'POST')]);
    expect(b.status).toBe(a.status);
  });
});

describe('a misspelt BRAND', () => {
  const tsx = (script: string) => [process.execPath, '--import', 'tsx', path.join(root, 'scripts', script)];
  const listed = (id: string, hint = '') => `BRAND=${id}: no brand "${id}": the brands are jinsha, yinhe; a brand is a folder of brands/${hint}`;
  it.each([
    { what: 'npm run serve', argv: tsx('serve.ts'), brand: 'weinsi', said: listed('weinsi') },
    { what: 'npm run serve', argv: tsx('serve.ts'), brand: 'jinsah', said: listed('jinsah', '; did you mean "jinsha"?') },
    { what: 'npm run screens', argv: tsx('screens.ts'), brand: 'weinsi', said: listed('weinsi') },
    { what: 'npm run build (and npm start: vite.config.ts)', argv: [path.join(root, 'node_modules', '.bin', 'vite'), 'build'], brand: 'weinsi', said: listed('weinsi') },
  ])('$what with BRAND=$brand: the brands there are, not "run the build first"', ({ argv: [cmd, ...args], brand, said }) => {
    const r = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', env: { ...process.env, BRAND: brand, BRANDS_DIR: '', DIST: '' } });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(said);
  });
});
