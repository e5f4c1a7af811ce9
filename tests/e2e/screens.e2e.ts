/**
 * Issue 17: `npm run screens` and its --diff. In a copy of the project (so that the edit never
 * touches the real screens.config/), a two-route sheet is made, one message is changed, and the
 * sheet is made again with --diff: exactly the screen that shows the message is flagged, first
 * on the sheet, with one printed line. Issue 24: /login (its captcha) is on the sheet too and is
 * the same picture in both runs. The first sheet, of the config as the repository has it, is taken
 * of the test build every browser file runs (global-setup.ts) with --no-build; the second builds.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerPort } from './ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = promisify(execFile);
/** the test build every browser file runs (global-setup.ts): `vite build --mode test` of the repository's config, as `npm run screens` builds it */
const BUILT = path.resolve(root, process.env.E2E_DIST ?? 'dist-test');
/** the first sheet is of the config as the repository has it: that build stands in for the sheet's own (--no-build), unless the tests run against a server of their own (E2E_BASE, no test build) */
const REUSE = !process.env.E2E_BASE && existsSync(path.join(BUILT, 'index.html'));

let work = '';
beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'screens-test-'));
  // (deploy/: the mock's collector of field data is deploy/nginx/rum.js, the one nginx runs)
  for (const f of ['src', 'screens.config', 'scripts', 'mock-server', 'deploy', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json']) {
    cpSync(path.join(root, f), path.join(work, f), { recursive: true });
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  if (REUSE) cpSync(BUILT, path.join(work, 'dist-screens'), { recursive: true });
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const screens = (...args: string[]) =>
  run(path.join(work, 'node_modules', '.bin', 'tsx'), ['scripts/screens.ts', ...args], {
    cwd: work,
    env: { ...process.env, SCREENS_PORT: String(workerPort(1)) },
    maxBuffer: 8 * 1024 * 1024,
  });

describe('npm run screens', () => {
  it('writes a labelled sheet; after a message edit --diff flags exactly the screen that shows it', async () => {
    const sheet = ['--sizes', '360x640', '--as', 'visitor,member', '--data', 'empty', '--routes', '/welfare,/kefu,/login'];
    // the repository's config: the test build (one test-mode build less); the sheet after the edit builds its own
    await screens('--out', 'before', ...sheet, ...(REUSE ? ['--no-build'] : []));
    const first = readFileSync(path.join(work, 'before', 'index.html'), 'utf8');
    for (const p of ['empty/member/360x640/welfare.png', 'empty/member/360x640/kefu.png', 'empty/visitor/360x640/login.png']) expect(existsSync(path.join(work, 'before', p)), p).toBe(true);
    // each picture is labelled with route, screen config file, role and size
    expect(first).toContain('<b>/welfare</b><br>screens.config/screens/welfare.json<br>member · 360x640 · empty');
    expect(first).toContain('<b>/kefu</b><br>screens.config/screens/kefu.json<br>member · 360x640 · empty');

    // the empty member's red-packet list (/welfare) shows messages.json common.empty; /kefu does not
    const file = path.join(work, 'screens.config', 'messages.json');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"common.empty": "空空如也"');
    writeFileSync(file, text.replace('"common.empty": "空空如也"', '"common.empty": "这里还什么都没有哦"'));

    const { stdout } = await screens('--out', 'after', '--diff', 'before', ...sheet);
    const flagged = stdout.split('\n').filter((l) => /^(changed|new) /.test(l));
    expect(flagged, stdout).toHaveLength(1);
    expect(flagged[0]).toMatch(/^changed \/welfare member 360x640 empty: \d+ px differ, see after\/diff\/empty\/member\/360x640\/welfare\.png$/);
    expect(existsSync(path.join(work, 'after', 'diff', 'empty', 'member', '360x640', 'welfare.png'))).toBe(true);
    // the changed screen comes first on the sheet, with before, now and the difference
    const html = readFileSync(path.join(work, 'after', 'index.html'), 'utf8');
    const changed = html.slice(html.indexOf('<section id="changed">'), html.indexOf('</section>', html.indexOf('<section id="changed">')));
    expect(changed).toContain('Changed since before: 1');
    expect(changed).toContain('src="diff/empty/member/360x640/welfare.png"');
    expect(changed).not.toContain('kefu');
    expect(changed).not.toContain('login');
    expect(html.indexOf('<section id="changed">')).toBeLessThan(html.indexOf('<section id="welfare">'));
  }, 300_000);

  it('refuses a bad flag with a usage line and exit code 2', async () => {
    const err = await screens('--sizes', '360by640', '--no-build').catch((e: { code: number; stderr: string }) => e);
    expect(err).toMatchObject({ code: 2 });
    expect((err as { stderr: string }).stderr).toContain('screens: --sizes: "360by640" is not WIDTHxHEIGHT (for example 360x640)');
  });
});
