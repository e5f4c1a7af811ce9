/**
 * The shell's part that acts only after the first screen: a chunk of its own, which App.tsx
 * fetches once the first screen has shown its data, so the first paint does not carry it.
 * - release checks: every navigation and every `constants.releaseCheckMs` (./releases.ts);
 * - the service worker's registration and the update prompt (./UpdatePrompt.tsx);
 * - responsible play's session clock and reminder (./ResponsiblePlay.tsx).
 * Once mounted it sets the Performance mark `shell:late` (engine/perf.ts LATE_MARK): what
 * it runs is in place from then on (the browser tests wait on it).
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { markLate } from '../engine/perf';
import { releaseNavigated } from './releases';
import { ResponsiblePlay } from './ResponsiblePlay';
import { UpdatePrompt } from './UpdatePrompt';

/** Every navigation of the router (a tab, a link, the back button) looks for a new release (releases.ts). */
function ReleaseWatch() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    releaseNavigated();
  }, [pathname]);
  return null;
}

/** what runs inside the router */
export function InRouter() {
  useEffect(() => {
    markLate();
  }, []);
  return (
    <>
      <ReleaseWatch />
      <ResponsiblePlay />
    </>
  );
}

export { UpdatePrompt };
