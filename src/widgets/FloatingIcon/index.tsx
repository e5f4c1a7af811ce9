import { useState } from 'react';
import { IconByName } from '../../engine/icons';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

const KEY = 'closed:';

function wasClosed(key: string | undefined): boolean {
  try {
    return !!key && sessionStorage.getItem(KEY + key) === '1';
  } catch {
    return false;
  }
}

export default function FloatingIcon({ props }: WidgetProps<Props>) {
  const { t, run } = useScreen();
  const [closed, setClosed] = useState(() => wasClosed(props.sessionKey));
  if (closed) return null;
  const label = t(props.label);
  const close = () => {
    setClosed(true);
    try {
      if (props.sessionKey) sessionStorage.setItem(KEY + props.sessionKey, '1');
    } catch {
      /* storage disabled: closed until the screen is left */
    }
  };
  return (
    <div
      className={`w-float w-float-${props.position ?? 'right'} w-float-${props.variant ?? 'primary'}`}
      style={{ bottom: `calc(${props.bottom ?? 150}px + env(safe-area-inset-bottom))` }}
      data-testid={props.testId}
    >
      <button type="button" className="w-float-main" aria-label={label} onClick={() => void run(props.onTap)}>
        {props.src ? (
          <img src={t(props.src)} alt="" width={56} height={56} />
        ) : props.variant === 'redpacket' ? (
          <span className="w-float-packet" aria-hidden="true">
            <span className="w-float-packet-seal">{props.icon ? <IconByName name={props.icon} /> : null}</span>
          </span>
        ) : (
          <IconByName name={props.icon} className="w-float-icon" />
        )}
        {props.caption && <span className="w-float-caption">{label}</span>}
      </button>
      {props.closable && (
        <button type="button" className="w-float-close" aria-label={props.closeLabel ? t(props.closeLabel) : undefined} onClick={close}>
          <IconByName name="close" />
        </button>
      )}
    </div>
  );
}
