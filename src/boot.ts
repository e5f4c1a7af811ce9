/**
 * index.html's script. The static shell (scripts/app-shell.ts) is painted before any of the app's
 * code runs: the app (main.tsx) is imported once the browser has painted the document.
 * Its code downloads meanwhile (index.html preloads it); only running it waits, so React's start
 * (a few hundred milliseconds of script on a slow phone) never holds back the first paint.
 * What the route opens on starts as soon as this script runs (preloadRoute): the chunks of its
 * screen (index.html's `route-chunks`, written by the build: scripts/vite/preload-app.ts routeChunks) and the
 * screen's first data (src/api/early.ts), at the same time as the app's code instead of once the
 * app has run and asked for them.
 * The module is loaded `async`: the document is done (DOMContentLoaded) as soon as it is parsed,
 * and only then does the browser apply the `:target` that picks the shell's frame for the route.
 */
// the browser's install prompt can come before the app runs: its listener is here from the start
import './shell/install-prompt';
// field data: the page's errors are kept from its first moment until the collector takes them (src/rum/)
import './rum/early';
import { fetchEarly, type EarlyHint } from './api/early';
import { apiBase, buildRequest, TOKEN_KEY } from './api/request';

/**
 * An engine at the floor (package.json browserslist) that lacks a call the app or its libraries make
 * loads the polyfills first (src/polyfills.ts, the same list); a current one loads nothing more.
 * What runs before them (this file and what it imports) uses only what every engine of the floor has.
 */
function missingFeature(): boolean {
  return (
    typeof Object.fromEntries !== 'function' ||
    typeof String.prototype.matchAll !== 'function' ||
    typeof Array.prototype.flat !== 'function' ||
    typeof Array.prototype.flatMap !== 'function' ||
    typeof globalThis === 'undefined' ||
    typeof AbortController === 'undefined'
  );
}
// a polyfill chunk that does not come (offline) still lets the app try
const polyfilled: Promise<unknown> = missingFeature() ? import('./polyfills').catch(() => undefined) : Promise.resolve();
// the engines of the build's legacy copy (scripts/vite/browser-floor.ts LEGACY_TEST) may lay flex out without gap
if (!String.prototype.replaceAll) void import('./flex-gap').catch(() => undefined);

let started = false;
/** sessionStorage: the page has reloaded once because the app's code failed to load */
const BOOT_RELOADED = 'release.bootReloaded';
const start = () => {
  if (started) return;
  started = true;
  // the app's code could not load: its files gone (a deploy replaced the folder while this page
  // was opening) one reload takes the release the site serves (once per session); otherwise the
  // static shell stays on screen (never an empty page). Inline, not src/engine/release.ts: this
  // script runs first on every visit and stays small.
  polyfilled.then(() => import('./main')).catch((err: unknown) => {
    console.error('the app failed to start', err);
    try {
      if (navigator.onLine !== false && !sessionStorage.getItem(BOOT_RELOADED)) {
        sessionStorage.setItem(BOOT_RELOADED, '1');
        window.location.reload();
      }
    } catch {
      // storage refused: no guard against a loop, so no reload
    }
  });
};

/**
 * The opening route's chunks, fetched now and run when the app imports them; and its screen's
 * binding-free first data (src/api/early.ts), read now and taken by the app's client: both start
 * as soon as this small script has run, while the app's code is still on its way. With the first
 * reply comes the screen's key picture (home's first banner), so that it is loaded by the time the
 * app draws it.
 */
function preloadRoute() {
  let map: { f?: string[]; r?: Record<string, number[]>; e?: Record<string, EarlyHint> };
  try {
    const data = document.getElementById('route-chunks') as HTMLTemplateElement | null;
    map = JSON.parse(data?.content.textContent || '{}') as typeof map;
  } catch {
    return; // no map (the dev server): the app loads the screen itself
  }
  // as routeFor (config/index.ts) matches: letter case and a trailing slash do not matter
  const path = (window.location.hash.replace(/^#/, '').split('?')[0] || '/').replace(/(.)\/+$/, '$1').toLowerCase();
  const own = <T,>(table: Record<string, T> | undefined): T | undefined => Object.entries(table ?? {}).find(([p]) => p.toLowerCase() === path)?.[1];
  const known = own(map.r);
  const hint = known ? own(map.e) : map.e?.['/'];
  // the screen's own reads first: on a far network a request is a round trip, and its data is what
  // the screen waits for longest; the session's (app info, game lists) after its chunks, which an
  // HTTP/1.1 host fetches six at a time
  readEarly(hint, 0, hint?.n);
  // an engine the build's legacy copies are for (the entry's own test, scripts/vite/browser-floor.ts LEGACY_TEST) preloads those
  const legacy = !String.prototype.replaceAll;
  for (const i of known ?? map.r?.['/'] ?? []) {
    const file = map.f?.[i];
    if (!file) continue;
    const link = document.createElement('link');
    link.rel = file.endsWith('.css') ? 'preload' : 'modulepreload';
    if (file.endsWith('.css')) link.as = 'style';
    link.crossOrigin = '';
    link.href = `${import.meta.env.BASE_URL}${legacy && !file.endsWith('.css') ? file.replace(/^assets\//, 'assets/legacy/') : file}`;
    document.head.append(link);
  }
  if (hint?.n !== undefined) readEarly(hint, hint.n);
}

/** the early reads r[from..to) of the route's hint */
function readEarly(hint: EarlyHint | undefined, from: number, to?: number) {
  if (!hint || navigator.onLine === false) return;
  let token: string | null = null;
  try {
    token = sessionStorage.getItem(TOKEN_KEY);
  } catch {
    // storage refused (a locked-down web view): read as a visitor
  }
  if (hint.a && !token) return; // the guard sends a visitor elsewhere
  hint.r.forEach(([method, path, payload, member], i) => {
    if (i < from || (to !== undefined && i >= to) || (member && !token)) return;
    const { url, init } = buildRequest({ method, path }, payload, token, apiBase());
    const reply = fetchEarly(url, init);
    if (reply && hint.p?.[0] === i) void reply.then((res) => preloadKeyPicture(res, hint.p![1]), () => undefined);
  });
}

/** the first item's picture of a reply (the envelope's data a list): loaded at once, at high priority */
async function preloadKeyPicture(res: Response, fields: string[]) {
  if (!res.ok) return;
  const body = (await res.clone().json().catch(() => null)) as { code?: unknown; data?: unknown } | null;
  const first = Array.isArray(body?.data) ? (body.data[0] as Record<string, unknown> | undefined) : undefined;
  const src = fields.map((f) => first?.[f]).find((v): v is string => typeof v === 'string' && v !== '');
  if (!src) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/** once the browser has painted the shell (its own paint timing: no timer, which a test's fake clock would hold) */
function afterFirstPaint() {
  try {
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) throw 0;
    new PerformanceObserver((_list, observer) => {
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // no PerformanceObserver, no paint entries, or no observe({ type }) (Chrome < 76): a frame
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  // a tab opened in the background paints nothing until it shows; and not later than this should
  // no paint come (a web view that is not drawing)
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 300);
}

preloadRoute();
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstPaint, { once: true });
else afterFirstPaint();
