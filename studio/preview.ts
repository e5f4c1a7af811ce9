/**
 * The studio's preview: the app itself, drawn by its own engine, with the
 * operator's unsaved edits, before anything is saved.
 *
 * Two ways were open: post the draft config into a preview build of the app (Payload's live preview)
 * or serve the app from Vite's dev server on a scratch copy of the config that the studio rewrites
 * on each change. This is the second: the app's code is not touched at all (nothing to compile out
 * of the players' bundle: its first-paint figures cannot change), the engine reads the draft exactly
 * as it reads a saved config (the same imports, the same checks in the dev server's plugins), and
 * Vite's hot update redraws the frame a moment after the operator types. The operator's config
 * folder is never written: the scratch folder is a temporary copy, removed on close.
 *
 * The server is vite.config.ts's own (its plugins in its order, the mock mounted with its control
 * surface), with four differences: the config check is left out (the studio checks each edit itself
 * and shows the problems at their fields, where the dev server would run a process per keystroke),
 * the mock is loaded by the studio's process itself (not through Vite's SSR loader: seconds less to
 * start), the security headers let the studio frame it, and `/__studio/enter` starts a session in the frame:
 * `?as=member&user=demo01` asks the mock for the member's token (this machine only: a phone gets the
 * login screen), `?as=visitor` starts logged out. It then tells the studio (postMessage, which the
 * studio takes only from the preview's exact origin, as Payload's live preview does) that the session
 * is in place, and the studio alone moves the frame to the app's route (one navigator: the page never
 * moves itself while the studio moves it); later routes only move the frame's hash.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer, type Connect, type Plugin, type PluginOption, type UserConfig, type ViteDevServer } from 'vite';
import { namesOf, type MockBrand } from '../mock-server/brand';
import { endpoints } from '../src/api/catalogue';
import { buildRequest } from '../src/api/request';
import { securityHeadersFor } from '../scripts/security-headers';
import { publicDirOf } from '../scripts/vite/brand-assets';
import { NETWORK_GUARD } from '../scripts/vite/network-guard';
import type { BuildPaths } from '../scripts/vite/paths';
import type { PreviewInfo } from './api';
import { syncFolder, type FolderContent } from '../src/config/source/index';
import type { PreviewSink } from './studio';

export interface PreviewOptions {
  root: string;
  /** the product's config folder: the scratch folder starts as a copy of it */
  configDir: string;
  port: number;
  /** open to phones on the network from the start (the phone switch; off: this machine only until it is turned on) */
  phone?: boolean;
  /** the studio's origins, which may frame the preview */
  studioOrigins: string[];
}

export type Preview = PreviewInfo & PreviewSink & { close(): Promise<void> };

/** What a phone gets, as the studio says it when the preview is opened to the network (docs/OPERATING.md says the same). */
export const PHONE_GETS =
  "a phone on this network gets the app only: its page, its code, the config with your unsaved edits, its pictures and the mock's /api (as a visitor, or logging in); not the studio, not the shortcut into the member's session, not the mock's control surface, no other file of this folder";

/** The plugins of vite.config.ts the preview leaves out (see above; the mock is mounted below, with its control surface). */
const LEFT_OUT = new Set(['config-check', 'dev-security-headers', 'mock-api']);

const ENTER_HTML = '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>preview</title></head><body><script src="/__studio/enter.js"></script></body></html>';
/** A fresh session in the frame: the member's token from the mock (this machine only), or none; then the studio is told. */
const ENTER_JS = `(async () => {
  const q = new URLSearchParams(location.search);
  sessionStorage.clear();
  if (q.get('as') === 'member') {
    try {
      const r = await fetch('/__mock/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(q.get('user') ? { username: q.get('user') } : {}) });
      const body = await r.json();
      if (body && body.code === 200) sessionStorage.setItem('token', body.data.api_token);
    } catch (e) { /* a phone: no control surface, the app asks it to log in */ }
  }
  // the session is in place: the studio moves the frame to the app's route (Preview.tsx)
  parent.postMessage({ type: 'studio-preview-entered' }, '*');
})();
`;

/**
 * The pictures of another brand served at once: the public folder brand-assets.ts writes from the
 * scratch folder's assets/ is in node_modules/.cache, which Vite does not watch, and Vite serves only
 * the public files it knows of; so each file that comes or goes there is announced (after
 * brand-assets.ts has written them: this plugin comes after it), as brand-config.ts announces its own.
 */
function publicFilesPlugin(scratch: string): Plugin {
  return {
    name: 'studio-public-files',
    configureServer(server) {
      const dir = server.config.publicDir;
      if (!dir) return;
      const list = () => (existsSync(dir) ? readdirSync(dir) : []);
      let known = new Set(list());
      server.watcher.on('all', (_event, file) => {
        const abs = path.resolve(file);
        if (!abs.startsWith(path.join(scratch, 'assets') + path.sep) && abs !== path.join(scratch, 'app.json')) return;
        const now = new Set(list());
        for (const name of now) if (!known.has(name)) server.watcher.emit('add', path.join(dir, name));
        for (const name of known) if (!now.has(name)) server.watcher.emit('unlink', path.join(dir, name));
        known = now;
      });
    },
  };
}

function enterPlugin(): Plugin {
  return {
    name: 'studio-enter',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0];
        if (url !== '/__studio/enter' && url !== '/__studio/enter.js') return next();
        res.setHeader('Content-Type', url.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(url.endsWith('.js') ? ENTER_JS : ENTER_HTML);
      });
    },
  };
}

/** The IPv4 addresses of this machine on a network (not loopback). */
export function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i) => i && i.family === 'IPv4' && !i.internal)
    .map((i) => i!.address);
}

async function flatPlugins(list: PluginOption[] | undefined): Promise<Plugin[]> {
  const out: Plugin[] = [];
  for (const p of list ?? []) {
    const v = await p;
    if (Array.isArray(v)) out.push(...(await flatPlugins(v)));
    else if (v) out.push(v as Plugin);
  }
  return out;
}

/**
 * The phone switch: the preview listens on 127.0.0.1; turned on, it listens on each of this machine's
 * network addresses too (the same port, the same server: its requests and its HMR socket are handed to
 * Vite's), and answers there what network-guard.ts lets another machine have.
 */
function phoneSwitch(vite: () => Server, port: number) {
  let open: Server[] = [];
  /** the HMR sockets of phones (an upgraded connection is no longer the server's to close) */
  const sockets = new Set<Duplex>();
  const closeAll = async () => {
    const was = open;
    open = [];
    const closed = Promise.all(was.map((s) => new Promise<void>((r) => s.close(() => r()))));
    for (const s of was) s.closeAllConnections();
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };
  return {
    urls: () => open.map((s) => s.address()).map((a) => (a && typeof a === 'object' ? `http://${a.address}:${port}/` : '')).filter(Boolean),
    async set(on: boolean): Promise<void> {
      if (!on) return closeAll();
      if (open.length) return;
      const listening = networkAddresses().map(
        (address) =>
          new Promise<Server>((resolve, reject) => {
            const s = createHttpServer((req, res) => vite().emit('request', req, res));
            s.on('upgrade', (req, socket, head) => {
              sockets.add(socket);
              socket.once('close', () => sockets.delete(socket));
              vite().emit('upgrade', req, socket, head);
            });
            s.once('error', reject);
            s.listen(port, address, () => resolve(s));
          }),
      );
      const settled = await Promise.allSettled(listening);
      open = settled.filter((r): r is PromiseFulfilledResult<Server> => r.status === 'fulfilled').map((r) => r.value);
      const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) {
        await closeAll();
        throw new Error(`the preview could not listen on the network: ${(failed.reason as Error).message}`);
      }
    },
  };
}

/**
 * The app on Vite's dev server for the scratch folder: vite.config.ts's plugins (its network guard
 * before every other middleware: the enter page and the mock's control surface are this machine's
 * only), the preview's security headers, then `mock` (the mock of the brand being previewed).
 */
async function previewServer(o: { root: string; scratch: string; port: number; network: string[]; studioOrigins: PreviewOptions['studioOrigins']; mock: Connect.NextHandleFunction }): Promise<ViteDevServer> {
  const { root, scratch, port, network, studioOrigins, mock } = o;
  const { appConfig } = (await import(`${pathToFileURL(path.join(root, 'vite.config.ts')).href}`)) as { appConfig: (paths: BuildPaths) => UserConfig };
  const config = appConfig({ root, configDir: scratch });
  const all = (await flatPlugins(config.plugins)).filter((p) => !LEFT_OUT.has(p.name));
  const guard = all.filter((p) => p.name === NETWORK_GUARD);
  if (guard.length !== 1) throw new Error(`vite.config.ts has no ${NETWORK_GUARD} plugin: the preview would serve every file to the network`);
  const plugins = all.filter((p) => p.name !== NETWORK_GUARD);
  const headers: Plugin = {
    name: 'studio-preview-headers',
    configureServer(s) {
      s.middlewares.use(securityHeadersFor({ dev: { port, hosts: network }, frameAncestors: studioOrigins }));
      s.middlewares.use(mock);
    },
  };
  const server = await createServer({
    ...config,
    configFile: false,
    root,
    plugins: [...guard, headers, enterPlugin(), ...plugins, publicFilesPlugin(scratch)],
    server: { ...config.server, port, host: '127.0.0.1', strictPort: true },
    // its own prebundled dependencies, apart from a running `npm start`
    cacheDir: path.join(root, 'node_modules', '.vite-studio'),
    clearScreen: false,
    logLevel: 'warn',
  });
  await server.listen();
  return server;
}

export async function startPreview({ root, configDir, port, phone = false, studioOrigins }: PreviewOptions): Promise<Preview> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'studio-preview-'));
  // the scratch folder and the public folder brand-assets.ts makes of it go when the process ends,
  // however it ends (Ctrl-C, SIGTERM, an error; a child of the group such as esbuild may be gone first)
  const pictures = publicDirOf({ root, configDir: scratch });
  const removeScratch = () => {
    for (const p of [scratch, pictures, `${pictures}.source`]) rmSync(p, { recursive: true, force: true });
  };
  process.once('exit', removeScratch);
  cpSync(configDir, scratch, { recursive: true });
  /** the addresses a phone may open it at once the switch is on (the page's security headers name them from the start) */
  const network = networkAddresses();

  const { createApp } = await import('../mock-server/app');
  // (no publicOrigin: the service and game pages' addresses are the one the frame opened, so it may frame them)
  let mock: Connect.NextHandleFunction = createApp({ control: true, latencyMs: 0 });
  /** the names the mock speaks as (undefined: those of the scratch folder at start, the product's) */
  let speaking: string | undefined;
  const server = await previewServer({ root, scratch, port, network, studioOrigins, mock: (req, res, next) => mock(req, res, next) });

  const origin = `http://127.0.0.1:${port}`;
  const phones = phoneSwitch(() => server.httpServer as Server, port);
  if (phone) await phones.set(true);
  /** a new mock speaking as another brand (its site name, welcome texts, payees): a brand's preview never shows another brand's name; whether it is new */
  const speakAs = (brand: MockBrand) => {
    const names = JSON.stringify(brand);
    if (speaking === names) return false;
    mock = createApp({ control: true, latencyMs: 0, brand });
    speaking = names;
    return true;
  };
  /**
   * The deposit ranges of the config with the operator's edits (the last `show`), given to the mock's
   * back office, which a reset or a new mock sets back to the saved config's; `backOffice`: the last
   * such change, which a question to the mock waits for.
   */
  let drafted: MockBrand['payRange'] | undefined;
  let backOffice: Promise<unknown> = Promise.resolve();
  const pushRanges = async () => {
    if (drafted) await post('/__mock/settings', { payRange: drafted }).catch((err: Error) => console.error(`[studio] the preview's mock: ${err.message}`));
  };
  const post = async (url: string, body: unknown) => {
    const r = await fetch(`${origin}${url}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await r.json()) as { code: number; message: string; data: Record<string, unknown> };
    if (json.code !== 200) throw new Error(`the preview's mock answered ${url}: ${json.message}`);
    return json.data;
  };

  return {
    origin,
    get network() {
      return phones.urls();
    },
    phone: (on: boolean) => phones.set(on),

    /**
     * The merged view into the scratch folder (src/config/source syncFolder): each file whose text
     * changed, whole (a rename: Vite never reads half a file); a file the view no longer has (another
     * brand's own screen) removed; the pictures of the view's layers (a brand's logo and icon over the
     * product's) copied in. A file that is not valid JSON keeps the scratch folder's last good copy.
     */
    show(files, assets) {
      // the back office follows the edits: what it answers as the config says (the deposit ranges) is the edited config's
      const ranges = namesOf(files['app.json'])?.payRange;
      if (ranges && JSON.stringify(ranges) !== JSON.stringify(drafted)) {
        drafted = ranges;
        backOffice = backOffice.then(pushRanges, pushRanges);
      }
      const content: FolderContent = new Map();
      for (const [name, json] of Object.entries(files)) {
        if (!(json instanceof Error)) content.set(name, `${JSON.stringify(json, null, 2)}\n`);
        else if (existsSync(path.join(scratch, name))) content.set(name, { copy: path.join(scratch, name) });
      }
      for (const [name, from] of Object.entries(assets)) content.set(`assets/${name}`, { copy: from });
      syncFolder(scratch, content);
    },

    /**
     * The mock reset to a data preset, its start-up notice off (it would cover every screen); who to
     * log in as. Another brand's names: a new mock speaking as it (the site name, the welcome texts,
     * the payees), so a brand's preview never shows another brand's name.
     */
    async preset(name, brand: MockBrand) {
      speakAs(brand);
      await backOffice;
      const who = await post('/__mock/preset', { name });
      await post('/__mock/settings', { index_modal: 0 });
      await pushRanges();
      return { username: String(who.username), password: String(who.password) };
    },

    /**
     * What the preview's mock answers now to calls of the catalogue (the data sources a screen reads),
     * as the member of the preview: the reply's data, or its message when it refuses.
     */
    async ask(calls, brand: MockBrand) {
      if (speakAs(brand)) await pushRanges();
      await backOffice;
      const token = String((await post('/__mock/login', {})).api_token);
      return Promise.all(
        calls.map(async ({ endpoint, payload }) => {
          const { url, init } = buildRequest(endpoints[endpoint as keyof typeof endpoints], payload, token, origin);
          const reply = (await (await fetch(url, init)).json()) as { code?: unknown; message?: unknown; data?: unknown };
          return reply.code === 200 ? { data: reply.data ?? null } : { error: String(reply.message ?? reply.code) };
        }),
      );
    },

    async close() {
      try {
        await phones.set(false);
        await server.close();
      } finally {
        removeScratch();
        process.off('exit', removeScratch);
      }
    },
  };
}
