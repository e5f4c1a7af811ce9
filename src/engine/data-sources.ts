/**
 * A screen's data sources (config `data`), the one way data reaches a screen from the API: each
 * loads when the screen opens and again whenever its resolved payload changes or a `reload`
 * action names it, polls when asked, and stops when the screen is left. The first load of a
 * binding-free source takes the preload's result.
 *
 * A `paged` source is a record list: it loads page 1 the same way, and its next pages when a
 * PagedList showing it asks (`more`), appending; pull to refresh (`refresh`) loads page 1 again.
 * `data.<name>` is then the reply of page 1 (totals beside the list); the records, the last page
 * and whether more are coming are the list's (`lists.<name>` in the store).
 *
 * A poll runs on the engine's scheduler (poll.ts): one request at a time, paused while the page
 * is hidden or offline, backing off while the backend fails. Every load is a shared read
 * (callShared): the same call with the same payload already in flight, from this screen or the
 * session, is not asked twice.
 *
 * Results go into the screen's store (scope.ts); a reply equal to what is shown is not stored
 * again, so a poll that changes nothing renders nothing.
 */
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { callShared, type CallResult } from '../api/client';
import type { EndpointName } from '../api/catalogue';
import { isEndpointName } from '../api/wire';
import { asCondition, type ScreenConfig } from '../config/types';
import { evalCondition, getPath, resolveDeep, resolveNumber, type Scope } from './bindings';
import { outcomeOf, startPoll, type Outcome } from './poll';
import { pageParamOf, type PagedOption } from './refs';
import type { ListState, ScreenLocal } from './scope';

/** The records and last page of a reply: a Laravel page object, or a plain array (one page). */
export function pageOf(data: unknown, path: string | undefined): { items: unknown[]; lastPage: number } {
  const p = path ? getPath(data, path) : data;
  if (Array.isArray(p)) return { items: p, lastPage: 1 };
  const o = (p ?? {}) as { data?: unknown; last_page?: unknown };
  const items = Array.isArray(o.data) ? o.data : [];
  const last = Number(o.last_page);
  return { items, lastPage: Number.isFinite(last) ? last : 0 };
}

const freshList = (): ListState => ({ items: [], page: 0, hasMore: true, loaded: false, failed: false });

interface Running {
  key: string;
  stop: () => void;
  /** paged sources: load the next page (page 1 when none is loaded); one load at a time */
  more?: () => Promise<void>;
  /** paged sources: load page 1 again, replacing the records once it arrives */
  refresh?: () => Promise<void>;
}

export interface DataSources {
  /** the sources that load now (active, with a known endpoint) */
  started: string[];
  more: (source: string) => Promise<void>;
  refresh: (source: string) => Promise<void>;
  /**
   * After a change of the screen's state (`scope` read as it is now): a paged source whose payload it
   * changed shows an empty list at once, in the same render as the change, instead of its old
   * records for one render (drawn for nothing, and under the new state: 存款 rows titled 取款).
   */
  dropStale: (scope: Scope, reloads: Record<string, number>) => void;
}

/** Each source: whether it loads now, its resolved payload (null while it does not load), its poll, and the key that restarts it. */
function planOf(config: ScreenConfig, scope: Scope, reloads: Record<string, number>) {
  return Object.entries(config.data ?? {}).map(([name, src]) => {
    const active = evalCondition(asCondition(src.when), scope);
    // `prefetch`: loaded while its `when` does not hold too, once the screen has shown its data
    const ahead = !active && src.prefetch === true;
    const payload = active || ahead ? (resolveDeep(src.payload ?? {}, scope) as Record<string, unknown>) : null;
    const paged = src.paged as PagedOption | undefined;
    const poll = !paged && src.poll !== undefined ? resolveNumber(src.poll, scope, 0) : 0;
    return { name, endpoint: src.endpoint, quiet: !!src.quiet, paged, payload, ahead, poll, key: JSON.stringify([payload, poll, reloads[name] ?? 0]) };
  });
}

/**
 * `scope` is what payloads and `when` read; `reloads` counts reload actions per source;
 * `acting()` is false once the screen no longer acts (a reply then changes nothing).
 */
export function useDataSources(
  screen: string,
  config: ScreenConfig,
  scope: Scope,
  reloads: Record<string, number>,
  acting: () => boolean,
  store: ScreenLocal,
  firstShown: Promise<void>,
): DataSources {
  const plan = planOf(config, scope, reloads);
  // a change (a filter, a tab, a reload) restarts its sources in a deferred render, after the
  // screen has painted the tap's answer: a render for a tap is synchronous (valtio's store) and so
  // would be its effects, the requests with them, inside the tap
  const planKey = useDeferredValue(JSON.stringify(plan.map((p) => [p.name, p.key])));
  const planRef = useRef(plan);
  planRef.current = plan;
  // the JSON of what each source shows now
  const shown = useRef(new Map<string, string>());
  // the screen has shown its data (the marks' effect, after the paint): the prefetched sources may load
  const [ahead, setAhead] = useState(false);
  useEffect(() => void firstShown.then(() => planRef.current.some((p) => p.ahead) && setAhead(true)), [firstShown]);

  // one running load (and poll) per source: a source restarts only when its own key changes
  const running = useRef(new Map<string, Running>());
  useEffect(() => {
    const live = running.current;
    const wanted = new Set<string>();
    for (const p of planRef.current) {
      if (!p.payload || !isEndpointName(p.endpoint)) continue;
      // a prefetched source not shown yet: once the screen's data is up (and, started, it keeps running)
      if (p.ahead && !ahead && !live.has(p.name)) continue;
      wanted.add(p.name);
      if (live.get(p.name)?.key === p.key) continue;
      live.get(p.name)?.stop();
      const controller = new AbortController();
      const args = { screen, name: p.name, endpoint: p.endpoint, payload: p.payload, quiet: p.quiet, signal: controller.signal, acting, store, shown: shown.current };
      if (p.paged) {
        live.set(p.name, { key: p.key, stop: () => controller.abort(), ...startPaged(args, p.paged) });
        continue;
      }
      const first = loadOnce(args, true);
      const stopPoll = p.poll > 0 ? startPoll({ every: p.poll, first, run: () => loadOnce(args, false) }) : undefined;
      live.set(p.name, {
        key: p.key,
        stop: () => {
          controller.abort();
          stopPoll?.();
        },
      });
    }
    for (const [name, r] of live) {
      if (!wanted.has(name)) {
        r.stop();
        live.delete(name);
        // a source that no longer loads (its `when` no longer holds) offers no retry
        delete store.failed[name];
      }
    }
  }, [planKey, screen, acting, store, ahead]);
  // leaving the screen stops every load and poll
  useEffect(() => {
    const live = running.current;
    return () => {
      live.forEach((r) => r.stop());
      live.clear();
    };
  }, []);

  // a source whose payload has changed but which has not restarted yet (the deferred render) asks nothing
  // more: its next page would be of the old payload, and the restart loads page 1 of the new one
  const current = useCallback((source: string) => {
    const r = running.current.get(source);
    return r && planRef.current.some((p) => p.name === source && p.key === r.key) ? r : undefined;
  }, []);
  const more = useCallback(async (source: string) => current(source)?.more?.(), [current]);
  const refresh = useCallback(async (source: string) => current(source)?.refresh?.(), [current]);
  const dropStale = useCallback(
    (now: Scope, nowReloads: Record<string, number>) => {
      for (const p of planOf(config, now, nowReloads)) {
        const r = running.current.get(p.name);
        if (p.paged && r && r.key !== p.key && store.lists[p.name]?.page) store.lists[p.name] = freshList();
      }
    },
    [config, store],
  );
  return { started: plan.filter((p) => p.payload && !p.ahead && isEndpointName(p.endpoint)).map((p) => p.name), more, refresh, dropStale };
}

interface LoadArgs {
  screen: string;
  name: string;
  endpoint: EndpointName;
  payload: Record<string, unknown>;
  quiet: boolean;
  signal: AbortSignal;
  acting: () => boolean;
  store: ScreenLocal;
  shown: Map<string, string>;
}

/** Store a reply as `data.<name>` unless it is what is shown already. */
function show(a: LoadArgs, data: unknown) {
  const json = JSON.stringify(data);
  if (a.shown.get(a.name) === json) return;
  a.shown.set(a.name, json);
  a.store.data[a.name] = data;
}

/**
 * Whether a load failed: the backend failed (5xx, not the envelope), the request (network,
 * timeout), or refused the read. A 401 is not: the session's expired-login dialog handles it.
 */
export const loadFailed = (r: CallResult<unknown>): boolean => !r.ok && r.code !== 401;

/**
 * One load of a plain source: the first shows `loading` and may take the preload's result, and a
 * failure of it marks the source `failed` at once (the screen offers a retry); polls are quiet
 * and change no mark but to clear it when they succeed (they back off silently, poll.ts).
 */
async function loadOnce(a: LoadArgs, first: boolean): Promise<Outcome> {
  if (!a.acting()) return 'stop';
  if (first) a.store.loading[a.name] = true;
  const r = await callShared(a.endpoint, a.payload, { quiet: a.quiet || !first, signal: a.signal });
  if (a.signal.aborted || !a.acting()) return 'stop';
  if (r.ok) show(a, r.data);
  if (r.ok || first) a.store.failed[a.name] = first && loadFailed(r);
  if (first) a.store.loading[a.name] = false;
  return outcomeOf(r);
}

/** A paged source: page 1 now, then `more` and `refresh` for its list. Every page load says a failure unless quiet. */
function startPaged(a: LoadArgs, paged: PagedOption): Pick<Running, 'more' | 'refresh'> {
  const param = pageParamOf(paged);
  const path = typeof paged === 'object' ? paged.path : undefined;
  const list = () => (a.store.lists[a.name] ??= freshList());
  // a restart (new payload) starts an empty list; a refresh keeps the records shown until page 1 comes
  a.store.lists[a.name] = freshList();
  let inFlight: Promise<void> | undefined;
  // bumped by a refresh: a page asked for before it is dropped
  let gen = 0;

  const load = (page: number, replace: boolean): Promise<void> => {
    const mine = gen;
    const payload = { ...a.payload, [param]: page };
    const run = async () => {
      if (!a.acting()) return;
      if (page === 1) a.store.loading[a.name] = true;
      const r = await callShared(a.endpoint, payload, { quiet: a.quiet, signal: a.signal });
      if (a.signal.aborted || !a.acting() || mine !== gen) return;
      const l = list();
      if (r.ok) {
        const { items, lastPage } = pageOf(r.data, path);
        l.items = replace ? items : [...l.items, ...items];
        l.page = page;
        l.hasMore = items.length > 0 && page < lastPage;
        l.failed = false;
        if (page === 1) show(a, r.data);
      } else {
        l.failed = true;
      }
      if (page === 1) a.store.failed[a.name] = loadFailed(r);
      l.loaded = true;
      if (page === 1) a.store.loading[a.name] = false;
    };
    const p = run().finally(() => {
      if (inFlight === p) inFlight = undefined;
    });
    inFlight = p;
    return p;
  };

  void load(1, true);
  return {
    more: () => {
      if (inFlight) return inFlight;
      const l = list();
      if (l.failed) l.failed = false;
      else if (!l.hasMore) return Promise.resolve();
      return load(l.page + 1, l.page === 0);
    },
    refresh: () => {
      gen += 1;
      const l = list();
      l.hasMore = false;
      l.loaded = false;
      l.failed = false;
      return load(1, true);
    },
  };
}
