/**
 * The screen renderer: renders a screen's widget tree for the location it was opened at, with
 * its scope (app, user, query, state, data…), runs onEnter, and gives widgets useScreen().
 * Getting the screen ready is preload.ts; its data sources are data-sources.ts; the scope and
 * why widgets re-render only for what they read is scope.ts; the marks are perf.ts.
 */
import { createElement, memo, Suspense, lazy, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { proxy, snapshot, useSnapshot } from 'valtio';
import { appConfig, brand, routeFor } from '../config';
import { asActions, asCondition, asNodes, type Action, type WidgetNode } from '../config/types';
import { session } from '../store/session';
import { evalCondition, resolveDeep } from './bindings';
import { runActions, type ActionContext } from './actions';
import { useDataSources } from './data-sources';
import { goBack } from './history';
import { markScreen, markScreenData } from './perf';
import { afterFirstScreen, loadPrepared, preparedNow, type LoadedScreen } from './preload';
import { placeScope, screenScope, type PlaceScope, type ScreenLocal } from './scope';
import { text } from './text';
import { resolveProps } from './props';
import { RAW_PROPS } from './raw-props.gen';
import { collectRefs, isWidget, loadWidget, widgetComponent } from './registry';
import { view } from './view';

export { preloadScreen } from './preload';
import { ConfigFile, NodeGuard } from './render-error';
import { WidgetBoundary } from './boundary';
import { recoverFromChunkError } from './release';
import { FAULTS_HONOURED, testFault } from './test-fault';
import { ScreenContext, useScreen, type ScreenShared } from './screen-context';

export { PaneLeftContext, ScopeProvider, usePaneLeft, useScreen, type ScreenApi } from './screen-context';

/**
 * A widget not loaded yet (one under a `when`: a start-up popup), loaded with the widgets it draws
 * inside it: it then shows whole, instead of showing its frame first and having its content
 * arrive a moment later and push its buttons down (a layout shift). Those inside a `when` of
 * their own load when they first show, as this one.
 */
const lazyCache = new WeakMap<WidgetNode, ReturnType<typeof lazy>>();
function lazyWidget(node: WidgetNode) {
  let c = lazyCache.get(node);
  if (!c) {
    const inner = [...collectRefs([node.props, node.children]).widgets];
    c = lazy(async () => {
      await afterFirstScreen();
      const [comp] = await Promise.all([loadWidget(node.type), ...inner.map((w) => loadWidget(w).catch(() => undefined))]);
      return { default: comp ?? (() => null) };
    });
    lazyCache.set(node, c);
  }
  return c;
}

const NO_PROPS: Record<string, unknown> = {};
const rawSets = new Map(Object.entries(RAW_PROPS).map(([type, raw]) => [type, new Set(raw)]));

/**
 * One widget node. Memoised: it re-renders for what it reads (its `when`, the bindings of its
 * props), not for its parent. It resolves the props (src/engine/props.ts) but for the raw ones
 * each widget declares (raw-props.gen.ts); the widget renders what it is given.
 */
export const Node = memo(function Node({ node }: { node: WidgetNode }) {
  const { scope } = useScreen();
  if (!evalCondition(asCondition(node.when), scope)) return null;
  const Comp = widgetComponent(node.type);
  const given = (node.props ?? NO_PROPS) as Record<string, unknown>;
  const raw = rawSets.get(node.type);
  const props = raw ? resolveProps(given, scope, raw) : given;
  const fault = FAULTS_HONOURED ? <Faulty type={node.type} /> : null;
  const widget = Comp ? <Comp node={node} props={props} /> : <Suspense fallback={null}>{createElement(lazyWidget(node), { node, props })}</Suspense>;
  // a widget that throws while rendering is replaced by its failure box (boundary.tsx), its section
  // only; the guard (render-error.tsx) only where it has something to say: a development build, or
  // a widget type the engine does not know. No other component around each widget: a screen of
  // forty widgets mounts forty fewer components for each one left out.
  return (
    <WidgetBoundary type={node.type}>
      {import.meta.env.DEV || !isWidget(node.type) ? (
        <NodeGuard node={node}>
          {fault}
          {widget}
        </NodeGuard>
      ) : (
        <>
          {fault}
          {widget}
        </>
      )}
    </WidgetBoundary>
  );
});

/** The test-only fault (test-fault.ts `widget:<type>`): nothing in a production build. */
function Faulty({ type }: { type: string }) {
  if (FAULTS_HONOURED) testFault(`widget:${type}`);
  return null;
}

export const Nodes = memo(function Nodes({ nodes }: { nodes: unknown }) {
  return (
    <>
      {asNodes(nodes).map((n, i) => (
        <Node key={i} node={n} />
      ))}
    </>
  );
});

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

export function ScreenRenderer({ name }: { name: string }) {
  // a screen a preload has already made ready renders in this very commit (the app's first one
  // replaces the static shell of index.html: it must hold the screen, not an empty page)
  const [loaded, setLoaded] = useState<LoadedScreen | null>(() => preparedNow(name) ?? null);
  const [failed, setFailed] = useState(false);
  const current = useRef(loaded);
  current.current = loaded;
  useEffect(() => {
    if (current.current?.name === name) return;
    let live = true;
    setLoaded(null);
    setFailed(false);
    loadPrepared(name).then(
      (l) => live && setLoaded(l),
      (err: unknown) => {
        // the player sees the retry screen; developers see why in the console
        console.error(`screen "${name}" failed to load`, err);
        // unless its chunk is gone because the site now serves another release: the page reloads into it
        void recoverFromChunkError(err).then((reloading) => {
          if (live && !reloading) setFailed(true);
        });
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

/**
 * The screen's store (valtio: `state` from config, `data`, `loading`, `failed`, `lists`, `reloads`,
 * the location it is at). The widgets read the location from the store (what they read of it, not
 * all of it): a query change on the same path reaches them before the browser paints. When the query
 * changes on the same route (a link to ?type=2 from ?type=1, the back button), the state the screen
 * started from the query starts again from the new one, so what it loads (its sources' payloads read
 * that state) is read again.
 */
function useScreenStore({ name, config }: LoadedScreen, place: PlaceScope): ScreenLocal {
  const [store] = useState(() =>
    proxy<ScreenLocal>({
      name,
      state: (resolveDeep(config.state ?? {}, screenScope(session, place, { name, state: {}, data: {}, loading: {}, failed: {}, reloads: {}, lists: {}, place })) as Record<string, unknown>) ?? {},
      data: {},
      loading: {},
      failed: {},
      reloads: {},
      lists: {},
      place,
    }),
  );
  useLayoutEffect(() => {
    if (store.place !== place) store.place = place;
  }, [store, place]);
  const startedAt = useRef(place);
  useEffect(() => {
    if (startedAt.current === place) return;
    startedAt.current = place;
    const fromQuery = Object.entries(config.state ?? {}).filter(([, v]) => JSON.stringify(v).includes('query.'));
    if (fromQuery.length === 0) return;
    const scope = screenScope(session, place, snapshot(store) as ScreenLocal);
    for (const [key, value] of fromQuery) store.state[key] = resolveDeep(value, scope);
  }, [place, config.state, store]);
  return store;
}

/**
 * Whether the screen may act: while it is mounted and the router is still on its path. A reply, a
 * delay or a poll that ends after the player left neither navigates nor changes state.
 */
function useActing(here: boolean): () => boolean {
  const mounted = useRef(true);
  const hereRef = useRef(here);
  hereRef.current = here;
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useCallback(() => mounted.current && hereRef.current, []);
}

function LoadedScreenView({ loaded }: { loaded: LoadedScreen }) {
  const { config, forms } = loaded;
  const { place: ownPlace, here } = useOwnPlace();
  const place = useMemo(() => placeScope(ownPlace.pathname, ownPlace.search), [ownPlace]);
  const navigate = useNavigate();
  const store = useScreenStore(loaded, place);
  const acting = useActing(here);

  // payloads and `when` of the data sources: this component re-renders when what they read changes
  const local = useSnapshot(store) as ScreenLocal;
  const sess = useSnapshot(session);
  // a screen whose sources read nothing of the session would otherwise re-render for any change
  // of it (valtio's rule for a snapshot nothing was read from): the top bar's refresh, the balance
  void sess.token;
  // opened by ScreenMarks once the sources' first data has rendered: the prefetched sources wait for it
  const [shownGate] = useState(() => {
    let open = () => {};
    const shown = new Promise<void>((resolve) => (open = resolve));
    return { shown, open };
  });
  const { started, more, refresh, dropStale } = useDataSources(loaded.name, config, screenScope(sess, place, local), local.reloads, acting, store, shownGate.shown);
  const startedRef = useRef(started);
  startedRef.current = started;
  // the same list while the same sources load (ScreenMarks renders for a change of it, not for each render here)
  const startedKey = started.join('\u0000');
  const startedNow = useMemo(() => started, [startedKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const placeRef = useRef(place);
  placeRef.current = place;
  const setState = useCallback(
    (key: string, value: unknown) => {
      if (!acting()) return;
      store.state[key] = value;
      // a filter or a tab: the list it empties is empty in the same render (data-sources.ts dropStale)
      dropStale(screenScope(session, placeRef.current, store), store.reloads);
    },
    [acting, store, dropStale],
  );
  const reload = useCallback(
    (source?: string) => {
      if (!acting()) return;
      for (const k of source ? [source] : Object.keys(config.data ?? {})) store.reloads[k] = (store.reloads[k] ?? 0) + 1;
    },
    [config.data, acting, store],
  );

  const shared = useMemo<ScreenShared>(() => {
    const actionContext: ActionContext = {
      // the values of now, read when an action runs (not a subscription)
      scope: () => screenScope(session, placeRef.current, snapshot(store) as ScreenLocal),
      navigate: (to, opts) => {
        if (acting()) void navigate(to, opts);
      },
      back: () => {
        if (acting()) goBack(navigate);
      },
      currentPath: () => placeRef.current.fullPath,
      live: acting,
      reload,
      setState,
    };
    return {
      store,
      run: (actions, extra = {}) => runActions(asActions(actions) as Action[], actionContext, extra),
      setState,
      reload,
      more,
      refresh,
      forms,
      actionContext,
      started: () => startedRef.current,
      quiet: (source) => !!config.data?.[source]?.quiet,
    };
  }, [store, navigate, reload, setState, more, refresh, acting, forms, config.data]);

  // the network is back (the shell's offline banner goes away): load the screen's data again
  useEffect(() => {
    const again = () => reload();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [reload]);

  // onEnter, once
  const entered = useRef(false);
  useEffect(() => {
    if (entered.current) return;
    entered.current = true;
    void shared.run(config.onEnter);
  }, [config.onEnter, shared]);

  return (
    <ScreenContext.Provider value={shared}>
      <ScreenTitle title={config.title} fallback={routeFor(place.path)?.title ?? ''} />
      <ScreenMarks name={loaded.name} started={startedNow} onData={shownGate.open} />
      <ScreenBody name={loaded.name} config={config} />
    </ScreenContext.Provider>
  );
}

/**
 * The screen's widgets. Memoised: this screen re-rendering (its sources' payloads read what a
 * filter changed, the location changed) re-renders only the widgets that read what changed.
 */
const ScreenBody = memo(function ScreenBody({ name, config }: { name: string; config: LoadedScreen['config'] }) {
  return (
    <ConfigFile file={`screens.config/screens/${name}.json`} json={config}>
      <FailedLoads config={config} />
      <Nodes nodes={config.body} />
    </ConfigFile>
  );
});

/**
 * A retry, at once, for every source whose load failed (data-sources.ts): not the paged ones (their
 * list offers its own retry) nor the quiet ones (the screen has a fallback for them, or a widget
 * showing them offers the retry: LoadRetry); never an endless loading.
 */
function FailedLoads({ config }: { config: LoadedScreen['config'] }) {
  const { failed } = useScreen();
  const sources = Object.entries(config.data ?? {})
    .filter(([name, src]) => !src.paged && !src.quiet && failed(name))
    .map(([name]) => name);
  if (sources.length === 0) return null;
  return <LoadRetry sources={sources} testId="screen-load-failed" />;
}

/** The failed-load notice and its retry (@list.failed, @list.retry): loads the sources again. */
export function LoadRetry({ sources, testId }: { sources: string[]; testId?: string }) {
  const { text, reload } = useScreen();
  return (
    <div className="load-failed" role="alert" data-testid={testId}>
      <button type="button" className="load-failed-retry" onClick={() => sources.forEach((s) => reload(s))}>
        {text('@list.failed')} {text('@list.retry')}
      </button>
    </div>
  );
}

/** The title: the screen's own or the route's (bindings allowed in both); shown by the top bar and the tab. */
const ScreenTitle = memo(function ScreenTitle({ title: own, fallback }: { title: unknown; fallback: string }) {
  const { scope } = useScreen();
  const title = (own ? text(own, scope) : '') || text(fallback, scope);
  useEffect(() => {
    view.title = title;
    // the backend's title (app info, set in the back office) names the site once it has arrived
    const site = session.app?.title || brand.siteName;
    document.title = title && title !== site ? `${title} - ${site}` : site;
  }, [title]);
  return null;
});

/** The perf.ts marks: the tree has mounted; every data source's first load has rendered. */
const ScreenMarks = memo(function ScreenMarks({ name, started, onData }: { name: string; started: string[]; onData: () => void }) {
  const { store } = useContext(ScreenContext)!;
  const { loading } = useSnapshot(store);
  const marked = useRef({ mounted: false, data: false });
  const allLoaded = started.every((n) => loading[n] === false);
  useEffect(() => {
    const m = marked.current;
    if (!m.mounted) {
      m.mounted = true;
      markScreen(name);
    }
    if (!m.data && allLoaded) {
      m.data = true;
      markScreenData(name);
      onData();
    }
  });
  return null;
});
