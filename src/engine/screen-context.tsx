/**
 * What a screen gives the widgets it draws (useScreen) and the contexts it gives it through: its
 * scope, its actions and its state. The screen renderer (screen.tsx) provides them; the widgets,
 * the form engine and the form's fields read them (a field loaded in a chunk of its own imports
 * this, not the renderer that loads it).
 */
import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { asCondition, type FormConfig } from '../config/types';
import { session } from '../store/session';
import { evalCondition, type Scope } from './bindings';
import type { ActionContext } from './actions';
import { placeOf, screenScope, withNames, type ListState, type ScreenLocal } from './scope';
import { text } from './text';

export interface ScreenApi {
  /** what bindings read; read during render, it subscribes the widget to what it read */
  scope: Scope;
  /** the scope's values of now, for event handlers and validation (a widget re-renders only for what it read) */
  now: () => Scope;
  /** run an action list from config; `extra` adds to the scope (item, reply, form…) */
  run: (actions: unknown, extra?: Scope) => Promise<boolean>;
  /** the text of a config string (@message keys and bindings), `extra` adds to the scope (item…): for templates, never for resolved props */
  text: (value: unknown, extra?: Scope) => string;
  /** whether a condition from config holds, `extra` adding to the scope (a filter per entry) */
  holds: (cond: unknown, extra?: Scope) => boolean;
  setState: (key: string, value: unknown) => void;
  reload: (source?: string) => void;
  /** a paged source's records so far (read during render, it subscribes the widget to them) */
  list: (source: string) => ListState | undefined;
  /** a data source whose first load is running or about to start (read during render, it subscribes the widget to it) */
  pending: (source: string) => boolean;
  /**
   * a data source whose load failed and has not succeeded since (data-sources.ts); `'here'`: only
   * where the widget showing it offers the retry (a quiet source: the screen's own retry,
   * FailedLoads, names the others)
   */
  failed: (source: string, where?: 'here') => boolean;
  /** a paged source's next page (data-sources.ts) */
  more: (source: string) => Promise<void>;
  /** a paged source's page 1 again (pull to refresh) */
  refresh: (source: string) => Promise<void>;
  forms: Map<string, FormConfig>;
  actionContext: ActionContext;
}

/** What a screen shares with its widgets; stable for the screen's life (no re-render through it). */
export interface ScreenShared {
  store: ScreenLocal;
  run: ScreenApi['run'];
  setState: ScreenApi['setState'];
  reload: ScreenApi['reload'];
  more: ScreenApi['more'];
  refresh: ScreenApi['refresh'];
  forms: ScreenApi['forms'];
  actionContext: ActionContext;
  /** the sources that load now (data-sources.ts `started`, of the last render) */
  started: () => string[];
  /** a source whose failure the screen does not announce (config `quiet`) */
  quiet: (source: string) => boolean;
}

export const ScreenContext = createContext<ScreenShared | null>(null);

/**
 * The pane a node is in (Tabs, SideTabs), for a form's draft keeper. A pane switched away from starts
 * again next time (it is unmounted, or with Tabs' `prerender` and `resetOnLeave` replaced by a fresh
 * one): a form in it starts empty, so its keeper drops the draft at the switch instead of keeping it
 * for the pane's next showing (/login: "toggling the mode resets all fields"). A pane that keeps its
 * state when hidden (`prerender` alone), a node outside any pane, or a screen left as a whole: no
 * signal (the draft is kept).
 */
export interface PaneSignal {
  /**
   * `fn(true)` when the pane is switched away from, `fn(false)` when it is switched back to, each in
   * the switch's own commit (before the pane is hidden or unmounted)
   */
  watch: (fn: (left: boolean) => void) => () => void;
}
const NOT_IN_A_PANE: PaneSignal = { watch: () => () => undefined };
export const PaneLeftContext = createContext<PaneSignal>(NOT_IN_A_PANE);

/**
 * For a switcher of panes: each pane's PaneLeftContext value (stable per key). `resets`: a pane
 * switched away from starts again (false: it keeps its state, and nothing is ever "left").
 */
export function usePaneLeft(active: string | undefined, resets = true): (key: string) => PaneSignal {
  const current = useRef(active);
  const panes = useRef(new Map<string, { signal: PaneSignal; watchers: Set<(left: boolean) => void> }>());
  const resetsNow = useRef(resets);
  resetsNow.current = resets;
  // in the switch's own commit: before the deferred render that hides or unmounts the pane left
  useLayoutEffect(() => {
    const before = current.current;
    current.current = active;
    if (before === active || !resetsNow.current) return;
    for (const key of [before, active]) {
      if (key !== undefined) panes.current.get(key)?.watchers.forEach((fn) => fn(key !== active));
    }
  }, [active]);
  return useCallback((key: string) => {
    let pane = panes.current.get(key);
    if (!pane) {
      const watchers = new Set<(left: boolean) => void>();
      const signal: PaneSignal = {
        watch: (fn) => {
          watchers.add(fn);
          return () => void watchers.delete(fn);
        },
      };
      pane = { signal, watchers };
      panes.current.set(key, pane);
    }
    return pane.signal;
  }, []);
}
export const ItemScopeContext = createContext<Scope>({});

export function useScreen(): ScreenApi {
  const shared = useContext(ScreenContext);
  if (!shared) throw new Error('useScreen outside a screen');
  const extra = useContext(ItemScopeContext);
  const local = useSnapshot(shared.store) as ScreenLocal;
  const sess = useSnapshot(session);
  // valtio re-renders a component that read nothing of a snapshot on any change: read one
  // value that does not change (or, for the session, rarely), so a widget that reads nothing
  // of the screen's state re-renders for nothing
  void local.name;
  void sess.token;
  return useMemo(() => {
    // the location through the store too: a widget re-renders for the part of it it read
    const scope = screenScope(sess, placeOf(local), local, extra);
    const hasExtra = Object.keys(extra).length > 0;
    const textOf = (value: unknown, more: Scope = {}) => text(value, withNames(scope, more));
    return {
      scope,
      now: () => withNames(shared.actionContext.scope(), extra),
      run: hasExtra ? (actions: unknown, more: Scope = {}) => shared.run(actions, { ...extra, ...more }) : shared.run,
      text: textOf,
      holds: (cond: unknown, more: Scope = {}) => evalCondition(asCondition(cond), withNames(scope, more)),
      setState: shared.setState,
      reload: shared.reload,
      list: (source: string) => (Object.prototype.hasOwnProperty.call(local.lists, source) ? local.lists[source] : undefined),
      pending: (source: string) => shared.started().includes(source) && local.loading[source] !== false,
      failed: (source: string, where?: 'here') => local.failed[source] === true && local.loading[source] === false && (where !== 'here' || shared.quiet(source)),
      more: shared.more,
      refresh: shared.refresh,
      forms: shared.forms,
      actionContext: shared.actionContext,
    };
  }, [shared, extra, local, sess]);
}

/** Children rendered with more names in scope (for example `item` in a list). */
export function ScopeProvider({ extra, children }: { extra: Scope; children: ReactNode }) {
  const parent = useContext(ItemScopeContext);
  const value = useMemo(() => ({ ...parent, ...extra }), [parent, extra]);
  return <ItemScopeContext.Provider value={value}>{children}</ItemScopeContext.Provider>;
}
