import type { CSSProperties } from 'react';
import { evalCondition } from '../../engine/bindings';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asCondition } from '../../config/types';
import type { Props } from './schema';
import './style.css';

function toneOf(tone: string, value: string): string {
  if (tone !== 'auto') return tone;
  const n = Number(value.replace(/[^\d.-]/g, ''));
  return n > 0 ? 'success' : n < 0 ? 'danger' : '';
}

export default function Stats({ props }: WidgetProps<Props>) {
  const { t, scope } = useScreen();
  const items = props.items.filter((i) => evalCondition(asCondition(i.when), scope));
  const columns = props.columns ?? items.length;
  return (
    <dl className={`w-stats w-stats-${props.variant ?? 'card'}`} style={{ gridTemplateColumns: `repeat(${columns}, 1fr)`, '--w-stats-cols': columns } as CSSProperties}>
      {items.map((item, i) => {
        const value = t(item.value);
        return (
          <div key={i} className={`w-stats-item ${i % columns === 0 ? 'is-row-start' : ''}`}>
            <dt className="w-stats-label">{t(item.label)}</dt>
            {/* the figure's length lets CSS shrink it to its column (style.css) rather than break it */}
            <dd
              className={`w-stats-value tone-${toneOf(t(item.tone ?? ''), value)}`}
              data-testid={item.testId}
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
