import { useMemo, useState } from 'react';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config, 'title' | 'subtitle' | 'image' | 'testId' | 'filter' | 'onTap'>;

/** a stable hue per caption, so a text tile keeps its colour */
function hue(s: string): number {
  let h = 0;
  for (const ch of s) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  return h;
}

export default function Tiles({ props }: WidgetProps<Props>) {
  const { text, holds, run } = useScreen();
  const raw = props.items;
  const filter = props.filter;
  const items = useMemo(
    () => (Array.isArray(raw) ? (raw as unknown[]).filter((item, index) => !filter || holds(filter, { item, index })) : []),
    [raw, filter, holds],
  );
  const label = asText(props.label);
  const empty = asText(props.emptyText);
  // a picture that fails to load turns its tile into a coloured caption tile
  const [broken, setBroken] = useState<Record<string, true>>({});
  if (items.length === 0) return empty ? <p className="w-tiles-empty">{empty}</p> : null;

  const variant = props.variant ?? (props.image ? 'card' : 'text');
  const columns = props.columns ?? (variant === 'banner' ? 1 : 2);
  return (
    <ul className={`w-tiles w-tiles-${variant} w-tiles-cols-${columns}`} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }} aria-label={label || undefined}>
      {items.map((item, index) => {
        const more = { item, index };
        const title = text(props.title, more);
        const subtitle = props.subtitle ? text(props.subtitle, more) : '';
        const wanted = props.image ? text(props.image, more) : '';
        const src = wanted && !broken[wanted] ? wanted : '';
        const h = hue(title);
        return (
          <li key={index}>
            <button
              type="button"
              className={`w-tiles-tile ${wanted && !src ? 'is-fallback' : ''}`}
              onClick={() => void run(props.onTap, more)}
              data-testid={props.testId ? text(props.testId, more) : undefined}
              style={src ? undefined : { background: `linear-gradient(135deg, hsl(${h},65%,30%), hsl(${(h + 40) % 360},60%,22%))` }}
            >
              {src && (
                <img
                  src={src}
                  alt=""
                  width={props.width}
                  height={props.height}
                  loading={index < (props.eager ?? 0) ? 'eager' : 'lazy'}
                  decoding="async"
                  onError={() => setBroken((b) => ({ ...b, [src]: true }))}
                  style={props.width && props.height ? { aspectRatio: `${props.width} / ${props.height}` } : undefined}
                />
              )}
              <span className="w-tiles-caption">
                <span className="w-tiles-title">{title}</span>
                {subtitle && <span className="w-tiles-subtitle">{subtitle}</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
