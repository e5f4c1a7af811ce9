/**
 * Toasts, dialogs and the clipboard, behind one small object so the engine, the client hooks
 * and widgets speak to the user the same way (antd-mobile's Dialog underneath; the toast is the
 * app's own, toast.ts: plain DOM, so a tap that shows one does not mount and animate React trees).
 *
 * antd-mobile's Dialog (with its animation library, about 13 KB gzipped) and the toast are not
 * needed to paint a screen, so they load on first use or when the browser is idle
 * (preloadUi). Until they have arrived, calls wait in one queue, so a loading toast and the
 * clear that follows it still happen in order; afterwards every call runs at once.
 */
import { constants } from '../config';

type Lib = typeof import('./ui-antd');
let lib: Promise<Lib> | undefined;
/** the library once it has arrived: from then on every call runs at once, as a direct call would */
let ready: Lib | undefined;
let queue: Promise<unknown> = Promise.resolve();
let queued = 0;

export function preloadUi(): Promise<Lib> {
  lib ??= import('./ui-antd').then(
    (m) => (ready = m),
    (err: unknown) => {
      lib = undefined;
      throw err;
    },
  );
  return lib;
}

function withLib<T>(fn: (l: Lib) => T | Promise<T>): Promise<T> {
  if (ready && queued === 0) {
    try {
      return Promise.resolve(fn(ready));
    } catch (err) {
      return Promise.reject(err);
    }
  }
  queued++;
  const next = queue.then(preloadUi).then(fn);
  queue = next.catch(() => undefined).then(() => void queued--);
  return next;
}

/** fire and forget (a toast that cannot load its library is simply not shown) */
function fire(fn: (l: Lib) => unknown): void {
  withLib(fn).catch(() => undefined);
}

/** a loading toast still waiting for the library: a hideLoading before it is shown cancels it */
let waitingLoading: { cancelled: boolean } | null = null;

/** one toast at a time: a message replaces the loading toast */
let loadingShown = false;
function message(Toast: Lib['Toast'], o: { content: string; icon?: 'success' | 'fail' }) {
  Toast.show({ ...o, duration: constants.toastMs });
  loadingShown = false;
}

export interface DialogOptions {
  kind: 'alert' | 'confirm';
  title?: string;
  content: string;
  confirmText: string;
  cancelText?: string;
}

export const ui = {
  toast(content: string) {
    if (content) fire(({ Toast }) => message(Toast, { content }));
  },
  success(content: string) {
    if (content) fire(({ Toast }) => message(Toast, { icon: 'success', content }));
  },
  /** the danger toast of every failure */
  fail(content: string) {
    if (content) fire(({ Toast }) => message(Toast, { icon: 'fail', content }));
  },
  loading(content: string) {
    const ticket = { cancelled: false };
    if (!ready || queued) waitingLoading = ticket;
    fire(({ Toast }) => {
      if (waitingLoading === ticket) waitingLoading = null;
      if (ticket.cancelled) return;
      Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false });
      loadingShown = true;
    });
  },
  /** hides the loading toast only: a message that replaced it (the server's error) stays */
  hideLoading() {
    if (waitingLoading) {
      // the call ended before the library arrived: the loading toast is never shown at all
      waitingLoading.cancelled = true;
      waitingLoading = null;
      return;
    }
    fire(({ Toast }) => {
      if (loadingShown) Toast.clear();
      loadingShown = false;
    });
  },
  async dialog(o: DialogOptions): Promise<boolean> {
    const { Dialog } = await withLib((l) => l);
    // the dialog's accessible name (antd-mobile passes aria-label through to role=dialog)
    const named = { 'aria-label': o.title || o.content } as Record<string, string>;
    if (o.kind === 'confirm') {
      return Dialog.confirm({ ...named, title: o.title, content: o.content, confirmText: o.confirmText, cancelText: o.cancelText });
    }
    await Dialog.alert({ ...named, title: o.title, content: o.content, confirmText: o.confirmText });
    return true;
  },
  async copy(value: string): Promise<boolean> {
    try {
      // eslint-disable-next-line compat/compat -- where it is missing the throw falls to the textarea below
      await navigator.clipboard.writeText(value);
      return true;
    } catch {
      // older WebViews: a hidden textarea and execCommand
      const ta = document.createElement('textarea');
      ta.value = value;
      ta.setAttribute('readonly', '');
      ta.style.position = 'fixed';
      ta.style.opacity = '0';
      document.body.appendChild(ta);
      ta.select();
      const ok = document.execCommand('copy');
      ta.remove();
      return ok;
    }
  },
};
