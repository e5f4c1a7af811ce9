/** The loading indicator of the lists (PagedList, Repeat): still wherever the player cannot see it. */
import { useRef } from 'react';
import { useOnScreen } from './on-screen';
import './loading-dots.css';

/**
 * Three dots saying "loading": they move (opacity and transform, which the compositor animates
 * without the page's script, style or layout) only while on screen; below the fold they are still.
 */
export function LoadingDots() {
  const ref = useRef<HTMLSpanElement>(null);
  const on = useOnScreen(ref);
  return (
    <span ref={ref} className={`loading-dots ${on ? 'is-moving' : ''}`} aria-hidden="true">
      <i />
      <i />
      <i />
    </span>
  );
}
