/**
 * The screen renderer: loads a screen's config (and the widgets and forms it uses), keeps its
 * local state and data sources (loaded on open, polled when asked, stopped when the screen is
 * left), runs onEnter, and renders the widget tree. Widgets reach all of it with useScreen().
 */
import { createContext, Suspense, lazy, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { call, type CallResult } from '../api/client';
import { isEndpointName } from '../api/catalogue';
import { appConfig, constants, loadForm, loadScreen, messages, routeFor } from '../config';
import { asActions, asCondition, asNodes, type Action, type FormConfig, type ScreenConfig, type WidgetNode } from '../config/types';
import { session } from '../store/session';
import { evalCondition, resolveDeep, resolveNumber, type Scope } from './bindings';
import { runActions, type ActionContext } from './actions';
import { text } from './text';
import { collectRefs, loadWidget, widgetComponent } from './registry';
import { view } from './view';
import screenIndex from 'virtual:screen-index';
import { goBack } from './history';

export interface ScreenApi {
  scope: Scope;
  /** run an action list from config; `extra` adds to the scope (item, reply, form…) */
  run: (actions: unknown, extra?: Scope) => Promise<boolean>;
  /** the text of a config string (@message keys and bindings) */
  t: (value: unknown, extra?: Scope) => string;
  setState: (key: string, value: unknown) => void;
  reload: (source?: string) => void;
  forms: Map<string, FormConfig>;
  actionContext: ActionContext;
}

const ScreenContext = createContext<ScreenApi | null>(null);
const ItemScopeContext = createContext<Scope>({});

export function useScreen(): ScreenApi {
  const api = useContext(ScreenContext);
  const extra = useContext(ItemScopeContext);
  if (!api) throw new Error('useScreen outside a screen');
  return useMemo(() => {
    if (Object.keys(extra).length === 0) return api;
    const scope = { ...api.scope, ...extra };
    return {
      ...api,
      scope,
      run: (actions: unknown, more: Scope = {}) => api.run(actions, { ...extra, ...more }),
      t: (value: unknown, more: Scope = {}) => text(value, { ...scope, ...more }),
    };
  }, [api, extra]);
}

/** Children rendered with more names in scope (for example `item` in a list). */
export function ScopeProvider({ extra, children }: { extra: Scope; children: ReactNode }) {
  const parent = useContext(ItemScopeContext);
  const value = useMemo(() => ({ ...parent, ...extra }), [parent, extra]);
  return <ItemScopeContext.Provider value={value}>{children}</ItemScopeContext.Provider>;
}

/**
 * Widgets a screen did not need to paint (under a `when`: a start-up popup, a floating icon)
 * wait, on the app's first screen only, until that screen has shown its data and the browser is
 * idle: they then do not compete with what the player is waiting for (home's banner).
 */
let firstScreenShown: Promise<void> | undefined;
function afterFirstScreen(): Promise<void> {
  firstScreenShown ??= new Promise<void>((resolve) => {
    const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 200));
    const fallback = setTimeout(resolve, 3000); // a screen whose data never comes
    if (typeof PerformanceObserver === 'undefined') return;
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((e) => e.name.startsWith('screen-data:'))) return;
      observer.disconnect();
      clearTimeout(fallback);
      idle();
    });
    observer.observe({ type: 'mark', buffered: true });
  });
  return firstScreenShown;
}

const lazyCache = new Map<string, ReturnType<typeof lazy>>();
function lazyWidget(type: string) {
  let c = lazyCache.get(type);
  if (!c) {
    c = lazy(async () => {
      await afterFirstScreen();
      const comp = await loadWidget(type);
      return { default: comp ?? (() => null) };
    });
    lazyCache.set(type, c);
  }
  return c;
}

export function Node({ node }: { node: WidgetNode }) {
  const { scope } = useScreen();
  if (node.when && !evalCondition(node.when, scope)) return null;
  const Comp = widgetComponent(node.type);
  const props = (node.props ?? {}) as Record<string, unknown>;
  if (Comp) return <Comp node={node} props={props} />;
  const Lazy = lazyWidget(node.type);
  return (
    <Suspense fallback={null}>
      <Lazy node={node} props={props} />
    </Suspense>
  );
}

export function Nodes({ nodes }: { nodes: unknown }) {
  return (
    <>
      {asNodes(nodes).map((n, i) => (
        <Node key={i} node={n} />
      ))}
    </>
  );
}

function queryObject(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

/** Everything bindings may read, apart from screen state and data. */
export function useBaseScope(): Scope {
  const snap = useSnapshot(session);
  const location = useLocation();
  return useMemo(
    () => ({
      app: snap.app ?? {},
      user: snap.user ?? {},
      token: snap.token,
      loggedIn: !!snap.token,
      venues: snap.venues,
      games: snap.games,
      query: queryObject(location.search),
      path: location.pathname,
      fullPath: location.pathname + location.search,
      const: constants,
      maps: appConfig.maps,
      messages,
    }),
    [snap.app, snap.user, snap.token, snap.venues, snap.games, location.search, location.pathname],
  );
}

interface LoadedScreen {
  name: string;
  config: ScreenConfig;
  forms: Map<string, FormConfig>;
}

/**
 * First loads of a screen's data sources, started as soon as its config arrives (in parallel
 * with its widgets) when their payload has no bindings and they have no `when`; the screen's
 * first load of that source takes the result instead of calling again. Same call, same
 * options: a failure shows its message exactly as it would have.
 */
const prefetched = new Map<string, { at: number; result: Promise<CallResult<unknown>> }>();
const PREFETCH_TTL_MS = 10000;
const prefetchKey = (screen: string, source: string, payload: unknown) => `${screen}\u0000${source}\u0000${JSON.stringify(payload)}`;

function startPrefetch(screen: string, source: string, endpoint: string, payload: Record<string, unknown>, quiet: boolean) {
  const key = prefetchKey(screen, source, payload);
  if (!isEndpointName(endpoint) || prefetched.has(key)) return;
  prefetched.set(key, { at: Date.now(), result: call(endpoint, payload, { quiet }) });
}

function prefetchData(name: string, config: ScreenConfig) {
  for (const [source, src] of Object.entries(config.data ?? {})) {
    const payload = (src.payload ?? {}) as Record<string, unknown>;
    if (src.when !== undefined || JSON.stringify(payload).includes('{{')) continue;
    startPrefetch(name, source, src.endpoint, payload, !!src.quiet);
  }
}

function takePrefetched(screen: string, source: string, payload: unknown): Promise<CallResult<unknown>> | undefined {
  const key = prefetchKey(screen, source, payload);
  const hit = prefetched.get(key);
  prefetched.delete(key);
  return hit && Date.now() - hit.at < PREFETCH_TTL_MS ? hit.result : undefined;
}

const preparing = new Map<string, Promise<LoadedScreen>>();

/**
 * Start loading a screen before it is rendered (the route the app opens on): its config, and at
 * the same time, from the build's screen index, its widgets and its binding-free first data.
 */
export function preloadScreen(name: string): void {
  if (preparing.has(name)) return;
  const hint = screenIndex[name];
  for (const w of hint?.widgets ?? []) void loadWidget(w).catch(() => undefined);
  for (const [source, endpoint, payload, quiet] of hint?.data ?? []) startPrefetch(name, source, endpoint, payload, quiet);
  const started = prepare(name);
  started.catch(() => undefined); // the renderer reports a failure; a preload nobody uses is not one
  preparing.set(name, started);
}

async function prepare(name: string): Promise<LoadedScreen> {
  const config = await loadScreen(name);
  prefetchData(name, config);
  // widgets under a `when` (refs.deferred) are not awaited: Node loads them when they first render
  const refs = collectRefs(config.body);
  const forms = new Map<string, FormConfig>();
  await Promise.all([
    ...[...refs.widgets].map((w) => loadWidget(w)),
    ...[...refs.forms].map(async (f) => forms.set(f, await loadForm(f))),
  ]);
  return { name, config, forms };
}

export function ScreenRenderer({ name }: { name: string }) {
  const [loaded, setLoaded] = useState<LoadedScreen | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setLoaded(null);
    setFailed(false);
    const started = preparing.get(name);
    preparing.delete(name);
    (started ?? prepare(name)).then(
      (l) => live && setLoaded(l),
      (err: unknown) => {
        // the player sees the retry screen; developers see why in the console
        console.error(`screen "${name}" failed to load`, err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [name]);
  if (failed) return <ScreenLoadFailed />;
  if (!loaded) return null;
  return <LoadedScreenView key={name} loaded={loaded} />;
}

function ScreenLoadFailed() {
  const p = appConfig.placeholders ?? {};
  return (
    <div className="screen-message" role="alert">
      <p>{p.loadFailed}</p>
      <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
        {p.retry}
      </button>
    </div>
  );
}

function LoadedScreenView({ loaded }: { loaded: LoadedScreen }) {
  const { config, forms } = loaded;
  const base = useBaseScope();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setStateObj] = useState<Record<string, unknown>>(() => (resolveDeep(config.state ?? {}, base) as Record<string, unknown>) ?? {});
  const [data, setData] = useState<Record<string, unknown>>({});
  const [loading, setLoading] = useState<Record<string, boolean>>({});
  const [reloadTick, setReloadTick] = useState<Record<string, number>>({});

  // `reloads.<name>` counts reload actions per source name, so widgets that load their own data
  // (PagedList) restart when config says { "type": "reload", "source": "<name>" }
  const scope = useMemo<Scope>(() => ({ ...base, state, data, loading, reloads: reloadTick }), [base, state, data, loading, reloadTick]);
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  const pathRef = useRef(location.pathname);
  pathRef.current = location.pathname;

  const setState = useCallback((key: string, value: unknown) => setStateObj((s) => ({ ...s, [key]: value })), []);
  const reload = useCallback((source?: string) => {
    setReloadTick((t) => {
      const next = { ...t };
      for (const k of source ? [source] : Object.keys(config.data ?? {})) next[k] = (next[k] ?? 0) + 1;
      return next;
    });
  }, [config.data]);

  const actionContext = useMemo<ActionContext>(
    () => ({
      scope: () => scopeRef.current,
      navigate: (to, opts) => navigate(to, opts),
      back: () => goBack((to, opts) => (typeof to === 'number' ? navigate(to) : navigate(to, opts))),
      currentPath: () => pathRef.current,
      reload,
      setState,
    }),
    [navigate, reload, setState],
  );

  const api = useMemo<ScreenApi>(
    () => ({
      scope,
      run: (actions, extra = {}) => runActions(asActions(actions) as Action[], actionContext, extra),
      t: (value, extra = {}) => text(value, { ...scope, ...extra }),
      setState,
      reload,
      forms,
      actionContext,
    }),
    [scope, actionContext, setState, reload, forms],
  );

  // title: the screen's own (bindings allowed) or the route's
  const route = routeFor(location.pathname);
  const title = (config.title ? text(config.title, scope) : '') || (route?.title ?? '');
  useEffect(() => {
    view.title = title;
    const site = (session.app?.title || appConfig.siteName) ?? '';
    document.title = title && title !== site ? `${title} - ${site}` : site;
  }, [title]);

  // data sources: load on open and whenever their resolved payload changes; poll when asked
  const sources = Object.entries(config.data ?? {});
  const plan = sources.map(([name, src]) => {
    const active = evalCondition(asCondition(src.when), { ...base, state });
    const payload = active ? (resolveDeep(src.payload ?? {}, { ...base, state }) as Record<string, unknown>) : null;
    const poll = src.poll !== undefined ? resolveNumber(src.poll, base, 0) : 0;
    return { name, endpoint: src.endpoint, quiet: !!src.quiet, payload, poll, key: JSON.stringify([payload, poll, reloadTick[name] ?? 0]) };
  });
  const planKey = JSON.stringify(plan.map((p) => [p.name, p.key]));
  const planRef = useRef(plan);
  planRef.current = plan;

  // one running load (and poll) per source: a source restarts only when its own key changes
  const running = useRef(new Map<string, { key: string; stop: () => void }>());
  useEffect(() => {
    const live = running.current;
    const wanted = new Set<string>();
    for (const p of planRef.current) {
      if (!p.payload || !isEndpointName(p.endpoint)) continue;
      wanted.add(p.name);
      if (live.get(p.name)?.key === p.key) continue;
      live.get(p.name)?.stop();
      const controller = new AbortController();
      const endpoint = p.endpoint;
      const payload = p.payload;
      const fetchOnce = async (first: boolean) => {
        if (first) setLoading((l) => ({ ...l, [p.name]: true }));
        const early = first ? takePrefetched(loaded.name, p.name, payload) : undefined;
        const r = await (early ?? call(endpoint, payload, { quiet: p.quiet || !first, signal: controller.signal }));
        if (controller.signal.aborted) return;
        if (r.ok) setData((d) => ({ ...d, [p.name]: r.data }));
        if (first) setLoading((l) => ({ ...l, [p.name]: false }));
      };
      void fetchOnce(true);
      const timer = p.poll > 0 ? setInterval(() => void fetchOnce(false), p.poll) : undefined;
      live.set(p.name, {
        key: p.key,
        stop: () => {
          controller.abort();
          if (timer) clearInterval(timer);
        },
      });
    }
    for (const [name, r] of live) {
      if (!wanted.has(name)) {
        r.stop();
        live.delete(name);
      }
    }
  }, [planKey, loaded.name]);
  // the network is back (the shell's offline banner goes away): load the screen's data again
  useEffect(() => {
    const again = () => reload();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [reload]);
  // leaving the screen stops every load and poll
  useEffect(() => {
    const live = running.current;
    return () => {
      live.forEach((r) => r.stop());
      live.clear();
    };
  }, []);

  // Performance API marks for the bench: `screen:<name>` when the tree has mounted,
  // `screen-data:<name>` when every data source's first load has rendered
  const marked = useRef({ mounted: false, data: false });
  const started = plan.filter((p) => p.payload && isEndpointName(p.endpoint)).map((p) => p.name);
  useEffect(() => {
    const m = marked.current;
    if (!m.mounted) {
      m.mounted = true;
      performance.mark(`screen:${loaded.name}`);
    }
    if (!m.data && started.every((n) => loading[n] === false)) {
      m.data = true;
      performance.mark(`screen-data:${loaded.name}`);
    }
  });

  // onEnter, once
  const entered = useRef(false);
  useEffect(() => {
    if (entered.current) return;
    entered.current = true;
    void runActions(asActions(config.onEnter), actionContext);
  }, [config.onEnter, actionContext]);

  return (
    <ScreenContext.Provider value={api}>
      <Nodes nodes={config.body} />
    </ScreenContext.Provider>
  );
}


