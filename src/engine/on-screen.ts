/**
 * What is on screen, for what moves or loads only there: an idle screen costs the phone nothing
 * beyond what the player sees moving. IntersectionObserver, which every engine of the
 * floor has (Chrome 58, Safari 12.1): the browser says when an element comes into view or leaves
 * it, nothing is measured on every frame or scroll. An engine without it counts everything as on
 * screen (it moves, as before).
 */
import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element of `ref` is within the viewport extended by `below` px at its bottom (the
 * next page of a list loads before its end shows). False until the browser has said.
 */
export function useOnScreen(ref: RefObject<Element | null>, below = 0): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setOn(true);
      return;
    }
    const io = new IntersectionObserver((entries) => setOn(entries[entries.length - 1].isIntersecting), { rootMargin: `0px 0px ${below}px 0px` });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, below]);
  return on;
}
