import { RightOutline } from 'antd-mobile-icons';
import { evalCondition } from '../../engine/bindings';
import { IconByName } from '../../engine/icons';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asCondition } from '../../config/types';
import type { Props } from './schema';
import './style.css';

const TONES = ['primary', 'success', 'warning', 'danger', 'muted'];

function toneOf(tone: string, value: string): string {
  if (tone === 'auto') {
    const n = Number(value.replace(/[^\d.-]/g, ''));
    return n > 0 ? 'success' : n < 0 ? 'danger' : '';
  }
  return TONES.includes(tone) ? tone : '';
}

export default function Cell({ props }: WidgetProps<Props>) {
  const { t, run, scope } = useScreen();
  const value = props.value !== undefined ? t(props.value) : '';
  const note = props.note !== undefined ? t(props.note) : '';
  const image = props.image ? t(props.image) : '';
  const tappable = !!(props.onTap || props.to);
  const details = (props.details ?? []).filter((d) => evalCondition(asCondition(d.when), scope));
  const content = (
    <>
      <span className="w-cell-main">
        {image ? (
          <img className="w-cell-image" src={image} alt={t(props.imageAlt ?? '')} width={36} height={36} loading="lazy" decoding="async" />
        ) : props.icon ? (
          <span className="w-cell-icon">
            <IconByName name={props.icon} />
          </span>
        ) : null}
        <span className="w-cell-text">
          <span className="w-cell-title">{t(props.title)}</span>
          {props.description && <span className="w-cell-description">{t(props.description)}</span>}
        </span>
        {(value || note) && (
          <span className="w-cell-side">
            {value && <span className={`w-cell-value tone-${toneOf(t(props.valueTone ?? ''), value)}`}>{value}</span>}
            {note && <span className={`w-cell-note tone-${toneOf(t(props.noteTone ?? ''), note)}`}>{note}</span>}
          </span>
        )}
        {(props.arrow ?? tappable) && <RightOutline className="w-cell-arrow" aria-hidden="true" />}
      </span>
      {details.length > 0 && (
        <span className="w-cell-details">
          {details.map((d, i) => (
            <span key={i} className="w-cell-detail">
              <span className="w-cell-dt">{t(d.label)}</span>
              <span className="w-cell-dd">{t(d.value)}</span>
            </span>
          ))}
        </span>
      )}
    </>
  );
  if (!tappable) return <div className="w-cell" data-testid={props.testId}>{content}</div>;
  return (
    <button type="button" className="w-cell is-tappable" data-testid={props.testId} onClick={() => void run(props.onTap ?? [{ type: 'navigate', to: props.to }])}>
      {content}
    </button>
  );
}
