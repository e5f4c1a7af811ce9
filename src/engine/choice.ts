/**
 * A choice a tap makes (a tab, a category), shown at once by the widget that took the tap, while
 * the place it is kept (the address, the screen's state) follows in a task after the tap's paint,
 * rendered as a transition. Keeping it at once would re-render everything that reads that place
 * (the screen, its title, its other widgets) before the tap can paint, most of a slow phone's tap.
 *
 * The choice stands while the place still holds what it held when the tap came; once it has
 * followed (or changed some other way: back, a link) the place is what is shown. Taps before it
 * has followed end on the last one. Nothing follows once the widget is gone, or when the address
 * moved elsewhere in the meantime.
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import { nextTask } from './idle';

export function useChoice(kept: string | null, keep: (key: string) => void): [shown: string | null, choose: (key: string) => void] {
  const [chosen, setChosen] = useState<{ key: string; over: string | null } | null>(null);
  const shown = chosen && chosen.over === kept ? chosen.key : kept;
  const keepNow = useRef(keep);
  keepNow.current = keep;
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const latest = useRef<string | null>(null);

  const choose = (key: string) => {
    setChosen({ key, over: kept });
    const asked = latest.current !== null;
    latest.current = key;
    if (asked) return; // the follow-up already on its way takes the latest choice
    const at = window.location.hash;
    void nextTask().then(() => {
      const next = latest.current;
      latest.current = null;
      if (next === null || !live.current) return;
      if (window.location.hash !== at) return setChosen(null);
      startTransition(() => keepNow.current(next));
    });
  };
  return [shown, choose];
}
