/**
 * Session state (valtio): the token and the user entity (sessionStorage: personal data lives only
 * as long as the tab), app info and the per-category game lists (cached on the device in
 * localStorage, nothing personal), and the balance poll (src/engine/poll.ts: one at a time,
 * paused while hidden or offline, backing off while the backend fails). Its loads are shared
 * reads: a screen asking for the same call at the same moment gets the same request.
 */
import { proxy } from 'valtio';
import { callShared } from '../api/client';
import type { AppInfo, Game, User, VenueBalance } from '../api/types';
import { constants } from '../config';
import { outcomeOf, startPoll, type Outcome } from '../engine/poll';
import { DEVICE_KEYS } from '../responsible/keys';
import { TOKEN_KEY } from '../api/request';
import { REUSE_TTL_MS } from '../api/reuse';
import { GAMES_READ } from './start-reads';

const USER_KEY = 'userInfo';
const APP_KEY = 'appInfo';
const GAMES_KEY = 'gameLists';

function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: unknown) {
  try {
    if (value === null || value === undefined) storage.removeItem(key);
    else storage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    /* storage full or disabled: the app keeps working from memory */
  }
}

export interface SessionState {
  token: string | null;
  user: User | null;
  app: AppInfo | null;
  /**
   * false until this start's app info has answered (or failed): `app` until then is what the device
   * cached, which may be an old switch; a route that needs a switch waits for it (src/shell/guards.ts)
   */
  appSettled: boolean;
  /** game lists per category_id */
  games: Record<string, Game[]>;
  venues: VenueBalance[];
  /** true while the top bar's refresh is in flight */
  refreshing: boolean;
}

// Builds before this rule kept the user entity in localStorage: drop what they left behind.
write(localStorage, USER_KEY, null);

export const session = proxy<SessionState>({
  token: sessionStorage.getItem(TOKEN_KEY),
  user: readJson<User>(sessionStorage, USER_KEY),
  app: readJson<AppInfo>(localStorage, APP_KEY),
  appSettled: false,
  games: readJson<Record<string, Game[]>>(localStorage, GAMES_KEY) ?? {},
  venues: [],
  refreshing: false,
});

/** current_vip holds the level after a "P" (e.g. "VIP3"): kept as user.vip; else the level the Laravel original sends as vip */
function withVip(user: User): User {
  const m = /P(\d+)/i.exec(String(user.current_vip ?? ''));
  const sent = Number(user.vip);
  return { ...user, vip: m ? Number(m[1]) : Number.isInteger(sent) && sent > 0 ? sent : 0 };
}

export function setUser(user: User | null) {
  session.user = user ? withVip(user) : null;
  write(sessionStorage, USER_KEY, session.user);
}

async function readUser(): Promise<boolean> {
  const r = await callShared('user', {}, { quiet: true });
  if (r.ok && r.data) setUser(r.data);
  return r.ok;
}

/**
 * The member's read the app starts with (openApp; index.html's early read answers it, src/api/early.ts)
 * also answers the next ask within REUSE_TTL_MS of its start (the policy of src/api/reuse.ts): the first screen's own (an onEnter
 * refreshUser, /mine's) comes after that reply on a far network, too late to share its request,
 * and would read the member a second time. Taken once; a later ask reads afresh.
 */
let startRead: { at: number; read: Promise<boolean> } | null = null;

/** openApp: the member, read once for the start and the first screen that asks */
export function loadUserAtStart(): void {
  startRead = { at: Date.now(), read: readUser() };
}

export function loadUser(): Promise<boolean> {
  const start = startRead;
  startRead = null;
  if (start && Date.now() - start.at <= REUSE_TTL_MS) return start.read;
  return readUser();
}

/** refreshusermoney: balances and venue list, kept in the cached user info */
export async function refreshMoney(): Promise<boolean> {
  session.refreshing = true;
  try {
    const r = await callShared('refreshusermoney');
    if (r.ok && r.data) {
      // partial ({balance, gameblance, list}) or the whole user: merge what came, never drop a cached field
      const { list, ...got } = r.data;
      const present = Object.fromEntries(Object.entries(got).filter(([, v]) => v !== undefined && v !== null));
      if (session.user) setUser({ ...session.user, ...present });
      if (Array.isArray(list)) session.venues = list;
    }
    return r.ok;
  } finally {
    session.refreshing = false;
  }
}

export async function loadAppInfo(): Promise<void> {
  const r = await callShared('app', {}, { quiet: true });
  if (r.ok && r.data) {
    session.app = r.data;
    write(localStorage, APP_KEY, r.data);
  }
  // a failure leaves the cached info (or none) to decide: the backend still refuses what is closed
  session.appSettled = true;
}

export async function loadGames(): Promise<void> {
  const r = await callShared('gameList', GAMES_READ[1], { quiet: true });
  if (r.ok && Array.isArray(r.data)) {
    const byCategory: Record<string, Game[]> = {};
    for (const g of r.data) (byCategory[g.category_id] ??= []).push(g);
    session.games = byCategory;
    write(localStorage, GAMES_KEY, byCategory);
  }
}

let gamesAsked = false;
/**
 * The game lists, read once per start of the app when the first screen that shows them opens
 * (home; the build's screen index knows which: src/engine/preload.ts). A screen that does not show
 * them never asks; until they come, the lists the
 * device cached are shown.
 */
export function ensureGames(): void {
  if (gamesAsked) return;
  gamesAsked = true;
  void loadGames();
}

let stopPoll: (() => void) | null = null;

async function pollBalance(): Promise<Outcome> {
  if (!session.token) return 'stop';
  const r = await callShared('balance', {}, { quiet: true, silentAuth: true });
  if (r.ok && r.data && session.user && typeof r.data.balance === 'number') {
    if (session.user.balance !== r.data.balance) setUser({ ...session.user, balance: r.data.balance });
  }
  return outcomeOf(r);
}

/** The balance poll: every balancePollMs while logged in (a 401 signs out and ends it). */
export function startBalancePoll() {
  stopBalancePoll();
  stopPoll = startPoll({ every: constants.balancePollMs, run: pollBalance });
}

export function stopBalancePoll() {
  stopPoll?.();
  stopPoll = null;
}

/** Login or register success: keep the token, load the user, start polling. */
export async function signIn(token: string): Promise<void> {
  session.token = token;
  write(sessionStorage, TOKEN_KEY, token);
  startRead = null; // the new member's, never the start's
  await readUser();
  startBalancePoll();
}

/** Clear every stored item and stop polling (logout, 401, password change). */
export function clearSession() {
  stopBalancePoll();
  startRead = null;
  session.token = null;
  session.user = null;
  session.venues = [];
  try {
    // device settings (responsible play's choices) are not session data: they stay
    const keep = DEVICE_KEYS.map((k) => [k, localStorage.getItem(k)] as const);
    sessionStorage.clear();
    localStorage.clear();
    for (const [k, v] of keep) if (v !== null) localStorage.setItem(k, v);
  } catch {
    /* nothing stored */
  }
}

export function getToken(): string | null {
  return session.token;
}
