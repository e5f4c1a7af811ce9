import { useRef, useState } from 'react';
import { Button as AdmButton } from 'antd-mobile';
import { evalCondition } from '../../engine/bindings';
import { IconByName } from '../../engine/icons';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asCondition } from '../../config/types';
import type { Props } from './schema';
import './style.css';

export default function Button({ props }: WidgetProps<Props>) {
  const { t, run, scope } = useScreen();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const disabled = props.disabledWhen ? evalCondition(asCondition(props.disabledWhen), scope) : false;
  const onClick = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await run(props.onTap);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  const label = t(props.text);
  if (props.variant === 'link') {
    return (
      <button type="button" className="w-link" onClick={() => void onClick()} disabled={busy || disabled} data-testid={props.testId}>
        {props.icon && <IconByName name={props.icon} />}
        {label}
      </button>
    );
  }
  return (
    <AdmButton
      className={`w-button w-button-${props.variant ?? 'primary'}`}
      color={props.variant === 'danger' ? 'danger' : props.variant === 'default' || props.variant === 'ghost' ? 'default' : 'primary'}
      fill={props.variant === 'ghost' ? 'outline' : 'solid'}
      size={props.size ?? 'large'}
      block={props.block ?? true}
      loading={busy}
      disabled={busy || disabled}
      onClick={() => void onClick()}
      data-testid={props.testId}
    >
      {props.icon && <IconByName name={props.icon} />} {label}
    </AdmButton>
  );
}
