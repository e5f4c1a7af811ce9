/**
 * Drop-in Popup and CenterPopup (same props as antd-mobile's) that load antd-mobile's the first
 * time they are shown. Their animation and gesture libraries cost about 25 KB gzipped; a screen
 * with a closed drawer or an announcement popup should not pay for them in its first paint.
 * Once shown, the popup stays mounted so it can animate closed.
 *
 *   import { Popup } from '../../engine/overlays';
 */
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { CenterPopup as AdmCenterPopup, Popup as AdmPopup } from 'antd-mobile';

const LazyPopup = lazy(() => import('./overlays-antd').then((m) => ({ default: m.Popup })));
const LazyCenterPopup = lazy(() => import('./overlays-antd').then((m) => ({ default: m.CenterPopup })));

function useShownOnce(visible: boolean | undefined): boolean {
  const [shown, setShown] = useState(!!visible);
  if (visible && !shown) setShown(true);
  return shown || !!visible;
}

export function Popup(props: ComponentProps<typeof AdmPopup>) {
  if (!useShownOnce(props.visible)) return null;
  return (
    <Suspense fallback={null}>
      <LazyPopup {...props} />
    </Suspense>
  );
}

export function CenterPopup(props: ComponentProps<typeof AdmCenterPopup>) {
  if (!useShownOnce(props.visible)) return null;
  return (
    <Suspense fallback={null}>
      <LazyCenterPopup {...props} />
    </Suspense>
  );
}

/** start loading the popups ahead of time (for example on pointerdown of what opens one) */
export function preloadOverlays(): void {
  void import('./overlays-antd').catch(() => undefined);
}
