/**
 * Route guards of SPEC.md section 2, as a pure decision so it is testable:
 * an app switch that must be on (@redpacket.closed; decided on this start's app info, not on what
 * the device cached: until it answers the route waits and calls nothing), then the token rules (redirect with the full
 * path, plain /login, or confirm-then-login).
 */
import type { RouteConfig } from '../config/types';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'wait' }
  | { kind: 'blocked'; message: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'confirmLogin'; to: string };

export function decideGuard(
  route: RouteConfig,
  fullPath: string,
  token: string | null,
  app: Record<string, unknown> | null,
  appSettled = true,
): GuardDecision {
  if (route.requireApp) {
    if (!appSettled) return { kind: 'wait' };
    if (app && Number(app[route.requireApp.field]) === 0) return { kind: 'blocked', message: route.requireApp.message };
  }
  const needsLogin = route.auth || route.guard === 'confirmLogin';
  if (!needsLogin || token) return { kind: 'allow' };
  const withRedirect = `/login?redirect=${encodeURIComponent(fullPath)}`;
  switch (route.guard) {
    case 'login':
      return { kind: 'redirect', to: '/login' };
    case 'confirmLogin':
      return { kind: 'confirmLogin', to: withRedirect };
    default:
      return { kind: 'redirect', to: withRedirect };
  }
}
