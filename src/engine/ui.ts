/**
 * Toasts, dialogs and the clipboard, behind one small object so the engine, the client hooks
 * and widgets speak to the user the same way (antd-mobile underneath).
 */
import { Dialog, Toast } from 'antd-mobile';
import { constants } from '../config';

export interface DialogOptions {
  kind: 'alert' | 'confirm';
  title?: string;
  content: string;
  confirmText: string;
  cancelText?: string;
}

export const ui = {
  toast(content: string) {
    if (content) Toast.show({ content, duration: constants.toastMs });
  },
  success(content: string) {
    if (content) Toast.show({ icon: 'success', content, duration: constants.toastMs });
  },
  /** the danger toast of every failure */
  fail(content: string) {
    if (content) Toast.show({ icon: 'fail', content, duration: constants.toastMs });
  },
  loading(content: string) {
    Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false });
  },
  hideLoading() {
    Toast.clear();
  },
  async dialog(o: DialogOptions): Promise<boolean> {
    if (o.kind === 'confirm') {
      return Dialog.confirm({ title: o.title, content: o.content, confirmText: o.confirmText, cancelText: o.cancelText });
    }
    await Dialog.alert({ title: o.title, content: o.content, confirmText: o.confirmText });
    return true;
  },
  async copy(value: string): Promise<boolean> {
    try {
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
