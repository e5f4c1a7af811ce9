import { useId, useState, type KeyboardEvent } from 'react';
import { evalCondition } from '../../engine/bindings';
import { IconByName } from '../../engine/icons';
import type { WidgetProps } from '../../engine/registry';
import { Nodes, useScreen } from '../../engine/screen';
import { asCondition } from '../../config/types';
import type { Props } from './schema';
import './style.css';

export default function SideTabs({ props }: WidgetProps<Props>) {
  const { t, scope, setState } = useScreen();
  const id = useId();
  const tabs = props.tabs.filter((tab) => evalCondition(asCondition(tab.when), scope));
  const [local, setLocal] = useState(props.defaultKey ?? tabs[0]?.key);
  const fromState = props.stateKey ? (scope.state as Record<string, unknown> | undefined)?.[props.stateKey] : undefined;
  const wanted = fromState !== undefined && fromState !== null && fromState !== '' ? String(fromState) : local;
  const active = tabs.find((tab) => tab.key === wanted) ?? tabs[0];

  const choose = (key: string) => {
    setLocal(key);
    if (props.stateKey) setState(props.stateKey, key);
  };
  // arrow keys move between tabs (WAI-ARIA tabs pattern, vertical)
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const i = tabs.findIndex((tab) => tab.key === active?.key);
    const next = tabs[(i + (e.key === 'ArrowDown' ? 1 : tabs.length - 1)) % tabs.length];
    choose(next.key);
    document.getElementById(`${id}-tab-${next.key}`)?.focus();
  };

  return (
    <div className="w-sidetabs">
      <div className="w-sidetabs-list" role="tablist" aria-orientation="vertical" aria-label={props.label ? t(props.label) : undefined} onKeyDown={onKey}>
        {tabs.map((tab) => {
          const on = tab.key === active?.key;
          return (
            <button
              key={tab.key}
              id={`${id}-tab-${tab.key}`}
              type="button"
              role="tab"
              aria-selected={on}
              aria-controls={`${id}-pane`}
              tabIndex={on ? 0 : -1}
              className={`w-sidetabs-tab ${on ? 'is-active' : ''}`}
              onClick={() => choose(tab.key)}
              data-testid={tab.testId}
            >
              {tab.icon && <IconByName name={tab.icon} className="w-sidetabs-icon" />}
              <span>{t(tab.title)}</span>
            </button>
          );
        })}
      </div>
      <div className="w-sidetabs-pane" id={`${id}-pane`} role="tabpanel" aria-labelledby={active ? `${id}-tab-${active.key}` : undefined} key={active?.key}>
        {active && <Nodes nodes={active.children} />}
      </div>
    </div>
  );
}
