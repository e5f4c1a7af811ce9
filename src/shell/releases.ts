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
import { checkRelease, currentBuild, newerRelease, reloadIntoRelease, reloadThroughWorker } from '../engine/release';

let workbox: Workbox | null = null;
let checking: Promise<unknown> | null = null;
let started = false;

/** The worker's wrapper, once registered (UpdatePrompt.tsx). */
export function setWorkbox(wb: Workbox): void {
  workbox = wb;
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

/**
 * Moves the page to a required release: through its new worker where a worker controls the page
 * (a plain reload would be answered from the old precache). False when it cannot yet (the new
 * worker not found: the check asks for it).
 */
function moveToRequired(): Promise<boolean> {
  return controlled() ? reloadThroughWorker() : Promise.resolve(reloadIntoRelease());
}

/** The router's location changed (App.tsx ReleaseWatch). */
export function releaseNavigated(): void {
  if (!started) return;
  if (!newerRelease()?.required) return void check();
  void moveToRequired().then((moved) => {
    if (!moved) void check();
  });
}

/** Starts the checks once the shell's late part is up (UpdatePrompt.tsx, after the first screen): the first comes one interval later, or at a navigation. */
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
