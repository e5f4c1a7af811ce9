/**
 * The studio's preview (issue 37, point 3): the app itself, drawn by its own engine, with the
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
 * `?as=member&user=demo01&to=/withdrawal` asks the mock for the member's token (this machine only:
 * a phone gets the login screen) and opens the route, `?as=visitor` opens it logged out. It then tells
 * the studio (postMessage, which the studio takes only from the preview's exact origin, as Payload's
 * live preview does) that the session is in place: later routes only move the frame's hash.
 */
import { cpSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer, type Plugin, type PluginOption, type UserConfig, type ViteDevServer } from 'vite';
import { securityHeadersFor } from '../scripts/security-headers';
import type { PreviewInfo } from './api';
import type { PreviewSink } from './studio';

export interface PreviewOptions {
  root: string;
  /** the product's config folder: the scratch folder starts as a copy of it */
  configDir: string;
  port: number;
  /** 0.0.0.0: phones on the network may open it; 127.0.0.1: this machine only */
  host: string;
  /** the studio's origins, which may frame the preview */
  studioOrigins: string[];
}

export type Preview = PreviewInfo & PreviewSink & { close(): Promise<void> };

/** The plugins of vite.config.ts the preview leaves out (see above; the mock is mounted below, with its control surface). */
const LEFT_OUT = new Set(['config-check', 'dev-security-headers', 'mock-api']);

const ENTER_HTML = '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>preview</title></head><body><script src="/__studio/enter.js"></script></body></html>';
/** A fresh session in the frame: the member's token from the mock (this machine only), or none; then the route. */
const ENTER_JS = `(async () => {
  const q = new URLSearchParams(location.search);
  const to = (q.get('to') || '/').startsWith('/') ? q.get('to') || '/' : '/';
  sessionStorage.clear();
  if (q.get('as') === 'member') {
    try {
      const r = await fetch('/__mock/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(q.get('user') ? { username: q.get('user') } : {}) });
      const body = await r.json();
      if (body && body.code === 200) sessionStorage.setItem('token', body.data.api_token);
    } catch (e) { /* a phone: no control surface, the app asks it to log in */ }
  }
  // the studio may now move the frame to another route (Preview.tsx): the session is in place
  parent.postMessage({ type: 'studio-preview-entered' }, '*');
  location.replace('/#' + to);
})();
`;

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

export async function startPreview({ root, configDir, port, host, studioOrigins }: PreviewOptions): Promise<Preview> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'studio-preview-'));
  cpSync(configDir, scratch, { recursive: true });
  const network = host === '127.0.0.1' || host === 'localhost' ? [] : networkAddresses();

  // vite.config.ts reads its config folder (SCREENS_CONFIG_DIR) when it is loaded: set for that moment
  // only, so the rest of the studio (where's heading) still sees the operator's own setting
  const saved = process.env.SCREENS_CONFIG_DIR;
  process.env.SCREENS_CONFIG_DIR = scratch;
  let server: ViteDevServer;
  try {
    const { default: config } = (await import(`${pathToFileURL(path.join(root, 'vite.config.ts')).href}`)) as { default: UserConfig };
    const plugins = (await flatPlugins(config.plugins)).filter((p) => !LEFT_OUT.has(p.name));
    const { createApp } = await import('../mock-server/app');
    const mock = createApp({ control: true, latencyMs: 0, publicOrigin: `http://localhost:${port}` });
    const headers: Plugin = {
      name: 'studio-preview-headers',
      configureServer(s) {
        s.middlewares.use(securityHeadersFor({ dev: { port, hosts: network }, frameAncestors: studioOrigins }));
        s.middlewares.use(mock);
      },
    };
    server = await createServer({
      ...config,
      configFile: false,
      root,
      plugins: [headers, enterPlugin(), ...plugins],
      server: { ...config.server, port, host, strictPort: true },
      // its own prebundled dependencies, apart from a running `npm start`
      cacheDir: path.join(root, 'node_modules', '.vite-studio'),
      clearScreen: false,
      logLevel: 'warn',
    });
    await server.listen();
  } finally {
    if (saved === undefined) delete process.env.SCREENS_CONFIG_DIR;
    else process.env.SCREENS_CONFIG_DIR = saved;
  }

  const origin = `http://127.0.0.1:${port}`;
  const urls = network.map((a) => `http://${a}:${port}/`);
  const written = new Map<string, string>();
  const post = async (url: string, body: unknown) => {
    const r = await fetch(`${origin}${url}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await r.json()) as { code: number; message: string; data: Record<string, unknown> };
    if (json.code !== 200) throw new Error(`the preview's mock answered ${url}: ${json.message}`);
    return json.data;
  };

  return {
    origin,
    network: urls,

    /** The merged view into the scratch folder: each file whose text changed, whole (a rename: Vite never reads half a file). */
    show(files) {
      for (const [name, json] of Object.entries(files)) {
        if (json instanceof Error) continue;
        const text = `${JSON.stringify(json, null, 2)}\n`;
        if (written.get(name) === text) continue;
        const abs = path.join(scratch, name);
        writeFileSync(`${abs}.tmp`, text);
        renameSync(`${abs}.tmp`, abs);
        written.set(name, text);
      }
    },

    /** The mock reset to a data preset, its start-up notice off (it would cover every screen); who to log in as. */
    async preset(name) {
      const who = await post('/__mock/preset', { name });
      await post('/__mock/settings', { index_modal: 0 });
      return { username: String(who.username), password: String(who.password) };
    },

    async close() {
      await server.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
