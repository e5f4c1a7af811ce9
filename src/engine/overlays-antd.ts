/** antd-mobile's Popup and CenterPopup in their own chunk (see overlays.tsx). */
export { CenterPopup, Popup } from 'antd-mobile';
