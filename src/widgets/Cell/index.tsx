import { RightOutline } from 'antd-mobile-icons';
import { IconByName } from '../../engine/icons';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config, 'onTap' | 'to'>;

const TONES = ['primary', 'success', 'warning', 'danger', 'muted'];

function toneOf(tone: string, value: string): string {
  if (tone === 'auto') {
    const n = Number(value.replace(/[^\d.-]/g, ''));
    return n > 0 ? 'success' : n < 0 ? 'danger' : '';
  }
  return TONES.includes(tone) ? tone : '';
}

export default function Cell({ props }: WidgetProps<Props>) {
  const { run } = useScreen();
  const value = asText(props.value);
  const note = asText(props.note);
  const image = asText(props.image);
  const description = asText(props.description);
  const tappable = !!(props.onTap || props.to);
  // a detail without a value is not drawn (a backend that leaves a field out: no label with nothing after it)
  const details = (props.details ?? []).filter((d) => asText(d.value).trim() !== '');
  const content = (
    <>
      <span className="w-cell-main">
        {image ? (
          <img className="w-cell-image" src={image} alt={asText(props.imageAlt)} width={36} height={36} loading="lazy" decoding="async" />
        ) : props.icon ? (
          <span className="w-cell-icon">
            <IconByName name={asText(props.icon)} />
          </span>
        ) : null}
        <span className="w-cell-text">
          <span className="w-cell-title">{asText(props.title)}</span>
          {description && <span className="w-cell-description">{description}</span>}
        </span>
        {(value || note) && (
          <span className="w-cell-side">
            {value && <span className={`w-cell-value tone-${toneOf(asText(props.valueTone), value)}`}>{value}</span>}
            {note && <span className={`w-cell-note tone-${toneOf(asText(props.noteTone), note)}`}>{note}</span>}
          </span>
        )}
        {(props.arrow ?? tappable) && <RightOutline className="w-cell-arrow" aria-hidden="true" />}
      </span>
      {details.length > 0 && (
        <span className="w-cell-details">
          {details.map((d, i) => (
            <span key={i} className="w-cell-detail">
              <span className="w-cell-dt">{asText(d.label)}</span>
              <span className="w-cell-dd">{asText(d.value)}</span>
            </span>
          ))}
        </span>
      )}
    </>
  );
  if (!tappable) return <div className="w-cell" data-testid={asText(props.testId) || undefined}>{content}</div>;
  return (
    <button type="button" className="w-cell is-tappable" data-testid={asText(props.testId) || undefined} onClick={() => void run(props.onTap ?? [{ type: 'navigate', to: props.to }])}>
      {content}
    </button>
  );
}
