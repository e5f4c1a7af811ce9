import { useId, useRef, useState } from 'react';
import { Switch as AdmSwitch } from 'antd-mobile';
import { truthy } from '../../engine/bindings';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config, 'onChange'>;

export default function Switch({ props }: WidgetProps<Props>) {
  const { run } = useScreen();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const id = useId();
  const checked = truthy(props.checked);
  const description = asText(props.description);
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
          {asText(props.label)}
        </span>
        {description && <span className="w-switch-description">{description}</span>}
      </span>
      <span data-testid={asText(props.testId) || undefined} data-checked={checked ? '1' : '0'}>
        <AdmSwitch checked={checked} loading={busy} disabled={busy} onChange={(on) => void change(on)} aria-labelledby={`${id}-label`} />
      </span>
    </div>
  );
}
