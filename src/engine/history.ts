/**
 * "Back" that never leaves the app: react-router keeps the position inside the app in
 * history.state.idx; at 0 (a page opened directly or from outside) back goes home instead.
 */
export function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export function goBack(navigate: (to: string | number, opts?: { replace?: boolean }) => void) {
  if (canGoBack()) navigate(-1);
  else navigate('/', { replace: true });
}
