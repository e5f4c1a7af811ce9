/**
 * "Back" that never leaves the app: react-router keeps the position inside the app in
 * history.state.idx; at 0 (a page opened directly or from outside) back goes home instead.
 */
import type { NavigateFunction } from 'react-router-dom';

export function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** The one back of the app: the header arrow, the `back` action and a blocked route all use it. */
export function goBack(navigate: NavigateFunction) {
  if (canGoBack()) void navigate(-1);
  else void navigate('/', { replace: true });
}
