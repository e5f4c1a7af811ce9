import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSTALL_COMMAND, plan, type Machine } from '../../scripts/check-browser';

const root = path.resolve(import.meta.dirname, '..', '..');
const ready: Machine = { chromiumPath: '/usr/bin/chromium', customPath: false, hasChromium: true, hasHeadlessShell: true, hasCjkFont: true, hasWebKit: true, hasXvfb: true, hasNginx: true, hasBrotli: true, hasNjs: true, hasAptGet: true, asRoot: null };
const ALL = ['chromium', 'chromium-headless-shell', 'fonts-noto-cjk', 'webkit2gtk-driver', 'xvfb', 'nginx', 'libnginx-mod-http-brotli-static', 'libnginx-mod-http-js'];

describe('npm test: the browser check that runs before anything is built', () => {
  it('goes on when Chromium, a CJK font, WebKitGTK and xvfb are there', () => {
    expect(plan(ready)).toEqual({ action: 'ok' });
  });

  it('WebKitGTK and xvfb (the engines test) are installed the same way, or named in the same message', () => {
    expect(plan({ ...ready, hasWebKit: false, asRoot: '' })).toEqual({ action: 'install', sudo: '', packages: ALL });
    expect(plan({ ...ready, hasXvfb: false, asRoot: 'sudo' })).toEqual({ action: 'install', sudo: 'sudo', packages: ALL });
    expect(plan({ ...ready, hasWebKit: false, hasXvfb: false })).toEqual({
      action: 'stop',
      message: `The browser tests need WebKitGTK's WebDriver (with its MiniBrowser) and xvfb-run. Run:\n  ${INSTALL_COMMAND}\nthen npm test again.`,
    });
  });

  it("installs Chromium's headless shell (what the browser tests launch) beside the browser, or names it", () => {
    expect(plan({ ...ready, hasHeadlessShell: false, asRoot: '' })).toEqual({ action: 'install', sudo: '', packages: ALL });
    expect(plan({ ...ready, hasHeadlessShell: false })).toEqual({
      action: 'stop',
      message: `The browser tests need Chromium's headless shell (/usr/bin/chromium-headless-shell). Run:\n  ${INSTALL_COMMAND}\nthen npm test again.`,
    });
  });

  it('installs with apt-get as root, or with sudo that needs no password', () => {
    expect(plan({ ...ready, hasChromium: false, asRoot: '' })).toEqual({ action: 'install', sudo: '', packages: ALL });
    expect(plan({ ...ready, hasCjkFont: false, asRoot: 'sudo' })).toEqual({ action: 'install', sudo: 'sudo', packages: ALL });
  });

  it('nginx and its brotli_static module (the nginx tests) are installed the same way, or named in the same message', () => {
    expect(plan({ ...ready, hasNginx: false, hasBrotli: false, asRoot: '' })).toEqual({ action: 'install', sudo: '', packages: ALL });
    expect(plan({ ...ready, hasBrotli: false })).toEqual({
      action: 'stop',
      message: `The browser tests need nginx's brotli_static module. Run:\n  ${INSTALL_COMMAND}\nthen npm test again.`,
    });
    expect(plan({ ...ready, hasChromium: false, hasNginx: false, hasBrotli: false })).toMatchObject({
      action: 'stop',
      message: expect.stringMatching(/^The browser tests need Chromium \(\/usr\/bin\/chromium\) and Debian's nginx\. Run:/),
    });
  });

  it("nginx's njs module (field data's /rum) is installed with nginx, or named", () => {
    expect(plan({ ...ready, hasNjs: false, asRoot: '' })).toEqual({ action: 'install', sudo: '', packages: ALL });
    expect(plan({ ...ready, hasNjs: false })).toEqual({
      action: 'stop',
      message: `The browser tests need nginx's njs module. Run:\n  ${INSTALL_COMMAND}\nthen npm test again.`,
    });
  });

  it('npm run serve:nginx checks nginx alone and installs only its three packages', () => {
    const noBrowser = { ...ready, hasChromium: false, hasCjkFont: false, hasWebKit: false, hasXvfb: false };
    expect(plan(noBrowser, 'nginx')).toEqual({ action: 'ok' });
    expect(plan({ ...noBrowser, hasNginx: false, hasBrotli: false, asRoot: 'sudo' }, 'nginx')).toEqual({ action: 'install', sudo: 'sudo', packages: ['nginx', 'libnginx-mod-http-brotli-static', 'libnginx-mod-http-js'] });
    expect(plan({ ...noBrowser, hasNginx: false, hasBrotli: false }, 'nginx')).toEqual({
      action: 'stop',
      message: "`npm run serve:nginx` needs Debian's nginx. Run:\n  sudo apt-get update && sudo apt-get install -y nginx libnginx-mod-http-brotli-static libnginx-mod-http-js\nthen npm run serve:nginx again.",
    });
  });

  it('stops naming the one command when it cannot install (no root, or no apt-get)', () => {
    const noRoot = plan({ ...ready, hasChromium: false, hasCjkFont: false });
    expect(noRoot).toEqual({ action: 'stop', message: `The browser tests need Chromium (/usr/bin/chromium) and a CJK font. Run:\n  ${INSTALL_COMMAND}\nthen npm test again.` });
    expect(plan({ ...ready, hasCjkFont: false, asRoot: '', hasAptGet: false })).toMatchObject({ action: 'stop', message: expect.stringContaining(INSTALL_COMMAND) });
    expect(INSTALL_COMMAND).toBe('sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell fonts-noto-cjk webkit2gtk-driver xvfb nginx libnginx-mod-http-brotli-static libnginx-mod-http-js');
  });

  it('does not apt-get over a CHROMIUM_PATH that points at nothing', () => {
    expect(plan({ ...ready, chromiumPath: '/opt/none/chrome', customPath: true, hasChromium: false, asRoot: '' })).toMatchObject({
      action: 'stop',
      message: expect.stringContaining('CHROMIUM_PATH points at no runnable browser'),
    });
  });

  it('as a script: stops within seconds with exit 1 and the message', () => {
    const started = Date.now();
    const r = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'scripts', 'check-browser.ts')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: path.join(root, 'no-such-chromium') },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('CHROMIUM_PATH points at no runnable browser');
    expect(Date.now() - started).toBeLessThan(15000);
  });

  it('npm test runs the check first, and .ci/run calls exactly npm test', async () => {
    const pkg = (await import('../../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    expect(pkg.scripts.test.startsWith('tsx scripts/check-browser.ts && ')).toBe(true);
    const ci = (await import('node:fs')).readFileSync(path.join(root, '.ci', 'run'), 'utf8');
    expect(ci.trimEnd().endsWith('\nnpm test')).toBe(true);
  });
});
