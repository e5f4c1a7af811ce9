import { useDeferredValue, useId, type KeyboardEvent } from 'react';
import { useChoice } from '../../engine/choice';
import { IconByName } from '../../engine/icons';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { Nodes, PaneLeftContext, usePaneLeft, useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

export default function SideTabs({ props }: WidgetProps<Props>) {
  const { scope, setState } = useScreen();
  const id = useId();
  const tabs = props.tabs.map((tab) => ({ ...tab, key: asText(tab.key) }));
  const stateKey = asText(props.stateKey);
  const label = asText(props.label);
  const fromState = stateKey ? (scope.state as Record<string, unknown> | undefined)?.[stateKey] : undefined;
  const kept = fromState !== undefined && fromState !== null && fromState !== '' ? String(fromState) : null;
  // the category is shown at once; the screen's state follows after the tap's paint
  const [shown, choose] = useChoice(kept, (key) => {
    if (stateKey) setState(stateKey, key);
  });
  const wanted = shown ?? (props.defaultKey !== undefined ? asText(props.defaultKey) : tabs[0]?.key);
  const active = tabs.find((tab) => tab.key === wanted) ?? tabs[0];
  // the list answers the tap at once; the pane (a grid of pictures) renders just after, without holding it back
  const paneKey = useDeferredValue(active?.key);
  const pane = tabs.find((tab) => tab.key === paneKey) ?? active;
  // the pane switched away from is unmounted: its forms drop their drafts (they start empty again)
  const paneLeft = usePaneLeft(active?.key);

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
      <div className="w-sidetabs-list" role="tablist" aria-orientation="vertical" aria-label={label || undefined} onKeyDown={onKey}>
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
              data-testid={asText(tab.testId) || undefined}
            >
              {tab.icon ? <IconByName name={asText(tab.icon)} className="w-sidetabs-icon" /> : null}
              <span>{asText(tab.title)}</span>
            </button>
          );
        })}
      </div>
      <div className="w-sidetabs-pane" id={`${id}-pane`} role="tabpanel" aria-labelledby={active ? `${id}-tab-${active.key}` : undefined} key={pane?.key}>
        {pane && (
          <PaneLeftContext.Provider value={paneLeft(pane.key)}>
            <Nodes nodes={pane.children} />
          </PaneLeftContext.Provider>
        )}
      </div>
    </div>
  );
}
