/**
 * What a dev server open to the network (`npm start -- --host`, the studio's preview with its phone
 * switch on) gives a machine that is not this one: the app's page and what that page loads, nothing
 * else of the project.
 *
 * Vite's dev server serves every file under its root to whoever asks (`/package.json`,
 * `/studio/server.ts`, `/.git/config`, `?raw` of any of them), files elsewhere by `/@fs/`, opens
 * files in an editor at `/__open-in-editor`, and `server.fs.allow`/`deny` do not cover the root.
 * So this middleware comes before all of Vite's own (the first plugin of vite.config.ts; the studio's
 * preview puts it first too), and for a request from another machine (mock-server/local-only.ts
 * `otherMachine`: its peer, a peer it was forwarded for, a Host that is a name) lets through only an
 * allow-list of what the app's page requests:
 *   - the page: `/` and `/index.html`;
 *   - Vite's client and React's refresh runtime (`/@vite/client`, `/@react-refresh`,
 *     Vite's client folder), the plugins' virtual modules (`/@id/__x00__virtual:<name>`);
 *   - the app's modules: files of `src/`, the prebundled dependencies (the cache's `deps/`), the
 *     stylesheets of the app's own dependencies (package.json `dependencies`);
 *   - the config the app imports (app.json, messages.json, routes.json, screens/*.json,
 *     forms/*.json of the config folder; by `/@fs/` when it lies outside the project, as the
 *     studio's scratch copy does), not the folder's other files;
 *   - the public folder's files (the brand's pictures);
 *   - the mock: `/api/`, the frame pages `/__mock/page/`, the mock game's `/__mock/game/`, its
 *     pictures `/mock-assets/`.
 * A module is asked for with no query but Vite's `v`, `t` and `import` (never `raw`, `url`,
 * `inline`, `worker`…); a path is taken only in its plain form (no `..`, `//`, backslash, NUL, `#`),
 * and a file only when its real path (links followed) lies in its folder. Everything else is a 403
 * that names no file. This machine gets the dev server whole.
 *
 * The HMR socket stays open to the phone (the preview redraws there as the operator types), but of
 * what it sends only what Vite's client sends in an app's life is passed on: `ping` and
 * `vite:invalidate` (not `vite:invoke`, `vite:forward-console` or a plugin's own events).
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { otherMachine } from '../../mock-server/local-only.ts';
import type { BuildPaths } from './paths.ts';

export const NETWORK_GUARD = 'network-guard';

/** The folders what the app loads lies in (absolute, links resolved). */
export interface AppFolders {
  root: string;
  /** the config folder the app imports (`@config`) */
  configDir: string;
  /** Vite's public folder (none: false or '') */
  publicDir: string | false;
  /** the prebundled dependencies (`<cacheDir>/deps`) */
  depsDir: string;
  /** Vite's client folder (`vite/dist/client`) */
  viteClient: string;
  /** the folders of the app's own dependencies (package.json `dependencies`), whose stylesheets the app may load */
  packages: readonly string[];
}

/** the config files the app imports (src/config/index.ts) */
const APP_CONFIG = /^(?:(?:app|messages|routes)\.json|(?:screens|forms)\/[^/]+\.json)$/;
/** the mock's parts a page of the app uses: its API, the frame pages, the mock game, the pictures */
const MOCK = /^\/(?:api|__mock\/page|__mock\/game|mock-assets)\//;
/** Vite's own modules the page imports by name */
const VITE_MODULES = new Set(['/@vite/client', '/@react-refresh']);
/** a plugin's virtual module (virtual:screen-index, virtual:api-wire) */
const VIRTUAL = /^\/@id\/__x00__virtual:[a-z0-9-]+$/;
/** the only queries a module is asked for with by the page: the dependency hash, the hot update's time, an import of a non-script */
const MODULE_QUERY = new Set(['v', 't', 'import']);

const inside = (dir: string, file: string) => file.startsWith(dir + path.sep);

/** The file's real path (links followed), or undefined when there is none. */
function real(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

/** The path of a request-target in its plain form, and its query's keys; undefined for any other form. */
export function plainTarget(url: string): { pathname: string; keys: string[] } | undefined {
  if (!url.startsWith('/') || url.includes('#')) return undefined;
  const q = url.indexOf('?');
  const raw = q < 0 ? url : url.slice(0, q);
  let pathname: string;
  try {
    pathname = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (/[\0\\]/.test(pathname) || path.posix.normalize(pathname) !== pathname || pathname.includes('//')) return undefined;
  const keys = q < 0 ? [] : [...new URLSearchParams(url.slice(q + 1)).keys()];
  return { pathname, keys };
}

/** Whether a file (its real path) is one the app loads as a module: src/, the config it imports, Vite's client, a dependency's stylesheet. */
function appModule(file: string, f: AppFolders): boolean {
  if (inside(path.join(f.root, 'src'), file)) return true;
  if (inside(f.configDir, file)) return APP_CONFIG.test(path.relative(f.configDir, file).split(path.sep).join('/'));
  if (inside(f.viteClient, file)) return true;
  return file.endsWith('.css') && f.packages.some((dir) => inside(dir, file));
}

/** A file of a folder by its name in it (no sub-folder), its link, if it is one, leading nowhere else; `absent` when it may not be written yet. */
function fileOf(dir: string, name: string, absent: boolean): boolean {
  if (!name || name.includes('/')) return false;
  const at = real(path.join(dir, name));
  return at ? path.dirname(at) === dir : absent;
}

/**
 * Why a request of another machine is refused, or null when it is for something the app's page
 * loads. Pure but for reading where a file is (links followed).
 */
export function refusal(method: string, url: string, f: AppFolders): string | null {
  const refused = "this address gives another machine the app only (its page, modules, config, pictures and the mock's /api)";
  const target = plainTarget(url);
  if (!target) return refused;
  const { pathname, keys } = target;
  if (MOCK.test(pathname)) return null;
  if (method !== 'GET' && method !== 'HEAD') return refused;
  if (pathname === '/' || pathname === '/index.html') return keys.length ? refused : null;
  if (keys.some((k) => !MODULE_QUERY.has(k))) return refused;
  if (VITE_MODULES.has(pathname) || VIRTUAL.test(pathname)) return null;
  if (pathname.startsWith('/@fs/')) {
    const at = real(pathname.slice('/@fs'.length));
    return at && appModule(at, f) ? null : refused;
  }
  if (pathname.startsWith('/@')) return refused;
  // a public file (Vite serves it by its name at the root), a prebundled dependency (written while
  // Vite answers its first request), else a file under the project
  if (f.publicDir && fileOf(f.publicDir, pathname.slice(1), false)) return null;
  const file = path.join(f.root, pathname);
  if (path.dirname(file) === f.depsDir) return /\.(?:js|css)$/.test(file) && fileOf(f.depsDir, path.basename(file), true) ? null : refused;
  const at = real(file);
  return at && appModule(at, f) ? null : refused;
}

/** The folders of a dev server's config, links resolved (a folder not there yet stays as it is). */
export function appFolders(paths: BuildPaths, config: { publicDir: string; cacheDir: string }): AppFolders {
  const own = (dir: string) => real(dir) ?? path.resolve(dir);
  const pkg = JSON.parse(readFileSync(path.join(paths.root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const need = createRequire(path.join(paths.root, 'package.json'));
  return {
    root: own(paths.root),
    configDir: own(paths.configDir),
    publicDir: config.publicDir && existsSync(config.publicDir) ? own(config.publicDir) : false,
    depsDir: path.join(own(config.cacheDir), 'deps'),
    viteClient: own(path.join(path.dirname(need.resolve('vite/package.json')), 'dist', 'client')),
    packages: Object.keys(pkg.dependencies ?? {}).map((name) => own(path.join(paths.root, 'node_modules', name))),
  };
}

/** What the page's HMR client may send on the socket (anything else from another machine is dropped). */
export function hmrMessageAllowed(raw: unknown): boolean {
  let msg: { type?: unknown; event?: unknown } | undefined;
  try {
    msg = JSON.parse(String(raw)) as typeof msg;
  } catch {
    return false;
  }
  return !!msg && (msg.type === 'ping' || (msg.type === 'custom' && msg.event === 'vite:invalidate'));
}

interface Listening {
  listeners(event: 'message'): ((...args: unknown[]) => void)[];
  removeAllListeners(event: 'message'): void;
  on(event: 'message', fn: (...args: unknown[]) => void): void;
}

export function networkGuard(paths: BuildPaths): Plugin {
  return {
    name: NETWORK_GUARD,
    configureServer(server) {
      // the public folder is written by brand-assets.ts as the server starts: its real path is read on the first request
      let folders: AppFolders | undefined;
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if (!otherMachine(req)) return next();
        folders ??= appFolders(paths, server.config);
        const why = refusal(req.method ?? 'GET', req.url ?? '/', folders);
        if (!why) return next();
        res.statusCode = 403;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(`${why}\n`);
      });
      // Vite's own listener of the socket's messages is in place when this one runs: it gets only what passes
      server.ws.on('connection', (socket: Listening, req: IncomingMessage) => {
        if (!otherMachine(req)) return;
        const vite = socket.listeners('message');
        socket.removeAllListeners('message');
        socket.on('message', (...args: unknown[]) => {
          if (hmrMessageAllowed(args[0])) for (const fn of vite) fn.apply(socket, args);
        });
      });
    },
  };
}
