/**
 * tsx scripts/check-browser.ts — run first by `npm test`, before anything is built: the browser
 * tests need Debian's Chromium and its headless shell (or CHROMIUM_PATH) and a CJK font (without one
 * Chinese text renders as boxes), the engines test (tests/e2e/engines.e2e.ts) WebKitGTK's WebDriver with its
 * MiniBrowser and xvfb-run, and the nginx tests Debian's nginx with its brotli_static and njs modules. When any
 * is missing it installs them with apt-get if it can (as root, or with sudo that needs no
 * password); otherwise it stops at once, naming the one command to run.
 *
 * `npm run serve:nginx` (scripts/serve-nginx.ts) uses the same steps for nginx alone (ensureNginx).
 */
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { brotliModulePath, jsModulePath, nginxBinary } from './nginx';

export const BROWSER_PACKAGES = ['chromium', 'chromium-headless-shell', 'fonts-noto-cjk', 'webkit2gtk-driver', 'xvfb'];

/** The browser players hold, Debian's build of it: the engines test's current Chromium, the bench. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/**
 * The same Chromium build without the browser around the page (Debian's chromium-headless-shell,
 * the build Playwright itself runs headless): the same Blink and V8, none of the browser's own
 * windows. The browser tests and the screenshots run it: Chromium's full browser opens two WebUI
 * renderers of its own (the omnibox popups) for every new window, which on two cores cost as much
 * as the page under test.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** What the browser tests and screenshots launch: CHROMIUM_PATH, else the headless shell, else Debian's Chromium. */
export function headlessChromium(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : DEBIAN_CHROMIUM);
}
export const NGINX_PACKAGES = ['nginx', 'libnginx-mod-http-brotli-static', 'libnginx-mod-http-js'];
export const PACKAGES = [...BROWSER_PACKAGES, ...NGINX_PACKAGES];
export const installCommand = (packages: readonly string[]) => `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;
export const INSTALL_COMMAND = installCommand(PACKAGES);

export interface Machine {
  /** the path the browser tests launch */
  chromiumPath: string;
  /** the path was chosen with CHROMIUM_PATH (then apt-get would not put a browser there) */
  customPath: boolean;
  hasChromium: boolean;
  /** Debian's chromium-headless-shell, what the browser tests launch (true when CHROMIUM_PATH chose the browser) */
  hasHeadlessShell: boolean;
  hasCjkFont: boolean;
  /** WebKitWebDriver and the MiniBrowser it drives (webkit2gtk-driver) */
  hasWebKit: boolean;
  /** xvfb-run (xvfb), the display MiniBrowser opens its window on */
  hasXvfb: boolean;
  /** Debian's nginx runs (`nginx -v`) */
  hasNginx: boolean;
  /** nginx's brotli_static module is installed (libnginx-mod-http-brotli-static) */
  hasBrotli: boolean;
  /** nginx's njs module is installed (libnginx-mod-http-js: /rum's rum.js) */
  hasNjs: boolean;
  hasAptGet: boolean;
  /** '' as root, 'sudo' when sudo works without a password, null when neither */
  asRoot: '' | 'sudo' | null;
}

/** what is checked: everything `npm test` needs, or nginx alone (`npm run serve:nginx`) */
export type Scope = 'test' | 'nginx';

export type Plan = { action: 'ok' } | { action: 'install'; sudo: '' | 'sudo'; packages: string[] } | { action: 'stop'; message: string };

const SCOPES: Record<Scope, { who: string; packages: string[]; again: string }> = {
  test: { who: 'the browser tests need', packages: PACKAGES, again: 'npm test' },
  nginx: { who: '`npm run serve:nginx` needs', packages: NGINX_PACKAGES, again: 'npm run serve:nginx' },
};
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function missingOf(m: Machine, scope: Scope): string[] {
  const nginx = [!m.hasNginx && "Debian's nginx", m.hasNginx && !m.hasBrotli && "nginx's brotli_static module", m.hasNginx && !m.hasNjs && "nginx's njs module"];
  const browser = [!m.hasChromium && `Chromium (${m.chromiumPath})`, !m.hasHeadlessShell && `Chromium's headless shell (${HEADLESS_SHELL})`, !m.hasCjkFont && 'a CJK font', !m.hasWebKit && "WebKitGTK's WebDriver (with its MiniBrowser)", !m.hasXvfb && 'xvfb-run'];
  return (scope === 'test' ? [...browser, ...nginx] : nginx).filter((s): s is string => typeof s === 'string');
}

const and = (list: string[]) => (list.length < 2 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`);

export function plan(m: Machine, scope: Scope = 'test'): Plan {
  const missing = missingOf(m, scope);
  if (missing.length === 0) return { action: 'ok' };
  const { who, packages, again } = SCOPES[scope];
  const command = installCommand(packages);
  if (scope === 'test' && !m.hasChromium && m.customPath) {
    return { action: 'stop', message: `${capital(who)} ${and(missing)}: CHROMIUM_PATH points at no runnable browser. Unset it to use Debian's (${command}).` };
  }
  if (m.hasAptGet && m.asRoot !== null) return { action: 'install', sudo: m.asRoot, packages };
  return { action: 'stop', message: `${capital(who)} ${and(missing)}. Run:\n  ${command}\nthen ${again} again.` };
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

/** WebKitGTK's MiniBrowser (webkit2gtk-driver installs it under the multiarch lib folder), or null. */
export function miniBrowserPath(): string | null {
  let dirs: string[];
  try {
    dirs = readdirSync('/usr/lib').filter((d) => d.includes('-linux-'));
  } catch {
    return null;
  }
  for (const d of dirs) {
    const file = `/usr/lib/${d}/webkit2gtk-4.1/MiniBrowser`;
    if (existsSync(file)) return file;
  }
  return null;
}

export function inspect(env: NodeJS.ProcessEnv = process.env, scope: Scope = 'test'): Machine {
  const chromiumPath = env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = !isRoot && onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 10000 }).status === 0;
  const nginx = nginxBinary();
  return {
    chromiumPath,
    customPath: !!env.CHROMIUM_PATH,
    // serve:nginx does not look for a browser
    hasChromium: scope === 'test' ? runnable(chromiumPath) : true,
    hasHeadlessShell: scope === 'test' && !env.CHROMIUM_PATH ? runnable(HEADLESS_SHELL) : true,
    hasCjkFont: scope === 'test' ? cjkFont() : true,
    hasWebKit: scope === 'test' ? onPath('WebKitWebDriver') && miniBrowserPath() !== null : true,
    hasXvfb: scope === 'test' ? onPath('xvfb-run') : true,
    hasNginx: nginx !== null,
    hasBrotli: nginx !== null && brotliModulePath(nginx) !== null,
    hasNjs: nginx !== null && jsModulePath(nginx) !== null,
    hasAptGet: onPath('apt-get'),
    asRoot: isRoot ? '' : sudo ? 'sudo' : null,
  };
}

function apt(sudo: '' | 'sudo', args: string[]): boolean {
  const [cmd, rest] = sudo ? ['sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]] : ['apt-get', args];
  const r = spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return r.status === 0;
}

/** Checks the machine for `scope`, installs what is missing when it can; 0 when all is there, else 1 (the message printed). */
export function ensure(scope: Scope): number {
  const machine = inspect(process.env, scope);
  const first = plan(machine, scope);
  if (first.action === 'ok') return 0;
  if (first.action === 'stop') {
    console.error(first.message);
    return 1;
  }
  const { who, again } = SCOPES[scope];
  const command = installCommand(first.packages);
  console.log(`== ${who} ${and(missingOf(machine, scope))}: installing ${first.packages.join(' ')} with apt-get`);
  if (!apt(first.sudo, ['update', '-qq']) || !apt(first.sudo, ['install', '-y', '-qq', ...first.packages])) {
    console.error(`apt-get could not install ${first.packages.join(' ')}. Run:\n  ${command}\nthen ${again} again.`);
    return 1;
  }
  const still = missingOf(inspect(process.env, scope), scope);
  if (still.length) {
    console.error(`Installed ${first.packages.join(' ')}, but ${and(still)} still cannot be found. Run:\n  ${command}`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(ensure('test'));
