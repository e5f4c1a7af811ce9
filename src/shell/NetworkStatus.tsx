/**
 * The installable app's part of the shell:
 * - registers the service worker (vite.config.ts webApp()) once the first screen has shown its
 *   data (the engine's `screen-data:` mark), so a first visit loads nothing more before that;
 *   on the first install it hands the worker the chunks this visit already loaded, so they are
 *   there offline too;
 * - the offline banner (message webApp.offline) while the device has no network; the client's
 *   offline hook (App.tsx) shows the same message when an action is tried;
 * - the update prompt (webApp.updateReady, webApp.updateReload) when a new build's worker is
 *   waiting. The new code takes over only when the player taps: never under a form or a game.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { message } from '../config';
import { onFirstScreenData } from '../engine/perf';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine, () => true);

/** the app's own chunks this page has loaded so far (for the worker's chunk cache) */
function loadedChunks(): string[] {
  const prefix = `${window.location.origin}${import.meta.env.BASE_URL}assets/`;
  return performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(prefix) && /\.(js|css)$/.test(u));
}

let started = false;
function registerWorker(onWaiting: (wb: Workbox) => void) {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  onFirstScreenData(() => {
    void import('workbox-window')
      .then(({ Workbox }) => {
        const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`);
        // Workbox's CACHE_URLS message: the worker caches, through its own routes, the chunks this
        // page fetched before it was in charge: on the first install, and on any page that loaded
        // while a worker installed by an earlier page was still taking over (a reload right after
        // the first visit). A chunk the worker already holds costs nothing.
        const handOver = () => void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: loadedChunks() } }).catch(() => undefined);
        wb.addEventListener('waiting', () => onWaiting(wb));
        wb.addEventListener('activated', (e) => {
          if (!e.isUpdate) handOver();
        });
        wb.addEventListener('controlling', (e) => {
          if (!e.isUpdate) handOver();
        });
        // a new build is looked for on every later visit (the browser does it) and on every navigation
        window.addEventListener('hashchange', () => void wb.update().catch(() => undefined));
        return wb.register().then(() => {
          if (navigator.serviceWorker.controller) handOver();
        });
      })
      .catch(() => undefined); // no worker: the app works as a plain web page
  });
}

/** App.tsx loads this module once its first render is on screen (it has nothing to show before the app does) */
export default function NetworkStatus() {
  const online = useOnline();
  const [waiting, setWaiting] = useState<Workbox | null>(null);
  useEffect(() => registerWorker(setWaiting), []);

  const reload = () => {
    if (!waiting) return;
    waiting.addEventListener('controlling', () => window.location.reload());
    void waiting.messageSkipWaiting();
  };

  if (online && !waiting) return null;
  return (
    <div className="net-status">
      {!online && (
        <div className="net-status-offline" role="status" data-testid="offline-banner">
          {message('webApp.offline')}
        </div>
      )}
      {waiting && (
        <div className="net-status-update" role="status" data-testid="update-prompt">
          <span>{message('webApp.updateReady')}</span>
          <button type="button" onClick={reload}>
            {message('webApp.updateReload')}
          </button>
        </div>
      )}
    </div>
  );
}
