import { useRef, useState } from 'react';
import { Button as AdmButton } from 'antd-mobile';
import { IconByName } from '../../engine/icons';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

export default function Button({ props }: WidgetProps<Props>) {
  const { run, holds } = useScreen();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const disabled = props.disabledWhen ? holds(props.disabledWhen) : false;
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
  const label = asText(props.text);
  if (props.variant === 'link') {
    return (
      <button type="button" className="w-link" onClick={() => void onClick()} disabled={busy || disabled} data-testid={asText(props.testId) || undefined}>
        {props.icon ? <IconByName name={asText(props.icon)} /> : null}
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
      data-testid={asText(props.testId) || undefined}
    >
      {props.icon ? <IconByName name={asText(props.icon)} /> : null} {label}
    </AdmButton>
  );
}
