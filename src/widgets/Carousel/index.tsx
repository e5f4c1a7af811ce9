import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { asNumber } from '../../engine/bindings';
import { useOnScreen } from '../../engine/on-screen';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config, 'image' | 'alt' | 'onTap'>;

/** React 18 passes the lowercase attribute through (it knows no fetchPriority prop) */
const FIRST: Record<string, string> = { fetchpriority: 'high' };

/** the first non-empty of one binding or a list of them (a reply may name the picture src or pic) */
function firstText(value: string | readonly string[], textOf: (v: string) => string): string {
  for (const v of Array.isArray(value) ? value : [value]) {
    const s = textOf(v);
    if (s) return s;
  }
  return '';
}

export default function Carousel({ props }: WidgetProps<Props>) {
  const { text, run } = useScreen();
  const raw = props.items;
  const max = props.max !== undefined ? asNumber(props.max, Infinity) : Infinity;
  // at most `max` banners; the indicator counts those shown
  const items = useMemo(() => (Array.isArray(raw) ? (raw as unknown[]).slice(0, Math.max(1, max)) : []), [raw, max]);
  const interval = asNumber(props.intervalMs ?? 0, 0);
  const total = items.length;
  const label = asText(props.label);
  const section = useRef<HTMLElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const paused = useRef(false);
  // it turns only while on screen (and the page is visible): scrolled past, it costs nothing
  const visible = useOnScreen(section);

  useEffect(() => {
    if (interval <= 0 || items.length < 2 || !visible) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || paused.current || document.hidden) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % items.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: next === 0 ? 'auto' : 'smooth' });
    }, interval);
    return () => clearInterval(timer);
  }, [interval, items.length, visible]);

  if (items.length === 0) return <div className="w-carousel is-empty" style={{ aspectRatio: `${props.width} / ${props.height}` }} />;
  return (
    <section className="w-carousel" ref={section} aria-roledescription={label ? 'carousel' : undefined} aria-label={label || undefined}>
      <div
        className="w-carousel-track"
        ref={track}
        onPointerDown={() => (paused.current = true)}
        onPointerUp={() => (paused.current = false)}
        onTouchStart={() => (paused.current = true)}
        onTouchEnd={() => (paused.current = false)}
      >
        {items.map((item, i) => {
          const img = (
            <img
              src={firstText(props.image, (v) => text(v, { item, index: i }))}
              alt={text(props.alt, { item, index: i })}
              width={props.width}
              height={props.height}
              loading={i === 0 ? 'eager' : 'lazy'}
              // the first slide is the largest picture of the screen it opens (home's banner): fetched first
              {...(i === 0 ? FIRST : undefined)}
              decoding="async"
              draggable={false}
            />
          );
          return (
            <div className="w-carousel-slide" key={i} role="group" aria-roledescription="slide" aria-label={`${i + 1} / ${items.length}`}>
              {props.onTap ? (
                <button type="button" className="w-carousel-tap" onClick={() => void run(props.onTap, { item })}>
                  {img}
                </button>
              ) : (
                img
              )}
            </div>
          );
        })}
      </div>
      <Indicator track={track} total={total} />
    </section>
  );
}

/**
 * "2/5": the slide most in view. The browser says which (IntersectionObserver over the slides):
 * nothing runs on each frame of a swipe or of the turn, and only this re-renders, not the slides.
 */
function Indicator({ track, total }: { track: RefObject<HTMLDivElement | null>; total: number }) {
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const slides = Array.prototype.slice.call(el.children) as Element[];
    if (typeof IntersectionObserver === 'undefined') {
      const onScroll = () => el.clientWidth && setCurrent(Math.round(el.scrollLeft / el.clientWidth));
      el.addEventListener('scroll', onScroll, { passive: true });
      return () => el.removeEventListener('scroll', onScroll);
    }
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) if (e.isIntersecting) setCurrent(slides.indexOf(e.target));
      },
      { root: el, threshold: 0.6 },
    );
    slides.forEach((s) => io.observe(s));
    return () => io.disconnect();
  }, [track, total]);
  return (
    <span className="w-carousel-indicator" aria-hidden="true">
      {Math.min(current + 1, total)}/{total}
    </span>
  );
}
