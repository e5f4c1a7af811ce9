import { useLocation, useNavigate } from 'react-router-dom';
import { Tabs as AdmTabs } from 'antd-mobile';
import { evalCondition } from '../../engine/bindings';
import type { WidgetProps } from '../../engine/registry';
import { Nodes, useScreen } from '../../engine/screen';
import { asCondition } from '../../config/types';
import type { Props } from './schema';
import './style.css';

export default function Tabs({ props }: WidgetProps<Props>) {
  const { t, scope, setState } = useScreen();
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = props.tabs.filter((tab) => evalCondition(asCondition(tab.when), scope));
  const query = new URLSearchParams(location.search);
  const fromSource = props.queryParam ? query.get(props.queryParam) : props.stateKey ? String((scope.state as Record<string, unknown>)?.[props.stateKey] ?? '') : null;
  const active = tabs.find((tab) => tab.key === fromSource)?.key ?? props.defaultKey ?? tabs[0]?.key;

  const change = (key: string) => {
    if (props.queryParam) {
      query.set(props.queryParam, key);
      navigate({ pathname: location.pathname, search: `?${query.toString()}` }, { replace: true });
    } else if (props.stateKey) {
      setState(props.stateKey, key);
    }
  };
  const pane = tabs.find((tab) => tab.key === active);

  return (
    <div className={`w-tabs w-tabs-${props.variant ?? 'line'} ${props.sticky ? 'is-sticky' : ''}`}>
      <AdmTabs activeKey={active} onChange={change}>
        {tabs.map((tab) => (
          <AdmTabs.Tab key={tab.key} title={t(tab.title)} />
        ))}
      </AdmTabs>
      <div className="w-tabs-pane" key={active}>
        {pane && <Nodes nodes={pane.children} />}
      </div>
    </div>
  );
}
