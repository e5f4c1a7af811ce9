/**
 * The shell: hash routing from routes.json (unknown paths to /), layouts (top bar + tab bar,
 * back-arrow page, bare), guards, the site_state 0 maintenance screen, and the client hooks
 * that speak to the user (danger toasts, the 401 dialog, the loading indicator).
 */
import { memo, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { HashRouter, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { configureClient } from '../api/client';
import { apiBase } from '../api/request';
import { appConfig, constants, hasScreen, message, routeFor } from '../config';
import type { RouteConfig } from '../config/types';
import { resolveText } from '../engine/bindings';
import { recoverFromChunkError } from '../engine/release';
import { preloadScreen, ScreenRenderer } from '../engine/screen';
import { goBack } from '../engine/history';
import { preloadIcons } from '../engine/icons';
import { afterScreenData, onFirstScreenData } from '../engine/perf';
import { whenIdle } from '../engine/idle';
import { playerText } from '../engine/player-text';
import { preloadUi, ui } from '../engine/ui';
import { FAULTS_HONOURED, testFault } from '../engine/test-fault';
import { clearSession, getToken, loadAppInfo, loadUserAtStart, session, startBalancePoll } from '../store/session';
import { decideGuard } from './guards';
import { MainTopBar, PageBar } from './TopBar';
import { MainTabBar } from './TabBar';
import { NetworkStatus } from './NetworkStatus';

let authDialogOpen = false;

function RouteView({ route }: { route: RouteConfig }) {
  const location = useLocation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const fullPath = location.pathname + location.search;
  const decision = decideGuard(route, fullPath, snap.token, snap.app as Record<string, unknown> | null, snap.appSettled);
  const asked = useRef(false);

  useEffect(() => {
    if (decision.kind === 'blocked') {
      ui.toast(message(decision.message));
      goBack(navigate);
    } else if (decision.kind === 'confirmLogin' && !asked.current) {
      asked.current = true;
      void ui
        .dialog({ kind: 'confirm', title: message('auth.loginConfirmTitle'), content: message('auth.loginConfirmContent'), confirmText: message('common.ok'), cancelText: message('common.cancel') })
        .then((ok) => (ok ? navigate(decision.to, { replace: true }) : navigate('/', { replace: true })));
    }
  }, [decision.kind]); // eslint-disable-line react-hooks/exhaustive-deps

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  // the route's bars while its switch is asked (an empty page on a far network reads as broken); nothing of its screen loads
  if (decision.kind === 'wait') return <Layout route={route}>{null}</Layout>;
  if (decision.kind !== 'allow') return null;

  return <RouteBody route={route} />;
}

/**
 * The route's bars and screen. Memoised: a query change on the same route (a tab writing
 * `?type=`) re-renders what reads the location, not the bars and the screen around it.
 */
const RouteBody = memo(function RouteBody({ route }: { route: RouteConfig }) {
  // one renderer per route: a screen never carries over to another route's location
  const screen = hasScreen(route.screen) ? <ScreenRenderer key={route.path} name={route.screen} /> : <Placeholder />;
  return <Layout route={route}>{screen}</Layout>;
});

function Placeholder() {
  const navigate = useNavigate();
  const p = appConfig.placeholders ?? {};
  return (
    <div className="screen-message">
      <p>{p.notBuilt}</p>
      <button type="button" className="btn-primary" onClick={() => navigate('/')}>
        {p.backHome}
      </button>
    </div>
  );
}

/** The route alone decides what surrounds its screen: `layout`, and `topBar: false` to hide the bar. */
function Layout({ route, children }: { route: RouteConfig; children: ReactNode }) {
  const hidden = route.topBar === false;
  const layout = route.layout ?? 'page';
  if (layout === 'bare') return <main className="layout-bare">{children}</main>;
  if (layout === 'page') {
    return (
      <div className="layout-page">
        {!hidden && <PageBar fallbackTitle={route.title} />}
        <main className="layout-page-body">{children}</main>
      </div>
    );
  }
  return (
    <div className="layout-main">
      {!hidden && <MainTopBar />}
      <main className={`layout-main-body ${hidden ? 'no-top' : ''}`}>{children}</main>
      <MainTabBar />
    </div>
  );
}

function Maintenance({ tips }: { tips: string }) {
  useEffect(() => {
    document.title = message('site.maintenanceTitle');
  }, []);
  return (
    <main className="maintenance" role="main">
      <h1>{message('site.maintenanceTitle')}</h1>
      <p>{tips}</p>
    </main>
  );
}

/**
 * The declarative HashRouter (not the data router: it would add about 16 KB gzipped to the first
 * paint for loaders and actions we do not use). Code outside React (the client hooks) navigates
 * through `goTo`, which the bridge below points at the router once it is mounted.
 */
let goTo = (to: string) => window.location.replace(`#${to}`);

function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    goTo = (to) => navigate(to, { replace: true });
  }, [navigate]);
  return null;
}

/**
 * The route for the location: routeFor (routes.json paths are static), not react-router's
 * Routes, whose ranking, parameters and nested outlets the app does not use (3.4 KB gzipped of
 * every first paint). Unknown paths go to /.
 */
function RouteSwitch() {
  const { pathname } = useLocation();
  if (FAULTS_HONOURED) testFault('shell');
  const route = routeFor(pathname);
  return route ? <RouteView route={route} /> : <Navigate to="/" replace />;
}

/**
 * The shell's part that acts only after the first screen (./late.tsx: release checks, the service
 * worker and its update prompt, responsible play): fetched once the first screen has shown its
 * data, so the first paint does not carry it. A chunk that fails to load because a deploy removed
 * it reloads the page into the new release (release.ts, as any other chunk); otherwise it is tried
 * again at the next start of the app.
 */
type Late = typeof import('./late');
let late: Late | null = null;
let lateAsked = false;
const lateListeners = new Set<() => void>();
function loadLate() {
  if (lateAsked) return;
  lateAsked = true;
  import('./late').then(
    (m) => {
      late = m;
      lateListeners.forEach((l) => l());
    },
    (err: unknown) => void recoverFromChunkError(err),
  );
}
function subscribeLate(l: () => void) {
  lateListeners.add(l);
  return () => lateListeners.delete(l);
}
/** the late chunk once loaded (App starts the load: afterScreenData(loadLate)) */
function useLate(): Late | null {
  return useSyncExternalStore(subscribeLate, () => late, () => null);
}

function LateInRouter() {
  const m = useLate();
  return m ? <m.InRouter /> : null;
}

function LateUpdatePrompt() {
  const m = useLate();
  return m ? <m.UpdatePrompt /> : null;
}

function Router() {
  // No transitions: a route change must commit together with a session change made in the same
  // tick (logout, password change), or the old route's guard sees no token first and sends the
  // member to /login?redirect=<the page they were leaving>.
  return (
    <HashRouter useTransitions={false}>
      <NavigatorBridge />
      <LateInRouter />
      <RouteSwitch />
    </HashRouter>
  );
}

/** The client's hooks: one place for danger toasts, the 401 rule and the loading indicator. */
configureClient({
  baseUrl: apiBase(),
  // the calls app.json answers itself where it sets their value (a brand's own customer service address)
  config: () => appConfig,
  timeoutMs: constants.requestTimeoutMs,
  getToken,
  onError: (msg, _code, endpoint) => ui.fail(playerText(endpoint, false, msg)),
  showLoading: () => ui.loading(message('common.loading')),
  hideLoading: () => ui.hideLoading(),
  onAuthFailure: (silent) => {
    if (silent) {
      clearSession();
      goTo('/login');
      return;
    }
    if (authDialogOpen) return;
    authDialogOpen = true;
    void ui.dialog({ kind: 'alert', title: message('auth.expiredTitle'), content: message('auth.expiredContent'), confirmText: message('auth.confirm') }).then(() => {
      authDialogOpen = false;
      clearSession();
      goTo('/login');
    });
  },
});

/**
 * What the app opens with starts now, not after a first render: the session (app info, a
 * member's user and balance poll; the game lists only for a screen that shows them) and the screen of the route it opens on (or of the
 * login its guard sends a visitor to; `/` for an unknown path), whose config, widgets and
 * binding-free data load at once. Resolves when that screen is ready to paint (or cannot be):
 * src/main.tsx renders then, so that React's first commit, which replaces the static shell of
 * index.html, already holds the screen. The icons (one small chunk) wait for the screen's data.
 */
function openApp(): Promise<void> {
  void loadAppInfo();
  // the game lists come with the first screen that shows them (preload.ts, ensureGames)
  if (getToken()) {
    loadUserAtStart();
    startBalancePoll();
  }
  preloadIcons();
  const hash = window.location.hash.replace(/^#/, '') || '/';
  let route = routeFor(hash.split('?')[0]) ?? routeFor('/');
  if (!route || route.requireApp) return Promise.resolve();
  const decision = decideGuard(route, hash, getToken(), null);
  if (decision.kind === 'redirect') route = routeFor(decision.to.split('?')[0]);
  else if (decision.kind !== 'allow') return Promise.resolve();
  return route && hasScreen(route.screen) ? preloadScreen(route.screen) : Promise.resolve();
}
export const appOpened = openApp();

/**
 * Toasts and dialogs are not needed for the first paint: fetch them once the first screen has
 * rendered with its data (the engine's `screen-data:` mark) and the browser is idle, so they do
 * not compete with what the screen itself needs.
 */
function preloadUiWhenIdle() {
  let done = false;
  const load = () => {
    if (done) return;
    done = true;
    void preloadUi().catch(() => undefined);
  };
  const idle = () => whenIdle(load, 4000, 1000);
  onFirstScreenData(idle);
  // a screen that never marks (the placeholder, maintenance): a while after load
  if (document.readyState === 'complete') setTimeout(idle, 5000);
  else window.addEventListener('load', () => setTimeout(idle, 5000), { once: true });
}

export function App() {
  const snap = useSnapshot(session);

  // the brand colour (--adm-color-primary) comes with index.html's inline rules (vite.config.ts)
  useEffect(() => preloadUiWhenIdle(), []);
  const maintenance = !!snap.app && Number(snap.app.site_state) === 0;
  // the shell's late chunk, once the first screen has shown its data (or a screen never does); none under maintenance
  useEffect(() => (maintenance ? undefined : afterScreenData(loadLate, 3000)), [maintenance]);

  if (maintenance && snap.app) return <Maintenance tips={resolveText(snap.app.repair_tips, {})} />;
  return (
    <>
      <Router />
      <NetworkStatus>
        <LateUpdatePrompt />
      </NetworkStatus>
    </>
  );
}
