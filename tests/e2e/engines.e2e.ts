/**
 * Issue 29: the production build on the engines players' phones really run: the in-app WebViews
 * of WeChat, QQ, UC, Alipay and Douyin (Chromium 66 to 92, headless builds from the npm package
 * chrome-aws-lambda, fetched into node_modules/.cache/old-chromium on first use), Safari's engine
 * (WebKitGTK: Debian's WebKitWebDriver and MiniBrowser under xvfb) and current Debian Chromium.
 *
 * On each, one browser walks what a player does first: home, login through the real form, 我的 with
 * the balance, 存款's range message on an empty amount, 交易记录 and 投注记录 rows with their dates;
 * and after each step no uncaught exception, unhandled rejection or console error. Field data
 * (src/rum/) runs all along: its collector has loaded, and leaving the page sends its reports, named
 * with the engine, none of them an error.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM as DEFAULT_CHROMIUM } from '../../scripts/check-browser';
import { ensureOldChromium, OLD_CHROMIUMS } from '../../scripts/old-chromium';
import { openChromium, openWebKit, VIEWPORT, type EngineDriver } from './engine-drivers';
import { BASE, mockSettings, resetMock, SEED } from './harness';
import { mockMember } from './member-helpers';
import { rumLogOf, workerPort } from './ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const config = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, 'screens.config', file), 'utf8')) as T;

const messages = config<{ messages: Record<string, string> }>('messages.json').messages;
interface FormConfig {
  submitText: string;
}
const wechatForm = config<FormConfig>('forms/recharge-wechat.json');

/** The game categories' titles, as home.json's SideTabs lists them. */
function categoryTitles(): string[] {
  const found: string[][] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const n = node as { type?: string; props?: { tabs?: { title: string }[] } };
      if (n.type === 'SideTabs' && n.props?.tabs) found.push(n.props.tabs.map((t) => t.title));
      Object.values(node).forEach(walk);
    }
  };
  walk(config('screens/home.json'));
  if (found.length !== 1) throw new Error(`home.json has ${found.length} SideTabs, the test expects one`);
  return found[0];
}

/** the current engine as players hold it: Debian's full Chromium, not the headless shell the other browser tests run */
const DEBIAN_CHROMIUM = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
/** the test's own ports, after its worker's server (ports.ts): DevTools, WebDriver */
const CDP_PORT = workerPort(1);
const WEBDRIVER_PORT = workerPort(2);

interface Engine {
  name: string;
  /** what field data calls it (src/rum/report.ts engineOf) */
  engine: RegExp;
  open: () => Promise<EngineDriver>;
}

const ENGINES: Engine[] = [
  ...OLD_CHROMIUMS.map(
    ({ major, pkg }): Engine => ({
      name: `Chromium ${major} (chrome-aws-lambda ${pkg})`,
      engine: new RegExp(`^Chromium ${major}$`),
      open: async () => {
        const build = await ensureOldChromium(pkg, (line) => console.log(line));
        return openChromium({ binary: build.binary, swiftshader: build.swiftshader, port: CDP_PORT });
      },
    }),
  ),
  { name: 'WebKitGTK (WebKitWebDriver, MiniBrowser)', engine: /^WebKit( \d+)?$/, open: () => openWebKit({ port: WEBDRIVER_PORT }) },
  { name: `current Chromium (${DEBIAN_CHROMIUM})`, engine: /^Chromium \d+$/, open: () => openChromium({ binary: DEBIAN_CHROMIUM, port: CDP_PORT }) },
];

const api = async <T>(name: string, body: unknown = {}): Promise<T> => {
  const r = await fetch(`${BASE}/api/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return ((await r.json()) as { data: T }).data;
};

const q = JSON.stringify;
const textOf = (selector: string) => `(function () { var el = document.querySelector(${q(selector)}); return el ? el.innerText.trim() : ''; })()`;
/** the texts of the elements a player can see (laid out with a size) */
const textsOf = (selector: string) =>
  `Array.prototype.filter.call(document.querySelectorAll(${q(selector)}), function (el) { var r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).map(function (el) { return el.innerText.trim(); })`;
/** the worker's server's field data (global-setup.ts) */
const RUM_LOG = rumLogOf(workerPort());
/** the collector's chunk (src/rum/collect.ts) was fetched: its current or its legacy copy */
const COLLECTOR_LOADED = `performance.getEntriesByName('rum:collecting').length > 0`;

/** A record's date and time as the lists show it. */
const DATED = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/;

/** the rows of a paged list, once there are some */
async function rows(d: EngineDriver, list: string): Promise<string[]> {
  return d.waitFor<string[]>(`(function () { var t = ${textsOf(`[data-testid="${list}"] .w-paged-item`)}; return t.length ? t : null; })()`, `the rows of ${list}`);
}

beforeEach(async () => {
  await resetMock();
  // home without the start-up popup over it
  await mockSettings({ index_modal: 0, payRange: { wechat: { min_price: 200, max_price: 300 } } });
});

describe('the app on every engine a player holds', () => {
  for (const engine of ENGINES) {
    it(`${engine.name}: home, login, 我的, 存款's range message, the records' dates, no uncaught error`, { timeout: 120000 }, async () => {
      const started = Date.now();
      // the field reports this engine's pages send, from here on (the worker's server appends them)
      const logFrom = statSync(RUM_LOG).size;
      const d = await engine.open();
      const clean = async (step: string) => expect(await d.errors(), `${d.version}, ${step}: uncaught exceptions or console errors`).toEqual([]);
      try {
        // home: the announcements, the banners and the game categories a visitor sees
        await d.goto(`${BASE}/#/`);
        const titles = categoryTitles();
        const notices = await api<string[]>('homenotice');
        const banners = await api<unknown[]>('bannerList', { type: 2 });
        expect(await d.waitFor<string[]>(`(function () { var t = ${textsOf('.w-sidetabs [role=tab]')}; return t.length ? t : null; })()`, 'the game categories on home')).toEqual(titles);
        await d.waitFor(`${textOf('.w-notice-line')}.indexOf(${q(notices[0])}) >= 0`, 'the first announcement on home');
        await d.waitFor(`document.querySelectorAll('.w-carousel-slide img').length === ${banners.length}`, `the ${banners.length} banners on home`);
        expect(await d.viewport()).toMatchObject({ width: VIEWPORT.width });
        await clean('home');

        // /login's two modes (Tabs prerender + resetOnLeave): register rendered ahead and shown by
        // the toggle; typed there, then back: login shows, and register starts empty again
        await d.goto(`${BASE}/#/login`);
        const shown = (form: string) => `(function () { var f = document.querySelector('form[name=${form}]'); return !!f && !f.closest('[hidden]'); })()`;
        await d.waitFor("!!document.querySelector('form[name=register]')", 'the register form rendered ahead');
        await d.click('.w-tabs-list [role=tab]:nth-child(2)');
        await d.waitFor(shown('register'), 'the register form after the toggle');
        await d.type('form[name=register] input[name=name]', 'someone01');
        await d.click('.w-tabs-list [role=tab]:nth-child(1)');
        await d.waitFor(shown('login'), 'the login form after the toggle back');
        await d.waitFor("(function () { var i = document.querySelectorAll('form[name=register] input[name=name]'); return i.length === 1 && i[0].value === ''; })()", 'a fresh, empty register form');

        // login as the seeded member through the real form, with the captcha's code
        const code = await d.waitFor<string>("(function () { var c = document.querySelector('form[name=login] canvas[data-code]'); return c && c.getAttribute('data-code'); })()", 'the captcha');
        await d.type('form[name=login] input[name=name]', SEED.username);
        await d.type('form[name=login] input[name=password]', SEED.password);
        await d.type('form[name=login] input[name=code]', code);
        await d.click('form[name=login] button[type=submit]');
        await d.waitFor("location.hash === '#/' && !!sessionStorage.getItem('token')", 'home as a member after login');
        const balance = (await mockMember()).balance.toFixed(2);
        await d.waitFor(`${textOf('[data-testid=topbar-balance]')}.indexOf(${q(balance)}) >= 0`, `the balance ${balance} in the top bar`);
        await clean('login');

        // 我的: the member's balance
        await d.goto(`${BASE}/#/mine`);
        await d.waitFor(`${textOf('[data-testid=mine-balance]')} === ${q(balance)}`, `${balance} on 我的`);
        await clean('我的');

        // 存款: an empty amount is told the range (the server's bounds for 微信)
        await d.goto(`${BASE}/#/recharge?type=wxpay`);
        await d.waitFor("!!document.querySelector('form[name=recharge-wechat] button[type=submit]')", 'the 微信 deposit form');
        await d.waitFor(`${textOf('[data-testid=recharge-range]')}.indexOf('200.00') >= 0`, 'the server range on the deposit form');
        expect(await d.evaluate<string>(textOf('form[name=recharge-wechat] button[type=submit]'))).toBe(wechatForm.submitText);
        const toastsBefore = await d.evaluate<number>('window.__toasts.length');
        await d.click('form[name=recharge-wechat] button[type=submit]');
        const told = await d.waitFor<string>(`window.__toasts[${toastsBefore}]`, 'a message after submitting an empty amount');
        expect(told).toBe(messages['deposit.range'].replace('{{min}}', '200').replace('{{max}}', '300'));
        await clean('存款');

        // 交易记录 and 投注记录: rows with their dates
        await d.goto(`${BASE}/#/transRecord`);
        const trans = await rows(d, 'trans-list');
        expect(trans[0]).toMatch(DATED);
        await clean('交易记录');
        await d.goto(`${BASE}/#/betRecord`);
        const bets = await rows(d, 'bet-list');
        expect(bets[0]).toMatch(DATED);
        await clean('投注记录');

        // field data: its collector listening; its reports (at least the TTFB) have left as the player went
        // from screen to screen, or leave with the page, each named with this engine, none an error
        await d.waitFor<boolean>(COLLECTOR_LOADED, `${d.version}: the collector of field data listening`);
        await d.goto('about:blank');
        const sent = () => readFileSync(RUM_LOG).subarray(logFrom).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
        await expect.poll(() => sent().some((l) => l.name === 'TTFB'), { timeout: 15000 }).toBe(true);
        for (const l of sent()) expect(String(l.engine), `${d.version}: a report's engine`).toMatch(engine.engine);
        expect(sent().filter((l) => l.kind === 'error'), `${d.version}: error reports`).toEqual([]);
      } finally {
        await d.close();
        console.log(`${d.version}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    });
  }
});
