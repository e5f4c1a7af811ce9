/** The client reads the real backend's shapes (issue 13): bindings and merges that make either shape render the same. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReply } from '../../src/api/read';
// the app's money format (app.json's moneyGroupFrom, set by the config module), as a player sees the figures
import '../../src/config';
import type { Condition } from '../../src/config/types';
import { evalCondition, resolve } from '../../src/engine/bindings';
import { resolveProps } from '../../src/engine/props';
import { RAW_PROPS } from '../../src/engine/raw-props.gen';

describe('tile titles: name, else the operator map of codes in app.json, else the code', () => {
  const title = '{{item.name | or:item.platform_name | label:platformName}}';
  const maps = { platformName: { vrbet: 'VR彩票' } };
  it('uses name when the reply has it', () => {
    expect(resolve(title, { maps, item: { platform_name: 'vrbet', name: 'VR彩票官方' } })).toBe('VR彩票官方');
  });
  it('falls back to the operator label of the code, then to the code itself', () => {
    expect(resolve(title, { maps, item: { platform_name: 'vrbet' } })).toBe('VR彩票');
    expect(resolve(title, { maps, item: { platform_name: 'ig', name: '' } })).toBe('ig');
  });
  it('never reads inherited keys of the map (constructor, __proto__ as a code)', () => {
    expect(resolve(title, { maps, item: { platform_name: 'constructor' } })).toBe('constructor');
    expect(resolve(title, { maps, item: { platform_name: '__proto__' } })).toBe('__proto__');
    expect(resolve('{{item.platform_name | label:toString}}', { maps, item: { platform_name: 'ag' } })).toBe('ag');
  });
});

describe('payinfo cardlist: one object (SPEC.md) or an array (real backend), read as an array', () => {
  const channel = { id: 1, mch_id: 'TXYZ', content: 'TRC20', payimg: '/qr.svg' };
  const order = { deposit_no: 'CK1', info: { amount: 1, created_at: '', paytype: 'usdt' } };
  it('wraps one object, keeps an array, and leaves everything else as it came', () => {
    expect(readReply('payinfo', { ...order, cardlist: channel })).toEqual({ ...order, cardlist: [channel] });
    expect(readReply('payinfo', { ...order, cardlist: [channel] })).toEqual({ ...order, cardlist: [channel] });
    expect(readReply('payinfo', { ...order })).toEqual(order);
    expect(readReply('payinfo', null)).toBeNull();
    expect(readReply('user', { cardlist: channel })).toEqual({ cardlist: channel });
  });
});

/**
 * Issue 25: the screens read the Laravel original's rows (mock-server/README.md, "Reply profiles") through their config, as
 * written in screens.config/ (read from the files, resolved as the engine resolves a widget's props).
 */
describe('screens.config reads the Laravel original as well as the default shapes', () => {
  const json = (file: string) => JSON.parse(readFileSync(path.join('screens.config', file), 'utf8')) as Record<string, unknown>;
  const maps = (json('app.json') as { maps: Record<string, Record<string, string>> }).maps;
  type Node = { type: string; props?: Record<string, unknown>; children?: Node[]; when?: unknown };
  const cells = (file: string, type = 'Cell'): Node[] => {
    const out: Node[] = [];
    const walk = (n: unknown) => {
      if (Array.isArray(n)) n.forEach(walk);
      else if (n && typeof n === 'object') {
        if ((n as Node).type === type) out.push(n as Node);
        Object.values(n).forEach(walk);
      }
    };
    walk(json(file).body);
    return out;
  };
  const cell = (node: Node, scope: Record<string, unknown>) => resolveProps(node.props ?? {}, { maps, ...scope }, new Set(RAW_PROPS.Cell)) as { title: string; description: string; value: string; details: { label: string; value: unknown }[] };

  it('a bet without a Code and with platform_type in lower case (issue 30) is titled with the venue found without case, and no venue line', () => {
    const [bet] = cells('screens/betRecord.json');
    const venues = [{ name: 'PG电子', platname: 'PG' }];
    const got = cell(bet, { item: { bet_id: 'PG2', bet_time: 'x', platform_type: 'pg', bet_amount: '10.00', win_loss: '-2.50', status: 1, Code: '' }, data: { venues } });
    expect([got.title, got.value]).toEqual(['PG电子', '-2.50']);
    expect(got.details.map((d) => d.label)).toEqual(['注单号', '投注金额']);
    // a venue no list names: its code rather than nothing
    expect(cell(bet, { item: { bet_id: 'X', bet_time: 'x', platform_type: 'zz', Code: '' }, data: { venues } }).title).toBe('zz');
  });

  it('a pay method in English (the running original) is shown in the operator\'s words of maps.payWay', () => {
    const [deposit] = cells('screens/transRecord.json');
    for (const [en, zh] of [['Bank card', '银行卡'], ['WeChat', '微信'], ['Alipay', '支付宝']]) {
      expect(cell(deposit, { state: { type: 1 }, item: { amount: '100.00', pay_way: en, state: 2, created_at: 'x', out_trade_no: 'CK1' } }).title).toBe(`存款 · ${zh}`);
    }
  });

  it('a bet: the time from bet_time when there is no created_at; the venue from platform_type, unless the title names it', () => {
    const [bet] = cells('screens/betRecord.json');
    const venues = [{ name: 'PG电子', platname: 'pg' }];
    const laravel = { bet_id: 'PG1', bet_time: '2026-11-20 10:11:12', platform_type: 'pg', bet_amount: 10, win_loss: 2, status: 1, Code: '糖果派对' };
    const got = cell(bet, { item: laravel, data: { venues } });
    expect(got.description).toBe('2026-11-20 10:11:12');
    expect(got.details.map((d) => [d.label, d.value])).toEqual([['注单号', 'PG1'], ['投注金额', '10.00'], ['场馆', 'PG电子']]);
    // the default shape: created_at and api_type; a venue the list does not know shows its code
    const spec = cell(bet, { item: { ...laravel, bet_time: undefined, platform_type: undefined, created_at: '2026-11-21 09:00:00', api_type: 'xx' }, data: { venues } });
    expect(spec.description).toBe('2026-11-21 09:00:00');
    expect(spec.details.at(-1)).toMatchObject({ label: '场馆', value: 'xx' });
    // the title is the venue already (the mock's Code): no venue line
    expect(cell(bet, { item: { ...laravel, Code: 'PG电子' }, data: { venues } }).details.map((d) => d.label)).toEqual(['注单号', '投注金额']);
  });

  it('a withdrawal shows the money that moved (real_money) and its method from type when pay_way is empty; a transfer without an order number has an empty order line', () => {
    const [depositOrWithdrawal, transfer] = cells('screens/transRecord.json');
    const w = cell(depositOrWithdrawal, { state: { type: 2 }, item: { real_money: 95.5, amount: 100, pay_way: '', type: 2, state: 2, created_at: 'x', out_trade_no: 'TX1' } });
    expect([w.title, w.value]).toEqual(['取款 · USDT', '95.50']);
    const d = cell(depositOrWithdrawal, { state: { type: 1 }, item: { amount: 100, pay_way: '网银转账', state: 2, created_at: 'x', out_trade_no: 'CK1' } });
    expect([d.title, d.value, d.details]).toEqual(['存款 · 网银转账', '100.00', [{ label: '订单号', value: 'CK1' }]]);
    const t = cell(transfer, { state: { type: 3 }, item: { real_money: 49.9, amount: 50, api_type: 'ag', pay_way: 'AG视讯', state: 1, created_at: 'x' } });
    expect([t.title, t.value]).toEqual(['转入 · AG视讯', '49.90']);
    // the Cell draws no line for it (src/widgets/Cell): its value is empty
    expect(t.details).toEqual([{ label: '订单号', value: undefined }]);
  });

  it('the red-packet rules as the running original means them (issue 30): the deposit range day_flow–flow_money, recharge the grabs, money a percentage; the state words', () => {
    const [table] = cells('screens/hongbao.json', 'Table');
    const columns = table.props!.columns as { title: string; value: string }[];
    expect(columns.map((c) => c.title)).toEqual(['时间', '累计存款', '可抢次数', '红包比例']);
    // as the running original sends it: every amount a string
    const laravelRule = { id: 1, day_flow: '1000.00', recharge: '3.00', flow_money: '999999.00', money: '5.00', start_time: '10:00:00', end_time: '12:00:00', status: 1 };
    const texts = columns.map((c) => String(resolve(c.value, { item: laravelRule }) ?? ''));
    expect(texts).toEqual(['10:00:00–12:00:00', '1000.00–999,999.00', '3次', '5%']);
    const status = (v: unknown) => resolve('{{data.info.redPacketStatus | map:redPacketStatus}}', { maps, data: { info: { redPacketStatus: v } } });
    expect([status('READY'), status('STARTING'), status('END'), status(1), status(0), status(undefined)]).toEqual(['未开始', '进行中', '已结束', '进行中', '已关闭', '']);
  });

  it('/money polls balancelist only when refreshusermoney brought no venue list', () => {
    const src = (json('screens/money.json') as { data: Record<string, { when?: Condition }> }).data.venues;
    expect(src).toMatchObject({ endpoint: 'balancelist' });
    const active = (money: unknown) => evalCondition(src.when, { data: { money } });
    expect(active(undefined)).toBe(false);
    expect(active({ balance: 1, gameblance: 2, list: [{ name: 'AG视讯', platname: 'ag', balance: 3 }] })).toBe(false);
    expect(active({ balance: 1, gameblance: 2 })).toBe(true);
  });
});

describe('home notices and VIP names as the running original sends them (issue 30)', () => {
  it('a notice row {id, name, content} is its content as text; a string stays; an empty row goes', () => {
    expect(readReply('homenotice', [{ id: 1, name: '公告', content: '<p>请牢记<b>永久域名</b></p>' }, '文字公告', { id: 2, name: '只有标题', content: '' }, null])).toEqual([
      // outside a browser (no DOMParser) the content stays as it came; the browser test reads the text
      typeof DOMParser === 'undefined' ? '<p>请牢记<b>永久域名</b></p>' : '请牢记永久域名',
      '文字公告',
      '只有标题',
    ]);
  });

  it('a vipname that is a picture path is dropped; the level number is read from the path when vip is missing', () => {
    expect(readReply('user', { vipname: '/static/style/vip3.png', vip: 3 })).toEqual({ vip: 3 });
    expect(readReply('refreshusermoney', { vipname: '/static/style/vip7.png' })).toEqual({ vip: 7 });
    expect(readReply('user', { vipname: '黄金会员', vip: 3 })).toEqual({ vipname: '黄金会员', vip: 3 });
  });
});

describe('the user entity never keeps a token the backend put in it (the Laravel original)', () => {
  it('drops api_token from user and refreshusermoney, and nothing else', () => {
    const user = { username: 'demo01', balance: 1, api_token: 'a'.repeat(64), vip: 3 };
    expect(readReply('user', user)).toEqual({ username: 'demo01', balance: 1, vip: 3 });
    expect(readReply('refreshusermoney', user)).toEqual({ username: 'demo01', balance: 1, vip: 3 });
    expect(readReply('login_pc', { api_token: 'x' })).toEqual({ api_token: 'x' });
    expect(readReply('user', null)).toBeNull();
  });
});
