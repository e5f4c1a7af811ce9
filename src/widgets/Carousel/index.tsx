import { useEffect, useRef, useState } from 'react';
import { resolve, resolveNumber } from '../../engine/bindings';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

/** the first non-empty of one binding or a list of them (a reply may name the picture src or pic) */
function firstText(value: string | string[], text: (v: string) => string): string {
  for (const v of Array.isArray(value) ? value : [value]) {
    const s = text(v);
    if (s) return s;
  }
  return '';
}

export default function Carousel({ props }: WidgetProps<Props>) {
  const { scope, t, run } = useScreen();
  const raw = resolve(props.items, scope);
  const items: unknown[] = Array.isArray(raw) ? raw : [];
  const interval = resolveNumber(props.intervalMs ?? 0, scope, 0);
  const total = props.indicatorTotal !== undefined ? resolveNumber(props.indicatorTotal, scope, items.length) : items.length;
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const paused = useRef(false);

  // follow the swipe: the slide nearest the left edge is the current one
  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
  };

  useEffect(() => {
    if (interval <= 0 || items.length < 2) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || paused.current || document.hidden) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % items.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: next === 0 ? 'auto' : 'smooth' });
    }, interval);
    return () => clearInterval(timer);
  }, [interval, items.length]);

  if (items.length === 0) return <div className="w-carousel is-empty" style={{ aspectRatio: `${props.width} / ${props.height}` }} />;
  return (
    <section className="w-carousel" aria-roledescription={props.label ? 'carousel' : undefined} aria-label={props.label ? t(props.label) : undefined}>
      <div
        className="w-carousel-track"
        ref={track}
        onScroll={onScroll}
        onPointerDown={() => (paused.current = true)}
        onPointerUp={() => (paused.current = false)}
        onTouchStart={() => (paused.current = true)}
        onTouchEnd={() => (paused.current = false)}
      >
        {items.map((item, i) => {
          const img = (
            <img
              src={firstText(props.image, (v) => t(v, { item }))}
              alt={t(props.alt, { item, index: i })}
              width={props.width}
              height={props.height}
              loading={i === 0 ? 'eager' : 'lazy'}
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
      <span className="w-carousel-indicator" aria-hidden="true">
        {Math.min(current + 1, total)}/{total}
      </span>
    </section>
  );
}
