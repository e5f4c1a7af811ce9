/**
 * Issue 37: the studio's API below the browser (supertest on its Express app, over a copy of
 * screens.config/): problems at their JSON path with check:config's words, where-used as `npm run
 * where` answers it, the review (changes and diff), a save that writes only the changed line and is
 * refused on a problem or a conflict, and the refusals of bad requests (another origin, a path
 * outside the config folders, a body that does not parse).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schemaCursor } from '../../src/config/overlay/schema-cursor';
import { payRangesOf, withdrawLimitsOf } from '../../mock-server/brand';
import { loadSchemas, schemaSource } from '../../src/config/source/index';
import { whereAnswer } from '../../scripts/where-cli';
import { findReferences } from '../../src/config/where';
import { studioApi } from '../../studio/api';
import { MAX_DEPTH } from '../../studio/bodies';
import { configSource, hashOf } from '../../src/config/source/index';
import { ABSENT, Layered, newOverlay } from '../../src/config/overlay/unmerge';
import { setIn } from '../../studio/ui/model';
import { formSchemas } from '../../studio/schemas';
import { createStudio, type Studio } from '../../studio/studio';
import { english } from '../config/english';

const root = path.resolve(__dirname, '..', '..');
/** how the answers name the copies, folders outside the project: by the settings that would choose them */
const P = '$SCREENS_CONFIG_DIR';
const B = '$BRANDS_DIR';
let dir: string;
/** a copy of brands/: the brands' overlays over the copy of the product */
let brands: string;
let studio: Studio;
let app: express.Express;
/** what the studio last gave its preview */
let shown: { files: Record<string, unknown>; assets: Record<string, string> } | undefined;
const original = readFileSync(path.join(root, 'screens.config', 'app.json'), 'utf8');
const appJson = () => JSON.parse(readFileSync(path.join(dir, 'app.json'), 'utf8')) as { constants: Record<string, number> };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'studio-api-'));
  cpSync(path.join(root, 'screens.config'), dir, { recursive: true });
  brands = mkdtempSync(path.join(tmpdir(), 'studio-api-brands-'));
  cpSync(path.join(root, 'brands'), brands, { recursive: true });
  studio = await createStudio({ root, configDir: dir, brandsDir: brands, preview: { show: (files, assets) => void (shown = { files, assets }) } });
  app = express();
  app.use('/studio-api', studioApi({ studio, schemas: formSchemas(path.join(root, 'screens.config', 'schema')), queries: {} }));
}, 30000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(brands, { recursive: true, force: true });
});
beforeEach(() => writeFileSync(path.join(dir, 'app.json'), original));

/** the body of a call about `brand` with edits of its top layer alone (`more`: other layers' edits) */
const one = (brand: string, base: Record<string, string>, drafts: Record<string, unknown>, more: Record<string, unknown> = {}) => ({ brand, layers: { ...more, [brand]: { base, drafts } } });
/** an edit of app.json's constants, made from the text on disk now */
function edit(change: (constants: Record<string, number>) => void) {
  const json = appJson();
  change(json.constants);
  return one('product', { 'app.json': hashOf(readFileSync(path.join(dir, 'app.json'), 'utf8')) }, { 'app.json': json });
}
/** a call; review and save take every layer's edits ({layers}), not the brand looked at */
const post = (url: string, body: { brand?: string; layers?: unknown; key?: string }) => {
  const { brand, ...rest } = body;
  return request(app)
    .post(`/studio-api/${url}`)
    .send(url === 'review' || url === 'save' ? rest : { brand, ...rest });
};

describe('the files and the problems of an edit', () => {
  it('lists the product\'s files with the hash of each text', async () => {
    const res = await request(app).get('/studio-api/files?brand=product');
    expect(res.status).toBe(200);
    expect(res.body.files['app.json']).toEqual({ text: original, hash: hashOf(original) });
    expect(Object.keys(res.body.files)).toContain('forms/withdraw-bank.json');
    expect(res.body.folder).toBe(P);
  });

  it('a minimum above its maximum: check:config\'s words at withdrawMin, also at withdrawMax; one mistake, one problem (not again at the forms that read the pair)', async () => {
    const res = await post('draft', edit((c) => (c.withdrawMin = 2000000)));
    expect(res.status).toBe(200);
    const app = res.body.problems.filter((p: { file: string }) => p.file === `${P}/app.json`);
    expect(english(app)).toEqual([
      {
        file: `${P}/app.json`,
        path: '/constants/withdrawMin',
        message: 'withdrawMin 2000000 is above withdrawMax 1000000 (/constants/withdrawMax): no value can pass both; expected a minimum at most its maximum (lower withdrawMin or raise withdrawMax)',
        also: ['/constants/withdrawMax'],
        // the field the form shows it at: the product's file is its own view
        field: { file: 'app.json', path: '/constants/withdrawMin', also: ['/constants/withdrawMax'] },
      },
    ]);
    expect(res.body.problems.filter((p: { severity?: string }) => !p.severity)).toHaveLength(1);
    expect(res.body.conflicts).toEqual([]);
    expect(res.body.disk.product['app.json']).toBe(hashOf(original));
  });

  it('where-used: each place (its file, the pointer, the text there) and the answer of npm run where, for the edit (a message key and a constant)', async () => {
    for (const key of ['@withdraw.min', 'const.withdrawMin']) {
      const res = await post('where', { brand: 'product', key, layers: {} });
      expect(res.status).toBe(200);
      const source = configSource({ root, productDir: dir });
      const cli = whereAnswer(source, key);
      const refs = findReferences(source.productBundle(), key).map((r) => ({ ...r, file: r.file.slice(`${dir}/`.length) }));
      expect(res.body).toEqual({ ...cli, text: cli.text.replaceAll(dir, P), refs });
      expect(refs.map((r) => r.file)).toContain('forms/withdraw-bank.json');
    }
    const res = await post('where', { ...edit(() => undefined), key: 'const.withdrawMin' });
    expect(res.body.text.split('\n')[0]).toBe('const.withdrawMin: 6 reference(s) in $SCREENS_CONFIG_DIR/');
  });
});

describe('review and save', () => {
  it('the review lists (path, old, new) and the diff; the save writes that one line and checks the folder', async () => {
    const body = edit((c) => (c.withdrawMin = 200));
    const review = await post('review', body);
    expect(review.status).toBe(200);
    expect(review.body.refusal).toBeUndefined();
    expect(review.body.files).toEqual([
      { layer: 'product', file: 'app.json', shown: `${P}/app.json`, changes: [{ path: '/constants/withdrawMin', old: 100, new: 200 }], diff: expect.stringContaining('-    "withdrawMin": 100,\n+    "withdrawMin": 200,\n'), conflict: false },
    ]);
    expect(review.body.problems).toEqual([]);
    const saved = await post('save', body);
    expect(saved.status).toBe(200);
    // the check after it: the product and every brand over it
    const clean = (brand: string) => ({ brand, errors: 0, warnings: 0 });
    expect(saved.body).toEqual({ saved: true, written: [`${P}/app.json`], checked: [clean('product'), clean('jinsha'), clean('yinhe')] });
    const now = readFileSync(path.join(dir, 'app.json'), 'utf8').split('\n');
    const was = original.split('\n');
    expect(now.length).toBe(was.length);
    expect(now.flatMap((l, i) => (l === was[i] ? [] : [l]))).toEqual(['    "withdrawMin": 200,']);
  });

  it('a save with a problem is refused (422) and writes nothing', async () => {
    const res = await post('save', edit((c) => (c.withdrawMin = 2000000)));
    expect(res.status).toBe(422);
    expect(res.body.saved).toBe(false);
    expect(res.body.refusal).toEqual({ kind: 'problems', count: res.body.problems.length });
    expect(res.body.problems.length).toBeGreaterThan(0);
    expect(res.body.problems[0]).toMatchObject({ brand: 'product', file: `${P}/app.json`, path: '/constants/withdrawMin' });
    expect(readFileSync(path.join(dir, 'app.json'), 'utf8')).toBe(original);
  });

  it('a file changed on disk since the edit started is a conflict: shown in the review, never overwritten', async () => {
    const body = edit((c) => (c.withdrawMin = 200));
    const theirs = original.replace('"withdrawMax": 1000000', '"withdrawMax": 900000');
    writeFileSync(path.join(dir, 'app.json'), theirs);
    const draft = await post('draft', body);
    expect(draft.body.conflicts).toEqual([{ layer: 'product', file: 'app.json' }]);
    const review = await post('review', body);
    expect(review.body.files[0].conflict).toBe(true);
    expect(review.body.refusal).toEqual({ kind: 'conflict', files: [`${P}/app.json`] });
    const res = await post('save', body);
    expect(res.status).toBe(409);
    expect(res.body.refusal).toEqual({ kind: 'conflict', files: [`${P}/app.json`] });
    expect(readFileSync(path.join(dir, 'app.json'), 'utf8')).toBe(theirs);
  });
});

describe('bad requests are refused with a JSON error, and change nothing', () => {
  it('another origin, another site, a host name instead of an address', async () => {
    const body = edit((c) => (c.withdrawMin = 200));
    const other = await request(app).post('/studio-api/save').set('Origin', 'http://localhost:1').send(body);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ error: 'the studio answers this machine only: a page of another origin (http://localhost:1) may not use it' });
    expect((await request(app).get('/studio-api/files?brand=product').set('Sec-Fetch-Site', 'cross-site')).status).toBe(403);
    expect((await request(app).get('/studio-api/files?brand=product').set('Host', 'rebound.example.com:5180')).status).toBe(403);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(readFileSync(path.join(dir, 'app.json'), 'utf8')).toBe(original);
  });

  it('a peer that is not this machine', async () => {
    const phone: Server = createServer((req, res) => {
      Object.defineProperty(req.socket, 'remoteAddress', { value: '203.0.113.9', configurable: true });
      app(req, res);
    });
    await new Promise<void>((r) => phone.listen(0, '127.0.0.1', r));
    try {
      const res = await request(phone).get('/studio-api/files?brand=product');
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('the studio answers this machine only: only this machine may use it (the request came from another machine)');
    } finally {
      await new Promise<void>((r) => phone.close(() => r()));
    }
  });

  it('a path outside the config folders, as a draft or a base', async () => {
    for (const name of ['../package.json', '/etc/passwd', 'screens/../../package.json', 'schema/app.schema.json', 'screens/a.json/..', 'app.json\u0000']) {
      const res = await post('save', one('product', { [name]: hashOf('x') }, { [name]: { x: 1 } }));
      expect(res.status, name).toBe(400);
      expect(res.body.error, name).toBe(`${JSON.stringify(name)} is not a file of the config folder: expected app.json, messages.json, routes.json, screens/<name>.json or forms/<name>.json (letters, digits, - and _; nothing outside the folder)`);
    }
    expect(readFileSync(path.join(root, 'package.json'), 'utf8')).toContain('"name": "bet-h5"');
  });

  it('a body that does not parse, one that is not an object, a form body, an unknown brand or call', async () => {
    const broken = await request(app).post('/studio-api/save').set('Content-Type', 'application/json').send('{"brand": "product", "drafts": {');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ error: 'the body is not valid JSON' });
    expect((await request(app).post('/studio-api/draft').set('Content-Type', 'application/json').send('[1]')).body).toEqual({ error: 'the body must be a JSON object (not an array)' });
    const form = await request(app).post('/studio-api/save').type('form').send('brand=product');
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ error: "the studio's API takes an application/json body" });
    expect((await post('draft', one('../x', {}, {}))).body).toEqual({ error: 'unknown brand "../x": expected one of product, jinsha, yinhe' });
    expect((await post('draft', { brand: 'product', layers: { yinhe: { base: {}, drafts: {} }, '../x': { base: {}, drafts: {} } } })).body).toEqual({ error: 'unknown brand "../x": expected one of product, jinsha, yinhe' });
    expect((await post('draft', one('product', { 'app.json': 'nope' }, {}))).body).toEqual({ error: "base of app.json: expected the hash of the file's text (64 hex digits)" });
    expect((await post('draft', one('product', {}, { 'app.json': {} }))).body).toEqual({ error: 'app.json: an edit without the hash of the text it started from (base)' });
    expect((await post('review', { layers: { product: { base: {}, drafts: {}, extra: 1 } } })).body).toEqual({ error: 'layers.product: "extra" is not a field of a layer\'s edits (it takes base, drafts)' });
    expect((await request(app).post('/studio-api/review').send({ brand: 'product', layers: {} })).body).toEqual({ error: '"brand": not a field of this call (it takes layers)' });
    const unknown = await request(app).get('/studio-api/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "not a call of the studio's API: GET /studio-api/nothing" });
    expect((await request(app).delete('/studio-api/save')).status).toBe(405);
    expect(readFileSync(path.join(dir, 'app.json'), 'utf8')).toBe(original);
  });
});

describe('on a brand (issue 37, point 6): its merged config, written into its overlay', () => {
  const brandFile = (id: string, file: string) => path.join(brands, id, file);
  const jinshaApp = () => readFileSync(brandFile('jinsha', 'app.json'), 'utf8');
  const jinshaOriginal = readFileSync(path.join(root, 'brands', 'jinsha', 'app.json'), 'utf8');
  beforeEach(() => {
    writeFileSync(brandFile('jinsha', 'app.json'), jinshaOriginal);
    rmSync(brandFile('jinsha', 'forms'), { recursive: true, force: true });
  });
  /** an edit of jinsha's app.json, made from its text on disk now */
  const jinshaEdit = (change: (app: Record<string, Record<string, unknown>>) => void) => {
    const json = JSON.parse(jinshaApp()) as Record<string, Record<string, unknown>>;
    change(json);
    return one('jinsha', { 'app.json': hashOf(jinshaApp()) }, { 'app.json': json });
  };

  it('lists the brands, each over the product; a brand\'s files come with the product\'s under them', async () => {
    const ws = await request(app).get('/studio-api/workspace');
    expect(ws.body.brands).toEqual([
      { id: 'product', folder: P, name: '星耀娱乐' },
      { id: 'jinsha', folder: `${B}/jinsha`, name: '金沙娱乐', over: P },
      { id: 'yinhe', folder: `${B}/yinhe`, name: '银河娱乐', over: P },
    ]);
    // what the page merges with: the schemas' keys of keyed lists, the format of a new overlay file
    expect(ws.body.layering.files['form.schema.json'].properties.fields['x-merge-key']).toBe('name');
    expect(ws.body.layering.format).toBe(4);
    const files = await request(app).get('/studio-api/files?brand=jinsha');
    expect(Object.keys(files.body.files)).toEqual(['app.json']);
    expect(files.body.product.files['app.json']).toEqual({ text: original, hash: hashOf(original) });
  });

  it('a problem is named as check:config names it for the brand (the brand\'s file), and comes with the field of the merged config', async () => {
    const res = await post('draft', jinshaEdit((a) => (a.constants.withdrawMin = 2000000)));
    expect(english(res.body.problems.filter((p: { file: string }) => p.file.endsWith('app.json')))).toEqual([
      {
        file: `${B}/jinsha/app.json`,
        path: '/constants/withdrawMin',
        message: `withdrawMin 2000000 is above withdrawMax 1000000 (${P}/app.json /constants/withdrawMax): no value can pass both; expected a minimum at most its maximum (lower withdrawMin or raise withdrawMax)`,
        field: { file: 'app.json', path: '/constants/withdrawMin' },
      },
    ]);
    // an item of a keyed list: its place in the brand's file (the first of its fields) is not its place in the merged form (the second)
    const icon = await post('draft', one('jinsha', { 'forms/withdraw-bank.json': ABSENT }, { 'forms/withdraw-bank.json': { $format: 3, fields: [{ name: 'amount', icon: 'monye' }] } }));
    const wrong = icon.body.problems.filter((p: { file: string }) => p.file === `${B}/jinsha/forms/withdraw-bank.json`);
    expect(wrong.length).toBeGreaterThan(0);
    for (const p of wrong) expect(p).toMatchObject({ path: '/fields/0/icon', field: { file: 'forms/withdraw-bank.json', path: '/fields/1/icon' } });
    expect(icon.body.conflicts).toEqual([]);
  });

  it('a keyed list item edited on a brand: a new file of the brand holding the keyed patch item, the product\'s file untouched; then every brand checked', async () => {
    const productForm = readFileSync(path.join(dir, 'forms', 'withdraw-bank.json'), 'utf8');
    const form = new Layered(JSON.parse(productForm), newOverlay(3), schemaCursor(schemaSource(root, loadSchemas(root)), 'form'));
    const { overlay } = form.overlayFor(setIn(form.value, ['fields', 1, 'label'], '提款金额（元）'));
    const body = one('jinsha', { 'forms/withdraw-bank.json': ABSENT }, { 'forms/withdraw-bank.json': overlay });
    const review = await post('review', body);
    expect(review.body.refusal).toBeUndefined();
    expect(review.body.files).toEqual([
      {
        layer: 'jinsha',
        file: 'forms/withdraw-bank.json',
        shown: `${B}/jinsha/forms/withdraw-bank.json`,
        changes: [
          { path: '/$format', new: 3 },
          { path: '/fields', new: [{ name: 'amount', label: '提款金额（元）' }] },
        ],
        diff: expect.stringContaining('+  "fields": [\n+    {\n+      "name": "amount",\n+      "label": "提款金额（元）"\n+    }\n+  ]\n'),
        conflict: false,
        created: true,
      },
    ]);
    const saved = await post('save', body);
    expect(saved.status).toBe(200);
    expect(saved.body.written).toEqual([`${B}/jinsha/forms/withdraw-bank.json`]);
    expect(readFileSync(brandFile('jinsha', 'forms/withdraw-bank.json'), 'utf8')).toBe('{\n  "$format": 3,\n  "fields": [\n    {\n      "name": "amount",\n      "label": "提款金额（元）"\n    }\n  ]\n}\n');
    expect(readFileSync(path.join(dir, 'forms', 'withdraw-bank.json'), 'utf8')).toBe(productForm);
    expect(saved.body.checked.map((u: { brand: string; errors: number }) => [u.brand, u.errors])).toEqual([
      ['product', 0],
      ['jinsha', 0],
      ['yinhe', 0],
    ]);
    // the brand's merged form has it; the product's does not
    const draft = await post('draft', one('jinsha', {}, {}));
    expect(draft.body.problems).toEqual([]);
  });

  it('override the colour, then back to the product\'s value: the brand\'s file no longer holds it, the rest of it byte-identical', async () => {
    const source = schemaSource(root, loadSchemas(root));
    const layered = (o: unknown) => new Layered(JSON.parse(original), o, schemaCursor(source, 'app'));
    const over = layered(JSON.parse(jinshaOriginal)).overlayFor(setIn(layered(JSON.parse(jinshaOriginal)).value, ['theme', 'primary'], '#0a7d52')).overlay;
    const first = await post('save', one('jinsha', { 'app.json': hashOf(jinshaOriginal) }, { 'app.json': over }));
    expect(first.body.written).toEqual([`${B}/jinsha/app.json`]);
    expect(jinshaApp()).toBe(jinshaOriginal.replace('"primary": "#a3195b"', '"primary": "#0a7d52"'));
    const back = layered(JSON.parse(jinshaApp())).backToProduct('/theme/primary');
    const second = await post('save', one('jinsha', { 'app.json': hashOf(jinshaApp()) }, { 'app.json': back }));
    expect(second.body.written).toEqual([`${B}/jinsha/app.json`]);
    expect(jinshaApp()).not.toContain('theme');
    expect(jinshaApp()).toBe(jinshaOriginal.replace('  "theme": {\n    "primary": "#a3195b"\n  },\n', ''));
    expect(readFileSync(path.join(dir, 'app.json'), 'utf8')).toBe(original);
  });

  it('where-used on a brand is `BRAND=<id> npm run where`, with the brand\'s unsaved edits', async () => {
    const res = await post('where', { ...jinshaEdit((a) => (a.constants.depositMaxBank = 60000)), key: 'const.depositMaxBank' });
    expect(res.status).toBe(200);
    const lines = res.body.text.split('\n');
    expect(lines).toContain(`brand jinsha: 60000  ${B}/jinsha/app.json /constants/depositMaxBank`);
    // the same text `npm run where` prints for the brand as saved, but for that one value
    process.env.BRANDS_DIR = brands;
    try {
      expect(res.body.text).toBe(whereAnswer(configSource({ root, productDir: dir }), 'const.depositMaxBank', undefined, ['jinsha']).text.replaceAll(brands, B).replaceAll(dir, P).replace('brand jinsha: 50000', 'brand jinsha: 60000'));
    } finally {
      delete process.env.BRANDS_DIR;
    }
    // each place by the brand's merged files and their pointers (the page words them: 存款 › 标签「网银转账」…)
    expect(res.body.refs.map((r: { file: string; path: string }) => `${r.file} ${r.path}`)).toEqual(['app.json /constants/depositMaxBank', 'screens/recharge.json /body/1/props/tabs/0/children/1/children/0/props/text', 'forms/recharge-bank.json /rules/4/max']);
  });

  it('the preview gets the brand\'s merged config (its switches, its pictures) and its mock speaks as the brand', async () => {
    studio.draft('yinhe', {});
    const appJson = shown?.files['app.json'] as { brand: { siteName: string; logo: string }; features: Record<string, boolean> };
    expect(appJson.brand.siteName).toBe('银河娱乐');
    expect(appJson.features.redPacket).toBe(false);
    expect(shown?.assets['yinhe-logo.svg']).toBe(path.join(brands, 'yinhe', 'assets', 'yinhe-logo.svg'));
    expect(shown?.assets['app-icon.svg']).toBe(path.join(brands, 'yinhe', 'assets', 'app-icon.svg'));
    expect(Object.keys(shown?.files ?? {}).sort()).toEqual(Object.keys(configSource({ root, productDir: dir }).productFiles()).sort());
    // the preview's mock speaks as the brand, and answers its deposit ranges as its config says (yinhe's are the product's; jinsha raises the bank's maximum)
    expect(studio.mockBrand('yinhe')).toEqual({ siteName: '银河娱乐', shortName: '银河', serviceName: '管家', redPacket: false, payRange: payRangesOf({ depositMin: 100, depositMax: 10000 }), withdrawLimits: withdrawLimitsOf({ withdrawMin: 100, withdrawMax: 1000000 }), serviceUrl: '' });
    expect(studio.mockBrand('jinsha').payRange.bank).toEqual({ min_price: 100, max_price: 50000 });
    expect(studio.mockBrand('product').siteName).toBe('星耀娱乐');
  });
});

describe('any body: a 4xx with a message, never a 5xx, and the studio answers afterwards', () => {
  /** the studio's API with a preview that does nothing but answer (the API's tests run without Vite) */
  let full: express.Express;
  let presets = 0;
  beforeAll(() => {
    full = express();
    const preview = {
      origin: 'http://127.0.0.1:1',
      network: [] as string[],
      phone: async () => undefined,
      preset: async (data: string) => {
        presets += 1;
        if (data === 'empty') throw Object.assign(new Error(`ENOENT: no such file or directory, open '${dir}/nothing.json'`), { code: 'ENOENT' });
        return { username: 'demo01', password: 'demo123' };
      },
      ask: async (calls: { endpoint: string }[]) => calls.map((c) => ({ data: { asked: c.endpoint } })),
    };
    full.use('/studio-api', studioApi({ studio, schemas: formSchemas(path.join(root, 'screens.config', 'schema')), queries: {}, preview }));
  });
  const CALLS = ['draft', 'where', 'review', 'save', 'preview', 'phone', 'backend'] as const;
  const send = (call: string, body: unknown) => request(full).post(`/studio-api/${call}`).set('Content-Type', 'application/json').send(JSON.stringify(body));
  const nested = (levels: number): unknown => {
    let v: unknown = 1;
    for (let i = 0; i < levels; i += 1) v = { a: v };
    return v;
  };
  const hash = () => hashOf(readFileSync(path.join(dir, 'app.json'), 'utf8'));

  it('{"brand":{"toString":1}} on every call: 400 naming the field', async () => {
    for (const call of CALLS.filter((c) => c !== 'phone' && c !== 'review' && c !== 'save')) {
      const res = await send(call, { brand: { toString: 1 }, ...(call === 'where' ? { key: 'const.withdrawMin' } : {}) });
      expect(res.status, call).toBe(400);
      expect(res.body, call).toEqual({ error: 'brand: expected a brand\'s id or "product" (a string of at most 64 characters), not an object' });
    }
    for (const call of ['draft', 'review', 'save']) {
      const res = await send(call, { ...(call === 'draft' ? { brand: 'product' } : {}), layers: { product: { toString: 1 } } });
      expect(res.status, call).toBe(400);
      expect(res.body, call).toEqual({ error: 'layers.product: "toString" is not a field of a layer\'s edits (it takes base, drafts)' });
    }
    expect((await request(full).get('/studio-api/files?brand[toString]=1')).status).toBe(400);
  });

  it(`JSON nested 3,000 deep: 400, a draft deeper than ${MAX_DEPTH} levels named; a real file's depth passes`, async () => {
    for (const call of ['draft', 'where', 'review', 'save']) {
      const res = await send(call, { ...(call === 'draft' || call === 'where' ? { brand: 'product' } : {}), ...(call === 'where' ? { key: 'x' } : {}), layers: { jinsha: { base: { 'app.json': hash() }, drafts: { 'app.json': nested(3000) } } } });
      expect(res.status, call).toBe(400);
      expect(res.body, call).toEqual({ error: `layers.jinsha.drafts of "app.json": nested more than ${MAX_DEPTH} levels deep (no config file is)` });
    }
    for (const call of CALLS) expect((await send(call, { brand: nested(3000) })).status, call).toBe(400);
    const deep = await send('draft', one('product', { 'app.json': hash() }, { 'app.json': { ...appJson(), extra: nested(MAX_DEPTH - 2) } }));
    expect(deep.status).toBe(200);
    expect(deep.body.problems.map((p: { path: string }) => p.path)).toContain('/extra');
  });

  it('a sub-folder in a brand\'s assets/: a problem at it, not a 500; the brand is previewed with its pictures, the folder left out', async () => {
    const sub = path.join(brands, 'jinsha', 'assets', 'more');
    mkdirSync(sub, { recursive: true });
    writeFileSync(path.join(sub, 'x.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    try {
      const res = await send('draft', one('jinsha', {}, {}));
      expect(res.status).toBe(200);
      expect(english(res.body.problems)).toEqual([
        { file: `${B}/jinsha/assets/more`, path: '/', message: "expected a file, found a folder (assets/ holds files only, each served at the site's root)", field: { file: 'assets/more', path: '/' } },
      ]);
      expect(Object.keys(shown?.assets ?? {}).sort()).toEqual(['app-icon.svg', 'jinsha-logo.svg']);
      // a save of an edit of the brand: refused while the brand has the problem
      const text = readFileSync(path.join(brands, 'jinsha', 'app.json'), 'utf8');
      const json = JSON.parse(text) as { constants?: Record<string, number> };
      const { layers } = one('jinsha', { 'app.json': hashOf(text) }, { 'app.json': { ...json, constants: { ...json.constants, withdrawMin: 150 } } });
      const save = await send('save', { layers });
      expect(save.status).toBe(422);
      expect(save.body.refusal).toEqual({ kind: 'problems', count: 1 });
      expect(save.body.problems).toEqual([expect.objectContaining({ brand: 'jinsha', file: `${B}/jinsha/assets/more` })]);
    } finally {
      rmSync(sub, { recursive: true, force: true });
    }
  });

  it('a failure of the studio itself: 500 with its code, no path of the machine', async () => {
    const res = await send('preview', { data: 'empty' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'the studio failed (ENOENT): the terminal it runs in says why; nothing was written', failure: 'ENOENT' });
  });

  it('300 malformed bodies across the POST calls: no 5xx, each a JSON error or an answer; the studio answers afterwards', async () => {
    // a fixed generator (the same 300 bodies each run): each field from values of every JSON type,
    // the right one among them, so that bodies get past the first check and into the next
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor(seed / 65536) % n;
    };
    const pick = <T>(list: readonly T[]): T => list[rnd(list.length)];
    const junk = [null, 0, -1, 1.5, true, '', 'x'.repeat(5000), [], [1, 'a'], {}, { toString: 1 }, { valueOf: {} }, nested(3000)];
    const names = ['app.json', 'messages.json', 'forms/login.json', 'screens/home.json', '__proto__', 'constructor', '../app.json', 'schema/app.schema.json', 'screens/', 'x'.repeat(300)];
    const contents = [...junk, { constants: 'x' }, { constants: { withdrawMin: 'a' } }, { $format: 'x', brand: 5, theme: [] }, { routes: {} }, { fields: 'x' }, { body: [{ type: 1 }] }, JSON.parse('{"__proto__": {"polluted": 1}}'), { $patch: 'replace' }, { constructor: { prototype: { x: 1 } } }, { messages: { 'withdraw.min': 5 } }, { constants: nested(3000) }, { body: [JSON.parse(`${'['.repeat(3000)}${']'.repeat(3000)}`)] }];
    /** the hash of a file of the brand's top layer now (a brand's file it does not have: ABSENT) */
    const hashIn = (brand: string, name: string) => {
      const top = brand === 'product' ? dir : path.join(brands, brand);
      try {
        return hashOf(readFileSync(path.join(top, name), 'utf8'));
      } catch {
        return ABSENT;
      }
    };
    /** one field: mostly a value of the right type (a real brand, a real hash), else any JSON */
    const brandValue = () => (rnd(4) ? pick(['product', 'jinsha', 'yinhe']) : pick([...junk, '__proto__', 'constructor', 'toString', '../jinsha', 'product\u0000', 'PRODUCT', 'x'.repeat(65)]));
    const edits = (brand: unknown) => {
      const files = Array.from({ length: rnd(3) + 1 }, () => (rnd(3) ? pick(names.slice(0, 4)) : pick(names)));
      const base = rnd(5) ? Object.fromEntries(files.map((n) => [n, rnd(4) && typeof brand === 'string' ? hashIn(brand, n) : pick([...junk, 'nope', ABSENT, 'F'.repeat(64)])])) : pick(junk);
      const drafts = rnd(5) ? Object.fromEntries(files.map((n) => [n, rnd(4) ? pick(contents.slice(junk.length)) : pick(junk)])) : pick(junk);
      const out: Record<string, unknown> = { base, drafts };
      if (!rnd(10)) out[pick(['extra', 'brand', '__proto__'])] = pick(junk);
      return out;
    };
    /** every layer's edits: mostly one to three real layers (the product's and brands'), else any JSON */
    const layers = () => {
      if (!rnd(10)) return pick(junk);
      const ids = Array.from({ length: rnd(3) + 1 }, brandValue).filter((id): id is string => typeof id === 'string');
      return Object.fromEntries(ids.map((id) => [id, rnd(6) ? edits(id) : pick(junk)]));
    };
    const calls = () => (rnd(4) ? [{ endpoint: pick(['getPayRange', 'get_pay_way', 'recharge', 'editPassword', '__proto__', 'x'.repeat(70)]), payload: rnd(3) ? { type: 'wechat' } : pick(junk) }] : pick([...junk, Array.from({ length: 21 }, () => ({ endpoint: 'getPayRange' }))]));
    const body = (call: (typeof CALLS)[number]): unknown => {
      if (!rnd(12)) return pick(junk);
      const brand = brandValue();
      const out: Record<string, unknown> =
        call === 'preview'
          ? { brand, data: rnd(3) ? pick(['normal', 'stress']) : pick([...junk, 'NORMAL']) }
          : call === 'phone'
            ? { on: rnd(3) ? pick([true, false]) : pick([...junk, 'true', 1]) }
            : call === 'backend'
              ? { brand, calls: calls() }
              : call === 'review' || call === 'save'
                ? { layers: layers() }
                : { brand, layers: layers() };
      if (call === 'where') out.key = rnd(3) ? pick(['const.withdrawMin', '@withdraw.min', 'map:depositState', '中文', '__proto__', 'constructor.prototype']) : pick(junk);
      for (const f of Object.keys(out)) if (!rnd(8)) delete out[f];
      if (!rnd(10)) Object.defineProperty(out, pick(['extra', '__proto__', 'constructor']), { value: pick(junk), enumerable: true });
      return out;
    };
    const before = readFileSync(path.join(dir, 'app.json'), 'utf8');
    const statuses = new Map<number, number>();
    for (let i = 0; i < 300; i += 1) {
      const call = CALLS[i % CALLS.length];
      const b = body(call);
      const res = await send(call, b);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status, `${call} ${JSON.stringify(b).slice(0, 300)}`).toBeLessThan(500);
      expect(res.type, call).toBe('application/json');
      // no answer names a path of the machine (the copies are named by their settings)
      for (const abs of [root, tmpdir()]) expect(res.text, call).not.toContain(abs);
      if (res.status >= 400) expect(typeof res.body.error === 'string' || typeof res.body.refusal?.kind === 'string', `${call} ${res.text.slice(0, 200)}`).toBe(true);
    }
    // the bodies went past the first check too: some answered, some refused deeper in
    expect(statuses.get(200)).toBeGreaterThan(10);
    expect(statuses.get(400)).toBeGreaterThan(100);
    expect(presets).toBeGreaterThan(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // nothing written, and the studio still answers
    expect(readFileSync(path.join(dir, 'app.json'), 'utf8')).toBe(before);
    expect((await request(full).get('/studio-api/workspace')).status).toBe(200);
    const ok = await send('draft', edit((c) => (c.withdrawMin = 200)));
    expect(ok.status).toBe(200);
    expect(ok.body.problems).toEqual([]);
  }, 120000);
});

describe('the product\'s and brands\' edits together until saved', () => {
  const jinshaFile = () => path.join(brands, 'jinsha', 'app.json');
  const jinshaOriginal = readFileSync(path.join(root, 'brands', 'jinsha', 'app.json'), 'utf8');
  beforeEach(() => writeFileSync(jinshaFile(), jinshaOriginal));
  /** every layer's edits: the product's constant and jinsha's colour */
  const both = (withdrawMin: number) => {
    const product = edit((c) => (c.withdrawMin = withdrawMin)).layers.product;
    const jinsha = JSON.parse(jinshaOriginal) as { theme: { primary: string } };
    jinsha.theme.primary = '#0a7d52';
    return { product, jinsha: { base: { 'app.json': hashOf(jinshaOriginal) }, drafts: { 'app.json': jinsha } } };
  };

  it('a brand is seen with the product\'s unsaved edits under its own: a product value that crosses the brand\'s is a problem of the brand', async () => {
    const res = await post('draft', { brand: 'jinsha', layers: both(2000000) });
    expect(res.status).toBe(200);
    expect(res.body.problems.find((p: { path: string }) => p.path === '/constants/withdrawMin')).toMatchObject({ file: `${P}/app.json`, field: { file: 'app.json', path: '/constants/withdrawMin' } });
    expect(shown?.files['app.json']).toMatchObject({ constants: { withdrawMin: 2000000 }, theme: { primary: '#0a7d52' } });
    // the hashes of both layers on disk, no conflict
    expect(Object.keys(res.body.disk).sort()).toEqual(['jinsha', 'product']);
    expect(res.body.conflicts).toEqual([]);
  });

  it('the review lists every layer\'s changes and the problems of every brand they reach; one save writes both folders', async () => {
    const bad = await post('review', { layers: both(2000000) });
    expect(bad.body.refusal).toEqual({ kind: 'problems', count: bad.body.problems.length });
    // the crossing is the product's, listed once (a brand's check words it naming the product's file)
    expect(bad.body.problems.filter((p: { path: string }) => p.path === '/constants/withdrawMin').map((p: { brand: string; file: string }) => [p.brand, p.file])).toEqual([['product', `${P}/app.json`]]);
    const review = await post('review', { layers: both(200) });
    expect(review.body.refusal).toBeUndefined();
    expect(review.body.files.map((f: { layer: string; shown: string; changes: unknown[] }) => [f.layer, f.shown, f.changes])).toEqual([
      ['product', `${P}/app.json`, [{ path: '/constants/withdrawMin', old: 100, new: 200 }]],
      ['jinsha', `${B}/jinsha/app.json`, [{ path: '/theme/primary', old: '#a3195b', new: '#0a7d52' }]],
    ]);
    const saved = await post('save', { layers: both(200) });
    expect(saved.status).toBe(200);
    expect(saved.body.written).toEqual([`${P}/app.json`, `${B}/jinsha/app.json`]);
    expect(appJson().constants.withdrawMin).toBe(200);
    expect(readFileSync(jinshaFile(), 'utf8')).toBe(jinshaOriginal.replace('"primary": "#a3195b"', '"primary": "#0a7d52"'));
  });

  it('one folder cannot be written: the other\'s file is put back too', async () => {
    const blocker = path.join(brands, 'jinsha', 'screens', 'home.json');
    mkdirSync(path.join(blocker, 'inside'), { recursive: true });
    try {
      const layers = both(200);
      const jinsha = { base: { ...layers.jinsha.base, 'screens/home.json': ABSENT }, drafts: { ...layers.jinsha.drafts, 'screens/home.json': { $format: 3 } } };
      const res = await post('save', { layers: { ...layers, jinsha } });
      expect(res.status).toBe(409);
      expect(res.body.refusal).toEqual({ kind: 'writeFailed', file: `${B}/jinsha/screens/home.json`, code: 'EISDIR', stuck: [] });
      expect(readFileSync(path.join(dir, 'app.json'), 'utf8')).toBe(original);
      expect(readFileSync(jinshaFile(), 'utf8')).toBe(jinshaOriginal);
      expect(readdirSync(dir).filter((n) => n.includes('.studio-'))).toEqual([]);
    } finally {
      rmSync(path.join(brands, 'jinsha', 'screens'), { recursive: true, force: true });
    }
  });
});

describe('what the backend decides: the preview\'s mock asked', () => {
  let asked: { calls: unknown[]; brand: string }[] = [];
  let withMock: express.Express;
  beforeAll(() => {
    withMock = express();
    const preview = {
      origin: 'http://127.0.0.1:1',
      network: [] as string[],
      phone: async () => undefined,
      preset: async () => ({ username: 'demo01', password: 'demo123' }),
      ask: async (calls: { endpoint: string; payload: Record<string, unknown> }[], brand: { siteName: string }) => {
        asked.push({ calls, brand: brand.siteName });
        return calls.map((c) => (c.payload.type === 'wechat' ? { data: { min_price: 100, max_price: 5000 } } : { error: '没有' }));
      },
    };
    withMock.use('/studio-api', studioApi({ studio, schemas: formSchemas(path.join(root, 'screens.config', 'schema')), queries: {}, preview }));
  });
  beforeEach(() => (asked = []));
  const ask = (body: unknown) => request(withMock).post('/studio-api/backend').send(body as object);

  it('a data source a screen reads: the mock, speaking as the brand, answers each call', async () => {
    const res = await ask({ brand: 'jinsha', calls: [{ endpoint: 'getPayRange', payload: { type: 'wechat' } }, { endpoint: 'getPayRange', payload: { type: 'bank' } }] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ answers: [{ data: { min_price: 100, max_price: 5000 } }, { error: '没有' }] });
    expect(asked).toEqual([{ calls: [{ endpoint: 'getPayRange', payload: { type: 'wechat' } }, { endpoint: 'getPayRange', payload: { type: 'bank' } }], brand: '金沙娱乐' }]);
  });

  it('a call no screen reads its data from (a deposit, a password change) is refused and never made', async () => {
    for (const endpoint of ['recharge', 'editPassword', 'nothing']) {
      const res = await ask({ brand: 'product', calls: [{ endpoint, payload: {} }] });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.error, endpoint).toBe(`${JSON.stringify(endpoint)} is not a call a screen of product reads its data from`);
    }
    expect(asked).toEqual([]);
    expect((await ask({ brand: 'product', calls: Array.from({ length: 21 }, () => ({ endpoint: 'getPayRange' })) })).body.error).toBe('calls: expected a list of at most 20 calls {endpoint, payload}, not 21 calls');
  });
});

describe('a save of several files is all or none', () => {
  it('a file that cannot be written (a folder in its place) after another was swapped in: the other is put back, nothing left beside them', async () => {
    const dirOf = path.join(brands, 'jinsha');
    const before = readFileSync(path.join(dirOf, 'app.json'), 'utf8');
    const blocker = path.join(dirOf, 'screens', 'home.json');
    mkdirSync(path.join(blocker, 'inside'), { recursive: true });
    try {
      const app = JSON.parse(before) as { constants?: Record<string, number> };
      app.constants = { ...app.constants, withdrawMin: 200 };
      const res = await post('save', one('jinsha', { 'app.json': hashOf(before), 'screens/home.json': ABSENT }, { 'app.json': app, 'screens/home.json': { $format: 3 } }));
      expect(res.status).toBe(409);
      expect(res.body.saved).toBe(false);
      expect(res.body.refusal).toEqual({ kind: 'writeFailed', file: `${B}/jinsha/screens/home.json`, code: 'EISDIR', stuck: [] });
      expect(readFileSync(path.join(dirOf, 'app.json'), 'utf8')).toBe(before);
      expect(readdirSync(dirOf).sort()).toEqual(['app.json', 'assets', 'screens']);
      expect(readdirSync(path.join(dirOf, 'screens'))).toEqual(['home.json']);
    } finally {
      rmSync(path.join(dirOf, 'screens'), { recursive: true, force: true });
    }
  });
});
