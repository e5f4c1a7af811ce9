/**
 * The Content-Security-Policy and security headers of the product, one list of header names and
 * values (securityHeaderList) for the production server (scripts/serve.ts), the dev server
 * (`npm start`, vite.config.ts) and nginx (deploy/nginx/security-headers.conf, written from the
 * same list by scripts/gen-nginx.ts; a test fails when that file and this list differ).
 *
 * Scripts only from this origin (no inline script, no eval); antd-mobile sets style attributes at
 * run time, hence style-src 'unsafe-inline'. Pictures and frames (games, customer service,
 * sponsorship) load over https or from this origin; a plain http origin only when it is on the
 * explicit list CSP_HTTP_ORIGINS (comma-separated), so an <img src="http://..."> in server HTML
 * cannot track readers. A build that calls an API on another origin (VITE_API_BASE) needs that
 * origin in connect-src: CSP_API_ORIGIN. Framing only by this origin: frame-ancestors and
 * X-Frame-Options for browsers without frame-ancestors.
 *
 * Dev only (`dev: true`): the inline React refresh preamble and Vite's HMR socket, and the dev
 * server's own http origins for the mock's pages (the mock builds them from the address it listens on).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const ORIGIN = /^https?:\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\])(:\d+)?$/;

function envOrigin(name: string): string {
  const raw = process.env[name] ?? '';
  if (raw && !ORIGIN.test(raw)) console.warn(`${name} ignored: not an origin such as https://api.example.com`);
  return ORIGIN.test(raw) ? raw : '';
}

function envOrigins(name: string): string[] {
  const list = (process.env[name] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const good = list.filter((o) => ORIGIN.test(o) && o.startsWith('http://'));
  if (good.length !== list.length) console.warn(`${name}: entries that are not http origins (http://host[:port]) are ignored`);
  return good;
}

export interface PolicyOptions {
  /** the dev server: inline refresh preamble, HMR socket, its own http origins (`hosts`: addresses it is also opened at, the studio's preview on the network) */
  dev?: { port: number; hosts?: readonly string[] };
  /**
   * other pages that may frame it (the studio frames its preview): added to
   * frame-ancestors, and no X-Frame-Options (which knows no list); default: this origin only
   */
  frameAncestors?: readonly string[];
  /** plain http origins allowed for pictures and frames (default: CSP_HTTP_ORIGINS) */
  httpOrigins?: readonly string[];
  /** another origin the app calls (default: CSP_API_ORIGIN) */
  apiOrigin?: string;
}

export function buildCsp(options: PolicyOptions = {}): string {
  const devHosts = options.dev ? ['localhost', '127.0.0.1', ...(options.dev.hosts ?? [])].map((h) => `${h}:${options.dev!.port}`) : [];
  const http = [...(options.httpOrigins ?? envOrigins('CSP_HTTP_ORIGINS')), ...devHosts.map((h) => `http://${h}`)];
  const api = options.apiOrigin ?? envOrigin('CSP_API_ORIGIN');
  const media = ["'self'", 'https:', ...http].join(' ');
  return [
    "default-src 'self'",
    options.dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${media} data: blob:`,
    "font-src 'self' data:",
    // the service worker (sw.js) and the web app manifest come only from this origin
    "worker-src 'self'",
    "manifest-src 'self'",
    ['connect-src', "'self'", api, ...devHosts.map((h) => `ws://${h}`)].filter(Boolean).join(' '),
    `frame-src ${media}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ["frame-ancestors 'self'", ...(options.frameAncestors ?? [])].join(' '),
  ].join('; ');
}

export const CSP = buildCsp();

/** A response header of the policy: name and value. */
export type SecurityHeader = readonly [name: string, value: string];

/**
 * The product's security headers, in the order they are sent: every server that answers for the
 * app (Node or nginx) sends exactly these, on every reply.
 */
export function securityHeaderList(options: PolicyOptions = {}): SecurityHeader[] {
  const csp = Object.keys(options).length === 0 ? CSP : buildCsp(options);
  return [
    ['Content-Security-Policy', csp],
    ...(options.frameAncestors?.length ? [] : [['X-Frame-Options', 'SAMEORIGIN'] as const]),
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ];
}

/** A middleware (Express or Connect) that sets the headers on every reply. */
export function securityHeadersFor(options: PolicyOptions = {}) {
  const headers = securityHeaderList(options);
  return (_req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** The production server's headers. */
export const securityHeaders = securityHeadersFor();
