/**
 * npm run deploy -- --to DIR --no-build (scripts/deploy.ts): the project's builds are taken as they
 * are only when each is newer than what it was built from (the product's config, src/, the page, the
 * build's code, the lock file, and a brand's folder for its build); otherwise the site is refused by name, saying what changed after
 * it, and DIR is not touched. Run in a small project of its own (stand-in sources and builds whose
 * times the test sets), as the command's deploy(root, options).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deploy, Refusal, releases } from '../../scripts/deploy';

const work = mkdtempSync(path.join(tmpdir(), 'deploy-no-build-'));
const root = path.join(work, 'project');
const to = path.join(work, 'srv');
const T0 = new Date('2026-11-01T10:00:00Z');
const later = (s: number) => new Date(T0.getTime() + s * 1000);

function put(file: string, text: string, time = T0) {
  const p = path.join(root, file);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, text);
  utimesSync(p, time, time);
}
const build = (site: string, time: Date) => {
  put(`${site}/index.html`, `<!doctype html><title>${site}</title>`, time);
  put(`${site}/version.json`, JSON.stringify({ build: `${site}-1`, required: false }), time);
};
const noBuild = () => deploy(root, { to, fresh: true, keep: 5 });
/** the refusal's words, or what the deploy said */
const refusal = () => {
  try {
    noBuild();
  } catch (err) {
    if (err instanceof Refusal) return err.message;
    throw err;
  }
  return 'deployed';
};

const env = { ...process.env };
beforeEach(() => {
  rmSync(work, { recursive: true, force: true });
  put('screens.config/app.json', '{}');
  put('src/engine/screen.tsx', 'export {};');
  put('index.html', '<!doctype html>');
  put('package-lock.json', '{}');
  put('brands/jinsha/app.json', '{}');
  build('dist', later(60));
  build('dist-jinsha', later(60));
  delete process.env.SCREENS_CONFIG_DIR;
  // (absolute: nginx's server blocks are made for the same brands)
  process.env.BRANDS_DIR = path.join(root, 'brands');
  process.env.SERVER_NAMES = 'product=m.a.test,jinsha=m.b.test';
  process.env.API_UPSTREAM = 'http://127.0.0.1:9';
});
afterEach(() => {
  process.env = { ...env };
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run deploy -- --no-build', () => {
  it('takes builds newer than their sources: every site placed, one release live', () => {
    const said = noBuild();
    expect(said.slice(0, 2)).toEqual(['the product: dist/ build dist-1', 'brand jinsha: dist-jinsha/ build dist-jinsha-1']);
    expect(releases(to)).toHaveLength(1);
  });

  it('a brand changed after its build: refused naming the brand, its build and its folder; DIR not made', () => {
    put('brands/jinsha/app.json', '{ "brand": {} }', later(120));
    expect(refusal()).toBe('brand jinsha: dist-jinsha was built before the last change of brands/jinsha/: build it again (npm run deploy without --no-build builds every site)');
    expect(existsSync(to) && readdirSync(to).length).toBeFalsy();
  });

  it('a file deep in src/ changed after the builds: the product is named first', () => {
    put('src/engine/screen.tsx', 'export const x = 1;', later(120));
    expect(refusal()).toBe('the product: dist was built before the last change of src/: build it again (npm run deploy without --no-build builds every site)');
  });

  it('the product\'s config changed after the builds: the product is refused first', () => {
    put('screens.config/app.json', '{ "x": 1 }', later(120));
    expect(refusal()).toMatch(/^the product: dist was built before the last change of screens\.config\/:/);
  });

  it('the packages\' versions changed after the builds (a file, named as one)', () => {
    put('package-lock.json', '{ "lockfileVersion": 3 }', later(120));
    expect(refusal()).toBe('the product: dist was built before the last change of package-lock.json: build it again (npm run deploy without --no-build builds every site)');
  });

  it('a build without its version.json: refused, saying to build', () => {
    rmSync(path.join(root, 'dist-jinsha', 'version.json'));
    expect(refusal()).toBe('brand jinsha: no build in dist-jinsha (index.html and version.json): run npm run deploy without --no-build');
  });
});
