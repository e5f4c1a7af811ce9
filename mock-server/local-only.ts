/**
 * Development tools answer this machine only: the mock's control surface (/__mock/, which
 * hands out tokens without a password) and the studio's API (which writes the config). Since the
 * studio's preview and `npm start -- --host` are opened to phones on the same network, "this machine"
 * is checked on every request, not left to the address a server listens on (`otherMachine`, the
 * first three; what such a server gives another machine is scripts/vite/network-guard.ts's):
 *   - the peer: a loopback address, or an address of one of this machine's own interfaces (a browser
 *     here opening the LAN address); a phone's is neither;
 *   - a request a proxy forwarded (X-Forwarded-For, Forwarded) for a peer that is not this machine;
 *   - the Host header: an IP address or `localhost`, never a DNS name (a site whose name was rebound
 *     to 127.0.0.1 sends its own name);
 *   - the page that sent it: no Origin (a tool such as curl), or exactly this server's own origin
 *     (`http://` + Host), compared as a whole string, and a Sec-Fetch-Site of same-origin or none.
 * `localOnly(req)` answers why a request is refused, or null.
 */
import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';

const ownAddresses = (): Set<string> =>
  new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((i) => i?.address.toLowerCase())
      .filter((a): a is string => !!a),
  );

/** ::ffff:127.0.0.1 -> 127.0.0.1; [::1] -> ::1; a zone (%eth0) dropped */
const plain = (addr: string) => addr.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase();

/** whether an address is this machine's: loopback (127.0.0.0/8, ::1) or one of its interfaces' */
export function isThisMachine(addr: string | undefined, own: Set<string> = ownAddresses()): boolean {
  if (!addr) return false;
  const a = plain(addr);
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a) || own.has(a);
}

/** the addresses a proxy says it forwarded for (X-Forwarded-For, Forwarded: for=) */
function forwardedFor(req: IncomingMessage): string[] {
  const xff = req.headers['x-forwarded-for'];
  const list = (Array.isArray(xff) ? xff.join(',') : (xff ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
  const fwd = req.headers.forwarded ?? '';
  for (const m of fwd.matchAll(/for="?([^";,]+)"?/gi)) list.push(m[1].replace(/:\d+$/, ''));
  return list;
}

const IP_OR_LOCALHOST = /^(localhost|\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])(:\d+)?$/i;

/**
 * Why the request may come from another machine (its peer, a peer it was forwarded for, a Host that
 * is a name rather than an address), or null when it is this machine's. What a dev server open to
 * the network gives such a request is the app only (scripts/vite/network-guard.ts).
 */
export function otherMachine(req: IncomingMessage): string | null {
  const own = ownAddresses();
  if (!isThisMachine(req.socket.remoteAddress, own)) return 'only this machine may use it (the request came from another machine)';
  const forwarded = forwardedFor(req);
  if (forwarded.some((a) => !isThisMachine(a, own))) return 'only this machine may use it (the request was forwarded for another machine)';
  const host = req.headers.host ?? '';
  if (!IP_OR_LOCALHOST.test(host)) return `only this machine may use it: open it by its address (127.0.0.1 or localhost), not by the name "${host.slice(0, 80)}"`;
  return null;
}

/** Why the request is not from this machine's own page or tool, or null when it is. */
export function localOnly(req: IncomingMessage): string | null {
  const other = otherMachine(req);
  if (other) return other;
  const host = req.headers.host ?? '';
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return `a page of another origin (${String(origin).slice(0, 80)}) may not use it`;
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `a page of another site (Sec-Fetch-Site: ${String(site).slice(0, 20)}) may not use it`;
  return null;
}
