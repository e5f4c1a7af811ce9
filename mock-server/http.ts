/**
 * The pieces every route module uses: the reply envelope, the handler context and types tied to
 * the endpoint catalogue, paging in the Laravel shape, and money/field formatting.
 */
import type { Request } from 'express';
import type { EndpointName, PayloadOf, ReplyOf } from '../src/api/catalogue';
import type { Page } from '../src/api/types';
import type { Member, MockState } from './state';
import { fail, type Reply } from './reply.ts';
import { periodStart } from './time';

export { fail, ok, type Reply } from './reply.ts';

export interface Ctx<K extends EndpointName> {
  name: K;
  /** the payload, validated against the catalogue schema and coerced to its types */
  payload: PayloadOf<K>;
  state: MockState;
  /** the member of the bearer token, if a valid one was sent */
  member: Member | null;
  token: string | null;
  req: Request;
  /** e.g. http://localhost:3001, for absolute urls pointing back at the mock */
  origin: string;
}

export type Handler<K extends EndpointName> = (ctx: Ctx<K>) => Reply<ReplyOf<K>> | Promise<Reply<ReplyOf<K>>>;
export type HandlerMap = { [K in EndpointName]: Handler<K> };
export type PartialHandlers = { [K in EndpointName]?: Handler<K> };

/**
 * A member call: the dispatcher has already answered 401 without a valid token (the catalogue's
 * auth flag); this narrows the member for the handler and guards again should the flag change.
 */
export function memberOnly<K extends EndpointName>(
  fn: (ctx: Ctx<K>, me: Member) => Reply<ReplyOf<K>> | Promise<Reply<ReplyOf<K>>>,
): Handler<K> {
  return (ctx) => (ctx.member ? fn(ctx, ctx.member) : fail(401, '请先登录'));
}

export const DEFAULT_PAGE_SIZE = 10;

/** `pagesize` is not in the catalogue schemas; read it defensively from the raw payload. */
export function pageSize(payload: object): number {
  const raw = (payload as { pagesize?: unknown }).pagesize;
  const n = typeof raw === 'string' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 100 ? n : DEFAULT_PAGE_SIZE;
}

/** Laravel's page object over an already filtered and sorted list. */
export function paginate<T>(items: readonly T[], page = 1, perPage = DEFAULT_PAGE_SIZE): Page<T> {
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const start = (page - 1) * perPage;
  const data = items.slice(start, start + perPage);
  return {
    current_page: page,
    data,
    last_page: lastPage,
    per_page: perPage,
    total,
    from: data.length ? start + 1 : null,
    to: data.length ? start + data.length : null,
  };
}

/** Keep items created inside the period (1 today, 2 last 7 days, 3 last 15, 4 last 30). */
export function inPeriod<T extends { created: number }>(items: readonly T[], period: number | undefined, now: number): T[] {
  const from = periodStart(period, now);
  return items.filter((i) => i.created >= from && i.created <= now);
}

/** cents → yuan with two decimals, as a number. */
export const yuan = (cents: number): number => Math.round(cents) / 100;

/** '6222021203045678123' → for logs and messages only; the client masks card numbers itself. */
export const tail4 = (no: string): string => no.slice(-4);

/**
 * The origin of the absolute urls the mock hands out: the configured public origin, else the
 * address and port this request came in on. Never the Host header, which any client can set.
 */
/**
 * A lookup keyed by a client string: the object's own entry or undefined, never an inherited
 * property ('constructor', '__proto__', 'toString' are keys a client can send).
 */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export function originOf(req: Request, publicOrigin?: string): string {
  if (publicOrigin) return publicOrigin;
  const raw = req.socket.localAddress ?? '127.0.0.1';
  const v4 = raw.startsWith('::ffff:') ? raw.slice(7) : raw;
  // IPv6 loopback as localhost: a bracketed address cannot be named in a Content-Security-Policy
  const host = v4 === '::1' ? 'localhost' : v4.includes(':') ? `[${v4}]` : v4;
  return `http://${host}:${req.socket.localPort ?? 80}`;
}
