/**
 * Issue 31: the pure parts of the build's plugins (scripts/vite/), each what the build writes or
 * decides for a given input: the route hints of index.html, the chunk groups cut from a module
 * graph, what the service worker precaches, the config as the browser gets it, app.json's fallback.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiWireModule } from '../../scripts/vite/api-wire.ts';
import { appJsonOf, FALLBACK_APP } from '../../scripts/vite/app-json.ts';
import { fillIndexHtml } from '../../scripts/vite/app-shell-html.ts';
import { brandAssets } from '../../scripts/vite/brand-assets.ts';
import { ANTD_GROUPS, chunkGroups, groupModules, preloadDependencies, screenChunkGroups } from '../../scripts/vite/chunk-groups.ts';
import { addCompileHints, COMPILE_HINT, COMPILED_WHOLE } from '../../scripts/vite/compile-hints.ts';
import { checkOutput, needsCheck, overlayError } from '../../scripts/vite/config-check.ts';
import { strippedConfig } from '../../scripts/vite/config-json.ts';
import { schemaSource } from '../../src/config/source/index';
import { schemaCursor } from '../../src/config/overlay/schema-cursor.ts';
import { earlyReads, routeChunks } from '../../scripts/vite/preload-app.ts';
import { markReactRouterPure } from '../../scripts/vite/react-router-pure.ts';
import { readScreens, type ScreenFacts } from '../../scripts/vite/screen-facts.ts';
import { screenIndexModule } from '../../scripts/vite/screen-index.ts';
import { onlyWhenBuilt, precached, PWA_BUILD } from '../../scripts/vite/web-app.ts';
import { VitePWA } from 'vite-plugin-pwa';
import type { RouteConfig } from '../../src/config/types.ts';
import { endpoints } from '../../src/api/catalogue.ts';
import { expandShape } from '../../src/api/wire-shape.ts';

const root = '/p';
const paths = { root, configDir: '/p/screens.config' };
const facts = (s: Partial<ScreenFacts>): ScreenFacts => ({ widgets: [], deferred: [], forms: [], fields: [], data: [], ...s });
const route = (r: Partial<RouteConfig> & { path: string; screen: string }) => r as RouteConfig;

describe('route chunks and early reads (index.html)', () => {
  const chunks = [
    { fileName: 'assets/app-1.js', moduleIds: ['/p/src/main.tsx'], imports: [] },
    { fileName: 'assets/home-2.js', moduleIds: ['/p/screens.config/screens/home.json', '/p/src/widgets/Carousel/index.tsx'], imports: ['assets/swiper-3.js', 'assets/app-1.js'], viteMetadata: { importedCss: new Set(['assets/home-2.css']) } },
    { fileName: 'assets/swiper-3.js', moduleIds: ['/p/node_modules/x.js'], imports: [] },
    { fileName: 'assets/choice-4.js', moduleIds: ['/p/src/engine/form-choice.tsx'], imports: [] },
    { fileName: 'assets/login-5.js', moduleIds: ['/p/screens.config/screens/login.json'], imports: ['assets/swiper-3.js'] },
  ];
  const screens = { home: facts({ widgets: ['Carousel'] }), login: facts({ fields: ['select', 'text'] }) };

  it('names for each route its chunks, what they import and their stylesheets, less what the app has loaded, each file once', () => {
    const out = JSON.parse(routeChunks(paths, chunks, ['assets/app-1.js'], screens, [route({ path: '/', screen: 'home' }), route({ path: '/login', screen: 'login' }), route({ path: '/x', screen: 'nowhere' })]));
    expect(out.f).toEqual(['assets/home-2.js', 'assets/swiper-3.js', 'assets/home-2.css', 'assets/login-5.js', 'assets/choice-4.js']);
    expect(out.r).toEqual({ '/': [0, 1, 2], '/login': [3, 1, 4] });
    // every route reads the session's start early: the app's info, and the member with a token
    const start = { r: [['POST', '/api/app', {}], ['POST', '/api/user', {}, 1]], n: 0 };
    expect(out.e).toEqual({ '/': start, '/login': start });
  });

  it('escapes < and & so the JSON cannot end its <template>', () => {
    const out = routeChunks(paths, [{ fileName: 'assets/<&.js', moduleIds: ['/p/screens.config/screens/home.json'], imports: [] }], [], { home: facts({}) }, [route({ path: '/', screen: 'home' })]);
    expect(out).not.toMatch(/[<&]/);
    expect(JSON.parse(out).f).toEqual(['assets/<&.js']);
  });

  it('early reads: the binding-free reads of the catalogue, with the token for a member route and the key picture', () => {
    const app = ['POST', '/api/app', {}];
    const user = ['POST', '/api/user', {}, 1];
    const s = facts({ data: [['games', 'gameList', { category: 'x' }, false], ['nope', 'noSuchCall', {}, false]], picture: ['games', ['name']] });
    // the screen's own first (n of them: before its chunks), the session's after
    expect(earlyReads(route({ path: '/', screen: 'home' }), s)).toEqual({ r: [['GET', '/api/game/list', { category: 'x' }], app, user], n: 1, p: [0, ['name']] });
    expect(earlyReads(route({ path: '/m', screen: 'home', auth: true }), s)).toMatchObject({ a: 1 });
    // a route the app's info may refuse: only the session's start
    expect(earlyReads(route({ path: '/h', screen: 'home', requireApp: { field: 'redpacket_switch', message: 'm' } }), s)).toEqual({ r: [app, user], n: 0 });
    expect(earlyReads(route({ path: '/e', screen: 'home' }), facts({}))).toEqual({ r: [app, user], n: 0 });
  });

  it('early reads: never a call app.json answers itself (a brand\'s own customer service address): the app sends it no request', () => {
    const kefu = facts({ data: [['service', 'getservicerurl', {}, false]] });
    expect(earlyReads(route({ path: '/kefu', screen: 'kefu' }), kefu, { brand: { serviceUrl: '' } })?.r[0]).toEqual(['POST', '/api/getservicerurl', {}]);
    expect(earlyReads(route({ path: '/kefu', screen: 'kefu' }), kefu, { brand: { serviceUrl: 'https://kefu.jinsha.example.com/' } })).toEqual({ r: [['POST', '/api/app', {}], ['POST', '/api/user', {}, 1]], n: 0 });
  });

  it("early reads: a screen's onEnter reads (/mine's member and wallet, flagged for the token), the game lists where it shows them, each read once", () => {
    const mine = facts({ enter: [['user', {}], ['refreshusermoney', {}]] });
    expect(earlyReads(route({ path: '/mine', screen: 'mine', auth: true, guard: 'login' }), mine)).toEqual({
      r: [['POST', '/api/user', {}, 1], ['POST', '/api/refreshusermoney', {}, 1], ['POST', '/api/app', {}]],
      n: 2,
      a: 1,
    });
    expect(earlyReads(route({ path: '/', screen: 'home' }), facts({ games: true }))?.r).toEqual([['GET', '/api/game/list', { category: '' }], ['POST', '/api/app', {}], ['POST', '/api/user', {}, 1]]);
  });
});

describe('chunk groups', () => {
  const graph = {
    '/p/src/boot.ts': ['/p/node_modules/vite/preload-helper.js'],
    '/p/src/main.tsx': ['/p/src/app.tsx', '/p/node_modules/vite/preload-helper.js'],
    '/p/src/app.tsx': ['/p/node_modules/antd-mobile/es/components/button/index.js'],
    '/p/node_modules/antd-mobile/es/components/button/index.js': ['/p/node_modules/antd-mobile/es/utils/a.js', '/p/node_modules/react/index.js', '/p/node_modules/antd-mobile/es/index.js'],
    '/p/node_modules/antd-mobile/es/components/list/index.js': ['/p/node_modules/antd-mobile/es/utils/a.js', '/p/node_modules/antd-mobile/es/utils/b.js'],
  } as Record<string, string[]>;
  const found = groupModules({ ids: Object.keys(graph), importedIds: (id) => graph[id] ?? [] });

  it('the app chunk is what main.tsx imports, less what the entry (boot.ts) imports itself', () => {
    expect([...found.app].sort()).toEqual(['/p/node_modules/antd-mobile/es/components/button/index.js', '/p/node_modules/antd-mobile/es/index.js', '/p/node_modules/antd-mobile/es/utils/a.js', '/p/node_modules/antd-mobile/es/utils/b.js', '/p/node_modules/react/index.js', '/p/src/app.tsx', '/p/src/main.tsx'].filter((id) => !id.endsWith('b.js')));
  });

  it('antd-mobile parts: a root with the helpers it imports, not React, not the barrel, a helper to the first group that has it', () => {
    expect(Object.fromEntries(found.antd)).toEqual({
      '/p/node_modules/antd-mobile/es/components/button/index.js': 'antd-base',
      '/p/node_modules/antd-mobile/es/utils/a.js': 'antd-base',
      '/p/node_modules/antd-mobile/es/components/list/index.js': 'list-widgets',
      '/p/node_modules/antd-mobile/es/utils/b.js': 'list-widgets',
    });
  });

  it('a screen takes the widgets and forms only it draws; core widgets and shared ones keep their chunks', () => {
    const groups = screenChunkGroups(paths, {
      home: facts({ widgets: ['Carousel', 'Text', 'Shared'] }),
      login: facts({ widgets: ['Shared'], forms: ['login'] }),
      mine: facts({ widgets: ['Text'], deferred: ['Shared'] }),
    });
    expect(groups.map((g) => g.name)).toEqual(['home', 'login']);
    const [home, login] = groups.map((g) => g.test as (id: string) => boolean);
    expect(home(path.join('/p/src/widgets/Carousel', 'index.tsx'))).toBe(true);
    expect(home('/p/screens.config/screens/home.json')).toBe(true);
    expect(home('/p/src/widgets/Text/index.tsx')).toBe(false);
    expect(home('/p/src/widgets/Shared/index.tsx')).toBe(false);
    expect(login('/p/screens.config/forms/login.json')).toBe(true);
  });

  it('the groups in order: React, the app, the screens, antd-mobile', () => {
    expect(chunkGroups(paths, { home: facts({ widgets: ['Carousel'] }) }).groups.map((g) => [g.name, g.priority])).toEqual([
      ['react', 20],
      ['app', 5],
      ['home', 4],
      ['antd-base', 10],
      ['Form', 10],
      ['list-widgets', 10],
    ]);
  });

  it('a dynamic import does not preload React, the runtime, the entry or the app again; index.html does', () => {
    const deps = ['assets/react-AAAAAAAA.js', 'assets/app-BBBBBBBB.js', 'assets/rolldown-runtime-CCCCCCCC.js', 'assets/index-DDDDDDDD.js', 'assets/Form-EEEEEEEE.js'];
    expect(preloadDependencies('x', deps, { hostType: 'js' })).toEqual(['assets/Form-EEEEEEEE.js']);
    expect(preloadDependencies('x', deps, { hostType: 'html' })).toEqual(deps);
  });
});

describe('the real config read by the build', () => {
  const configDir = path.resolve('screens.config');
  it('every screen has its facts, and the screen index carries only what the app reads', () => {
    const screens = readScreens(configDir);
    expect(Object.keys(screens)).toContain('home');
    const index = screenIndexModule(screens);
    expect(index.startsWith('export default {')).toBe(true);
    const all = JSON.parse(index.slice('export default '.length, -1));
    expect(Object.keys(all.home)).toEqual(['widgets', 'forms', 'fields', 'data', 'games']);
    // the game lists: home shows them, /mine does not (issue 38: it fetched them for nothing)
    expect(Object.keys(all).filter((name) => all[name].games)).toEqual(['home']);
    expect(screens.mine.enter).toEqual([['user', {}], ['refreshusermoney', {}]]);
  });
});

describe('the catalogue as the browser gets it (virtual:api-wire)', () => {
  const wire = JSON.parse(apiWireModule().replace(/^export default /, '').replace(/;$/, '')) as Record<string, object>;
  it('every endpoint of the catalogue, and nothing else', () => {
    expect(Object.keys(wire).sort()).toEqual(Object.keys(endpoints).sort());
  });
  it('each one read back is the method, path and flags the catalogue gives it, without its payload schema', () => {
    for (const [name, ep] of Object.entries(endpoints) as [string, { method: string; path: string; idempotent?: boolean; multipart?: boolean; fromConfig?: object }][]) {
      const want = { method: ep.method, path: ep.path, ...(ep.idempotent ? { idempotent: true } : {}), ...(ep.multipart ? { multipart: true } : {}), ...(ep.fromConfig ? { fromConfig: ep.fromConfig } : {}) };
      expect(expandShape(name, wire[name]), name).toEqual(want);
    }
    expect(apiWireModule()).not.toMatch(/payload|properties|minLength/);
    // the customer service address app.json may give in place of the backend's
    expect(wire.getservicerurl).toEqual({ fromConfig: { key: 'brand.serviceUrl', field: 'url' } });
  });
  it('a GET to another path with both flags is written out; a plain POST to /api/<name> is empty', () => {
    const mod = apiWireModule({ a: { method: 'GET', path: '/api/x/a', idempotent: true, multipart: true }, b: { method: 'POST', path: '/api/b' } });
    expect(mod).toBe('export default {"a":{"method":"GET","path":"/api/x/a","idempotent":true,"multipart":true},"b":{}};');
  });
});

describe('small transforms', () => {
  it("V8's compile hint starts the chunks every tap runs, and no other file", () => {
    const bundle = {
      'assets/react-1.js': { type: 'chunk', name: 'react', code: 'import"./a.js";f()' },
      'assets/home-2.js': { type: 'chunk', name: 'home', code: 'g()' },
      'assets/app-3.css': { type: 'asset', name: 'app', source: 'a{}' },
    };
    addCompileHints(Object.values(bundle), ['react', 'app']);
    expect(bundle['assets/react-1.js'].code).toBe(`${COMPILE_HINT}\nimport"./a.js";f()`);
    expect(bundle['assets/home-2.js'].code).toBe('g()');
    expect(bundle['assets/app-3.css'].source).toBe('a{}');
    // the names are the build's chunk groups or modules the engine imports on demand (a renamed one would silently lose its hint)
    const onDemand = ['src/engine/ui.ts', 'src/engine/form-draft-load.ts'].flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/import\('\.\/([\w-]+)'\)/g)].map((m) => m[1]));
    expect(onDemand).toEqual(expect.arrayContaining(['ui-antd', 'form-draft-keeper']));
    expect(COMPILED_WHOLE.filter((n) => !['react', 'app', ...ANTD_GROUPS.map((g) => g.name), ...onDemand].includes(n))).toEqual([]);
  });

  it('the service worker precaches the shell and the root files, not every chunk', () => {
    expect(precached('index.html')).toBe(true);
    expect(precached('assets/app-abcdefgh.js')).toBe(true);
    expect(precached('assets/antd-base-abcdefgh.css')).toBe(true);
    expect(precached('pwa-192x192.png')).toBe(true);
    expect(precached('assets/home-abcdefgh.js')).toBe(false);
  });

  it('config JSON for the browser loses $schema, $format and description, and the ids of lists keyed by id only; bad JSON is left to the check', () => {
    expect(strippedConfig('{"$schema":"./s.json","$format":2,"description":"note","routes":[1]}')).toBe('{"routes":[1]}');
    expect(strippedConfig('{"routes":')).toBeUndefined();
    // a screen: a node's id and a Menu entry's id go (brands' names for them); a payload's id, a tab's key stay
    const screen = schemaCursor(schemaSource(process.cwd()), 'screen');
    const json = { body: [{ id: 'm', type: 'Menu', props: { items: [{ id: 'a', title: 'A', onTap: [{ type: 'api', endpoint: 'x', payload: { id: 1 } }] }] } }, { id: 't', type: 'Tabs', props: { tabs: [{ key: 'k', title: 'K', children: [{ id: 'c', type: 'Text' }] }] } }] };
    expect(JSON.parse(strippedConfig(JSON.stringify(json), screen)!)).toEqual({
      body: [{ type: 'Menu', props: { items: [{ title: 'A', onTap: [{ type: 'api', endpoint: 'x', payload: { id: 1 } }] }] } }, { type: 'Tabs', props: { tabs: [{ key: 'k', title: 'K', children: [{ type: 'Text' }] }] } }],
    });
  });

  it('react-router: top-level React calls marked pure, displayName lines dropped, nothing else', () => {
    const code = 'var Ctx = React.createContext(null);\nLink.displayName = "Link";\nvar x = foo();\n';
    expect(markReactRouterPure(code)).toBe('var Ctx = /* @__PURE__ */ React.createContext(null);\n\nvar x = foo();\n');
  });

  it('app.json: read when whole, the fallback when broken or missing a part the build draws with', () => {
    const app = { brand: { siteName: 'S', shortName: 's' }, theme: { primary: '#000000' }, webApp: { icon: 'assets/i.svg', backgroundColor: '#fff' } };
    expect(appJsonOf(JSON.stringify(app))).toEqual(app);
    expect(appJsonOf('{"brand":')).toBe(FALLBACK_APP);
    expect(appJsonOf(JSON.stringify({ ...app, theme: {} }))).toBe(FALLBACK_APP);
  });

  it('index.html: title escaped, theme colour cleaned, stylesheet and shell inline', () => {
    const html = '<title>%APP_TITLE%</title><meta content="%APP_THEME%"></head><div id="root"></div>';
    const app = { brand: { siteName: 'A<b>', shortName: 'a' }, theme: { primary: '#12ab34"x' }, webApp: { icon: 'i', backgroundColor: '#fff' } };
    const out = fillIndexHtml(html, app, 'body{}', { css: '.s{}', markup: '<nav></nav>' });
    expect(out).toContain('<title>Ab</title>');
    expect(out).toContain('content="#12ab34"');
    expect(out).toMatch(/<style>body\{\}\n[^<]*\.s\{\}<\/style>/);
    expect(out).toContain('<div id="root"><nav></nav></div>');
  });

  it('the config check: its problems, or one saying it did not run; a change to a generated file runs no check', () => {
    const logged: string[] = [];
    expect(checkOutput('[]', 'regenerated src/x.gen.ts\nother', (l) => logged.push(l))).toEqual([]);
    expect(logged).toEqual(['regenerated src/x.gen.ts']);
    expect(checkOutput('', 'boom', () => {})[0].message).toBe('the config check did not run: boom');
    expect(needsCheck(paths, '/p/screens.config/app.json')).toBe(true);
    expect(needsCheck(paths, '/p/src/widgets/Text/schema.ts')).toBe(true);
    expect(needsCheck(paths, '/p/src/config/schemas.gen.ts')).toBe(false);
    expect(needsCheck(paths, '/p/src/engine/screen.tsx')).toBe(false);
  });

  it('the overlay names the first problem at its line and column when it has one', () => {
    expect(overlayError(root, [{ file: 'screens.config/app.json', path: '/', message: 'm', line: 3, column: 4, frame: 'x' }])).toMatchObject({ id: '/p/screens.config/app.json', loc: { file: '/p/screens.config/app.json', line: 3, column: 4 }, plugin: 'config-check' });
    expect(overlayError(root, [{ file: 'screens.config/app.json', path: '/a', message: 'm' }])).not.toHaveProperty('loc');
  });
});

describe('the brand assets (the public folder): every SVG one the build can draw, each problem named with its own file', () => {
  /** a project with a product config and a brand's overlay, its assets as given; the brand's merged folder as brand-config.ts writes it */
  function project(productAssets: Record<string, string>, brandAssetsOf: Record<string, string>) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'assets-'));
    const write = (dir: string, files: Record<string, string>) => {
      fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'app.json'), JSON.stringify({ ...FALLBACK_APP, brand: { siteName: '金沙娱乐', shortName: '金沙' } }));
      for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, 'assets', name), text);
    };
    const productDir = path.join(root, 'screens.config');
    const brandDir = path.join(root, 'brands', 'jinsha');
    const merged = path.join(root, 'node_modules', '.cache', 'brand-config', 'jinsha');
    write(productDir, productAssets);
    write(brandDir, brandAssetsOf);
    write(merged, { ...productAssets, ...brandAssetsOf });
    return { root, configDir: merged, brand: 'jinsha', layers: [productDir, brandDir] };
  }
  /** what the build's start says of them */
  async function refused(paths: ReturnType<typeof project>): Promise<string> {
    const plugin = brandAssets(paths) as unknown as { buildStart: (this: { error: (m: string) => never }) => Promise<void> };
    try {
      await plugin.buildStart.call({ error: (m: string) => { throw new Error(m); } });
      return '';
    } catch (err) {
      return (err as Error).message;
    } finally {
      fs.rmSync(paths.root, { recursive: true, force: true });
    }
  }
  const icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="{{theme.primary}}"/><title>{{brand.siteName}}</title></svg>';

  it('a dev server (npm start, the studio\'s preview) keeps running: the same words logged, not thrown', async () => {
    const paths = project({ 'app-icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"><circle r=' }, {});
    const logged: string[] = [];
    const plugin = brandAssets(paths) as unknown as { configureServer: (s: unknown) => void; buildStart: (this: { error: (m: string) => never }) => Promise<void> };
    plugin.configureServer({ config: { logger: { error: (m: string) => logged.push(m) } }, watcher: { on: () => undefined } });
    try {
      await plugin.buildStart.call({ error: (m: string) => { throw new Error(m); } });
    } finally {
      fs.rmSync(paths.root, { recursive: true, force: true });
    }
    expect(logged).toEqual(['screens.config/assets/app-icon.svg: not a picture the build can draw (line 1, column 51: Couldn\'t find end of Start Tag circle); expected a whole SVG document']);
  });

  it('a whole config draws: nothing said', async () => {
    expect(await refused(project({ 'app-icon.svg': icon, 'logo.png': 'x' }, { 'jinsha-logo.svg': icon }))).toBe('');
  });

  it('a broken SVG (the brand\'s, over the product\'s) and an unknown name (the product\'s) are each named with the file they came from', async () => {
    const said = await refused(
      project({ 'app-icon.svg': icon, 'logo.svg': icon.replace('{{brand.siteName}}', '{{brand.name}}') }, { 'app-icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"><circle r=', 'jinsha-logo.svg': 'not a picture' }),
    );
    expect(said.split('\n')).toEqual([
      'screens.config/assets/logo.svg: unknown name {{brand.name}} (expected theme.primary, brand.siteName or brand.shortName)',
      'brands/jinsha/assets/app-icon.svg: not a picture the build can draw (line 1, column 51: Couldn\'t find end of Start Tag circle); expected a whole SVG document',
      'brands/jinsha/assets/jinsha-logo.svg: not a picture the build can draw (Input buffer contains unsupported image format); expected a whole SVG document',
    ]);
  });
});

describe('the web app\'s guard over vite-plugin-pwa\'s own build step', () => {
  it('finds vite-plugin-pwa:build in the installed version, and stops the build naming it when it is gone', () => {
    const real = VitePWA({});
    expect(() => onlyWhenBuilt(real)).not.toThrow();
    const renamed = real.map((p) => (p.name === PWA_BUILD ? { ...p, name: 'vite-plugin-pwa:build-v2' } : p));
    expect(() => onlyWhenBuilt(renamed)).toThrow(`vite-plugin-pwa has no plugin "${PWA_BUILD}" with a closeBundle handler object`);
  });
});
