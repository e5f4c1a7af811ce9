import { useId, useRef, useState } from 'react';
import { Switch as AdmSwitch } from 'antd-mobile';
import { resolve, truthy } from '../../engine/bindings';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

export default function Switch({ props }: WidgetProps<Props>) {
  const { scope, t, run } = useScreen();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const id = useId();
  const checked = truthy(resolve(props.checked, scope));
  const change = async (on: boolean) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await run(props.onChange, { value: on ? 1 : 0 });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return (
    <div className="w-switch">
      <span className="w-switch-text">
        <span className="w-switch-label" id={`${id}-label`}>
          {t(props.label)}
        </span>
        {props.description && <span className="w-switch-description">{t(props.description)}</span>}
      </span>
      <span data-testid={props.testId} data-checked={checked ? '1' : '0'}>
        <AdmSwitch checked={checked} loading={busy} disabled={busy} onChange={(on) => void change(on)} aria-labelledby={`${id}-label`} />
      </span>
    </div>
  );
}
