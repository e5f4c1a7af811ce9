/**
 * Performance API marks a screen sets, read by the bench (bench/browser.ts) and the browser tests:
 * - `screen:<name>` when the screen's tree has mounted,
 * - `screen-data:<name>` when every data source's first load has rendered;
 * - `shell:late` when the shell's part loaded after the first screen is in place (shell/late.tsx).
 * The app itself learns of the first screen's data from markScreenData directly (onFirstScreenData),
 * not from the Performance timeline: an engine without PerformanceObserver, or a test's fake clock
 * (Playwright's records no marks), would otherwise only know by a timeout.
 */
export const SCREEN_MARK = 'screen:';
export const SCREEN_DATA_MARK = 'screen-data:';

/** whether a screen of this page has rendered its data, and what waits for that */
let screenDataShown = false;
const waitingForScreenData = new Set<() => void>();

/** what is told of each screen as it mounts (the field data's collector: it sends what it holds) */
const screenWatchers = new Set<() => void>();
export const markScreen = (name: string) => {
  performance.mark(`${SCREEN_MARK}${name}`);
  screenWatchers.forEach((fn) => fn());
};
/** Calls `fn` each time a screen has mounted, from now on. */
export const onScreen = (fn: () => void): void => void screenWatchers.add(fn);
export const markScreenData = (name: string) => {
  performance.mark(`${SCREEN_DATA_MARK}${name}`);
  if (screenDataShown) return;
  screenDataShown = true;
  const waiting = [...waitingForScreenData];
  waitingForScreenData.clear();
  waiting.forEach((fn) => fn());
};
export const LATE_MARK = 'shell:late';
export const markLate = () => performance.mark(LATE_MARK);

/**
 * Calls `fn` once, the first time any screen has rendered its data (on a microtask when one already
 * has): what is not needed for the first paint waits for it. Returns what cancels it.
 */
export function onFirstScreenData(fn: () => void): () => void {
  if (screenDataShown) {
    let cancelled = false;
    void Promise.resolve().then(() => cancelled || fn());
    return () => {
      cancelled = true;
    };
  }
  waitingForScreenData.add(fn);
  return () => waitingForScreenData.delete(fn);
}

/**
 * Calls `fn` once a screen has rendered its data, or `fallbackMs` after this call where none does
 * (a screen that never marks: the placeholder, the maintenance page); returns what cancels it.
 */
export function afterScreenData(fn: () => void, fallbackMs: number): () => void {
  let done = false;
  let stop = () => {};
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    stop();
    fn();
  };
  const fallback = setTimeout(run, fallbackMs);
  stop = onFirstScreenData(run);
  return () => {
    done = true;
    clearTimeout(fallback);
    stop();
  };
}
