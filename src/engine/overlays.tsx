/**
 * Drop-in Popup and CenterPopup (same props as antd-mobile's) that load antd-mobile's the first
 * time they are shown. Their animation and gesture libraries cost about 25 KB gzipped; a screen
 * with a closed drawer or an announcement popup should not pay for them in its first paint.
 * Once shown, the popup stays mounted so it can animate closed. Once the chunk has loaded (the
 * app preloads it when idle, preloadOverlays), a popup opens in the commit of the tap: no first
 * commit of nothing while a lazy component resolves.
 *
 *   import { Popup } from '../../engine/overlays';
 */
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { CenterPopup as AdmCenterPopup, Popup as AdmPopup } from 'antd-mobile';

type Overlays = typeof import('./overlays-antd');
let loaded: Overlays | null = null;
let loading: Promise<Overlays> | null = null;
function load(): Promise<Overlays> {
  loading ??= import('./overlays-antd').then((m) => (loaded = m));
  return loading;
}

const LazyPopup = lazy(() => load().then((m) => ({ default: m.Popup })));
const LazyCenterPopup = lazy(() => load().then((m) => ({ default: m.CenterPopup })));

/** whether it has been shown; and whether its chunk had loaded by then (so it is rendered one way for its whole life) */
function useShownOnce(visible: boolean | undefined): { shown: boolean; ready: Overlays | null } {
  const [shown, setShown] = useState(!!visible);
  const [ready, setReady] = useState(() => (visible ? loaded : null));
  if (visible && !shown) {
    setShown(true);
    setReady(loaded);
  }
  return { shown: shown || !!visible, ready: shown ? ready : loaded };
}

export function Popup(props: ComponentProps<typeof AdmPopup>) {
  const { shown, ready } = useShownOnce(props.visible);
  if (!shown) return null;
  if (ready) return <ready.Popup {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyPopup {...props} />
    </Suspense>
  );
}

export function CenterPopup(props: ComponentProps<typeof AdmCenterPopup>) {
  const { shown, ready } = useShownOnce(props.visible);
  if (!shown) return null;
  if (ready) return <ready.CenterPopup {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyCenterPopup {...props} />
    </Suspense>
  );
}

/** start loading the popups ahead of time (for example on pointerdown of what opens one) */
export function preloadOverlays(): void {
  void load().catch(() => {
    loading = null;
  });
}
