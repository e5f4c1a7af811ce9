import { useLocation, useNavigate } from 'react-router-dom';
import { Tabs as AdmTabs } from 'antd-mobile';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { Nodes, useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

export default function Tabs({ props }: WidgetProps<Props>) {
  const { scope, setState } = useScreen();
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = props.tabs.map((tab) => ({ ...tab, key: asText(tab.key) }));
  const queryParam = asText(props.queryParam);
  const stateKey = asText(props.stateKey);
  const query = new URLSearchParams(location.search);
  const fromSource = queryParam ? query.get(queryParam) : stateKey ? String((scope.state as Record<string, unknown>)?.[stateKey] ?? '') : null;
  const active = tabs.find((tab) => tab.key === fromSource)?.key ?? (props.defaultKey !== undefined ? asText(props.defaultKey) : tabs[0]?.key);

  const change = (key: string) => {
    if (queryParam) {
      query.set(queryParam, key);
      navigate({ pathname: location.pathname, search: `?${query.toString()}` }, { replace: true });
    } else if (stateKey) {
      setState(stateKey, key);
    }
  };
  const pane = tabs.find((tab) => tab.key === active);

  return (
    <div className={`w-tabs w-tabs-${props.variant ?? 'line'} ${props.sticky ? 'is-sticky' : ''}`}>
      <AdmTabs activeKey={active} onChange={change}>
        {tabs.map((tab) => (
          <AdmTabs.Tab key={tab.key} title={asText(tab.title)} />
        ))}
      </AdmTabs>
      <div className="w-tabs-pane" key={active}>
        {pane && <Nodes nodes={pane.children} />}
      </div>
    </div>
  );
}
