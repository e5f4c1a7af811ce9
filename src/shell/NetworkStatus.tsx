/**
 * The installable app's part of the shell:
 * - registers the service worker (scripts/vite/web-app.ts) once the first screen has shown its
 *   data (the engine's `screen-data:` mark), so a first visit loads nothing more before that;
 *   it hands the worker the chunks the page loaded before the worker was in charge (first
 *   install, or a reload while a new worker takes over), so they are there offline too;
 * - the offline banner (message webApp.offline) while the device has no network; the client's
 *   offline hook shows the same message when an action is tried;
 * - the update prompt (webApp.updateReady, webApp.updateReload) when a new build's worker is
 *   waiting. The new code takes over only when the player taps: never under a form or a game.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { configureClient } from '../api/client';
import { message } from '../config';
import { ui } from '../engine/ui';
import { onFirstScreenData } from '../engine/perf';
import './install-prompt';

configureClient({ onOffline: () => ui.fail(message('webApp.offline')) });

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
        // page fetched before a worker was in charge of it (the first visit, or a reload while the
        // worker an earlier page installed was still taking over). Sent to whichever worker takes
        // control, whenever it does; a chunk the worker already holds costs nothing.
        const handOver = () => navigator.serviceWorker.controller?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: loadedChunks() } });
        navigator.serviceWorker.addEventListener('controllerchange', handOver);
        wb.addEventListener('waiting', () => onWaiting(wb));
        // a new build is looked for on every later visit (the browser does it) and on every navigation
        window.addEventListener('hashchange', () => void wb.update().catch(() => undefined));
        return wb.register().then(handOver);
      })
      .catch(() => undefined); // no worker: the app works as a plain web page
  });
}

export function NetworkStatus() {
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
