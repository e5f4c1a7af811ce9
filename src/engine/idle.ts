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

/**
 * Resolves in a task of its own after the current one (a MessageChannel message: no timer, so a
 * hidden tab or a test's paused clock does not hold it). Chromium paints the frame a tap changed
 * before it runs a task the tap posted, so work put behind it (a read's `fetch`) is no longer part
 * of the tap's answer.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
