import { useLocation, useNavigate } from 'react-router-dom';
import { optionsFrom } from '../../engine/options';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config, 'optionsFrom'>;

export default function DataTabs({ props }: WidgetProps<Props>) {
  const { scope, setState } = useScreen();
  const location = useLocation();
  const navigate = useNavigate();
  const entries = [
    ...(props.options ?? []).map((f) => ({ value: asText(f.value), label: asText(f.label) })),
    ...optionsFrom(props.optionsFrom, scope).map((o) => ({ value: asText(o.value), label: o.label })),
  ];
  const label = asText(props.label);
  const queryParam = asText(props.queryParam);
  const stateKey = asText(props.stateKey);
  const query = new URLSearchParams(location.search);
  const held = queryParam ? query.get(queryParam) : stateKey ? (scope.state as Record<string, unknown> | undefined)?.[stateKey] : null;
  const current = held !== null && held !== undefined && held !== '' ? String(held) : props.defaultValue !== undefined ? asText(props.defaultValue) : (entries[0]?.value ?? '');

  const choose = (value: string) => {
    if (value === current) return;
    if (queryParam) {
      query.set(queryParam, value);
      navigate({ pathname: location.pathname, search: `?${query.toString()}` }, { replace: true });
    } else if (stateKey) {
      setState(stateKey, value);
    }
  };

  if (entries.length === 0) return null;
  return (
    <div className={`w-datatabs ${props.sticky ? 'is-sticky' : ''}`} role="tablist" aria-label={label || undefined}>
      {entries.map((e) => (
        <button key={e.value} type="button" role="tab" aria-selected={e.value === current} className={`w-datatabs-tab ${e.value === current ? 'is-active' : ''}`} onClick={() => choose(e.value)}>
          {e.label}
        </button>
      ))}
    </div>
  );
}
