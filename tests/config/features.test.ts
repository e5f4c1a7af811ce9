/**
 * Issue 36 (5): feature switches. app.json `features` switches a feature off in one place: every
 * part tagged `"feature": "<name>"` leaves the config as it ships (the build, the static shell) and
 * as check:config checks it, so nothing of it is left and nothing inside it is reported; a tag
 * naming no feature is. (The browser test of a build with red packets switched off is in
 * tests/e2e/operator-edits.e2e.ts.)
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pruneFeatures, switchedOff, writtenPointer } from '../../src/config/features';
import { pruneBundle } from '../../src/config/checks/switches';
import { type ConfigBundle } from '../../src/config/check';

import { appShell } from '../../scripts/app-shell';
import { readApp } from '../../scripts/vite/app-json';
import { readScreens } from '../../scripts/vite/screen-facts';
import { screensGlob, shippedJson, shippedText, unroutedScreens } from '../../scripts/vite/shipped-config';
import { root, realChecker } from './real-config';

type Json = Record<string, unknown>;
// one checker for the file (the schemas compiled once), as the mutation test does
const loaded = realChecker();
const config = {
  copy: () => structuredClone(loaded.real),
  /** check:config's problems (warnings too), as `file: path: message` lines */
  problems: (b: ConfigBundle) => loaded.check(b).map((p) => `${p.file}: ${p.path}: ${p.message}`),
};

/** a copy of the real config with some features set */
function withFeatures(features: Json, change: (b: ConfigBundle) => void = () => {}): ConfigBundle {
  const b = config.copy();
  Object.assign((b.app.json as { features: Json }).features, features);
  change(b);
  return b;
}

/** every string of the config as it ships that a player can reach: app.json, routes, the screens of the routes and their forms */
function reachableStrings(b: ConfigBundle): string[] {
  const { bundle } = pruneBundle(b);
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.entries(v).forEach(([k, x]) => k !== 'description' && walk(x));
  };
  walk(bundle.app.json);
  walk(bundle.routes.json);
  for (const r of (bundle.routes.json as { routes: { screen: string }[] }).routes) walk(bundle.screens[r.screen]?.json);
  Object.values(bundle.forms).forEach((f) => walk(f.json));
  return out;
}

const routesOf = (b: ConfigBundle) => (pruneBundle(b).bundle.routes.json as { routes: { path: string }[] }).routes.map((r) => r.path);

describe('pruneFeatures', () => {
  const tree = {
    body: [
      { type: 'Text' },
      { type: 'FloatingIcon', feature: 'redPacket' },
      { type: 'Menu', props: { items: [{ title: 'a' }, { title: 'b', feature: 'agent' }, { title: 'c', feature: 'redPacket' }] } },
      { type: 'Modal', props: { title: 'x' } },
    ],
  };

  it('with nothing switched off, gives the value itself', () => {
    expect(pruneFeatures(tree, new Set())).toBe(tree);
    expect(pruneFeatures(tree, new Set(['sponsor']))).toBe(tree);
  });

  it('leaves out the list entries of a switched-off feature at any depth, and shares what it did not change', () => {
    const pruned = pruneFeatures(tree, new Set(['redPacket']));
    expect(pruned).toEqual({
      body: [{ type: 'Text' }, { type: 'Menu', props: { items: [{ title: 'a' }, { title: 'b', feature: 'agent' }] } }, { type: 'Modal', props: { title: 'x' } }],
    });
    expect(pruned.body[0]).toBe(tree.body[0]);
    expect(pruned.body[2]).toBe(tree.body[3]);
    expect(tree.body).toHaveLength(4);
    // the same switches give the same object (the check's per-file memo keeps working)
    expect(pruneFeatures(tree, new Set(['redPacket']))).toBe(pruned);
  });

  it('maps a JSON path of the pruned value back to the value as written', () => {
    const pruned = pruneFeatures(tree, new Set(['redPacket', 'agent']));
    expect(writtenPointer(pruned, '/body/2/props/title')).toBe('/body/3/props/title');
    expect(writtenPointer(pruned, '/body/1/props/items/0/title')).toBe('/body/2/props/items/0/title');
    expect(writtenPointer(pruned, '/body/0')).toBe('/body/0');
    expect(writtenPointer(pruned, '/')).toBe('/');
  });

  it('reads only false as off: an absent feature, true or a broken app.json switch nothing off', () => {
    expect([...switchedOff({ features: { redPacket: false, agent: true } })]).toEqual(['redPacket']);
    expect(switchedOff({}).size).toBe(0);
    expect(switchedOff(new Error('not JSON')).size).toBe(0);
    expect(switchedOff({ features: { redPacket: 'no' } }).size).toBe(0);
  });
});

describe('check:config with features switched off', () => {
  it('passes as shipped (every feature on), with each feature off and with all of them off', () => {
    expect(config.problems(config.copy())).toEqual([]);
    for (const name of ['redPacket', 'agent', 'sponsor', 'appDownload', 'responsiblePlay']) expect(config.problems(withFeatures({ [name]: false })), name).toEqual([]);
    expect(config.problems(withFeatures({ redPacket: false, agent: false, sponsor: false, appDownload: false, responsiblePlay: false }))).toEqual([]);
  });

  it('red packets off: no route, entry, icon, popup or menu item of them is left in the config as it ships', () => {
    const on = config.copy();
    const off = withFeatures({ redPacket: false });
    expect(routesOf(on)).toEqual(expect.arrayContaining(['/hongbao', '/welfare']));
    expect(routesOf(off)).not.toContain('/hongbao');
    expect(routesOf(off)).not.toContain('/welfare');
    expect(routesOf(off)).toHaveLength(routesOf(on).length - 2);
    const strings = reachableStrings(off);
    expect(strings.filter((s) => /\/hongbao|\/welfare|FloatingIcon|红包活动|福利中心|抢红包/.test(s))).toEqual([]);
    // …where the product has them: the floating icon, the side menu, 我的, the welfare button
    expect(reachableStrings(on).filter((s) => /\/hongbao|\/welfare|FloatingIcon/.test(s)).length).toBeGreaterThanOrEqual(4);
    // the screens only those routes showed are left out with them
    expect(Object.keys(pruneBundle(off).bundle.screens)).not.toContain('hongbao');
    expect(Object.keys(pruneBundle(off).bundle.screens)).not.toContain('welfare');
  });

  it('each feature takes its own routes, tab and entries with it, and nothing else', () => {
    const gone: Record<string, { routes: string[]; strings: RegExp }> = {
      agent: { routes: ['/applyagent'], strings: /\/applyagent|dailiD=1|getAgentLoginUrl|type=5"?$/ },
      sponsor: { routes: ['/zhanzhu', '/zhanzhuye'], strings: /^\/zhanzhu|品牌赞助/ },
      appDownload: { routes: ['/app'], strings: /^\/app$|ios_download/ },
      responsiblePlay: { routes: ['/responsible'], strings: /^\/responsible$|@responsible\.link/ },
    };
    const all = routesOf(config.copy());
    for (const [name, { routes, strings }] of Object.entries(gone)) {
      const off = withFeatures({ [name]: false });
      expect(routesOf(off), name).toEqual(all.filter((r) => !routes.includes(r)));
      expect(reachableStrings(off).filter((s) => strings.test(s)), name).toEqual([]);
    }
    // the sponsor's tab leaves the tab bar
    const tabs = (b: ConfigBundle) => (pruneBundle(b).bundle.app.json as { tabBar: { path: string }[] }).tabBar.map((t) => t.path);
    expect(tabs(withFeatures({ sponsor: false }))).toEqual(['/', '/activity', '/kefu', '/mine']);
  });

  it('does not report a reference inside a switched-off part; with the feature on, the same reference is reported', () => {
    const broken = (b: ConfigBundle) => {
      // the floating icon and the welfare screen's button lead to a route that is not there
      const home = b.screens.home.json as { body: Json[] };
      ((home.body.find((n) => n.type === 'FloatingIcon')!.props as Json).onTap as Json[])[0].to = '/hongbao2';
      const welfare = b.screens.welfare.json as { body: { children?: { props: { onTap: Json[] } }[] }[] };
      welfare.body[1].children![0].props.onTap[0].to = '/hongbao2';
    };
    expect(config.problems(withFeatures({ redPacket: false }, broken))).toEqual([]);
    const on = config.problems(withFeatures({}, broken));
    expect(on).toHaveLength(2);
    expect(on[0]).toMatch(/^screens\.config\/screens\/home\.json: \/body\/\d+\/props\/onTap\/0\/to: "\/hongbao2" is not a route of routes\.json/);
    expect(on[1]).toMatch(/^screens\.config\/screens\/welfare\.json: \/body\/1\/children\/0\/props\/onTap\/0\/to: "\/hongbao2" is not a route of routes\.json/);
  });

  it('names a problem after a left-out entry at its JSON path in the file as written', () => {
    const real = config.copy();
    const body = (real.screens.home.json as { body: Json[] }).body;
    const modal = body.findIndex((n) => n.type === 'Modal');
    expect(body.findIndex((n) => n.type === 'FloatingIcon')).toBeLessThan(modal);
    const problems = config.problems(withFeatures({ redPacket: false }, (b) => (((b.screens.home.json as { body: Json[] }).body[modal].props as Json).titel = '公告')));
    expect(problems).toEqual([
      `screens.config/screens/home.json: /body/${modal}/props/titel: Modal: unknown property "titel" (expected one of confirmText, onConfirm, onceKey, testId, title); did you mean "title"?`,
    ]);
  });

  it('reports a tag that names no feature, in a switched-off part too, with the features there are', () => {
    const problems = config.problems(
      withFeatures({ redPacket: false }, (b) => {
        const mine = b.screens.mine.json as { body: { props: { items: Json[] } }[] };
        const welfare = mine.body[3].props.items.findIndex((i) => i.to === '/welfare');
        mine.body[3].props.items[welfare].feature = 'redPaket';
        const home = b.screens.home.json as { body: Json[] };
        home.body.find((n) => n.type === 'FloatingIcon')!.when = { path: 'app.redpacket_switch', eq: 1 };
        (b.routes.json as { routes: Json[] }).routes.find((r) => r.path === '/hongbao')!.feature = 'hongbao';
      }),
    );
    const mine = config.copy().screens.mine.json as { body: { props: { items: Json[] } }[] };
    const at = mine.body[3].props.items.findIndex((i) => i.to === '/welfare');
    const route = (config.copy().routes.json as { routes: Json[] }).routes.findIndex((r) => r.path === '/hongbao');
    expect(problems).toEqual([
      `screens.config/routes.json: /routes/${route}/feature: feature "hongbao" is not a feature switch of app.json features, so this part could never be switched off (expected one of agent, appDownload, redPacket, responsiblePlay, sponsor)`,
      `screens.config/screens/mine.json: /body/3/props/items/${at}/feature: feature "redPaket" is not a feature switch of app.json features, so this part could never be switched off (expected one of agent, appDownload, redPacket, responsiblePlay, sponsor); did you mean "redPacket"?`,
      // the misspelt tag switched nothing off: its menu entry stays, and leads to a route that is switched off
      // (the route's own misspelt tag switched it off from nothing: it stays)
      `screens.config/screens/mine.json: /body/3/props/items/${at}/to: "/welfare" is not a route of routes.json (expected one of /, /abouts, /activity, /activityInfo, /activityRecord, /addBankCard, /addUsdtCard, /app, /applyagent, /betRecord, /boutBallBet, /boutBallBetInfo, /concise, /fanshui, /gamePage, /hongbao, /kefu, /login, /message, /mine, /money, /password, /payInfo, /recharge, /responsible, /transRecord, /transfer, /usdtmore, /userCent, /userInfo, /venueBet, /vip, /wallet, /withdrawal, /zhanzhu, /zhanzhuye)`,
    ]);
  });

  it('refuses a feature that app.json does not switch, and a tag where no part can be switched off', () => {
    expect(config.problems(withFeatures({ redpacket: false }))).toEqual([
      'screens.config/app.json: /features/redpacket: unknown property "redpacket" (expected one of agent, appDownload, redPacket, responsiblePlay, sponsor); did you mean "redPacket"?',
    ]);
    const field = config.problems(withFeatures({}, (b) => ((b.forms.login.json as { fields: Json[] }).fields[0].feature = 'agent')));
    expect(field).toHaveLength(1);
    expect(field[0]).toMatch(/^screens\.config\/forms\/login\.json: \/fields\/0\/feature: unknown property "feature" \(expected one of /);
  });
});

describe('the config as the build ships it', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'features-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  /** a copy of screens.config/ with app.json changed */
  const folder = (name: string, change: (app: Json & { features: Json; brand: Json }) => void): string => {
    const dir = path.join(work, name);
    cpSync(path.join(root, 'screens.config'), dir, { recursive: true });
    const file = path.join(dir, 'app.json');
    const app = JSON.parse(readFileSync(file, 'utf8')) as Json & { features: Json; brand: Json };
    change(app);
    writeFileSync(file, JSON.stringify(app, null, 2));
    return dir;
  };

  it('every file the app imports leaves out the switched-off parts; with none off, the text is left as it is', () => {
    const home = readFileSync(path.join(root, 'screens.config', 'screens', 'home.json'), 'utf8');
    expect(shippedText(home, () => new Set())).toBeUndefined();
    const shipped = JSON.parse(shippedText(home, () => new Set(['redPacket']))!) as { body: Json[] };
    expect(shipped.body.map((n) => n.type)).not.toContain('FloatingIcon');
    expect(JSON.stringify(shipped)).not.toContain('/hongbao');
  });

  it('red packets and sponsorship off: the routes, the screen facts and the static shell of the build have none of them', () => {
    const dir = folder('off', (app) => Object.assign(app.features, { redPacket: false, sponsor: false }));
    const routes = shippedJson<{ routes: { path: string }[] }>(dir, 'routes.json')!.routes.map((r) => r.path);
    expect(routes.filter((p) => ['/hongbao', '/welfare', '/zhanzhu', '/zhanzhuye'].includes(p))).toEqual([]);
    const drawn = (d: string) => [...readScreens(d).home.widgets, ...readScreens(d).home.deferred];
    expect(drawn(dir)).not.toContain('FloatingIcon');
    expect(drawn(path.join(root, 'screens.config'))).toContain('FloatingIcon');
    // the screens only their routes showed are not built: no facts, and the app's glob of screens leaves them out
    expect(unroutedScreens(dir)).toEqual(['hongbao', 'welfare', 'zhanzhu', 'zhanzhuye']);
    expect(Object.keys(readScreens(dir)).filter((s) => ['hongbao', 'welfare', 'zhanzhu', 'zhanzhuye'].includes(s))).toEqual([]);
    expect(Object.keys(readScreens(path.join(root, 'screens.config')))).toEqual(expect.arrayContaining(['hongbao', 'welfare', 'zhanzhu', 'zhanzhuye']));
    expect(screensGlob(['hongbao', 'welfare'])).toBe("['@config/screens/*.json', '!@config/screens/hongbao.json', '!@config/screens/welfare.json']");
    expect(unroutedScreens(path.join(root, 'screens.config'))).toEqual([]);
    expect(screensGlob([])).toBe("'@config/screens/*.json'");
    const shell = appShell(dir, readApp(dir)).markup;
    expect([...shell.matchAll(/<span class="tabbar-label">([^<]*)<\/span>/g)].map((m) => m[1])).toEqual(['首页', '优惠', '客服', '我的']);
    expect(shell).not.toContain('id="/hongbao"');
    expect(shell).not.toContain('id="/zhanzhuye');
  });

  it('the static shell writes the names of the brand into the tab bar ({{brand.serviceName}})', () => {
    const dir = folder('renamed', (app) => (app.brand.serviceName = '贴心助手'));
    const labels = (d: string) => [...appShell(d, readApp(d)).markup.matchAll(/<span class="tabbar-label">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(labels(path.join(root, 'screens.config'))).toEqual(['首页', '优惠', '客服', '赞助', '我的']);
    expect(labels(dir)).toEqual(['首页', '优惠', '贴心助手', '赞助', '我的']);
  });
});
