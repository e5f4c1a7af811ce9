/**
 * When the app looks for a new release, and what it does once one is known (src/engine/release.ts
 * reads version.json; docs/RELEASES.md tells operators the whole story):
 * - on every navigation of a visible page (the router's location changes: a tab tapped, a link,
 *   the back button), and every `constants.releaseCheckMs` while the page is visible (poll.ts's
 *   scheduler: nothing while hidden, at once when shown again after it came due);
 * - each check asks the service worker to look for a new `sw.js` too (where one runs: its
 *   waiting worker then drives the update prompt) and reads version.json (where none runs:
 *   WeChat's and iOS in-app browsers, the prompt then reloads the page);
 * - a release marked `required` is not offered: the next navigation moves the player to it.
 */
import type { Workbox } from 'workbox-window';
import { constants } from '../config';
import { startPoll } from '../engine/poll';
import { checkRelease, currentBuild, newerRelease, reloadIntoRelease } from '../engine/release';

let workbox: Workbox | null = null;
let waiting = false;
let checking: Promise<unknown> | null = null;
let started = false;

/** The worker's wrapper, once registered (NetworkStatus.tsx). */
export function setWorkbox(wb: Workbox): void {
  workbox = wb;
  wb.addEventListener('waiting', () => {
    waiting = true;
  });
}

const controlled = () => typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;

/** One check (never two at a time): the worker's update, and version.json. */
function check(): Promise<unknown> {
  // offline there is nothing to learn (and a failed request would only be noise)
  if (!currentBuild() || navigator.onLine === false) return Promise.resolve();
  checking ??= Promise.all([workbox?.update().catch(() => undefined), checkRelease()]).finally(() => {
    checking = null;
  });
  return checking;
}

/** Moves the page to a required release: through its waiting worker where one controls the page. */
function moveToRequired(): boolean {
  if (controlled()) {
    if (!workbox || !waiting) return false; // the worker has not found it yet: the check below asks
    workbox.addEventListener('controlling', () => window.location.reload());
    void workbox.messageSkipWaiting();
    return true;
  }
  return reloadIntoRelease();
}

/** The router's location changed (App.tsx ReleaseWatch). */
export function releaseNavigated(): void {
  if (!started) return;
  if (newerRelease()?.required && moveToRequired()) return;
  void check();
}

/** Starts the checks (once the first screen has shown its data: NetworkStatus.tsx). */
export function startReleaseChecks(): void {
  if (started || !import.meta.env.PROD || !currentBuild()) return;
  started = true;
  startPoll({
    every: constants.releaseCheckMs,
    run: async () => {
      await check();
      return 'ok';
    },
  });
}
