/**
 * Popup and CenterPopup for widgets (popups.tsx: the notice list, the side menu, a filter's
 * choices, the start-up notice), loaded in a chunk of their own the first time one is shown, or
 * before when the app is idle (preloadOverlays): a screen with a closed drawer does not pay for
 * them in its first paint. Once the chunk is in, a popup opens in the commit of the tap.
 * Once shown, a popup stays mounted so it can animate closed.
 *
 *   import { Popup } from '../../engine/overlays';
 */
import { lazy, Suspense, useState } from 'react';
import type { PopupProps } from './popups';

type Overlays = typeof import('./popups');
let loaded: Overlays | null = null;
let loading: Promise<Overlays> | null = null;
function load(): Promise<Overlays> {
  loading ??= import('./popups').then((m) => (loaded = m));
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

export function Popup(props: PopupProps) {
  const { shown, ready } = useShownOnce(props.visible);
  if (!shown) return null;
  if (ready) return <ready.Popup {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyPopup {...props} />
    </Suspense>
  );
}

export function CenterPopup(props: PopupProps) {
  const { shown, ready } = useShownOnce(props.visible);
  if (!shown) return null;
  if (ready) return <ready.CenterPopup {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyCenterPopup {...props} />
    </Suspense>
  );
}

/** start loading the popups ahead of time (the app does once its first screen is idle) */
export function preloadOverlays(): void {
  void load().catch(() => {
    loading = null;
  });
}
