/**
 * The screen renderer: renders a screen's widget tree for the location it was opened at, with
 * its scope (app, user, query, state, data…), runs onEnter, and gives widgets useScreen().
 * Getting the screen ready is preload.ts; its data sources are data-sources.ts; the marks the
 * app and the bench read are perf.ts.
 */
import { createContext, Suspense, lazy, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { appConfig, constants, messages, routeFor } from '../config';
import { asActions, asNodes, type Action, type FormConfig, type WidgetNode } from '../config/types';
import { session } from '../store/session';
import { evalCondition, resolveDeep, type Scope } from './bindings';
import { runActions, type ActionContext } from './actions';
import { useDataSources } from './data-sources';
import { goBack } from './history';
import { markScreen, markScreenData } from './perf';
import { afterFirstScreen, loadPrepared, type LoadedScreen } from './preload';
import { text } from './text';
import { loadWidget, widgetComponent } from './registry';
import { view } from './view';

export { preloadScreen } from './preload';
import { ConfigFile, NodeGuard } from './render-error';

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
  if (Comp) return <NodeGuard node={node}><Comp node={node} props={props} /></NodeGuard>;
  const Lazy = lazyWidget(node.type);
  return (
    <NodeGuard node={node}>
      <Suspense fallback={null}>
        <Lazy node={node} props={props} />
      </Suspense>
    </NodeGuard>
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

interface Place {
  pathname: string;
  search: string;
}

/**
 * The location a screen was rendered for: the router's location while it stays on the screen's
 * path (a tab writing `?type=` is the screen's own change), and the last such location once the
 * router has moved on, so that nothing of a screen being left reads the next screen's query.
 */
function useOwnPlace(): { place: Place; here: boolean } {
  const location = useLocation();
  const own = useRef<Place>({ pathname: location.pathname, search: location.search });
  const here = location.pathname === own.current.pathname;
  if (here && location.search !== own.current.search) own.current = { pathname: location.pathname, search: location.search };
  return { place: own.current, here };
}

/** Everything bindings may read, apart from screen state and data. */
export function useBaseScope(location: Place): Scope {
  const snap = useSnapshot(session);
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

export function ScreenRenderer({ name }: { name: string }) {
  const [loaded, setLoaded] = useState<LoadedScreen | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setLoaded(null);
    setFailed(false);
    loadPrepared(name).then(
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
  // until the effect above has caught up with a new name, the screen loaded for the old one is
  // not rendered: mounted at the new location it would run its onEnter and sources there
  if (!loaded || loaded.name !== name) return null;
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
  const { place, here } = useOwnPlace();
  const base = useBaseScope(place);
  const navigate = useNavigate();
  const [state, setStateObj] = useState<Record<string, unknown>>(() => (resolveDeep(config.state ?? {}, base) as Record<string, unknown>) ?? {});
  const [reloadTick, setReloadTick] = useState<Record<string, number>>({});

  // the screen acts only while it is mounted and the router is still on its path: a reply, a
  // delay or a poll that ends after the player left neither navigates nor changes state
  const mounted = useRef(true);
  const hereRef = useRef(here);
  hereRef.current = here;
  const acting = useCallback(() => mounted.current && hereRef.current, []);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const { data, loading, started } = useDataSources(loaded.name, config, useMemo(() => ({ ...base, state }), [base, state]), reloadTick, acting);

  // `reloads.<name>` counts reload actions per source name, so widgets that load their own data
  // (PagedList) restart when config says { "type": "reload", "source": "<name>" }
  const scope = useMemo<Scope>(() => ({ ...base, state, data, loading, reloads: reloadTick }), [base, state, data, loading, reloadTick]);
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  const placeRef = useRef(place);
  placeRef.current = place;
  const setState = useCallback((key: string, value: unknown) => {
    if (acting()) setStateObj((s) => ({ ...s, [key]: value }));
  }, [acting]);
  const reload = useCallback((source?: string) => {
    if (!acting()) return;
    setReloadTick((t) => {
      const next = { ...t };
      for (const k of source ? [source] : Object.keys(config.data ?? {})) next[k] = (next[k] ?? 0) + 1;
      return next;
    });
  }, [config.data, acting]);

  const actionContext = useMemo<ActionContext>(
    () => ({
      scope: () => scopeRef.current,
      navigate: (to, opts) => {
        if (acting()) void navigate(to, opts);
      },
      back: () => {
        if (acting()) goBack((to, opts) => (typeof to === 'number' ? navigate(to) : navigate(to, opts)));
      },
      currentPath: () => placeRef.current.pathname + placeRef.current.search,
      live: acting,
      reload,
      setState,
    }),
    [navigate, reload, setState, acting],
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
  const route = routeFor(place.pathname);
  const title = (config.title ? text(config.title, scope) : '') || (route?.title ?? '');
  useEffect(() => {
    view.title = title;
    const site = (session.app?.title || appConfig.siteName) ?? '';
    document.title = title && title !== site ? `${title} - ${site}` : site;
  }, [title]);

  // the network is back (the shell's offline banner goes away): load the screen's data again
  useEffect(() => {
    const again = () => reload();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [reload]);

  // Performance API marks for the bench: `screen:<name>` when the tree has mounted,
  // `screen-data:<name>` when every data source's first load has rendered
  const marked = useRef({ mounted: false, data: false });
  useEffect(() => {
    const m = marked.current;
    if (!m.mounted) {
      m.mounted = true;
      markScreen(loaded.name);
    }
    if (!m.data && started.every((n) => loading[n] === false)) {
      m.data = true;
      markScreenData(loaded.name);
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
      <ConfigFile file={`screens.config/screens/${loaded.name}.json`} json={config}>
        <Nodes nodes={config.body} />
      </ConfigFile>
    </ScreenContext.Provider>
  );
}


