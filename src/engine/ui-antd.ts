/** antd-mobile's Toast and Dialog, in their own chunk: ui.ts loads it on first use (not in the first paint). */
export { Dialog, Toast } from 'antd-mobile';
