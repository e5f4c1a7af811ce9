/**
 * What a dev server open to the network gives another machine (scripts/vite/network-guard.ts),
 * request by request, on this project's own folders: the app's page and what it loads pass; every
 * other file of the repository, Vite's other doors and a path in any but its plain form are refused.
 * tests/e2e/network.e2e.ts asks the running servers from a second host.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appFolders, hmrMessageAllowed, plainTarget, refusal } from '../../scripts/vite/network-guard';

const root = path.resolve(__dirname, '..', '..');
/** a scratch config folder outside the project (the studio's) and a public folder with a picture */
const scratch = mkdtempSync(path.join(tmpdir(), 'guard-config-'));
const pub = mkdtempSync(path.join(tmpdir(), 'guard-public-'));
for (const f of ['app.json', 'messages.json', 'routes.json', 'screens/home.json', 'forms/login.json', 'schema/app.schema.json', 'assets/logo.svg', 'notes.txt']) {
  mkdirSync(path.dirname(path.join(scratch, f)), { recursive: true });
  writeFileSync(path.join(scratch, f), '{}');
}
writeFileSync(path.join(pub, 'app-icon.svg'), '<svg/>');
symlinkSync(path.join(root, 'package.json'), path.join(pub, 'leak.json'));
mkdirSync(path.join(pub, 'sub'));
writeFileSync(path.join(pub, 'sub', 'x.svg'), '<svg/>');
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(pub, { recursive: true, force: true });
});

const product = appFolders({ root, configDir: path.join(root, 'screens.config') }, { publicDir: pub, cacheDir: path.join(root, 'node_modules', '.vite') });
const studio = appFolders({ root, configDir: scratch }, { publicDir: pub, cacheDir: path.join(root, 'node_modules', '.vite-studio') });
const passes = (url: string, f = product, method = 'GET') => refusal(method, url, f) === null;

describe('what passes: the page and what it loads', () => {
  it.each([
    '/',
    '/index.html',
    '/@vite/client',
    '/@react-refresh',
    '/@id/__x00__virtual:screen-index',
    '/@id/__x00__virtual:api-wire',
    '/src/boot.ts',
    '/src/config/index.ts?t=1700000000000',
    '/src/styles.css',
    '/screens.config/app.json?import',
    '/screens.config/screens/home.json?import&t=1700000000000',
    '/screens.config/forms/login.json?import',
    '/node_modules/.vite/deps/react.js?v=0d489f95',
    '/node_modules/.vite/deps/chunk-not-written-yet.js?v=0d489f95',
    '/node_modules/vite/dist/client/env.mjs',
    '/node_modules/antd-mobile/es/global/global.css',
    '/app-icon.svg',
  ])('%s', (url) => expect(refusal('GET', url, product)).toBeNull());

  it('the mock: its API (any method), frame pages, game and pictures', () => {
    for (const url of ['/api/app', '/api/game/list?category=', '/__mock/page/kefu', '/__mock/game/state?ticket=x', '/mock-assets/banner/1.svg']) expect(passes(url), url).toBe(true);
    expect(passes('/api/login_pc', product, 'POST')).toBe(true);
    expect(passes('/__mock/game/spin', product, 'POST')).toBe(true);
  });

  it('a config folder outside the project (the studio\'s scratch copy): its config files by /@fs/, nothing else of it', () => {
    for (const f of ['app.json', 'messages.json', 'routes.json', 'screens/home.json', 'forms/login.json']) expect(passes(`/@fs${scratch}/${f}?import`, studio), f).toBe(true);
    for (const f of ['schema/app.schema.json', 'assets/logo.svg', 'notes.txt', '', 'screens']) expect(passes(`/@fs${scratch}/${f}`, studio), f || '(the folder)').toBe(false);
    expect(passes('/node_modules/.vite-studio/deps/react.js?v=1', studio)).toBe(true);
  });
});

describe('what is refused', () => {
  it.each([
    '/package.json',
    '/vite.config.ts',
    '/mock-server/fixtures/site.ts',
    '/mock-server/local-only.ts?import',
    '/studio/server.ts',
    '/scripts/serve.ts',
    '/deploy/nginx/bet-h5.conf',
    '/tests/unit/network-guard.test.ts',
    '/docs/OPERATING.md',
    '/.git/config',
    '/node_modules/.cache/screens-assets/x.source',
    '/node_modules/.vite/deps/_metadata.json',
    '/node_modules/.vite/deps/sub/x.js',
    '/node_modules/vite/package.json',
    '/node_modules/express/index.js',
    '/node_modules/antd-mobile/package.json',
    '/screens.config/schema/app.schema.json',
    '/screens.config/assets/app-icon.svg',
    '/src/boot.ts?raw',
    '/src/boot.ts?url',
    '/src/boot.ts?inline',
    '/src/boot.ts?worker',
    '/src/boot.ts?import&raw',
    '/index.html?raw',
    '/?import',
    '/@fs/etc/passwd',
    `/@fs${root}/package.json`,
    `/@fs${root}/src/boot.ts/../../package.json`,
    '/@id/package.json',
    '/@id/__x00__/etc/passwd',
    '/@vite/env',
    '/__open-in-editor?file=package.json',
    '/__studio/enter?as=member',
    '/__mock/state',
    '/__mock/login',
    '/__mock/openapi.json',
    '/leak.json',
    '/sub/x.svg',
    '/nothing-here.js',
  ])('%s', (url) => expect(refusal('GET', url, product)).toBe("this address gives another machine the app only (its page, modules, config, pictures and the mock's /api)"));

  it('a path in any but its plain form: dot segments (encoded too), doubled slashes, a backslash, NUL, a fragment, bad escapes', () => {
    for (const url of ['/src/../package.json', '/src/%2e%2e/package.json', '/src/..%2fpackage.json', '/src//boot.ts', '/src\\boot.ts', '/src/boot.ts%00', '/src/boot.ts#x', '/src/%E0%A4%A', 'src/boot.ts', '/./src/boot.ts']) {
      expect(plainTarget(url), url).toBeUndefined();
      expect(passes(url), url).toBe(false);
    }
    expect(plainTarget('/src/a%20b.ts?v=1&t=2')).toEqual({ pathname: '/src/a b.ts', keys: ['v', 't'] });
  });

  it('only GET and HEAD for what is not the mock\'s', () => {
    expect(passes('/src/boot.ts', product, 'HEAD')).toBe(true);
    for (const m of ['POST', 'PUT', 'DELETE']) expect(passes('/src/boot.ts', product, m), m).toBe(false);
  });
});

describe('the HMR socket: what a page\'s client sends in an app\'s life, nothing else', () => {
  it('ping and vite:invalidate pass; vite:invoke, vite:forward-console, a plugin\'s event, anything else is dropped', () => {
    expect(hmrMessageAllowed('{"type":"ping"}')).toBe(true);
    expect(hmrMessageAllowed(JSON.stringify({ type: 'custom', event: 'vite:invalidate', data: { path: '/src/a.ts' } }))).toBe(true);
    for (const m of [
      { type: 'custom', event: 'vite:invoke', data: { name: 'fetchModule', id: 'send:1', data: ['/package.json'] } },
      { type: 'custom', event: 'vite:forward-console', data: {} },
      { type: 'custom', event: 'studio:anything' },
      { type: 'update' },
    ]) {
      expect(hmrMessageAllowed(JSON.stringify(m)), m.type).toBe(false);
    }
    for (const raw of ['', 'not json', 'null', '[]', Buffer.from('{"type":"custom","event":"vite:invoke"}')]) expect(hmrMessageAllowed(raw), String(raw)).toBe(false);
  });
});
