/**
 * Performance API marks a screen sets, read by the app (to load what waits for the first screen),
 * the bench (bench/browser.ts) and the browser tests:
 * - `screen:<name>` when the screen's tree has mounted,
 * - `screen-data:<name>` when every data source's first load has rendered;
 * - `shell:late` when the shell's part loaded after the first screen is in place (shell/late.tsx).
 */
export const SCREEN_MARK = 'screen:';
export const SCREEN_DATA_MARK = 'screen-data:';

export const markScreen = (name: string) => performance.mark(`${SCREEN_MARK}${name}`);
export const markScreenData = (name: string) => performance.mark(`${SCREEN_DATA_MARK}${name}`);
export const LATE_MARK = 'shell:late';
export const markLate = () => performance.mark(LATE_MARK);

/**
 * Calls `fn` once, the first time any screen has rendered its data (or at once if one already
 * has): what is not needed for the first paint waits for it. Returns false where the browser
 * cannot tell (no PerformanceObserver).
 */
export function onFirstScreenData(fn: () => void): boolean {
  const stop = observeBuffered('mark', (entries) => {
    if (!entries.some((e) => e.name.startsWith(SCREEN_DATA_MARK))) return;
    stop?.();
    fn();
  });
  return stop !== undefined;
}

/**
 * Calls `fn` once a screen has marked `screen-data:`, or `fallbackMs` after this call where none
 * does (a screen that never marks, an engine without PerformanceObserver); returns what cancels it.
 */
export function afterScreenData(fn: () => void, fallbackMs: number): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  const fallback = setTimeout(run, fallbackMs);
  const stop = observeBuffered('mark', (entries) => {
    if (!entries.some((e) => e.name.startsWith(SCREEN_DATA_MARK))) return;
    stop?.();
    clearTimeout(fallback);
    run();
  });
  return () => {
    done = true;
    clearTimeout(fallback);
    stop?.();
  };
}

/**
 * Watches the entries of one type (a `mark`, a `paint`), those already recorded first, and returns
 * what stops it; undefined where the browser has no PerformanceObserver. An engine before
 * `observe({ type, buffered })` (Chrome < 76, Safari < 14.1: it throws) observes by `entryTypes`,
 * which only sees what comes later: the entries already recorded are handed over at once instead.
 */
export function observeBuffered(type: string, fn: (entries: PerformanceEntry[]) => void): (() => void) | undefined {
  if (typeof PerformanceObserver === 'undefined') return undefined;
  let stopped = false;
  // WebKit hands the buffered entries over inside observe() itself: a caller's `stop` is not yet
  // assigned then, so those wait for a microtask, as every other engine delivers them
  let returned = false;
  const observer = new PerformanceObserver((list) => {
    const entries = list.getEntries();
    if (returned) {
      if (!stopped) fn(entries);
    } else void Promise.resolve().then(() => stopped || fn(entries));
  });
  const stop = () => {
    stopped = true;
    observer.disconnect();
  };
  try {
    observer.observe({ type, buffered: true });
  } catch {
    try {
      observer.observe({ entryTypes: [type] });
    } catch {
      return undefined; // a type this engine does not record
    }
    const past = performance.getEntriesByType(type);
    if (past.length) void Promise.resolve().then(() => stopped || fn(past));
  }
  returned = true;
  return stop;
}
