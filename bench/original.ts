/**
 * The Vue original, measured here: BENCH_ORIGINAL=DIR names a production build of the
 * Vue 2 client the spec was written from (vant 2, vue-router 3 in hash mode, axios calling /api on
 * its own origin); the bench serves it with the same mock on a port of its own and runs the same
 * taps on its screens, in turns with ours and the floor's (bench/interactions.ts: fresh page, real
 * touch, CPU 4x, Event Timing, median of 5). This file is the original's side of the table: where
 * each tap of SPECS is on its screens, and what the mock must answer for it. How to build it:
 * docs/BENCH.md.
 *
 * The taps, by the name of ours (the same routes, member or not, the same keys typed):
 * - home: its sidebar's 电子, from 真人 (its first category, selected on load)
 * - the side menu: the menu icon on the banner; a vant Popup from the left
 * - the announcement popup: a tap on the scrolling announcement bar (vant NoticeBar), which opens
 *   the announcement in a modal
 * - /login: 登录 on the empty form (vant's Notify says 请输入您的账号和密码！), typing into 用户名,
 *   注册新用户 (the register form)
 * - /transRecord: its type is a chip (存款) that opens a picker; the chip is tapped first (before the
 *   CPU is throttled, not measured) and the measured tap is the picker's 取款
 * - /message: the tab 站内信 (its rows were fetched when the screen opened)
 * - /mine: the refresh icon of 中心钱包 (it reads /api/user)
 */
import type { Done, Spec, Target, Where } from './interactions';
import { SEED } from './lib';

/** the original's version of a tap: where to tap, what says it answered, when its screen is up */
interface OriginalTap {
  target: Where;
  done: Done;
  ready: Where;
  before?: Where[];
  shows?: string;
}

/** every tap of SPECS by name (null: the original has no such tap); a name missing here is an error */
export const ORIGINAL_TAPS: Record<string, OriginalTap | null> = {
  'home: game category 真人 to 电子': {
    target: { selector: '.lfst .ls', text: '电子' },
    done: { selector: '.lfst .ls.active', text: '电子' },
    ready: { selector: '.van-notice-bar__content span' },
    shows: '.rigts img[src*="/concise/obgdy"]',
  },
  'home: side menu': {
    target: { selector: '.homeHeder .leftImg' },
    done: { selector: '.leftbox' },
    ready: { selector: '.van-notice-bar__content span' },
    shows: '.leftbox',
  },
  'home: announcement popup': {
    // the bar scrolls: the point must be on an announcement when it is tapped
    target: { selector: '.van-notice-bar__wrap', hit: '.van-notice-bar__content span' },
    done: { selector: '.domainModal_domainView__FWCzg' },
    ready: { selector: '.van-notice-bar__content span' },
    shows: '.domainModal_domainView__FWCzg',
  },
  '/login: 立即登录 on an empty form (the toast)': {
    target: { selector: '.login_activeBtn__3wLDx' },
    done: { selector: '.van-notify' },
    ready: { selector: '.login_activeBtn__3wLDx' },
  },
  '/login: typing, worst key': {
    target: { selector: 'input[placeholder="用户名"]' },
    done: { selector: 'input[placeholder="用户名"]', value: 'demo01ab' },
    ready: { selector: '.login_activeBtn__3wLDx' },
  },
  '/login: login to register': {
    target: { selector: '.login_locationToRight__gIQoN' },
    done: { selector: '.register_formContainer__3DhlE' },
    ready: { selector: '.login_activeBtn__3wLDx' },
    shows: '.register_formContainer__3DhlE',
  },
  '/transRecord: 存款 to 取款': {
    before: [{ selector: '.saibox .sai', text: '存款' }],
    target: { selector: '.lisg .lisga', text: '取款' },
    done: { selector: '.saibox .sai', text: '取款' },
    ready: { selector: '.van-list .van-cell' },
  },
  '/message: 公告 to 站内信': {
    target: { selector: '[role="tab"]', text: '站内信' },
    done: { selector: '[role="tab"].van-tab--active', text: '站内信' },
    ready: { selector: '.van-tab__pane .van-cell' },
    shows: '.van-tab__pane .unReadTitle',
  },
  '/mine: balance refresh': {
    target: { selector: '.meys .imsg' },
    done: { response: '/api/user' },
    ready: { selector: '.usersg .name', text: SEED.username },
  },
};

/** the original's version of one of our taps: same name, route, member and keys; its own places */
export function originalTapOf(spec: Spec): Spec | null {
  if (!(spec.name in ORIGINAL_TAPS)) throw new Error(`bench/original.ts: no entry for the tap "${spec.name}" (null if the original has none)`);
  const theirs = ORIGINAL_TAPS[spec.name];
  if (!theirs) return null;
  return { name: spec.name, route: spec.route, member: spec.member, original: spec.original, keys: spec.keys, ...theirs };
}

async function control(base: string, what: string, body: unknown) {
  const r = await fetch(`${base}/__mock/${what}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`/__mock/${what} answered ${r.status}`);
}

/**
 * The original served at `base` (its own server and mock): before each page, two answers of its mock
 * differ from ours, for the page to stay put and be tappable as ours is:
 * - getVisitUrl answers 202 (no visit url): the original opens a 200's url in the same window at
 *   start-up (SPEC's table), and the mock's url is its visit page, which would replace the app;
 * - index_modal 0: the original shows the start-up popup on every load, over what is tapped; ours is
 *   measured as a returning player who has seen it (sessionStorage), which the original does not remember.
 * Its pages load with the CSP bypassed: its webpack build aliases `vue` to the full build and
 * compiles `<App/>` at run time (new Function), which the production policy (script-src 'self') forbids.
 */
export function originalTarget(base: string, token: string): Target {
  return {
    base,
    token,
    tapOf: originalTapOf,
    prepare: async () => {
      await control(base, 'fault', { path: '/api/getVisitUrl', code: 202, message: '未设置', times: 10000 });
      await control(base, 'settings', { index_modal: 0 });
    },
    bypassCsp: true,
    react: false,
  };
}
