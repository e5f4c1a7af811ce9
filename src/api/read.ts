/**
 * Reading the replies of real backends (mock-server/README.md, "SPEC.md or the real backend" and
 * "Reply profiles"): where SPEC.md and a deployed backend send different shapes, the client turns
 * either into the one the screens read, here, once, before any screen sees the data.
 */
import { isObject } from '../config/json';
import type { EndpointName } from './catalogue';

/** The text of server HTML (an inert document: nothing in it runs or loads); outside a browser, the HTML as it is. */
function htmlText(html: string): string {
  if (typeof DOMParser === 'undefined') return html;
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A home notice as its text: a string (SPEC.md), or a row {id, name, content} whose content is HTML (the Laravel original). */
function noticeText(row: unknown): string {
  if (typeof row === 'string') return row;
  if (!isObject(row)) return '';
  const content = typeof row.content === 'string' ? htmlText(row.content) : '';
  return content || (typeof row.name === 'string' ? row.name : '');
}

/** A picture path (`/static/style/vip3.png`, the Laravel original's own client's files), not a name. */
const isPath = (v: unknown): v is string => typeof v === 'string' && (v.includes('/') || /\.(png|jpe?g|gif|svg|webp)$/i.test(v));

/**
 * The member as the screens read it: no token; a `vipname` that is a picture path is no level
 * name, so it goes (the screens then name the level from `vip`, their own words), and the level
 * number is taken from the path when `vip` is missing.
 */
function readUser(data: Record<string, unknown>): Record<string, unknown> {
  const { api_token: _token, ...user } = data;
  if (isPath(user.vipname)) {
    const level = /(\d+)\D*$/.exec(user.vipname)?.[1];
    delete user.vipname;
    if ((user.vip === undefined || user.vip === null || user.vip === '') && level !== undefined) user.vip = Number(level);
  }
  return user;
}

/** The reply data as the screens read it. */
export function readReply(name: EndpointName, data: unknown): unknown {
  switch (name) {
    case 'payinfo':
      // cardlist: one object (SPEC.md section 3) or an array (real backend); screens read an array
      if (isObject(data) && isObject(data.cardlist)) return { ...data, cardlist: [data.cardlist] };
      return data;
    case 'user':
    case 'refreshusermoney':
      // the Laravel original puts the member's token in the user entity: the cached user never holds it
      return isObject(data) ? readUser(data) : data;
    case 'homenotice':
      return Array.isArray(data) ? data.map(noticeText).filter(Boolean) : data;
    default:
      return data;
  }
}
