/** check:config --where KEY: every file and JSON path that refers to a message, constant, map, endpoint or widget type, or whose text contains KEY; with the route(s) each shows on. */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkConfigArgs } from '../../scripts/check-command';
import type { ConfigBundle } from '../../src/config/check';
import { findReferences, findText, routesOf, type Reference } from '../../src/config/where';
import { perBrand, whereAnswer } from '../../scripts/where-cli';
import { configSource } from '../../src/config/source/index';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const bundle: ConfigBundle = {
  app: { file: 'app.json', json: { constants: { withdrawMin: 100, withdrawMinX: 1 }, maps: { depositState: { '1': '审核中' } } } },
  messages: { file: 'messages.json', json: { messages: { 'auth.loginRequired': '请登录！', 'auth.loginRequiredLong': 'x' } } },
  routes: { file: 'routes.json', json: { routes: [{ path: '/hongbao', requireApp: { message: '@auth.loginRequired' } }, { path: '/a', screen: 'a', title: '红包审核' }] } },
  screens: {
    a: {
      file: 'screens/a.json',
      json: {
        body: [
          { type: 'Text', props: { text: '最低 {{const.withdrawMin}} 元，最高 {{const.withdrawMinX}}' } },
          { type: 'BalanceList', props: { value: '{{item.state | map:depositState}}', onTap: [{ type: 'toast', text: '@auth.loginRequiredLong' }] } },
          { type: 'Form', props: { form: 'f' } },
        ],
        data: [{ name: 'w', endpoint: 'withdraw' }],
      },
    },
  },
  forms: { f: { file: 'forms/f.json', json: { fields: [{ placeholder: '@auth.loginRequired', min: '{{data.x | or:const.withdrawMin}}' }] } } },
};

const where = (key: string) => findReferences(bundle, key).map((r) => `${r.file} ${r.path}`);

describe('findReferences', () => {
  it('a message: its definition, then every text that names it, not a longer key that starts the same', () => {
    expect(where('@auth.loginRequired')).toEqual(['messages.json /messages/auth.loginRequired', 'routes.json /routes/0/requireApp/message', 'forms/f.json /fields/0/placeholder']);
  });

  it('a constant in any binding, also after or:', () => {
    expect(where('const.withdrawMin')).toEqual(['app.json /constants/withdrawMin', 'screens/a.json /body/0/props/text', 'forms/f.json /fields/0/min']);
  });

  it('a map, written map:NAME or maps.NAME', () => {
    const expected = ['app.json /maps/depositState', 'screens/a.json /body/1/props/value'];
    expect(where('map:depositState')).toEqual(expected);
    expect(where('maps.depositState')).toEqual(expected);
  });

  it('an endpoint or a widget type: every value equal to the name', () => {
    expect(where('withdraw')).toEqual(['screens/a.json /data/0/endpoint']);
    expect(where('BalanceList')).toEqual(['screens/a.json /body/1/type']);
    expect(where('@nobody.uses')).toEqual([]);
  });

  it('plain text: every string containing it, Chinese included, and the places showing a message found so', () => {
    expect(findText(bundle, '审核').map((r) => `${r.file} ${r.path}: ${r.text}`)).toEqual(['app.json /maps/depositState/1: 审核中', 'routes.json /routes/1/title: 红包审核']);
    expect(findText(bundle, '请登录').map((r) => `${r.file} ${r.path}`)).toEqual([
      'messages.json /messages/auth.loginRequired',
      'routes.json /routes/0/requireApp/message',
      'forms/f.json /fields/0/placeholder',
    ]);
    expect(findText(bundle, 'nothing like this')).toEqual([]);
  });

  it('the routes a player opens to see a place: a screen\'s, a form\'s through its screen, a route entry\'s, a message\'s through the places showing it', () => {
    const on = routesOf(bundle);
    expect(on('screens/a.json', '/body/0/props/text')).toEqual(['/a']);
    expect(on('forms/f.json', '/fields/0/min')).toEqual(['/a']);
    expect(on('routes.json', '/routes/0/requireApp/message')).toEqual(['/hongbao']);
    expect(on('messages.json', '/messages/auth.loginRequired')).toEqual(['/hongbao', '/a']);
    expect(on('app.json', '/constants/withdrawMin')).toEqual([]);
  });
});

describe('npm run check:config -- --where', () => {
  it('prints each reference of the real config with file and JSON path', () => {
    const out = execFileSync(process.execPath, checkConfigArgs(root, ['--where', 'const.withdrawMin']), { cwd: root, encoding: 'utf8' });
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^const\.withdrawMin: \d+ reference\(s\) in screens\.config\/$/);
    expect(lines).toContainEqual(expect.stringMatching(/^screens\.config\/app\.json \/constants\/withdrawMin +\(definition\)$/));
    expect(lines).toContainEqual(expect.stringMatching(/^screens\.config\/forms\/withdraw-bank\.json \/rules\/\d+\/min +\/withdrawal +\{\{const\.withdrawMin\}\}$/));
    // the message that states it, and where a player reads it
    expect(lines).toContainEqual(expect.stringMatching(/^screens\.config\/messages\.json \/messages\/withdraw\.min +\/withdrawal +单笔取款不能低于\{\{const\.withdrawMin\}\}元$/));
  });

  it('finds plain text an operator reads on screen, with its routes', () => {
    const out = execFileSync(process.execPath, checkConfigArgs(root, ['--where', '品牌赞助']), { cwd: root, encoding: 'utf8' });
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^text containing "品牌赞助": \d+ place\(s\) in screens\.config\/$/);
    expect(lines).toContainEqual(expect.stringMatching(/^screens\.config\/screens\/zhanzhu\.json \/body\/0\/props\/title +\/zhanzhu +品牌赞助$/));
    expect(lines).toContainEqual(expect.stringMatching(/^screens\.config\/screens\/home\.json \/\S+ +\/ +品牌赞助$/));
  });

  it('says so and exits 1 when nothing refers to the key', () => {
    let status = 0;
    let out = '';
    try {
      execFileSync(process.execPath, checkConfigArgs(root, ['--where', '@no.suchKey']), { cwd: root, encoding: 'utf8' });
    } catch (e) {
      status = (e as { status: number }).status;
      out = (e as { stdout: string }).stdout;
    }
    expect(status).toBe(1);
    // the brands are asked too (brands/<id>/ over screens.config/)
    expect(out.trim()).toBe(`@no.suchKey: no reference in screens.config/\nand none in the brands (${configSource({ root }).brandIds().join(', ')})`);
  });

  it('names the folder it searched (another brand\'s, SCREENS_CONFIG_DIR) and the web addresses a brand\'s name does not find', () => {
    const brand = mkdtempSync(path.join(tmpdir(), 'jinsha-config-'));
    try {
      cpSync(path.join(root, 'screens.config'), brand, { recursive: true });
      const app = path.join(brand, 'app.json');
      writeFileSync(app, readFileSync(app, 'utf8').replaceAll('星耀娱乐', '金沙娱乐'));
      const where = (key: string) => spawnSync('npm', ['run', '--silent', 'where', '--', key], { cwd: root, encoding: 'utf8', env: { ...process.env, SCREENS_CONFIG_DIR: brand } });
      const old = where('星耀');
      expect(old.status).toBe(1);
      const lines = old.stdout.split('\n');
      expect(lines[0]).toBe(`星耀: no reference in ${brand}/ (SCREENS_CONFIG_DIR)`);
      // the first brand's sponsor domain, still in the copy: listed with where it is written
      expect(lines).toContain(`web addresses in ${brand}/ (a domain may name the brand in other words: check each):`);
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^sponsor\\.xingyao\\.example\\.com +${brand}/app\\.json /maps/sponsorUrl/1, ${brand}/app\\.json /maps/sponsorUrl/2$`)));
      const name = where('金沙').stdout.split('\n');
      expect(name.slice(0, 3)).toEqual([`text containing "金沙": 2 place(s) in ${brand}/ (SCREENS_CONFIG_DIR)`, expect.stringMatching(/\/app\.json \/brand\/siteName +金沙娱乐$/), expect.stringMatching(/\/app\.json \/brand\/shortName +金沙娱乐$/)]);
      // a web address is looked for by its host
      const url = where('https://sponsor.xingyao.example.com/other-page').stdout.split('\n');
      expect(url[0]).toBe(`text containing "sponsor.xingyao.example.com": 2 place(s) in ${brand}/ (SCREENS_CONFIG_DIR)`);
    } finally {
      rmSync(brand, { recursive: true, force: true });
    }
  });
});

describe('npm run where, per brand: the value and the layer that sets it (issue 36)', () => {
  it('a value the brand sets names the brand\'s file; one it leaves names the product\'s; a text it no longer shows says so', () => {
    const lines = (key: string, refs: (b: ConfigBundle) => Reference[]) => perBrand(configSource({ root, productDir: path.join(root, 'screens.config') }), key, ['jinsha'], refs);
    expect(lines('map:sponsorUrl', (b) => findReferences(b, 'map:sponsorUrl'))).toEqual([
      'brand jinsha: {"1":"https://sponsor.jinsha.example.com/zhanzhu?type=1","2":"https://sponsor.jinsha.example.com/zhanzhu?type=2"}  brands/jinsha/app.json /maps/sponsorUrl (over the product\'s)',
    ]);
    const min = (JSON.parse(readFileSync(path.join(root, 'screens.config', 'app.json'), 'utf8')) as { constants: { withdrawMin: number } }).constants.withdrawMin;
    expect(lines('const.withdrawMin', (b) => findReferences(b, 'const.withdrawMin'))).toEqual([`brand jinsha: ${min}  screens.config/app.json /constants/withdrawMin (the product's)`]);
    expect(lines('星耀', (b) => findText(b, '星耀'))).toEqual(['brand jinsha: no reference in brands/jinsha/ over screens.config/']);
  });
});


describe('the 客服 address a brand sets in config (brand.serviceUrl, in place of getservicerurl)', () => {
  it('npm run where -- getservicerurl (or brand.serviceUrl): for the product and each brand, the address the app opens and the file that sets it, or the backend\'s reply', () => {
    const JINSHA_KEFU = 'https://kefu.jinsha.example.com/chat';
    const source = configSource({ root });
    // jinsha with its own address, as an operator's edit of brands/jinsha/app.json
    const app = source.overlayBundle('jinsha').app!.json as { brand: Record<string, string> };
    const load = (id: string) => source.brand(id, id === 'jinsha' ? { drafts: { 'app.json': { ...app, brand: { ...app.brand, serviceUrl: JINSHA_KEFU } } } } : {});
    const said = [
      'getservicerurl is answered by app.json brand.serviceUrl where it is set; left empty, by the backend:',
      "screens.config/: brand.serviceUrl not set: the app opens getservicerurl's reply (the backend's)",
      `brand jinsha: brand.serviceUrl "${JINSHA_KEFU}"  brands/jinsha/app.json /brand/serviceUrl: the app opens it and sends getservicerurl no request`,
      "brand yinhe: brand.serviceUrl not set: the app opens getservicerurl's reply (the backend's)",
    ];
    const call = whereAnswer(source, 'getservicerurl', undefined, ['jinsha', 'yinhe'], load);
    expect(call.found).toBe(true);
    // the places that make the call, then what each brand's app does with it
    expect(call.text).toContain('screens.config/screens/kefu.json /data/service/endpoint');
    expect(call.text).toContain('screens.config/screens/gamePage.json /onEnter/1/endpoint');
    expect(call.text.split('\n').slice(-4)).toEqual(said);
    const key = whereAnswer(source, 'brand.serviceUrl', undefined, ['jinsha', 'yinhe'], load);
    expect(key.found).toBe(true);
    expect(key.text.split('\n').slice(-4)).toEqual(said);
  });
});
