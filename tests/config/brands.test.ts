/**
 * Issue 32: many brands from one repository. `SCREENS_CONFIG_DIR=… DIST=… npm run build` builds a
 * second brand (a copy of screens.config/ with its own name, colour, logo and app icon) into its own
 * folder: every asset, the manifest and every precached file come from that brand's config, and the
 * first brand's build (dist/) is byte-identical afterwards. One test: a build takes about a minute
 * on this machine (two when there is no dist/ to compare: the first brand is then built into a
 * temporary folder with the same command).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkConfig } from '../../src/config/check';
import { loadBundle, loadSchemas, loadWidgetSchemas } from '../../scripts/config-fs';

const root = path.resolve(__dirname, '..', '..');
const work = mkdtempSync(path.join(tmpdir(), 'brands-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const BRAND = { siteName: '金沙娱乐', shortName: '金沙', primary: '#a3195b' };

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

/** `npm run build` as an operator runs it, with the given environment */
function build(env: Record<string, string>) {
  const r = spawnSync('npm', ['run', '--silent', 'build', '--', '--logLevel', 'warn'], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', ...env } });
  if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}\n${r.stderr}`);
}

/** the second brand: a copy of screens.config/ with its own name, colour, logo and app icon */
function secondBrand(): string {
  const dir = path.join(work, 'jinsha.config');
  cpSync(path.join(root, 'screens.config'), dir, { recursive: true });
  const appFile = path.join(dir, 'app.json');
  const app = JSON.parse(readFileSync(appFile, 'utf8')) as { brand: Record<string, string>; theme: Record<string, string> };
  app.brand = { ...app.brand, siteName: BRAND.siteName, shortName: BRAND.shortName, logo: 'assets/jinsha-logo.svg' };
  app.theme.primary = BRAND.primary;
  writeFileSync(appFile, JSON.stringify(app, null, 2));
  // its own app icon (a circle, not the first brand's shape) and logo, in the brand colour
  writeFileSync(path.join(dir, 'assets', 'app-icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><!-- jinsha icon --><circle cx="256" cy="256" r="240" fill="{{theme.primary}}"/></svg>\n');
  writeFileSync(path.join(dir, 'assets', 'jinsha-logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>{{brand.siteName}}</title><rect width="64" height="64" rx="12" fill="{{theme.primary}}"/></svg>\n');
  return dir;
}

/** the precache list of a build's sw.js: url -> revision */
function precache(dist: string): Record<string, string | null> {
  const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const entries = [...sw.matchAll(/\{url:"([^"]+)",revision:(null|"[^"]*")\}/g)];
  return Object.fromEntries(entries.map((m) => [m[1], m[2] === 'null' ? null : m[2].slice(1, -1)]));
}

describe('a second brand from the same repository', () => {
  it('builds into its own folder from its own config; dist/ is byte-identical afterwards', () => {
    // the first brand's build: dist/ when there is one, else built now into a folder of its own
    const dist = path.join(root, 'dist');
    const hadDist = existsSync(path.join(dist, 'index.html'));
    const first = hadDist ? dist : path.join(work, 'first');
    if (!hadDist) build({ DIST: first });
    const before = hashes(first);
    expect(Object.keys(before)).toContain('index.html');

    const config = secondBrand();
    const out = path.join(work, 'jinsha-dist');
    build({ SCREENS_CONFIG_DIR: config, DIST: out });

    // the first brand's build is untouched (and no dist/ appeared where there was none)
    expect(hashes(first)).toEqual(before);
    if (!hadDist) expect(existsSync(dist), 'the build wrote dist/').toBe(false);

    // its own names and colour: the page, the manifest
    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(html).toContain(BRAND.siteName);
    expect(html).toContain(BRAND.primary);
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.webmanifest'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: BRAND.siteName, short_name: BRAND.shortName, theme_color: BRAND.primary });

    // every asset of its config, filled in with its brand: its app icon, its logo
    const icon = readFileSync(path.join(out, 'app-icon.svg'), 'utf8');
    expect(icon).toContain('jinsha icon');
    expect(icon).toContain(`fill="${BRAND.primary}"`);
    expect(readFileSync(path.join(out, 'jinsha-logo.svg'), 'utf8')).toContain(`<title>${BRAND.siteName}</title>`);
    // the icon sizes are made from its icon: none is the first brand's
    const pngs = readdirSync(out).filter((f) => f.endsWith('.png') || f.endsWith('.ico'));
    expect(pngs.length).toBeGreaterThan(0);
    for (const f of pngs) expect(hashes(out)[f], `${f} is the first brand's`).not.toBe(before[f]);

    // nothing of the first brand's name in any text file it ships
    const text = Object.keys(hashes(out)).filter((f) => /\.(html|js|css|svg|webmanifest|json)$/.test(f));
    for (const f of text) expect(readFileSync(path.join(out, f), 'utf8'), f).not.toContain('星耀娱乐');

    // the service worker precaches the files of this build, at their revisions (md5 of the content)
    const list = precache(out);
    expect(Object.keys(list)).toEqual(expect.arrayContaining(['index.html', 'app-icon.svg', 'jinsha-logo.svg', 'manifest.webmanifest']));
    // (vite-plugin-pwa gives the manifest a revision of its own making: it differs from the first brand's)
    for (const [url, revision] of Object.entries(list)) {
      const file = path.join(out, url);
      expect(existsSync(file), `${url} is precached but not in the build`).toBe(true);
      if (revision && url !== 'manifest.webmanifest') expect(createHash('md5').update(readFileSync(file)).digest('hex'), url).toBe(revision);
    }
    const firstList = precache(first);
    for (const url of ['app-icon.svg', 'index.html', 'manifest.webmanifest', 'pwa-192x192.png']) expect(list[url], url).not.toBe(firstList[url]);
  }, 600_000);
});

describe('the assets app.json names are in that config\'s own assets/', () => {
  it('a logo or app icon missing from the brand\'s folder is named, with the files it has', async () => {
    const bundle = loadBundle(root);
    expect(bundle.assets).toContain('app-icon.svg');
    const app = bundle.app.json as { brand: Record<string, string>; webApp: Record<string, string> };
    app.brand.logo = 'assets/jinsha-logo.svg';
    app.webApp.icon = 'assets/app-icn.svg';
    const problems = checkConfig(bundle, loadSchemas(root), await loadWidgetSchemas(root));
    const list = bundle.assets!.map((a) => `assets/${a}`).join(', ');
    expect(problems).toEqual([
      { file: 'screens.config/app.json', path: '/brand/logo', message: `"assets/jinsha-logo.svg" is not in screens.config/assets/ (expected one of ${list})` },
      { file: 'screens.config/app.json', path: '/webApp/icon', message: `"assets/app-icn.svg" is not in screens.config/assets/ (expected one of ${list}); did you mean "assets/app-icon.svg"?` },
    ]);
  });
});
