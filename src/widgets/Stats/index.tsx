import type { CSSProperties } from 'react';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

function toneOf(tone: string, value: string): string {
  if (tone !== 'auto') return tone;
  const n = Number(value.replace(/[^\d.-]/g, ''));
  return n > 0 ? 'success' : n < 0 ? 'danger' : '';
}

export default function Stats({ props }: WidgetProps<Props>) {
  const items = props.items;
  const columns = props.columns ?? items.length;
  return (
    <dl className={`w-stats w-stats-${props.variant ?? 'card'}`} style={{ gridTemplateColumns: `repeat(${columns}, 1fr)`, '--w-stats-cols': columns } as CSSProperties}>
      {items.map((item, i) => {
        const value = asText(item.value);
        return (
          <div key={i} className={`w-stats-item ${i % columns === 0 ? 'is-row-start' : ''}`}>
            <dt className="w-stats-label">{asText(item.label)}</dt>
            {/* the figure's length lets CSS shrink it to its column (style.css) rather than break it */}
            <dd
              className={`w-stats-value tone-${toneOf(asText(item.tone), value)}`}
              data-testid={asText(item.testId) || undefined}
              style={{ '--w-stats-chars': [...value].length } as CSSProperties}
            >
              {value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
