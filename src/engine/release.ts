/**
 * Releases: which build this page runs, whether the site now serves another, and what to do about it.
 *
 * - The build writes `version.json` (`{ build, required }`, vite.config.ts releaseFile) and the
 *   same `build` into index.html's `<meta name="app-build">`. The page reads its own build from
 *   the meta of the document it was loaded with, and the site's from version.json, fetched past
 *   every cache (`no-store`). Where no service worker runs (WeChat's and iOS in-app browsers,
 *   a first visit) this is how an open tab learns of a release; the worker's own update check
 *   (src/shell/UpdatePrompt.tsx) runs beside it.
 * - `required`: the release must reach the player now (a feature that must disappear): the app
 *   moves the player to it at the next navigation instead of offering it.
 * - A chunk that fails to load (its file gone: a deploy replaced the folder) while the site serves
 *   another build reloads the page into that build, once per build (sessionStorage guards the
 *   loop): the player sees the new release, not a failure a reload would fix.
 *
 * The development server has no build id: nothing here runs there.
 */

export interface ReleaseInfo {
  build: string;
  required: boolean;
}

/** what the site serves, when it is not what this page runs (null: the same, or not known yet) */
let newer: ReleaseInfo | null = null;
const listeners = new Set<() => void>();

/** This page's build, from the document it was loaded with (none in the development server). */
export function currentBuild(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name=app-build]')?.content || null;
}

/** The release the site serves now, read past every cache; null when it cannot be read (offline, no file). */
export async function fetchRelease(): Promise<ReleaseInfo | null> {
  try {
    const res = await fetch(`${import.meta.env.BASE_URL}version.json`, { cache: 'no-store', credentials: 'same-origin' });
    if (!res.ok) return null;
    const body = (await res.json()) as Partial<ReleaseInfo> | null;
    if (!body || typeof body.build !== 'string' || !body.build) return null;
    return { build: body.build, required: body.required === true };
  } catch {
    return null;
  }
}

/** Asks the site which release it serves; a different one is remembered (and told to the listeners). True if one is known. */
export async function checkRelease(): Promise<boolean> {
  const own = currentBuild();
  if (!own) return false;
  const served = await fetchRelease();
  if (served && served.build !== own) {
    const changed = newer?.build !== served.build || newer.required !== served.required;
    newer = served;
    if (changed) listeners.forEach((l) => l());
  }
  return newer !== null;
}

/** The release the site serves when it differs from this page's (learnt by checkRelease). */
export function newerRelease(): ReleaseInfo | null {
  return newer;
}

export function onRelease(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The error of a script or stylesheet chunk that could not be fetched (the engines' wordings, and Vite's preload helper). */
export function isChunkLoadError(err: unknown): boolean {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading (CSS )?chunk \S+ failed/i.test(text);
}

const RELOADED_KEY = 'release.reloadedFrom';

function reloadedFrom(): string | null {
  try {
    return sessionStorage.getItem(RELOADED_KEY);
  } catch {
    return null;
  }
}

/**
 * Reloads the page into the release the site serves now, once per build of this page: false (and
 * no reload) when this page has already reloaded from this very build, or storage is refused
 * (no guard, no reload).
 */
export function reloadIntoRelease(): boolean {
  if (!markReloading()) return false;
  window.location.reload();
  return true;
}

/**
 * Notes that this page is about to reload from its build: false when it already has (the guard
 * against a reload loop) or storage is refused (no guard, so no reload).
 */
function markReloading(): boolean {
  const own = currentBuild();
  if (!own || reloadedFrom() === own) return false;
  try {
    sessionStorage.setItem(RELOADED_KEY, own);
  } catch {
    return false;
  }
  return true;
}

/**
 * Where a service worker controls the page, a reload is answered from its precache: the old
 * release again. The new release's worker is found (the browser's update check), let take over
 * (Workbox's SKIP_WAITING message) and the page reloads once it controls it. False when there is
 * no such worker.
 */
export async function reloadThroughWorker(): Promise<boolean> {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!sw?.controller) return false;
  const reg = await sw.getRegistration().catch(() => undefined);
  if (!reg) return false;
  await reg.update().catch(() => undefined);
  const incoming = reg.installing;
  if (!reg.waiting && incoming) {
    await new Promise<void>((resolve) => {
      const settled = () => incoming.state !== 'installing' && resolve();
      incoming.addEventListener('statechange', settled);
      settled();
    });
  }
  const waiting = reg.waiting;
  if (!waiting || !markReloading()) return false;
  sw.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
  return true;
}

/**
 * A chunk failed to load: when the site now serves another build (the file was removed by its
 * deploy), the page reloads into it and this resolves true (show nothing meanwhile). False when a
 * reload would not help (offline, the same build, already reloaded once): show the failure.
 */
export async function recoverFromChunkError(err: unknown): Promise<boolean> {
  if (!isChunkLoadError(err) || !currentBuild()) return false;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  if (!(await checkRelease())) return false;
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) return reloadThroughWorker();
  return reloadIntoRelease();
}
