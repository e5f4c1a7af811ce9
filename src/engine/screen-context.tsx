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
 * Whether the pane a node is in has been switched away from (Tabs, SideTabs): a switch remounts the
 * pane and a form in it starts empty again, so the form's draft keeper drops its draft instead of
 * keeping it for the pane's next showing (/login: "toggling the mode resets all fields"). Outside a
 * pane, and when the whole screen leaves: false (the draft is kept).
 */
export const PaneLeftContext = createContext<() => boolean>(() => false);

/** for a switcher of panes: each pane's PaneLeftContext value (stable per key), true once `active` is another pane */
export function usePaneLeft(active: string | undefined): (key: string) => () => boolean {
  const current = useRef(active);
  // in the switch's own commit: before the deferred render that unmounts the pane left
  useLayoutEffect(() => {
    current.current = active;
  }, [active]);
  const byKey = useRef(new Map<string, () => boolean>());
  return useCallback((key: string) => {
    let left = byKey.current.get(key);
    if (!left) {
      left = () => current.current !== key;
      byKey.current.set(key, left);
    }
    return left;
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
