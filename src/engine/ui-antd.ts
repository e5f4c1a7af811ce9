/**
 * What ui.ts loads on first use (not in the first paint): antd-mobile's Dialog, and the app's own
 * toast (toast.ts: plain DOM, antd-mobile's look without its animation library).
 */
export { Dialog } from 'antd-mobile';
export { Toast } from './toast';
