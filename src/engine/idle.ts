/**
 * Runs `fn` once the browser is idle, at the latest `timeoutMs` later, or after `fallbackMs` where
 * the engine has no requestIdleCallback (WebKit before 2024, old WebViews). Returns a cancel.
 * What waits for it: the toasts' and dialogs' code, a first screen's popups, a draft's write, the
 * other panes of a tab bar.
 */
export function whenIdle(fn: () => void, timeoutMs: number, fallbackMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => fn(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, fallbackMs);
  return () => window.clearTimeout(id);
}
