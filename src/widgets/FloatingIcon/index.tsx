import { useState } from 'react';
import { IconByName } from '../../engine/icons';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config, 'onTap'>;

const KEY = 'closed:';

function wasClosed(key: string | undefined): boolean {
  try {
    return !!key && sessionStorage.getItem(KEY + key) === '1';
  } catch {
    return false;
  }
}

export default function FloatingIcon({ props }: WidgetProps<Props>) {
  const { run } = useScreen();
  const sessionKey = asText(props.sessionKey);
  const [closed, setClosed] = useState(() => wasClosed(sessionKey));
  if (closed) return null;
  const label = asText(props.label);
  const close = () => {
    setClosed(true);
    try {
      if (sessionKey) sessionStorage.setItem(KEY + sessionKey, '1');
    } catch {
      /* storage disabled: closed until the screen is left */
    }
  };
  return (
    <div
      className={`w-float w-float-${props.position ?? 'right'} w-float-${props.variant ?? 'primary'}`}
      style={{ bottom: `calc(${props.bottom ?? 150}px + env(safe-area-inset-bottom))` }}
      data-testid={asText(props.testId) || undefined}
    >
      <button type="button" className="w-float-main" aria-label={label} onClick={() => void run(props.onTap)}>
        {props.src ? (
          <img src={asText(props.src)} alt="" width={56} height={56} />
        ) : props.variant === 'redpacket' ? (
          <span className="w-float-packet" aria-hidden="true">
            <span className="w-float-packet-seal">{props.icon ? <IconByName name={asText(props.icon)} /> : null}</span>
          </span>
        ) : (
          <IconByName name={asText(props.icon)} className="w-float-icon" />
        )}
        {props.caption && <span className="w-float-caption">{label}</span>}
      </button>
      {props.closable && (
        <button type="button" className="w-float-close" aria-label={asText(props.closeLabel) || undefined} onClick={close}>
          <IconByName name="close" />
        </button>
      )}
    </div>
  );
}
