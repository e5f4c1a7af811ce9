/**
 * The scope bindings read, built so that a widget re-renders only when what it read changed.
 *
 * Screen state, data and loading live in a valtio store per screen, the session in valtio too;
 * a widget reads them through useSnapshot, which records the paths it touched while rendering
 * and re-renders it only when one of those changes (a poll that changes nothing renders
 * nothing; one balance changing renders what shows that balance). The scope is therefore a
 * lazy view: a name is looked up when a binding reads it, never copied, since copying (spread)
 * would touch, and so subscribe to, everything.
 */
import { appConfig, brand, constants, messages } from '../config';
import type { Scope } from './bindings';

/** What the session holds that bindings read (a snapshot, or the live store for actions). */
export interface SessionLike {
  app?: unknown;
  user?: unknown;
  token?: unknown;
  venues?: unknown;
  games?: unknown;
}

/** What the screen's store holds. */
export interface ScreenLocal {
  /** the screen's name (never changes) */
  name: string;
  state: Record<string, unknown>;
  data: Record<string, unknown>;
  loading: Record<string, boolean>;
  /**
   * sources whose load failed (a 5xx, a reply that is not the envelope, a timeout, a refusal): true
   * until a load of it succeeds; the screen offers a retry at once (never an endless loading)
   */
  failed: Record<string, boolean>;
  /** reload actions per source name: a source loads again when its count changes */
  reloads: Record<string, number>;
  /** the records of each paged source (data-sources.ts), shown by a PagedList */
  lists: Record<string, ListState>;
  /**
   * the screen's own location (screen.tsx useOwnPlace), kept in the store so that a widget
   * re-renders for the part of it it read (a tab writing `?type=` renders what reads query.type)
   */
  place: PlaceScope;
}

/** A paged source's records so far. */
export interface ListState {
  items: unknown[];
  /** the last page loaded (0: none yet) */
  page: number;
  hasMore: boolean;
  /** a first answer (records or a failure) has come */
  loaded: boolean;
  /** the last page failed: the list offers a retry */
  failed: boolean;
}

/** The location part: the screen's own location (see useOwnPlace). */
export interface PlaceScope {
  query: Record<string, string>;
  path: string;
  fullPath: string;
}

export function placeScope(pathname: string, search: string): PlaceScope {
  return { query: Object.fromEntries(new URLSearchParams(search)), path: pathname, fullPath: pathname + search };
}

/**
 * The screen store's place, read only when a binding reads it: reading `local.place` itself from a
 * snapshot would subscribe the reader to every change of the location, not to what it read.
 */
export const placeOf = (local: ScreenLocal): PlaceScope => new Proxy({} as PlaceScope, { get: (_t, k) => local.place[k as keyof PlaceScope] });

const STATIC: Scope = { const: constants, maps: appConfig.maps, messages, brand };

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** A read-only view of `lookup` (names read when asked); spreads, `in` and Object.keys work. */
function lazyView(keys: () => string[], has: (k: string) => boolean, get: (k: string) => unknown): Scope {
  return new Proxy({} as Scope, {
    get: (_t, k) => (typeof k === 'string' ? get(k) : undefined),
    has: (_t, k) => typeof k === 'string' && has(k),
    ownKeys: () => keys(),
    getOwnPropertyDescriptor: (_t, k) => (typeof k === 'string' && has(k) ? { value: get(k), enumerable: true, configurable: true, writable: false } : undefined),
  });
}

/** `scope` with more names on top, without copying (reading) it. */
export function withNames(scope: Scope, extra: Scope): Scope {
  if (Object.keys(extra).length === 0) return scope;
  return lazyView(
    () => [...new Set([...Object.keys(extra), ...Object.keys(scope)])],
    (k) => own(extra, k) || k in scope,
    (k) => (own(extra, k) ? extra[k] : scope[k]),
  );
}

/** The full scope of a screen: session, location, screen store and constants, plus `extra` (item, form…). */
export function screenScope(session: SessionLike, place: PlaceScope, local: ScreenLocal, extra: Scope = {}): Scope {
  const getters: Record<string, () => unknown> = {
    app: () => session.app ?? {},
    user: () => session.user ?? {},
    token: () => session.token,
    loggedIn: () => !!session.token,
    venues: () => session.venues,
    games: () => session.games,
    query: () => place.query,
    path: () => place.path,
    fullPath: () => place.fullPath,
    const: () => STATIC.const,
    maps: () => STATIC.maps,
    messages: () => STATIC.messages,
    /** app.json brand: siteName, shortName, serviceName, logoUrl */
    brand: () => STATIC.brand,
    state: () => local.state,
    data: () => local.data,
    loading: () => local.loading,
    failed: () => local.failed,
  };
  const base = lazyView(() => Object.keys(getters), (k) => own(getters, k), (k) => (own(getters, k) ? getters[k]() : undefined));
  return withNames(base, extra);
}
