/**
 * Issue 22: deploy/nginx cannot drift from the product. The generated files are what the
 * generator writes from scripts/security-headers.ts and screens.config/ today; the template
 * answers every location with the policy; the limits fit the app. (Real nginx in front of the
 * mock: tests/e2e/nginx.e2e.ts.)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '../../mock-server/api';
import { apiConf, apiLimits, brandFiles, confDirOf, generatedFiles, jsonErrorsConf, nginxJson, NGINX_DIR, quote, securityHeadersConf, sites } from '../../scripts/gen-nginx';
import { configSource } from '../../src/config/source/index';
import { fillSite, parseUpstream, type SiteBlanks } from '../../scripts/nginx';
import { securityHeaderList, securityHeaders } from '../../scripts/security-headers';
import rumJs from '../../deploy/nginx/rum.js';
import { MAX_BODY_BYTES, MAX_REPORTS } from '../../src/rum/report';

const root = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(NGINX_DIR, file), 'utf8');
const app = JSON.parse(readFileSync(path.join(root, 'screens.config', 'app.json'), 'utf8')) as { constants: { requestTimeoutMs: number; avatarMaxBytes: number } };
const messages = (JSON.parse(readFileSync(path.join(root, 'screens.config', 'messages.json'), 'utf8')) as { messages: Record<string, string> }).messages;

/** what nginx makes of a quoted string's body: \\ \" \' unescaped, \t \r \n as control characters, any other backslash kept */
function nginxUnquote(body: string): string {
  return body.replace(/\\(["'\\trn])/g, (_m, c: string) => ({ t: '\t', r: '\r', n: '\n' })[c] ?? c);
}

/** the add_header lines of a text: name, value (unquoted), always */
function addHeaders(text: string): [string, string, boolean][] {
  return [...text.matchAll(/^\s*add_header (\S+) "((?:[^"\\]|\\.)*)"( always)?;$/gm)].map((m) => [m[1], nginxUnquote(m[2]), !!m[3]]);
}

/** the headers the Node servers (npm run serve, npm start) set */
function nodeHeaders(): [string, string][] {
  const out: [string, string][] = [];
  const res = { setHeader: (k: string, v: string) => out.push([k, v]) } as unknown as ServerResponse;
  securityHeaders({} as IncomingMessage, res, () => undefined);
  return out;
}

/** the top-level blocks `location ... { ... }` of the server block (no nesting in bet-h5.conf) */
function locations(site: string): { head: string; body: string }[] {
  return [...site.matchAll(/^ {4}location ([^{]+)\{\n([\s\S]*?)^ {4}\}$/gm)].map((m) => ({ head: m[1].trim(), body: m[2] }));
}

describe('deploy/nginx: generated from the one policy and the config', () => {
  it('the committed files are what `npm run gen:nginx` writes today (else: run it)', () => {
    for (const { file, text } of generatedFiles()) {
      expect(readFileSync(file, 'utf8'), `${path.relative(root, file)} is stale: run \`npm run gen:nginx\``).toBe(text);
    }
  });

  it('security-headers.conf sends exactly the Node servers\' headers, each `always` (errors too)', () => {
    const nginx = addHeaders(read('security-headers.conf'));
    expect(nginx.map(([k, v]) => [k, v])).toEqual(nodeHeaders());
    expect(nginx.every(([, , always]) => always)).toBe(true);
    expect(nodeHeaders().map(([k]) => k)).toEqual(['Content-Security-Policy', 'X-Frame-Options', 'X-Content-Type-Options', 'Referrer-Policy']);
  });

  it('a change of the policy changes the generated file (the drift test above would fail)', () => {
    const wider = securityHeadersConf(securityHeaderList({ httpOrigins: ['http://cdn.example.com:8080'], apiOrigin: 'https://api.example.com' }));
    expect(wider).not.toBe(read('security-headers.conf'));
    const csp = addHeaders(wider).find(([k]) => k === 'Content-Security-Policy')![1];
    expect(csp).toContain("connect-src 'self' https://api.example.com");
    expect(csp).toContain("frame-src 'self' https: http://cdn.example.com:8080");
  });

  it('every location of bet-h5.conf that answers repeats the policy; the JSON error pages carry it inline', () => {
    const site = read('bet-h5.conf');
    const found = locations(site);
    expect(found.map((l) => l.head)).toEqual(['~ /\\.(?!well-known/)', '/assets/', '@asset_missing', '/api/', '= /rum', '/__mock/', '= /manifest.webmanifest', '= /version.json', '/']);
    for (const l of found) expect(l.body, `location ${l.head}`).toContain('include @CONF@/security-headers.conf;');
    // no add_header at the server level: it would be dropped in every location with one of its own
    expect(site.replace(/^ {4}location [\s\S]*?^ {4}\}$/gm, '')).not.toMatch(/^\s*add_header/m);
    const errors = jsonErrorsConf();
    for (const status of [413, 502, 503, 504]) {
      const block = new RegExp(`location @json_${status} \\{([\\s\\S]*?)\\n\\}`).exec(errors)![1];
      expect(addHeaders(block).filter(([k]) => k !== 'Cache-Control').map(([k, v]) => [k, v])).toEqual(nodeHeaders());
    }
  });

  it('/api/ takes the largest upload (an avatar) and waits longer than the app', () => {
    const { bodyKb, timeoutS } = apiLimits(app);
    expect(bodyKb * 1024).toBeGreaterThanOrEqual(app.constants.avatarMaxBytes + 1024);
    expect(bodyKb * 1024).toBeGreaterThanOrEqual(UPLOAD_LIMIT_BYTES);
    expect(timeoutS * 1000).toBeGreaterThan(app.constants.requestTimeoutMs);
    const conf = apiConf(app);
    expect(conf).toContain(`client_max_body_size ${bodyKb}k;`);
    expect(conf).toContain(`proxy_read_timeout ${timeoutS}s;`);
    expect(conf).toContain(`proxy_send_timeout ${timeoutS}s;`);
    // an operator who raises the avatar limit gets a larger body limit on the next gen:nginx
    expect(apiConf({ constants: { ...app.constants, avatarMaxBytes: 5 * 1024 * 1024 } })).toContain('client_max_body_size 5184k;');
  });

  it("nginx's own 413, 502, 503, 504 are the app's envelope with the message of messages.json", () => {
    const errors = read('json-errors.conf');
    for (const [status, key] of [
      [413, 'server.tooLarge'],
      [502, 'server.badGateway'],
      [503, 'server.unavailable'],
      [504, 'server.gatewayTimeout'],
    ] as const) {
      expect(errors).toContain(`error_page ${status} @json_${status};`);
      const body = new RegExp(`return ${status} '((?:[^'\\\\]|\\\\.)*)';`).exec(errors)![1];
      expect(JSON.parse(nginxUnquote(body))).toEqual({ code: status, message: messages[key], data: null });
    }
    expect(() => jsonErrorsConf({})).toThrow("screens.config/messages.json: /messages/server.tooLarge: missing (the message of nginx's 413 reply)");
  });

  it('strings survive nginx quoting: quotes, backslashes, a `$` that would start a variable', () => {
    const tricky = { code: 502, message: `it's "down" \\ $host 50%\n`, data: null };
    const quoted = nginxJson(tricky);
    expect(quoted).not.toMatch(/\$/);
    expect(JSON.parse(nginxUnquote(quoted.slice(1, -1)))).toEqual(tricky);
    expect(nginxUnquote(quote(`a "b" \\c`).slice(1, -1))).toBe(`a "b" \\c`);
    expect(() => quote("script-src 'self' $x")).toThrow('starts a variable');
  });
});

describe('many brands, one policy (issue 36)', () => {
  it('a brand that changes no limit and no server.* message shares deploy/nginx/; one that does gets its own files', () => {
    for (const id of configSource({ root }).brandIds()) if (!brandFiles(id).length) expect(confDirOf(id)).toBe(NGINX_DIR);
    const brands = mkdtempSync(path.join(tmpdir(), 'brands-'));
    const before = process.env.BRANDS_DIR;
    try {
      mkdirSync(path.join(brands, 'slow'));
      writeFileSync(path.join(brands, 'slow', 'app.json'), JSON.stringify({ constants: { requestTimeoutMs: 60000 } }));
      writeFileSync(path.join(brands, 'slow', 'messages.json'), JSON.stringify({ messages: { 'server.gatewayTimeout': '慢慢来' } }));
      process.env.BRANDS_DIR = brands;
      const files = brandFiles('slow');
      expect(files.map((f) => path.relative(NGINX_DIR, f.file))).toEqual(['brands/slow/security-headers.conf', 'brands/slow/api.conf', 'brands/slow/json-errors.conf', 'brands/slow/rum.conf', 'brands/slow/rum-http.conf', 'brands/slow/rum.js']);
      expect(files[0].text).toBe(securityHeadersConf());
      expect(files[1].text).toContain('proxy_read_timeout 75s;');
      expect(files[1].text).toContain('from brands/slow/app.json over screens.config/app.json');
      expect(files[2].text).toContain(nginxJson({ code: 504, message: '慢慢来', data: null }));
      // the block includes /rum's files from the brand's folder: the same as the product's
      expect(files.slice(3).map((f) => f.text)).toEqual([read('rum.conf'), read('rum-http.conf'), read('rum.js')]);
    } finally {
      if (before === undefined) delete process.env.BRANDS_DIR;
      else process.env.BRANDS_DIR = before;
      rmSync(brands, { recursive: true, force: true });
    }
  });

  it('--sites: the one template filled for the product and each brand: its server name, its build, its included files', () => {
    const out = sites({ serverNames: Object.fromEntries([['product', 'm.a.example'], ...configSource({ root }).brandIds().map((id) => [id, `m.${id}.example`])]), rootDir: '/srv/h5', confDir: '/etc/nginx/h5', listen: '80', upstream: 'http://10.0.0.5:8000', rumLog: '/var/log/nginx/h5-rum.jsonl' });
    const blocks = out.split(/^# /m).filter(Boolean);
    expect(blocks.map((b) => [/server_name (\S+);/.exec(b)![1], /root (\S+);/.exec(b)![1], /include (\S+)\/api\.conf;/.exec(b)![1]])).toEqual([
      ['m.a.example', '/srv/h5/dist', '/etc/nginx/h5'],
      ...configSource({ root }).brandIds().map((id) => [`m.${id}.example`, `/srv/h5/dist-${id}`, confDirOf(id) === NGINX_DIR ? '/etc/nginx/h5' : `/etc/nginx/h5/brands/${id}`]),
    ]);
    expect(() => sites({ serverNames: { product: 'm.a.example' }, rootDir: '/srv/h5', confDir: '/etc/nginx/h5', listen: '80', upstream: 'http://10.0.0.5:8000', rumLog: '/var/log/nginx/h5-rum.jsonl' })).toThrow(`SERVER_NAMES has no host for brand ${configSource({ root }).brandIds()[0]}`);
  });

  it("--sites: field data's zone and log format once for the whole nginx, every site's /rum into the one log", () => {
    const out = sites({ serverNames: Object.fromEntries([['product', 'm.a.example'], ...configSource({ root }).brandIds().map((id) => [id, `m.${id}.example`])]), rootDir: '/srv/h5', confDir: '/etc/nginx/h5', listen: '80', upstream: 'http://10.0.0.5:8000', rumLog: '/var/log/nginx/h5-rum.jsonl' });
    const code = out.split('\n').filter((l) => !l.trimStart().startsWith('#'));
    expect(code.filter((l) => l.includes('rum-http.conf'))).toEqual(['include /etc/nginx/h5/rum-http.conf;']);
    expect(code.indexOf('include /etc/nginx/h5/rum-http.conf;')).toBeLessThan(code.findIndex((l) => l.startsWith('server {')));
    expect(code.filter((l) => l.trim() === 'access_log /var/log/nginx/h5-rum.jsonl bet_h5_rum if=$rum_lines;')).toHaveLength(1 + configSource({ root }).brandIds().length);
  });
});

describe("field data's collector (/rum)", () => {
  it('refuses a body over the limit the pages keep under, with the same limits as rum.js and the pages', () => {
    expect(read('rum.conf')).toContain(`client_max_body_size ${MAX_BODY_BYTES / 1024}k;`);
    // the body is read into memory whole: rum.js reads it as text (a body written to a file has none)
    expect(read('rum.conf')).toContain(`client_body_buffer_size ${MAX_BODY_BYTES / 1024}k;`);
    expect([rumJs.MAX_LINE_BYTES, rumJs.MAX_REPORTS]).toEqual([MAX_BODY_BYTES, MAX_REPORTS]);
    expect(read('rum.conf')).toMatch(/^limit_req zone=bet_h5_rum burst=\d+ nodelay;$/m);
    expect(read('rum.conf')).toContain('limit_req_status 429;');
    expect(read('rum-http.conf')).toContain("log_format bet_h5_rum escape=none '$rum_lines';");
    expect(read('rum-http.conf')).toMatch(/^limit_req_zone \$binary_remote_addr zone=bet_h5_rum:1m rate=\d+r\/s;$/m);
  });

  it('the location runs rum.js and logs only what it made', () => {
    const rum = locations(read('bet-h5.conf')).find((l) => l.head === '= /rum')!;
    expect(rum.body.split('\n').map((l) => l.trim()).filter(Boolean)).toEqual([
      'include @CONF@/security-headers.conf;',
      'include @CONF@/rum.conf;',
      'js_import rum from @CONF@/rum.js;',
      'js_content rum.collect;',
      'access_log @RUM_LOG@ bet_h5_rum if=$rum_lines;',
    ]);
  });
});

describe('the template and its blanks', () => {
  const blanks: SiteBlanks = { listen: '127.0.0.1:8080', serverName: 'm.example.com', root: '/srv/bet-h5/dist', conf: '/etc/nginx/bet-h5', upstream: 'http://127.0.0.1:3001', rumLog: '/var/log/nginx/bet-h5-rum.jsonl' };

  it('fills every blank outside comments, and names a blank it does not know', () => {
    const site = fillSite(read('bet-h5.conf'), blanks);
    const code = site.split('\n').filter((l) => !l.trimStart().startsWith('#'));
    expect(code.join('\n')).not.toMatch(/@[A-Z_]+@/);
    expect(code).toContain('    root /srv/bet-h5/dist;');
    expect(code).toContain('        proxy_pass http://127.0.0.1:3001;');
    expect(code).toContain('        include /etc/nginx/bet-h5/api.conf;');
    expect(() => fillSite(`${read('bet-h5.conf')}\n# end\nserver { listen @PORT@; }`, blanks)).toThrow('unknown blank @PORT@');
    expect(() => fillSite('server { listen @LISTEN@; }', blanks)).toThrow('blank(s) @SERVER_NAME@, @ROOT@, @CONF@, @API_UPSTREAM@, @RUM_LOG@ not found');
  });

  it('API_UPSTREAM is an origin: with a path nginx would rewrite /api/', () => {
    expect(parseUpstream('http://127.0.0.1:3001')).toBe('http://127.0.0.1:3001');
    expect(parseUpstream('https://api.example.com/')).toBe('https://api.example.com');
    for (const bad of ['http://127.0.0.1:3001/api', '127.0.0.1:3001', 'ftp://x', 'http://u:p@x', 'http://x?a=1', '']) {
      expect(parseUpstream(bad), bad).toBeInstanceOf(Error);
    }
  });
});
