/**
 * Tabs: a tab list over the active tab's pane. The list is ours, not antd-mobile's Tabs: that one
 * animates its ink bar and scroll with react-spring, about 19 KB gzipped, more than the whole
 * login form (/login opens on these tabs). Here the ink bar is the active title's own
 * underline (CSS), and a list wider than the screen scrolls the active tab into view. As antd-
 * mobile's: role tablist/tab, arrow keys move between tabs, the active tab is the one in the tab order.
 */
import { startTransition, useDeferredValue, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { Nodes, PaneLeftContext, usePaneLeft, useScreen } from '../../engine/screen';
import { useChoice } from '../../engine/choice';
import { whenIdle } from '../../engine/idle';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

export default function Tabs({ props }: WidgetProps<Props>) {
  const { scope, setState } = useScreen();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabs = props.tabs.map((tab) => ({ ...tab, key: asText(tab.key) }));
  const queryParam = asText(props.queryParam);
  const stateKey = asText(props.stateKey);
  const query = new URLSearchParams(location.search);
  const fromSource = queryParam ? query.get(queryParam) : stateKey ? String((scope.state as Record<string, unknown>)?.[stateKey] ?? '') : null;
  // the tab is shown at once; the address (or the screen's state) follows after the tap's paint
  const [shownKey, choose] = useChoice(fromSource, (key) => {
    if (queryParam) {
      query.set(queryParam, key);
      navigate({ pathname: location.pathname, search: `?${query.toString()}` }, { replace: true });
    } else if (stateKey) {
      setState(stateKey, key);
    }
  });
  const active = tabs.find((tab) => tab.key === shownKey)?.key ?? (props.defaultKey !== undefined ? asText(props.defaultKey) : tabs[0]?.key);
  const index = tabs.findIndex((tab) => tab.key === active);
  const change = (key: string) => {
    if (key !== active) choose(key);
  };

  // a list wider than the screen: the active tab in view, centred where it can be
  useLayoutEffect(() => {
    const el = list.current;
    const tab = el?.children[index] as HTMLElement | undefined;
    if (!el || !tab || el.scrollWidth <= el.clientWidth) return;
    el.scrollLeft = tab.offsetLeft - (el.clientWidth - tab.offsetWidth) / 2;
  }, [index]);

  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step || !tabs.length) return;
    e.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    change(tabs[next].key);
    (list.current?.children[next] as HTMLElement | undefined)?.focus();
  };
  // the tab list answers the tap at once; the pane it opens renders just after, without holding
  // that answer back (a deferred render React can interrupt: a form of seven fields, ten messages)
  const paneKey = useDeferredValue(active);
  // `prerender`: every pane rendered hidden once the browser is idle, so that a switch only shows one
  const [everyPane, setEveryPane] = useState(false);
  useEffect(() => {
    if (!props.prerender) return;
    return whenIdle(() => startTransition(() => setEveryPane(true)), 2000, 500);
  }, [props.prerender]);
  // the pane shown is the deferred one too: the tap paints the tab list first; a pane rendered ahead
  // only changes from hidden to shown in the render just after (its rows are not rendered then)
  const shown = tabs.some((tab) => tab.key === paneKey) ? paneKey : tabs[index]?.key;
  const panes = everyPane ? tabs : tabs.filter((tab) => tab.key === shown);
  // a pane switched away from starts again (unmounted; with `resetOnLeave`, replaced): its forms
  // drop their drafts at the switch (they start empty again)
  const resets = !props.prerender || !!props.resetOnLeave;
  const paneLeft = usePaneLeft(active, resets);
  const generation = usePaneGenerations(shown, everyPane && resets);

  return (
    <div className={`w-tabs w-tabs-${props.variant ?? 'line'} ${props.sticky ? 'is-sticky' : ''}`}>
      <div className="w-tabs-header">
        <div className="w-tabs-list" role="tablist" ref={list} onKeyDown={onKeyDown}>
          {tabs.map((tab, i) => (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`${id}-${i}`}
              aria-selected={i === index}
              aria-controls={i === index ? `${id}-pane-${tab.key}` : undefined}
              tabIndex={i === index ? 0 : -1}
              className={`w-tabs-tab ${i === index ? 'is-active' : ''}`}
              onClick={() => change(tab.key)}
            >
              <span className="w-tabs-title">{asText(tab.title)}</span>
            </button>
          ))}
        </div>
      </div>
      {panes.map((pane) => (
        <div
          className="w-tabs-pane"
          key={`${pane.key}:${generation(pane.key)}`}
          role="tabpanel"
          id={`${id}-pane-${pane.key}`}
          hidden={panes.length > 1 && pane.key !== shown}
          aria-labelledby={`${id}-${tabs.indexOf(pane)}`}
        >
          <PaneLeftContext.Provider value={paneLeft(pane.key)}>
            <Nodes nodes={pane.children} />
          </PaneLeftContext.Provider>
        </div>
      ))}
    </div>
  );
}

/**
 * `resetOnLeave` with `prerender`: a pane shown and then switched away from is replaced by a fresh
 * one (a new generation: remounted, hidden) once the browser is idle, so that it starts again as an
 * unmounted pane would, and a switch back still only shows it. Switched back to before that, it is
 * replaced in the render that shows it. The generation of each pane, for its React key.
 */
function usePaneGenerations(shown: string | undefined, on: boolean): (key: string) => number {
  const [generations, setGenerations] = useState<Readonly<Record<string, number>>>({});
  const [used, setUsed] = useState<readonly string[]>([]);
  const before = useRef(shown);
  useEffect(() => {
    const left = before.current;
    before.current = shown;
    if (on && left !== undefined && left !== shown) setUsed((u) => (u.includes(left) ? u : [...u, left]));
  }, [shown, on]);
  useEffect(() => {
    if (!used.length) return;
    return whenIdle(
      () =>
        startTransition(() => {
          setGenerations((g) => Object.fromEntries([...Object.entries(g), ...used.map((key) => [key, (g[key] ?? 0) + 1] as const)]));
          setUsed([]);
        }),
      2000,
      500,
    );
  }, [used]);
  return (key) => (generations[key] ?? 0) + (key === shown && used.includes(key) ? 1 : 0);
}
