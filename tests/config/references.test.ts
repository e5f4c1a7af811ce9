/**
 * The references issue 26 found unchecked: a `to` that is no route, a field of the user, of a list
 * entry (item) or of a data source's reply that the reply schemas (src/api/replies.ts) do not have.
 * The story is the issue's: a config-only screen /banks (a list from banklist) linked from the
 * /mine menu, with one slip at a time. Where the value's schema is not known the check says nothing.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChecker, type ConfigBundle, type Problem } from '../../src/config/check';
import { configSource, loadSchemas, loadWidgetSchemas } from '../../src/config/source/index';
import { english } from './english';

const root = path.resolve(__dirname, '..', '..');
type Json = Record<string, unknown>;
let check: (b: ConfigBundle) => Problem[];

beforeAll(async () => {
  check = createChecker(loadSchemas(root), await loadWidgetSchemas(root));
});

/** The /banks screen of the issue: a list of the banks of banklist, each row a Cell. */
const banksScreen = (row: Json = { title: '{{item.bank_name}}', value: '{{item.id}}' }, extra: Json[] = []) => ({
  title: '银行列表',
  data: { banks: { endpoint: 'banklist' } },
  body: [{ type: 'Repeat', props: { items: '{{data.banks}}', emptyText: '暂无银行' }, children: [{ type: 'Cell', props: row }] }, ...extra],
});

/** The real config with the /banks screen, its route and a link from the /mine menu, then `change`. */
function withBanks(change: (b: { app: Json; routes: Json; screens: Record<string, Json>; mineMenu: Json[] }) => void = () => {}): Problem[] {
  const bundle = structuredClone(configSource({ root }).productBundle());
  bundle.screens.banks = { file: 'screens.config/screens/banks.json', json: banksScreen() };
  (bundle.routes.json as { routes: Json[] }).routes.push({ path: '/banks', screen: 'banks', title: '银行列表', layout: 'page' });
  const mine = bundle.screens.mine.json as { body: Json[] };
  const menu = mine.body.find((n) => n.type === 'Menu' && !(n.props as Json).variant) as { props: { items: Json[] } };
  menu.props.items.push({ title: '银行列表', icon: 'bank', to: '/banks', testId: 'mine-banks' });
  const screens = Object.fromEntries(Object.entries(bundle.screens).map(([k, v]) => [k, v.json as Json]));
  change({ app: bundle.app.json as Json, routes: bundle.routes.json as Json, screens, mineMenu: menu.props.items });
  // a screen replaced by the change
  for (const [k, json] of Object.entries(screens)) bundle.screens[k] = { file: `screens.config/screens/${k}.json`, json };
  return english(check(bundle));
}

const mineMenuAt = () => {
  const mine = configSource({ root }).productBundle().screens.mine.json as { body: Json[] };
  const i = mine.body.findIndex((n) => n.type === 'Menu' && !(n.props as Json).variant);
  return { i, n: ((mine.body[i].props as Json).items as Json[]).length };
};

describe('check:config knows every reference', () => {
  it('accepts the /banks screen done right', () => {
    expect(withBanks()).toEqual([]);
  });

  it('names a menu entry whose `to` is no route, with a did-you-mean (a query may follow)', () => {
    const { i, n } = mineMenuAt();
    const problems = withBanks((b) => (b.mineMenu[n].to = '/bnaks?type=1'));
    expect(problems).toEqual([
      { file: 'screens.config/screens/mine.json', path: `/body/${i}/props/items/${n}/to`, message: expect.stringMatching(/^"\/bnaks" is not a route of routes\.json \(expected one of \/, .*\/banks.*\); did you mean "\/banks"\?$/) },
    ]);
    expect(withBanks((b) => (b.mineMenu[n].to = 'banks'))).toEqual([
      { file: 'screens.config/screens/mine.json', path: `/body/${i}/props/items/${n}/to`, message: 'expected a path of routes.json starting with "/" (a query may follow: /wallet?type=1), found "banks"' },
    ]);
    // a `to` that is a binding is the player's own path: checked as text only
    expect(withBanks((b) => (b.mineMenu[n].to = '{{query.redirect | appPath | default:/}}'))).toEqual([]);
  });

  it('names a navigate action and the top bar\'s balance target that go nowhere', () => {
    const problems = withBanks((b) => {
      (b.screens.banks.body as Json[]).push({ type: 'Button', props: { text: '返回', onTap: [{ type: 'navigate', to: '/mien' }] } });
      (b.app.topBar as Json).balanceTarget = '/mnoey';
    });
    expect(problems).toEqual([
      { file: 'screens.config/app.json', path: '/topBar/balanceTarget', message: expect.stringMatching(/^"\/mnoey" is not a route of routes\.json .*; did you mean "\/money"\?$/) },
      { file: 'screens.config/screens/banks.json', path: '/body/1/props/onTap/0/to', message: expect.stringMatching(/^"\/mien" is not a route of routes\.json .*; did you mean "\/mine"\?$/) },
    ]);
  });

  it('names a field of the user the user entity does not have', () => {
    const problems = withBanks((b) => (b.screens.banks.title = '{{user.balnace | money}}'));
    expect(problems).toEqual([
      {
        file: 'screens.config/screens/banks.json',
        path: '/title',
        message: expect.stringMatching(/^"balnace" in \{\{user\.balnace \| money\}\} is not a field of user, the user entity \(src\/api\/replies\.ts user\) \(expected one of .*balance.*\); did you mean "balance"\?$/),
      },
    ]);
    // user.vip is the session's own field (src/store/session.ts withVip)
    expect(withBanks((b) => (b.screens.banks.title = 'VIP{{user.vip}}'))).toEqual([]);
  });

  it('names a field of a list entry its endpoint\'s reply does not have', () => {
    const problems = withBanks((b) => (b.screens.banks = banksScreen({ title: '{{item.bank_nmae}}' })));
    expect(problems).toEqual([
      {
        file: 'screens.config/screens/banks.json',
        path: '/body/0/children/0/props/title',
        message: '"bank_nmae" in {{item.bank_nmae}} is not a field of item, an entry of {{data.banks}}, the reply of endpoint banklist (src/api/replies.ts) (expected one of bank_name, id); did you mean "bank_name"?',
      },
    ]);
    // a Repeat naming its entry (as) reads the same fields under that name
    const named = banksScreen({ title: '{{bank.bank_nmae}} {{bank.id}}' });
    ((named.body[0] as Json).props as Json).as = 'bank';
    expect(withBanks((b) => (b.screens.banks = named)).map((p) => p.message)).toEqual([expect.stringMatching(/^"bank_nmae" in \{\{bank\.bank_nmae\}\} is not a field of bank, .*did you mean "bank_name"\?$/)]);
  });

  it('names a field of a data source\'s reply, following nested objects and list entries', () => {
    const f = 'screens.config/screens/banks.json';
    expect(withBanks((b) => (b.screens.banks.title = '{{data.banks.0.bank_nmae}}'))).toEqual([
      { file: f, path: '/title', message: expect.stringMatching(/^"bank_nmae" in \{\{data\.banks\.0\.bank_nmae\}\} is not a field of data\.banks\[0\], the reply of endpoint banklist .*did you mean "bank_name"\?$/) },
    ]);
    // payinfo: info is an object of the reply, cardlist one object or a list of them
    const payInfo = (json: Json) => ({ ...json, title: '{{data.order.info.amuont}} {{data.order.cardlist[0].mch_id}} {{data.order.cardlist.mch_id}}' });
    const problems = withBanks((b) => (b.screens.payInfo = payInfo(b.screens.payInfo)));
    expect(problems).toEqual([
      { file: 'screens.config/screens/payInfo.json', path: '/title', message: expect.stringMatching(/^"amuont" in \{\{data\.order\.info\.amuont\}\} is not a field of data\.order\.info, the reply of endpoint payinfo \(src\/api\/replies\.ts\) \(expected one of amount, .*paytype.*\); did you mean "amount"\?$/) },
    ]);
  });

  it('knows the records of a paged source, at the page object\'s path', () => {
    // venueBet: venuelist's page object is under "lists"; its rows are venue rows
    const venueBet = configSource({ root }).productBundle().screens.venueBet.json as { body: Json[] };
    const at = venueBet.body.findIndex((n) => n.type === 'PagedList');
    expect(at).toBeGreaterThanOrEqual(0);
    const problems = withBanks((b) => {
      const list = (b.screens.venueBet.body as Json[])[at];
      list.children = [{ type: 'Text', props: { text: '{{item.bet_amuonts}}' } }, ...((list.children as Json[]) ?? [])];
    });
    expect(problems).toEqual([
      { file: 'screens.config/screens/venueBet.json', path: `/body/${at}/children/0/props/text`, message: expect.stringMatching(/^"bet_amuonts" in \{\{item\.bet_amuonts\}\} is not a field of item, a record of paged source \w+, the reply of endpoint venuelist .*did you mean "bet_amounts"\?$/) },
    ]);
  });

  it('checks an optionsFrom label and value against the entries of its list', () => {
    const transRecord = configSource({ root }).productBundle().screens.transRecord.json as { body: Json[] };
    const bar = transRecord.body.findIndex((n) => n.type === 'FilterBar');
    const filters = ((transRecord.body[bar].props as Json).filters as Json[]);
    const fi = filters.findIndex((x) => x.optionsFrom);
    const problems = withBanks((b) => {
      const from = (((b.screens.transRecord.body as Json[])[bar].props as Json).filters as Json[])[fi].optionsFrom as Json;
      from.value = 'platnmae';
    });
    expect(problems).toEqual([
      { file: 'screens.config/screens/transRecord.json', path: `/body/${bar}/props/filters/${fi}/optionsFrom/value`, message: expect.stringMatching(/^"platnmae" in "platnmae" is not a field of item, an entry of data\.venues, .*did you mean "platname"\?$/) },
    ]);
  });

  it('says nothing where the shape is not known (a list from state, a list behind a filter), and knows a fixed list', () => {
    // a list kept in screen state: its entries are whatever was set
    const fromState = banksScreen({ title: '{{item.anything}}' });
    (fromState as Json).state = { rows: [] };
    ((fromState.body[0] as Json).props as Json).items = '{{state.rows}}';
    expect(withBanks((b) => (b.screens.banks = fromState))).toEqual([]);
    // a list behind a filter is not followed
    const filtered = banksScreen({ title: '{{item.anything}}' });
    ((filtered.body[0] as Json).props as Json).items = '{{data.banks | default:[]}}';
    expect(withBanks((b) => (b.screens.banks = filtered))).toEqual([]);
    // a fixed list: an entry has the fields some entry has
    const tiles = (title: string) => ({ type: 'Tiles', props: { items: [{ name: 'a', to: '/mine' }, { name: 'b', badge: 1 }], title } });
    expect(withBanks((b) => (b.screens.banks = banksScreen(undefined, [tiles('{{item.name}} {{item.badge}}')])))).toEqual([]);
    expect(withBanks((b) => (b.screens.banks = banksScreen(undefined, [tiles('{{item.nmae}}')]))).map((p) => p.message)).toEqual([
      expect.stringMatching(/^"nmae" in \{\{item\.nmae\}\} is not a field of item, an entry of the fixed list of Tiles\.items \(expected one of badge, name, to\); did you mean "name"\?$/),
    ]);
  });
});
