/**
 * The config source against a tree that lies: a brand folder or an asset that is a symbolic link to a
 * place outside screens.config/ and brands/, a folder among the assets, keys that name the language's
 * own members (__proto__, constructor, prototype). Every reader refuses what leads out, naming the
 * link and where it points; a link inside the config folders is read as the file it names; a reserved
 * key is an error at the layer's own file and JSON path, and never reaches a prototype.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConfigArgs } from '../../scripts/check-command';
import { brandOfConfig } from '../../mock-server/brand';
import { createChecker, errorsOf, type Problem } from '../../src/config/check';
import { mergeLayers } from '../../src/config/overlay/merge';
import { configSource, loadSchemas, loadWidgetSchemas } from '../../src/config/source/index';
import { createStudio } from '../../studio/studio';

const root = path.resolve(__dirname, '..', '..');
const work = mkdtempSync(path.join(tmpdir(), 'config-source-'));
const product = path.join(work, 'screens.config');
const brands = path.join(work, 'brands');
/** a folder of the machine outside the config folders, with a file an attacker wants shipped */
const outside = path.join(work, 'outside');
const env = { SCREENS_CONFIG_DIR: product, BRANDS_DIR: brands };
const line = (p: Problem) => `${p.file}: ${p.path}: ${p.message}`;

/** a script as an operator runs it, on the copies */
// the config check as npm runs it (its bundle), the other commands under tsx
const run = (script: string, args: string[] = [], more: Record<string, string> = {}) =>
  spawnSync(process.execPath, script === 'check-config.ts' ? checkConfigArgs(root, args) : ['--import', 'tsx', path.join(root, 'scripts', script), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, BRAND: '', ...env, ...more } });

beforeAll(() => {
  cpSync(path.join(root, 'screens.config'), product, { recursive: true });
  cpSync(path.join(root, 'brands'), brands, { recursive: true });
  mkdirSync(path.join(outside, 'assets'), { recursive: true });
  writeFileSync(path.join(outside, 'secret.txt'), 'not for the web\n');
  writeFileSync(path.join(outside, 'app.json'), JSON.stringify({ $format: 3, brand: { siteName: '外面', shortName: '外面' } }));
  // a brand folder that is a link to a folder outside brands/
  symlinkSync(outside, path.join(brands, 'elsewhere'));
  // an asset of jinsha that is a link to a file outside, and one that is a link to the product's picture (inside: fine)
  symlinkSync(path.join(outside, 'secret.txt'), path.join(brands, 'jinsha', 'assets', 'leak.txt'));
  symlinkSync(path.join(product, 'assets', 'app-icon.svg'), path.join(brands, 'jinsha', 'assets', 'shared-icon.svg'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a link leading out of the config folders', () => {
  it('is not read: the source names it and where it points, and lists nothing behind it', () => {
    const source = configSource({ root, productDir: product, brandsDir: brands });
    expect(source.brandIds()).toContain('elsewhere');
    const refusals = source.refusals(['elsewhere', 'jinsha']).map(line);
    expect(refusals).toEqual([
      `${brands}/elsewhere/: /: a symbolic link to ${JSON.stringify(outside)}, outside ${product}/ and ${brands}/: refused (a config file or asset must lie inside them; copy it in)`,
      `${brands}/jinsha/assets/leak.txt: /: a symbolic link to ${JSON.stringify(path.join(outside, 'secret.txt'))}, outside ${product}/ and ${brands}/: refused (a config file or asset must lie inside them; copy it in)`,
    ]);
    // nothing of the outside folder is read as the brand's: its name is not the merged one
    expect((source.brand('elsewhere').bundle.app.json as { brand: { siteName: string } }).brand.siteName).toBe('星耀娱乐');
    // the link to the product's own picture is read as that picture; the outside file is no asset
    expect(Object.keys(source.assets('jinsha'))).toContain('shared-icon.svg');
    expect(Object.keys(source.assets('jinsha'))).not.toContain('leak.txt');
  });

  it('the merged folder a brand build reads never holds the outside file', () => {
    const source = configSource({ root, productDir: product, brandsDir: brands });
    const dir = path.join(work, 'merged-jinsha');
    source.writeMerged(dir, 'jinsha');
    expect(readdirSync(path.join(dir, 'assets'))).toContain('shared-icon.svg');
    expect(readdirSync(path.join(dir, 'assets'))).not.toContain('leak.txt');
  });

  it('check:config names each link with where it points and exits 1', () => {
    const r = run('check-config.ts', ['--brands']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${brands}/elsewhere/: /: a symbolic link to ${JSON.stringify(outside)}, outside`);
    expect(r.stderr).toContain(`${brands}/jinsha/assets/leak.txt: /: a symbolic link to ${JSON.stringify(path.join(outside, 'secret.txt'))}, outside`);
  }, 60_000);

  it('where, brands and migrate refuse with the same line and touch nothing', () => {
    const where = run('check-config.ts', ['--brands', '--where', 'const.withdrawMin']);
    expect(where.status).toBe(1);
    expect(where.stderr).toContain(`${brands}/jinsha/assets/leak.txt: /: a symbolic link to`);
    expect(where.stdout).toBe('');
    const brandsCli = run('brands.ts');
    expect(brandsCli.status).toBe(1);
    expect(brandsCli.stderr).toContain(`${brands}/elsewhere/: /: a symbolic link to ${JSON.stringify(outside)}`);
    const migrate = run('migrate.ts', ['--dry-run']);
    expect(migrate.status).toBe(1);
    expect(migrate.stderr).toMatch(/nothing migrated: 2 problem\(s\) reading the config/);
  }, 60_000);

  it('the studio refuses the linked brand; the mock speaking as it does not speak the outside names', async () => {
    const studio = await createStudio({ root, configDir: product, brandsDir: brands });
    // (the studio names folders outside the project by their settings: no answer names a path of the machine but where a link points)
    expect(() => studio.files('elsewhere')).toThrow(`brand elsewhere is not read: $BRANDS_DIR/elsewhere/ is a symbolic link to`);
    expect(() => studio.draft('elsewhere', {})).toThrow('brand elsewhere is not read');
    // jinsha itself opens, and its problems name the leaking asset
    const problems = studio.draft('jinsha', {}).problems.map(line);
    expect(problems).toContain(`$BRANDS_DIR/jinsha/assets/leak.txt: /: a symbolic link to ${JSON.stringify(path.join(outside, 'secret.txt'))}, outside $SCREENS_CONFIG_DIR/ and $BRANDS_DIR/: refused (a config file or asset must lie inside them; copy it in)`);
    process.env.BRANDS_DIR = brands;
    try {
      expect(brandOfConfig(product, 'elsewhere').siteName).toBe('星耀娱乐');
    } finally {
      delete process.env.BRANDS_DIR;
    }
  }, 60_000);

  it('a config file linked out of the folder is unread, and a folder among the assets is named, never a crash', () => {
    const p2 = path.join(work, 'product-2');
    cpSync(product, p2, { recursive: true });
    rmSync(path.join(p2, 'screens', 'vip.json'));
    symlinkSync(path.join(outside, 'app.json'), path.join(p2, 'screens', 'vip.json'));
    mkdirSync(path.join(p2, 'assets', 'more'));
    const source = configSource({ root, productDir: p2, brandsDir: brands });
    const bundle = source.productBundle();
    expect(bundle.screens.vip.json).toBeInstanceOf(Error);
    expect(source.refusals().map(line)).toEqual([
      `${p2}/assets/more: /: expected a file, found a folder (assets/ holds files only, each served at the site's root)`,
      `${p2}/screens/vip.json: /: a symbolic link to ${JSON.stringify(path.join(outside, 'app.json'))}, outside ${p2}/ and ${brands}/: refused (a config file or asset must lie inside them; copy it in)`,
    ]);
  });
});

describe('keys that name the language\'s own members', () => {
  let check: (b: ReturnType<ReturnType<typeof configSource>['productBundle']>) => Problem[];
  beforeAll(async () => {
    check = createChecker(loadSchemas(root), await loadWidgetSchemas(root));
  });

  it('the merge keeps them out, as data: an overlay\'s "__proto__" never replaces what it sits in', () => {
    const base = { brand: { siteName: 'A', shortName: 'A' }, constants: { x: 1 } };
    const overlay = JSON.parse('{"brand": {"$patch": "replace", "siteName": "B", "shortName": "B", "__proto__": {"siteName": "C"}}, "__proto__": {"polluted": true}, "constants": {"constructor": 2}}') as object;
    const m = mergeLayers(base, overlay);
    expect(m.value).toEqual({ brand: { siteName: 'B', shortName: 'B' }, constants: { x: 1 } });
    expect(Object.getPrototypeOf(m.value)).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(m.problems.map((p) => p.at)).toEqual(['/brand/__proto__', '/__proto__', '/constants/constructor']);
  });

  it('check:config names each in the brand\'s own file with its JSON path; the brand keeps its name', () => {
    const dir = path.join(work, 'brands-proto');
    cpSync(brands, dir, { recursive: true, filter: (src) => !src.includes('elsewhere') && !src.endsWith('leak.txt') });
    writeFileSync(
      path.join(dir, 'jinsha', 'app.json'),
      '{\n  "$format": 3,\n  "brand": { "$patch": "replace", "siteName": "金沙娱乐", "shortName": "金沙", "__proto__": { "siteName": "x" } },\n  "__proto__": { "theme": {} },\n  "constants": { "prototype": 5 }\n}\n',
    );
    const source = configSource({ root, productDir: product, brandsDir: dir });
    const brand = source.brand('jinsha');
    expect((brand.bundle.app.json as { brand: { siteName: string } }).brand.siteName).toBe('金沙娱乐');
    const problems = [...brand.problems, ...check(brand.bundle)].filter((p) => p.message.includes('not a config key')).map((p) => `${p.file} ${p.path}`);
    expect(problems).toEqual([`${dir}/jinsha/app.json /brand/__proto__`, `${dir}/jinsha/app.json /__proto__`, `${dir}/jinsha/app.json /constants/prototype`]);
    const r = run('check-config.ts', ['--brand', 'jinsha'], { BRANDS_DIR: dir });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${dir}/jinsha/app.json: /brand/__proto__: "__proto__" is not a config key`);
  }, 60_000);

  it('in the product\'s own file (constants.__proto__, a screen\'s constructor) each is an error at its path', () => {
    const bundle = configSource({ root, productDir: product, brandsDir: brands }).productBundle();
    const app = bundle.app.json as { constants: Record<string, unknown> };
    Object.defineProperty(app.constants, '__proto__', { value: 7, enumerable: true });
    const home = bundle.screens.home.json as Record<string, unknown>;
    Object.defineProperty(home, 'constructor', { value: {}, enumerable: true });
    const found = errorsOf(check(bundle)).filter((p) => p.message.includes('not a config key')).map((p) => `${p.file} ${p.path}`);
    expect(found).toEqual([`${product}/app.json /constants/__proto__`, `${product}/screens/home.json /constructor`]);
  });
});
