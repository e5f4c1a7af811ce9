/**
 * The reads the app starts with, named once for the session (src/store/session.ts, openApp in
 * src/shell/App.tsx) and for the build, which has index.html start the same reads before the app's
 * code has run (scripts/vite/preload-app.ts earlyReads, src/boot.ts): the client then takes their
 * replies instead of asking again (src/api/early.ts). Pure: the build imports it.
 */
import type { EndpointName } from '../api/catalogue';

export type Read = readonly [endpoint: EndpointName, payload: Record<string, unknown>];

/** On every route: the app's info, and with a token the member (an endpoint with `auth` is read only then). */
export const START_READS: readonly Read[] = [
  ['app', {}],
  ['user', {}],
];

/** The game lists by category: read once the app opens a screen that shows them (bindings reading `games`), not before. */
export const GAMES_READ: Read = ['gameList', { category: '' }];

/** The session reads an action of a screen's onEnter makes (src/engine/actions.ts): started early with the screen's own. */
export const ACTION_READS: Readonly<Record<string, readonly Read[]>> = {
  // refreshUser: loadUser() and refreshMoney()
  refreshUser: [
    ['user', {}],
    ['refreshusermoney', {}],
  ],
};
