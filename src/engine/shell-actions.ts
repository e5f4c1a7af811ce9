/**
 * Actions run by the shell (the top bar…), outside any screen: the same runActions as a screen's,
 * with a context whose scope is the session and the current location (no screen state, data or
 * reload; check:config refuses reload, setState and newCaptcha there) and whose navigation is
 * the router's. The shell keeps no player-typed state a late reply could spoil, so a list runs to
 * its end wherever the player has gone meanwhile.
 */
import { useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { asActions } from '../config/types';
import { session } from '../store/session';
import { runActions, type ActionContext } from './actions';
import type { Scope } from './bindings';
import { goBack } from './history';
import { placeScope, screenScope, type ScreenLocal } from './scope';

const NO_SCREEN: ScreenLocal = Object.freeze({ name: '', state: {}, data: {}, loading: {}, failed: {}, reloads: {}, lists: {}, place: placeScope('/', '') });

/** The scope of shell actions: the session (the live store: the values of now) and the location. */
export function shellScope(pathname: string, search: string): Scope {
  return screenScope(session, placeScope(pathname, search), NO_SCREEN);
}

/** `run(actions, extra)` for the shell's config (for example app.json topBar.recycle). */
export function useShellActions(): (actions: unknown, extra?: Scope) => Promise<boolean> {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  here.current = location;
  return useMemo(() => {
    const ctx: ActionContext = {
      scope: () => shellScope(here.current.pathname, here.current.search),
      navigate: (to, opts) => void navigate(to, opts),
      back: () => goBack(navigate),
      currentPath: () => here.current.pathname + here.current.search,
    };
    return (actions, extra = {}) => runActions(asActions(actions), ctx, extra);
  }, [navigate]);
}
