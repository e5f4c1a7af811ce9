/**
 * Performance API marks a screen sets, read by the app (to load what waits for the first screen),
 * the bench (bench/browser.ts) and the browser tests:
 * - `screen:<name>` when the screen's tree has mounted,
 * - `screen-data:<name>` when every data source's first load has rendered.
 */
export const SCREEN_MARK = 'screen:';
export const SCREEN_DATA_MARK = 'screen-data:';

export const markScreen = (name: string) => performance.mark(`${SCREEN_MARK}${name}`);
export const markScreenData = (name: string) => performance.mark(`${SCREEN_DATA_MARK}${name}`);

/**
 * Calls `fn` once, the first time any screen has rendered its data (or at once if one already
 * has): what is not needed for the first paint waits for it. Returns false where the browser
 * cannot tell (no PerformanceObserver).
 */
export function onFirstScreenData(fn: () => void): boolean {
  if (typeof PerformanceObserver === 'undefined') return false;
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((e) => e.name.startsWith(SCREEN_DATA_MARK))) return;
    observer.disconnect();
    fn();
  });
  observer.observe({ type: 'mark', buffered: true });
  return true;
}
