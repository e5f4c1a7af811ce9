/**
 * The installable app's update, loaded after the first screen (App.tsx, ./late.tsx):
 * - registers the service worker (scripts/vite/web-app.ts) once the first screen has shown its
 *   data (the engine's `screen-data:` mark), so a first visit loads nothing more before that;
 *   it hands the worker the chunks the page loaded before the worker was in charge (first
 *   install, or a reload while a new worker takes over), so they are there offline too;
 * - the update prompt (webApp.updateReady, webApp.updateReload) when a new build's worker is
 *   waiting, or, where no worker controls the page (WeChat's and iOS in-app browsers),
 *   version.json names another build (src/shell/releases.ts says when the app looks). The new
 *   code takes over only when the player taps: never under a form or a game; a release marked
 *   required is not offered but taken at the next navigation (releases.ts).
 * Drawn inside ./NetworkStatus.tsx's bar, under the offline banner.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { message } from '../config';
import { onFirstScreenData } from '../engine/perf';
import { newerRelease, onRelease } from '../engine/release';
import { setWorkbox, startReleaseChecks } from './releases';

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
  if (started || !import.meta.env.PROD) return;
  started = true;
  // its first check comes constants.releaseCheckMs after the start (or at a navigation): nothing before the first screen
  startReleaseChecks();
  if (!('serviceWorker' in navigator)) return;
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
        // a new build is looked for on every later visit (the browser does it), on every navigation
        // and every few minutes while the page is visible (releases.ts)
        setWorkbox(wb);
        return wb.register().then(handOver);
      })
      .catch(() => undefined); // no worker: the app works as a plain web page
  });
}

export function UpdatePrompt() {
  const [waiting, setWaiting] = useState<Workbox | null>(null);
  useEffect(() => registerWorker(setWaiting), []);
  // where no worker controls the page, version.json tells of a release (a required one is not offered)
  const release = useSyncExternalStore(onRelease, newerRelease, () => null);
  const plain = !!release && !release.required && !navigator.serviceWorker?.controller;

  const reload = () => {
    if (!waiting) return window.location.reload();
    waiting.addEventListener('controlling', () => window.location.reload());
    void waiting.messageSkipWaiting();
  };

  // a required release is taken at the next navigation (releases.ts), not offered
  const offered = (!!waiting && !release?.required) || plain;
  if (!offered) return null;
  return (
    <div className="net-status-update" role="status" data-testid="update-prompt">
      <span>{message('webApp.updateReady')}</span>
      <button type="button" onClick={reload}>
        {message('webApp.updateReload')}
      </button>
    </div>
  );
}
