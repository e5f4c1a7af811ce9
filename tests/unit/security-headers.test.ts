/** Issue 10 point 9: one policy for `npm run serve` and `npm start`, dev allowances only in dev. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { buildCsp, CSP, securityHeadersFor } from '../../scripts/security-headers';

const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

function headersOf(mw: ReturnType<typeof securityHeadersFor>): Record<string, string> {
  const out: Record<string, string> = {};
  const res = { setHeader: (k: string, v: string) => (out[k] = v) } as unknown as ServerResponse;
  let called = false;
  mw({} as IncomingMessage, res, () => (called = true));
  expect(called).toBe(true);
  return out;
}

describe('security headers', () => {
  it('production: no inline script, pictures and frames over https or from this origin only, X-Frame-Options', () => {
    const d = directives(CSP);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('img-src')).toEqual(["'self'", 'https:', 'data:', 'blob:']);
    expect(d.get('frame-src')).toEqual(["'self'", 'https:']);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('frame-ancestors')).toEqual(["'self'"]);
    const h = headersOf(securityHeadersFor());
    expect(h['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(h['Content-Security-Policy']).toBe(CSP);
    expect(h['X-Content-Type-Options']).toBe('nosniff');
  });

  it('a plain http origin only from the explicit list', () => {
    const d = directives(buildCsp({ httpOrigins: ['http://cdn.local:8080'] }));
    expect(d.get('img-src')).toEqual(["'self'", 'https:', 'http://cdn.local:8080', 'data:', 'blob:']);
    expect(d.get('frame-src')).toEqual(["'self'", 'https:', 'http://cdn.local:8080']);
    expect(d.get('img-src')).not.toContain('http:');
  });

  it('npm start: the same headers plus the refresh preamble, the HMR socket and its own http origins', () => {
    const h = headersOf(securityHeadersFor({ dev: { port: 5173 } }));
    const d = directives(h['Content-Security-Policy']);
    expect(h['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(d.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173', 'ws://127.0.0.1:5173']);
    expect(d.get('frame-src')).toEqual(["'self'", 'https:', 'http://localhost:5173', 'http://127.0.0.1:5173']);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(h['Content-Security-Policy']).not.toContain('unsafe-eval');
  });

  it('the studio\'s preview (issue 37): framed by the studio only, its socket on the network address too', () => {
    const h = headersOf(securityHeadersFor({ dev: { port: 5181, hosts: ['192.168.1.20'] }, frameAncestors: ['http://127.0.0.1:5180', 'http://localhost:5180'] }));
    const d = directives(h['Content-Security-Policy']);
    expect(d.get('frame-ancestors')).toEqual(["'self'", 'http://127.0.0.1:5180', 'http://localhost:5180']);
    expect(h['X-Frame-Options']).toBeUndefined();
    expect(d.get('connect-src')).toEqual(["'self'", 'ws://localhost:5181', 'ws://127.0.0.1:5181', 'ws://192.168.1.20:5181']);
    expect(d.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });
});
