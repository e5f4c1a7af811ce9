/**
 * Where Debian's nginx and its brotli_static and njs modules are on this machine (scripts/check-browser.ts
 * checks for them, scripts/serve-nginx.ts runs them), and the filling of deploy/nginx/bet-h5.conf.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** `nginx -V`: version and build options (written on stderr), or null when no nginx runs */
function nginxV(bin: string): string | null {
  const r = spawnSync(bin, ['-V'], { encoding: 'utf8', timeout: 20000 });
  return r.status === 0 ? `${r.stderr}${r.stdout}` : null;
}

/** the nginx binary: `nginx` on PATH, else /usr/sbin/nginx (not on a user's PATH everywhere); null when none runs */
export function nginxBinary(): string | null {
  return ['nginx', '/usr/sbin/nginx'].find((bin) => nginxV(bin) !== null) ?? null;
}

export interface NginxBuild {
  version: string;
  /** --modules-path (Debian: /usr/lib/nginx/modules) */
  modulesPath: string;
  /** the folder of --conf-path, where mime.types is (Debian: /etc/nginx) */
  confDir: string;
}

export function nginxBuild(bin: string): NginxBuild {
  const v = nginxV(bin) ?? '';
  const opt = (name: string) => new RegExp(`--${name}=(\\S+)`).exec(v)?.[1];
  return {
    version: /nginx\/(\S+)/.exec(v)?.[1] ?? 'unknown',
    modulesPath: opt('modules-path') ?? '/usr/lib/nginx/modules',
    confDir: path.dirname(opt('conf-path') ?? '/etc/nginx/nginx.conf'),
  };
}

/** the brotli_static module file (Debian: libnginx-mod-http-brotli-static), or null */
export function brotliModulePath(bin: string): string | null {
  const file = path.join(nginxBuild(bin).modulesPath, 'ngx_http_brotli_static_module.so');
  return existsSync(file) ? file : null;
}

/** the njs module file (Debian: libnginx-mod-http-js), which runs /rum's rum.js, or null */
export function jsModulePath(bin: string): string | null {
  const file = path.join(nginxBuild(bin).modulesPath, 'ngx_http_js_module.so');
  return existsSync(file) ? file : null;
}

/** the blanks of deploy/nginx/bet-h5.conf */
export interface SiteBlanks {
  /** what follows `listen`: 80, 127.0.0.1:8080, 443 ssl http2 */
  listen: string;
  serverName: string;
  /** absolute path of the build */
  root: string;
  /** absolute path of the folder with the included files */
  conf: string;
  /** the backend's origin, http(s)://host[:port] */
  upstream: string;
  /** absolute path of the file field data's reports are appended to (/rum) */
  rumLog: string;
}

const BLANKS: Record<string, keyof SiteBlanks> = {
  '@LISTEN@': 'listen',
  '@SERVER_NAME@': 'serverName',
  '@ROOT@': 'root',
  '@CONF@': 'conf',
  '@API_UPSTREAM@': 'upstream',
  '@RUM_LOG@': 'rumLog',
};

/** The template with its blanks filled; throws when the template has a blank this does not know or misses one. */
export function fillSite(template: string, blanks: SiteBlanks): string {
  const used = new Set<string>();
  const fill = (line: string) =>
    line.replace(/@[A-Z_]+@/g, (blank) => {
      const key = BLANKS[blank];
      if (!key) throw new Error(`deploy/nginx/bet-h5.conf: unknown blank ${blank} (expected one of ${Object.keys(BLANKS).join(', ')})`);
      used.add(blank);
      return blanks[key];
    });
  // comments keep their blanks (they explain them)
  const out = template
    .split('\n')
    .map((line) => (line.trimStart().startsWith('#') ? line : fill(line)))
    .join('\n');
  const unused = Object.keys(BLANKS).filter((b) => !used.has(b));
  if (unused.length) throw new Error(`deploy/nginx/bet-h5.conf: blank(s) ${unused.join(', ')} not found`);
  return out;
}

/**
 * Filled server blocks in one nginx: what the template has before its server block (http-level
 * includes: rum-http.conf's zone and log format, which an nginx may declare once) is kept in the
 * first block only.
 */
export function onceInHttp(blocks: readonly string[]): string[] {
  return blocks.map((block, i) => {
    if (i === 0) return block;
    const lines = block.split('\n');
    const start = lines.findIndex((l) => /^\s*server\s*\{/.test(l));
    return lines.filter((l, j) => j >= start || l.trim() === '' || l.trimStart().startsWith('#')).join('\n');
  });
}

/**
 * The origin of API_UPSTREAM (http or https, host, optional port, nothing else: with a path nginx
 * would rewrite /api/...), or an Error saying what is expected.
 */
export function parseUpstream(raw: string): string | Error {
  const expected = `API_UPSTREAM must be an origin such as http://127.0.0.1:3001 (http or https, no path), found "${raw}"`;
  try {
    const u = new URL(raw.trim());
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password || u.search || u.hash || (u.pathname !== '/' && u.pathname !== '')) return new Error(expected);
    if (!/^https?:\/\/[^/]+\/?$/.test(raw.trim())) return new Error(expected);
    return u.origin;
  } catch {
    return new Error(expected);
  }
}

/** nginx's `listen` address for a host and port (an IPv6 address in brackets) */
export function listenOn(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export interface MainOptions {
  /** the temporary folder: pid, logs, temp files */
  dir: string;
  /** the filled server block */
  site: string;
  brotliModule: string;
  /** the njs module (/rum's rum.js) */
  jsModule: string;
  confDir: string;
  /** the user of the worker processes when nginx starts as root (Debian: www-data) */
  workerUser?: string;
}

/** nginx.conf for a foreground nginx that keeps everything (pid, logs, temp files) in one folder */
export function mainConf(o: MainOptions): string {
  const f = (name: string) => path.join(o.dir, name);
  return [
    '# npm run serve:nginx (scripts/serve-nginx.ts): written to a temporary folder, removed on stop',
    'daemon off;',
    'worker_processes 1;',
    ...(o.workerUser ? [`user ${o.workerUser};`] : []),
    `pid ${f('nginx.pid')};`,
    `error_log ${f('error.log')} warn;`,
    `load_module ${o.brotliModule};`,
    `load_module ${o.jsModule};`,
    'events {',
    '    worker_connections 512;',
    '}',
    'http {',
    `    include ${path.join(o.confDir, 'mime.types')};`,
    '    default_type application/octet-stream;',
    '    types_hash_max_size 2048;',
    '    sendfile on;',
    `    access_log ${f('access.log')};`,
    `    client_body_temp_path ${f('body')};`,
    `    proxy_temp_path ${f('proxy')};`,
    `    fastcgi_temp_path ${f('fastcgi')};`,
    `    uwsgi_temp_path ${f('uwsgi')};`,
    `    scgi_temp_path ${f('scgi')};`,
    '',
    o.site.replace(/^/gm, '    ').replace(/^ +$/gm, ''),
    '}',
    '',
  ].join('\n');
}

/**
 * For `npm run serve:nginx` only, never in deploy/nginx: the mock's read-only pictures
 * (/mock-assets/), frame pages (/__mock/page/) and its game (/__mock/game/: script, state and spin,
 * keyed by a launch ticket), passed to the upstream so the app looks as on `npm run serve`. The
 * rest of /__mock/ (state, reset, fault, login...) stays a 404.
 */
export function mockLocations(upstream: string, conf: string): string {
  return ['/mock-assets/', '/__mock/page/', '/__mock/game/']
    .map((prefix) => [`    location ${prefix} {`, `        include ${conf}/security-headers.conf;`, `        proxy_pass ${upstream};`, '    }'].join('\n'))
    .join('\n');
}

/** the server block with extra locations added before its closing brace */
export function withLocations(site: string, locations: string): string {
  const end = site.lastIndexOf('}');
  if (end < 0) throw new Error('deploy/nginx/bet-h5.conf: no server block');
  return `${site.slice(0, end)}\n    # npm run serve:nginx only: the mock's pictures, frame pages and game\n${locations}\n${site.slice(end)}`;
}
