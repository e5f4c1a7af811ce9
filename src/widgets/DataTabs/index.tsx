import { useLocation, useNavigate } from 'react-router-dom';
import { resolve } from '../../engine/bindings';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

export default function DataTabs({ props }: WidgetProps<Props>) {
  const { scope, t, setState } = useScreen();
  const location = useLocation();
  const navigate = useNavigate();
  const raw = props.options ? resolve(props.options, scope) : [];
  const entries = [
    ...(props.fixed ?? []).map((f) => ({ value: f.value, label: t(f.label) })),
    ...(Array.isArray(raw) ? raw : []).map((item: unknown) => ({
      value: t(props.optionValue ?? '{{item}}', { item }),
      label: t(props.optionLabel ?? '{{item}}', { item }),
    })),
  ];
  const query = new URLSearchParams(location.search);
  const held = props.queryParam ? query.get(props.queryParam) : props.stateKey ? (scope.state as Record<string, unknown> | undefined)?.[props.stateKey] : null;
  const current = held !== null && held !== undefined && held !== '' ? String(held) : (props.defaultValue ?? entries[0]?.value ?? '');

  const choose = (value: string) => {
    if (value === current) return;
    if (props.queryParam) {
      query.set(props.queryParam, value);
      navigate({ pathname: location.pathname, search: `?${query.toString()}` }, { replace: true });
    } else if (props.stateKey) {
      setState(props.stateKey, value);
    }
  };

  if (entries.length === 0) return null;
  return (
    <div className={`w-datatabs ${props.sticky ? 'is-sticky' : ''}`} role="tablist" aria-label={props.label ? t(props.label) : undefined}>
      {entries.map((e) => (
        <button key={e.value} type="button" role="tab" aria-selected={e.value === current} className={`w-datatabs-tab ${e.value === current ? 'is-active' : ''}`} onClick={() => choose(e.value)}>
          {e.label}
        </button>
      ))}
    </div>
  );
}
