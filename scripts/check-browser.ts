/**
 * tsx scripts/check-browser.ts — run first by `npm test`, before anything is built: the browser
 * tests need Debian's Chromium (or CHROMIUM_PATH) and a CJK font (without one Chinese text
 * renders as boxes). When either is missing it installs both with apt-get if it can (as root, or
 * with sudo that needs no password); otherwise it stops at once, naming the one command to run.
 */
import { accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const PACKAGES = ['chromium', 'fonts-noto-cjk'];
export const INSTALL_COMMAND = `sudo apt-get update && sudo apt-get install -y ${PACKAGES.join(' ')}`;

export interface Machine {
  /** the path the browser tests launch */
  chromiumPath: string;
  /** the path was chosen with CHROMIUM_PATH (then apt-get would not put a browser there) */
  customPath: boolean;
  hasChromium: boolean;
  hasCjkFont: boolean;
  hasAptGet: boolean;
  /** '' as root, 'sudo' when sudo works without a password, null when neither */
  asRoot: '' | 'sudo' | null;
}

export type Plan = { action: 'ok' } | { action: 'install'; sudo: '' | 'sudo' } | { action: 'stop'; message: string };

export function plan(m: Machine): Plan {
  if (m.hasChromium && m.hasCjkFont) return { action: 'ok' };
  const missing = [!m.hasChromium && `Chromium (${m.chromiumPath})`, !m.hasCjkFont && 'a CJK font'].filter(Boolean).join(' and ');
  if (!m.hasChromium && m.customPath) {
    return { action: 'stop', message: `The browser tests need ${missing}: CHROMIUM_PATH points at no runnable browser. Unset it to use Debian's (${INSTALL_COMMAND}).` };
  }
  if (m.hasAptGet && m.asRoot !== null) return { action: 'install', sudo: m.asRoot };
  return { action: 'stop', message: `The browser tests need ${missing}. Run:\n  ${INSTALL_COMMAND}\nthen npm test again.` };
}

function runnable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
  } catch {
    return false;
  }
  const r = spawnSync(file, ['--version'], { stdio: 'ignore', timeout: 20000 });
  return r.status === 0;
}

function cjkFont(): boolean {
  const r = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8', timeout: 20000 });
  return r.status === 0 && r.stdout.trim().length > 0;
}

function onPath(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

export function inspect(env: NodeJS.ProcessEnv = process.env): Machine {
  const chromiumPath = env.CHROMIUM_PATH || '/usr/bin/chromium';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = !isRoot && onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 10000 }).status === 0;
  return {
    chromiumPath,
    customPath: !!env.CHROMIUM_PATH,
    hasChromium: runnable(chromiumPath),
    hasCjkFont: cjkFont(),
    hasAptGet: onPath('apt-get'),
    asRoot: isRoot ? '' : sudo ? 'sudo' : null,
  };
}

function apt(sudo: '' | 'sudo', args: string[]): boolean {
  const [cmd, rest] = sudo ? ['sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]] : ['apt-get', args];
  const r = spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return r.status === 0;
}

function main(): number {
  const first = plan(inspect());
  if (first.action === 'ok') return 0;
  if (first.action === 'stop') {
    console.error(first.message);
    return 1;
  }
  console.log(`== the browser tests need Chromium and CJK fonts: installing ${PACKAGES.join(' ')} with apt-get`);
  if (!apt(first.sudo, ['update', '-qq']) || !apt(first.sudo, ['install', '-y', '-qq', ...PACKAGES])) {
    console.error(`apt-get could not install ${PACKAGES.join(' ')}. Run:\n  ${INSTALL_COMMAND}\nthen npm test again.`);
    return 1;
  }
  const after = plan(inspect());
  if (after.action !== 'ok') {
    console.error(`Installed ${PACKAGES.join(' ')}, but the browser tests still cannot find what they need. Run:\n  ${INSTALL_COMMAND}`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main());
