/**
 * Issue 36: many brands from one repository, each an overlay over the product (brands/<id>/ over
 * screens.config/), every command on every brand. As an operator runs it, on copies (the product's
 * folder as SCREENS_CONFIG_DIR, the brands' as BRANDS_DIR):
 * 1. an old config (format 1: Menu's `columns`, in the product and in both brands' overlays; the
 *    deposit limits shared by the four methods, and responsible play switched among its constants,
 *    in the product and in a brand's overlay) is named by check:config file by file with what each
 *    old use became, and `npm run migrate` rewrites it (Stats keep their `columns`; the product
 *    comes out as the repository has it), after which every brand checks;
 * 2. a change to the product alone (a constant, a rule's message, a 我的 menu entry) reaches every
 *    brand: each is built (`BRAND=<id> npm run build`) and the change is found in its build, with
 *    its own name, colour, pictures and Menu row, and nothing of another brand's; one brand's build
 *    leaves another's folder byte-identical;
 * 3. a brand's broken app icon is refused at the build's start, with the brand's file and where it
 *    breaks; so is a crossed pair a brand sets, its problem the first line the build prints (no
 *    bundler wrapper, no stack); a build made to fail after it has written everything (tests/vite.lean.config.ts,
 *    FAIL_AFTER_WRITE) leaves the folder it was to replace byte-identical, and nothing beside it.
 * Two builds and one failed build (the refused one stops in seconds): the suite's most expensive file but one. The first brand is built
 * as an operator builds it (`npm run build`, every step); the second brand and the failed build are
 * the same build less the old engines' copy and the compressed copies (tests/vite.lean.config.ts),
 * which no assertion here reads: about 3 CPU-s less each.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConfig } from '../../src/config/check';
import { mergeBrand } from '../../src/config/overlay/layers';
import { pendingChanges } from '../../src/config/format/old-uses';
import { configSource, loadSchemas, loadWidgetSchemas, schemaSource } from '../../src/config/source/index';
import { english } from './english';

const root = path.resolve(__dirname, '..', '..');
const work = mkdtempSync(path.join(tmpdir(), 'brands-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const product = path.join(work, 'product');
const brands = path.join(work, 'brands');
const env = { SCREENS_CONFIG_DIR: product, BRANDS_DIR: brands };

/** file (relative, with /) -> sha256 of every file under `dir` */
function hashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[path.relative(dir, p).split(path.sep).join('/')] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/** an npm script as an operator runs it, with the given environment */
const npm = (script: string, more: Record<string, string> = {}, args: string[] = []) =>
  spawnSync('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', BRAND: '', DIST: '', ...env, ...more } });

/** the build (`vite build`) less the copies no assertion here reads, with the given environment (tests/vite.lean.config.ts) */
const leanBuild = (more: Record<string, string>) =>
  spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '-c', path.join(root, 'tests', 'vite.lean.config.ts'), '--logLevel', 'warn'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', BRAND: '', DIST: '', ...env, ...more },
  });

/** every text file of a build, joined */
const shipped = (dist: string) =>
  Object.keys(hashes(dist))
    .filter((f) => /\.(html|js|css|svg|webmanifest|json)$/.test(f))
    .map((f) => readFileSync(path.join(dist, f), 'utf8'))
    .join('\n');
/** whether a build ships `text` (a message naming the build, not the megabytes of the build) */
const ships = (dist: string, text: string) => expect(shipped(dist).includes(text), `${path.basename(dist)} ships ${text}`);

/** edits `file` of a folder: each [from, to] must be found */
function edit(dir: string, file: string, pairs: [string | RegExp, string][]) {
  let text = readFileSync(path.join(dir, file), 'utf8');
  for (const [from, to] of pairs) {
    if (typeof from === 'string' ? !text.includes(from) : !from.test(text)) throw new Error(`${file} does not contain ${String(from)}`);
    text = text.replace(from, to);
  }
  writeFileSync(path.join(dir, file), text);
}

/** every .json of a folder, relative */
const jsonFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json') && !f.startsWith('schema'))
    .sort();

beforeAll(() => {
  // the product and the brands as they were written for format 1: no "$format", Menu's columns
  cpSync(path.join(root, 'screens.config'), product, { recursive: true });
  cpSync(path.join(root, 'brands'), brands, { recursive: true });
  cpSync(path.join(__dirname, 'fixtures', 'format-1', 'brands'), brands, { recursive: true });
  for (const dir of [product, brands]) {
    for (const f of jsonFiles(dir)) {
      const text = readFileSync(path.join(dir, f), 'utf8').replace(/^ {2}"\$format": 4,\n/m, '');
      writeFileSync(path.join(dir, f), f.includes('screens') ? text.replace(/"perRow":/g, '"columns":') : text);
    }
  }
  // the deposit limits shared by the four methods, and what read them
  edit(product, 'app.json', [[/ {4}"depositMin": 100,\n {4}"depositMax": 10000,\n/, '    "depositMinDefault": 100,\n    "depositMaxDefault": 10000,\n']]);
  for (const f of ['forms/recharge-bank.json', 'forms/recharge-alipay.json', 'forms/recharge-wechat.json', 'forms/recharge-usdt.json', 'screens/recharge.json']) {
    edit(product, f, [[/const\.deposit(Min|Max)(Bank|Alipay|Wechat|Usdt) \| or:const\.deposit(Min|Max)\b/g, 'const.deposit$1Default']]);
  }
  edit(brands, 'jinsha/app.json', [['"depositMaxBank": 50000', '"depositMaxDefault": 50000']]);
  // responsible play switched among its constants, and what read the switch
  edit(product, 'app.json', [
    [',\n    "responsiblePlay": true\n', '\n'],
    ['    "responsible": {\n', '    "responsible": {\n      "enabled": true,\n'],
  ]);
  edit(product, 'screens/mine.json', [['"feature": "responsiblePlay", "testId"', '"when": { "path": "const.responsible.enabled", "eq": true }, "testId"']]);
  edit(product, 'screens/article.json', [
    ['"feature": "responsiblePlay",\n      "when": { "path": "query.type", "eq": "{{const.responsible.helpArticleType}}" },', '"when": { "all": [{ "path": "const.responsible.enabled", "eq": true }, { "path": "query.type", "eq": "{{const.responsible.helpArticleType}}" }] },'],
  ]);
  edit(brands, 'yinhe/app.json', [['  "maps": {', '  "constants": {\n    "responsible": { "enabled": false }\n  },\n  "maps": {']]);
});

describe('an engine change (Menu: columns is now perRow) migrates the product and every brand', () => {
  it('check:config names each old use, in the product\'s files and each brand\'s, with the new name and the command', () => {
    const r = npm('check:config', {}, ['--brands']);
    expect(r.status).toBe(1);
    const fix = 'run `npm run migrate`, which rewrites it in screens.config/ and every brand\'s overlay';
    const said = (file: string, at: string) => `${file}: ${at}: Menu's "columns" (entries per row of a grid) is called "perRow" since config format 2; ${fix}`;
    const lines = r.stderr.split('\n');
    for (const [file, at] of [
      [`${product}/screens/home.json`, '/body/3/children/0/props/columns'],
      [`${product}/screens/mine.json`, '/body/1/props/columns'],
      [`${product}/screens/money.json`, '/body/1/children/0/props/columns'],
      [`${brands}/jinsha/screens/mine.json`, '/body/0/props/columns'],
      [`${brands}/yinhe/screens/mine.json`, '/body/0/props/columns'],
    ]) expect(lines).toContain(said(file, at));
    // only those: the Stats (the product's, the brand's own) keep their columns, and no "unknown property"
    expect(lines.filter((l) => l.includes('columns'))).toHaveLength(5);
    expect(r.stderr).toContain(`brand jinsha (${brands}/jinsha/ over ${product}/):`);
    // the moved keys, each old use once, with what it became (and nothing else: no missing new key, no unknown constant)
    for (const line of [
      `${product}/app.json: /constants/depositMaxDefault: "depositMaxDefault" (shared by the four deposit methods) became each method's own since config format 3: depositMaxBank, depositMaxAlipay, depositMaxWechat, depositMaxUsdt, each 10000 as it was; ${fix}`,
      `${product}/forms/recharge-wechat.json: /rules/0/min: const.depositMinDefault became each method's own constant since config format 3: here const.depositMinWechat, the method of the backend's range beside it; ${fix}`,
      `${product}/app.json: /constants/responsible/enabled: "constants.responsible.enabled" is "features.responsiblePlay" since config format 3 (every feature is switched in one place, app.json "features"); ${fix}`,
      `${product}/screens/mine.json: /body/3/props/items/7/when/path: "const.responsible.enabled" is "features.responsiblePlay" since config format 3: a part shown while responsible play is on says "feature": "responsiblePlay" (left out when it is off); ${fix}`,
      `${brands}/jinsha/app.json: /constants/depositMaxDefault: "depositMaxDefault" (shared by the four deposit methods) became each method's own since config format 3: depositMaxBank, depositMaxAlipay, depositMaxWechat, depositMaxUsdt, each 50000 as it was; ${fix}`,
      `${brands}/yinhe/app.json: /constants/responsible/enabled: "constants.responsible.enabled" is "features.responsiblePlay" since config format 3 (every feature is switched in one place, app.json "features"); ${fix}`,
    ]) expect(lines).toContain(line);
    expect(lines.filter((l) => l.includes('since config format 3'))).toHaveLength(17 + 2);
    // the product's problems are its 3 Menus and those 17: nothing more
    expect(r.stderr).toContain(`20 problem(s) in ${product}/`);
  }, 120_000);

  it('npm run migrate rewrites the names alone, in every file that has one, and then every brand checks', () => {
    const before = readFileSync(path.join(brands, 'yinhe', 'screens', 'mine.json'), 'utf8');
    const r = npm('migrate');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('menu-per-row (format 2): Menu: "columns" (entries per row of a grid) is called "perRow": 5 change(s)');
    // the pair and its 12 readers in the product, jinsha's maximum; the switch and its 2 readers in the product, yinhe's switch
    expect(r.stdout).toMatch(/^deposit-limits-per-method \(format 3\): .*: 15 change\(s\)$/m);
    expect(r.stdout).toMatch(/^responsible-play-feature \(format 3\): .*: 4 change\(s\)$/m);
    // then the eight method constants of the product and their 12 readers, and jinsha's four maxima, become one default pair
    expect(r.stdout).toMatch(/^deposit-default \(format 4\): .*: 24 change\(s\)$/m);
    expect(r.stdout).toMatch(new RegExp(`brand yinhe \\(${brands}/yinhe/ over ${product}/\\) is valid`));
    // the brand's file: the Menu's name and the format changed, nothing else (its Stats keeps columns)
    expect(readFileSync(path.join(brands, 'yinhe', 'screens', 'mine.json'), 'utf8')).toBe(
      before.replace('{\n', '{\n  "$format": 4,\n').replace('{ "id": "shortcuts", "props": { "columns": 5 } }', '{ "id": "shortcuts", "props": { "perRow": 5 } }'),
    );
    // the product's: as the repository has it (it was migrated the same way)
    for (const f of jsonFiles(product)) expect(readFileSync(path.join(product, f), 'utf8'), f).toBe(readFileSync(path.join(root, 'screens.config', f), 'utf8'));
    // the brands' moved keys: jinsha's raised maximum is every method's, one key of its own (not the
    // four method keys format 3 wrote); yinhe's switch is a feature switch (the object it leaves empty gone)
    const repo = (f: string) => readFileSync(path.join(root, 'brands', f), 'utf8');
    expect(readFileSync(path.join(brands, 'jinsha', 'app.json'), 'utf8')).toBe(repo('jinsha/app.json').replace('"depositMaxBank": 50000', '"depositMax": 50000'));
    expect(readFileSync(path.join(brands, 'yinhe', 'app.json'), 'utf8')).toBe(repo('yinhe/app.json').replace('"redPacket": false\n', '"redPacket": false,\n    "responsiblePlay": false\n'));
    // and nothing is left to do (the brands of this test: BRANDS_DIR, as the commands read it)
    process.env.BRANDS_DIR = brands;
    try {
      expect(pendingChanges(configSource({ root, productDir: path.resolve(root, product) }).productBundle(), ['jinsha', 'yinhe'].map((id) => configSource({ root, productDir: path.resolve(root, product) }).brand(id)))).toEqual([]);
    } finally {
      delete process.env.BRANDS_DIR;
    }
  }, 120_000);
});

describe('a change to the product reaches every brand, each built into its own folder', () => {
  const built: Record<string, string> = {};
  const BRANDS = { jinsha: { siteName: '金沙娱乐', primary: '#a3195b', logo: 'jinsha-logo.svg', perRow: 3 }, yinhe: { siteName: '银河娱乐', primary: '#4527a0', logo: 'yinhe-logo.svg', perRow: 5 } };

  beforeAll(() => {
    // the product changes; no brand file is touched
    edit(product, 'app.json', [['"withdrawMin": 100,', '"withdrawMin": 150,']]);
    edit(product, 'messages.json', [['"register.name": "用户名长度', '"register.name": "会员账号长度']]);
    edit(product, 'screens/mine.json', [['{ "title": "帮助中心", "icon": "help", "to": "/boutBallBet" },', '{ "title": "帮助中心", "icon": "help", "to": "/boutBallBet" },\n          { "title": "联系我们", "icon": "service", "to": "/kefu" },']]);
    for (const id of Object.keys(BRANDS)) {
      const dist = path.join(work, `dist-${id}`);
      // the first brand as an operator builds it; the second without the copies nothing here reads
      const r = id === 'jinsha' ? npm('build', { BRAND: id, DIST: dist }, ['--logLevel', 'warn']) : leanBuild({ BRAND: id, DIST: dist });
      if (r.status !== 0) throw new Error(`BRAND=${id} build failed:\n${r.stdout}\n${r.stderr}`);
      built[id] = dist;
      // the first brand's build, byte for byte, before the next brand builds
      if (id === 'jinsha') writeFileSync(path.join(work, 'jinsha.before.json'), JSON.stringify(hashes(dist)));
    }
  }, 600_000);

  it('each brand\'s build has the product\'s change: the constant, the rule\'s message, the new menu entry', () => {
    for (const id of Object.keys(BRANDS)) {
      ships(built[id], 'withdrawMin:150').toBe(true);
      ships(built[id], '会员账号长度').toBe(true);
      ships(built[id], '联系我们').toBe(true);
    }
  });

  it('each is its own brand: name, colour, logo, app icon, its Menu row; nothing of the product\'s or another brand\'s name', () => {
    for (const [id, b] of Object.entries(BRANDS)) {
      const dist = built[id];
      const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
      expect(html).toContain(b.siteName);
      expect(html).toContain(b.primary);
      expect(JSON.parse(readFileSync(path.join(dist, 'manifest.webmanifest'), 'utf8'))).toMatchObject({ name: b.siteName, theme_color: b.primary });
      // its own pictures, filled with its colour and name (the product's app icon replaced by name)
      expect(readFileSync(path.join(dist, 'app-icon.svg'), 'utf8')).toBe(readFileSync(path.join(root, 'brands', id, 'assets', 'app-icon.svg'), 'utf8').replace(/\{\{theme\.primary\}\}/g, b.primary).replace(/\{\{brand\.siteName\}\}/g, b.siteName));
      expect(readFileSync(path.join(dist, b.logo), 'utf8')).toContain(`<title>${b.siteName}</title>`);
      ships(dist, `perRow:${b.perRow}`).toBe(true);
      for (const other of ['星耀娱乐', ...Object.values(BRANDS).filter((o) => o !== b).map((o) => o.siteName)]) ships(dist, other).toBe(false);
    }
    // yinhe's own Stats, placed after the shortcuts, keeps its columns
    expect(/type:[`"]Stats[`"],props:\{columns:2,items:\[\{label:[`"]银河积分/.test(shipped(built.yinhe)), 'yinhe ships its Stats with columns 2').toBe(true);
  });

  it('one brand\'s build leaves another brand\'s folder byte-identical', () => {
    expect(hashes(built.jinsha)).toEqual(JSON.parse(readFileSync(path.join(work, 'jinsha.before.json'), 'utf8')));
  });

  it('a brand\'s broken app icon is refused at the build\'s start, named with the brand\'s file and where it breaks; the folder is left as it was', () => {
    mkdirSync(path.join(brands, 'broken', 'assets'), { recursive: true });
    writeFileSync(path.join(brands, 'broken', 'app.json'), JSON.stringify({ $format: 4, brand: { siteName: '坏了', shortName: '坏了' } }));
    writeFileSync(path.join(brands, 'broken', 'assets', 'app-icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r=');
    const before = hashes(built.jinsha);
    const r = leanBuild({ BRAND: 'broken', DIST: built.jinsha });
    expect(r.status).toBe(1);
    expect(`${r.stdout}${r.stderr}`).toContain(`${brands}/broken/assets/app-icon.svg: not a picture the build can draw (line 1, column 71: Couldn't find end of Start Tag circle); expected a whole SVG document`);
    expect(hashes(built.jinsha)).toEqual(before);
    expect(readdirSync(work).filter((f) => f.includes('.building-'))).toEqual([]);
    rmSync(path.join(brands, 'broken'), { recursive: true });
  }, 300_000);

  it('a crossed pair set in a brand: the build exits 1 with the brand\'s file and key as its first line, the count once, no bundler wrapper or stack; the folder is as it was', () => {
    mkdirSync(path.join(brands, 'crossed'), { recursive: true });
    writeFileSync(path.join(brands, 'crossed', 'app.json'), JSON.stringify({ $format: 4, brand: { siteName: '交叉娱乐', shortName: '交叉' }, constants: { depositMinBank: 60000, depositMaxBank: 50000 } }));
    const before = hashes(built.jinsha);
    const r = npm('build', { BRAND: 'crossed', DIST: built.jinsha });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toEqual([
      `${brands}/crossed/app.json: /constants/depositMinBank: depositMinBank 60000 is above depositMaxBank 50000 (${brands}/crossed/app.json /constants/depositMaxBank): no value can pass both; expected a minimum at most its maximum (lower depositMinBank or raise depositMaxBank)`,
      '',
      `1 problem(s) in brand crossed (${brands}/crossed/ over ${product}/): the build stopped before writing anything`,
      '',
    ]);
    expect(hashes(built.jinsha)).toEqual(before);
    rmSync(path.join(brands, 'crossed'), { recursive: true });
  }, 120_000);

  it('a brand\'s asset linked to a file outside the config folders: the build stops naming the link, ships nothing, leaves the folder as it was', () => {
    const secret = path.join(work, 'secret.txt');
    writeFileSync(secret, 'not for the web\n');
    mkdirSync(path.join(brands, 'leaky', 'assets'), { recursive: true });
    writeFileSync(path.join(brands, 'leaky', 'app.json'), JSON.stringify({ $format: 3, brand: { siteName: '漏了', shortName: '漏了' } }));
    symlinkSync(secret, path.join(brands, 'leaky', 'assets', 'leak.txt'));
    const before = hashes(built.jinsha);
    const r = leanBuild({ BRAND: 'leaky', DIST: built.jinsha });
    expect(r.status).toBe(1);
    expect(`${r.stdout}${r.stderr}`).toContain(`${brands}/leaky/assets/leak.txt: /: a symbolic link to ${JSON.stringify(secret)}, outside`);
    expect(hashes(built.jinsha)).toEqual(before);
    expect(readdirSync(work).filter((f) => f.includes('.building-'))).toEqual([]);
    rmSync(path.join(brands, 'leaky'), { recursive: true });
  }, 300_000);

  it('a build that fails after writing everything (icons and service worker included) leaves its folder byte-identical, and nothing beside it', () => {
    const before = hashes(built.jinsha);
    const r = leanBuild({ BRAND: 'yinhe', DIST: built.jinsha, FAIL_AFTER_WRITE: '1' });
    expect(r.status).toBe(1);
    // it failed late: the bundle, the icons and the service worker were written
    expect(`${r.stdout}${r.stderr}`).toMatch(/made to fail after writing .*\bassets, .*\bindex\.html, .*\bpwa-192x192\.png, .*\bsw\.js\b/);
    expect(hashes(built.jinsha)).toEqual(before);
    expect(readdirSync(work).filter((f) => f.includes('.building-'))).toEqual([]);
  }, 300_000);
});

describe('the assets app.json names are in that config\'s own assets/', () => {
  it('a logo or app icon missing from the brand\'s folder is named, with the files it has', async () => {
    const bundle = configSource({ root }).productBundle();
    expect(bundle.assets).toContain('app-icon.svg');
    const app = bundle.app.json as { brand: Record<string, string>; webApp: Record<string, string> };
    app.brand.logo = 'assets/jinsha-logo.svg';
    app.webApp.icon = 'assets/app-icn.svg';
    const problems = checkConfig(bundle, loadSchemas(root), await loadWidgetSchemas(root));
    const list = bundle.assets!.map((a) => `assets/${a}`).join(', ');
    expect(english(problems)).toEqual([
      { file: 'screens.config/app.json', path: '/brand/logo', message: `"assets/jinsha-logo.svg" is not in screens.config/assets/ (expected one of ${list})` },
      { file: 'screens.config/app.json', path: '/webApp/icon', message: `"assets/app-icn.svg" is not in screens.config/assets/ (expected one of ${list}); did you mean "assets/app-icon.svg"?` },
    ]);
  });

  it('in a brand, the brand\'s assets and the product\'s count; a missing one is named with both folders', async () => {
    const overlay = configSource({ root }).overlayBundle('jinsha');
    const withLogo = (logo: string) => {
      const o = { ...overlay, app: { file: overlay.app!.file, json: { ...(overlay.app!.json as object), brand: { siteName: '金沙娱乐', shortName: '金沙', logo } } } };
      return checkConfig(mergeBrand(configSource({ root }).productBundle(), o, schemaSource(root)).bundle, loadSchemas(root), widgets);
    };
    const widgets = await loadWidgetSchemas(root);
    expect(withLogo('assets/jinsha-logo.svg')).toEqual([]);
    expect(withLogo('assets/app-icon.svg')).toEqual([]);
    const all = [...new Set([...configSource({ root }).productBundle().assets!, ...overlay.assets])].sort().map((a) => `assets/${a}`).join(', ');
    expect(english(withLogo('assets/jinsha.svg'))).toEqual([
      { file: 'brands/jinsha/app.json', path: '/brand/logo', message: `"assets/jinsha.svg" is not in brands/jinsha/assets/ or screens.config/assets/ (expected one of ${all})` },
    ]);
  });
});
