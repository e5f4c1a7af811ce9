/**
 * The mock's laravel reply profile (issue 25, mock-server/profiles.ts): switched on by MOCK_SHAPES
 * or /__mock/settings {shapes: {profile}}, every call answers as the Laravel original does
 * (mock-server/README.md, "Reply profiles"); a reset goes back to
 * the profile the mock started with. Every reply here also conforms to the reply schemas
 * (tests/api/contract.test.ts runs the contract in this profile).
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Express } from 'express';
import { createApp } from '../../mock-server/app';
import { checkReply } from '../../scripts/contract-lib';
import { call, data, newApp, tokenFor } from './helpers';

let app: Express;
let token: string;
const laravel = (target: Express = app) => request(target).post('/__mock/settings').send({ shapes: { profile: 'laravel' } });
const profileOf = async (target: Express = app) => (await request(target).get('/__mock/settings')).body.data.shapes.profile as string;

beforeEach(async () => {
  app = newApp();
  token = await tokenFor(app);
});

describe('switching the profile', () => {
  it('is default at start; the control surface switches it; reset and settings/reset return to default', async () => {
    expect(await profileOf()).toBe('default');
    const res = await laravel();
    expect(res.body).toMatchObject({ code: 200, data: { shapes: { profile: 'laravel', cardlist: 'object' } } });
    expect(await profileOf()).toBe('laravel');
    await request(app).post('/__mock/reset').send({});
    expect(await profileOf()).toBe('default');
    await laravel();
    await request(app).post('/__mock/settings/reset').send({});
    expect(await profileOf()).toBe('default');
  });

  it('refuses an unknown profile with a JSON 422 naming the field, changing nothing', async () => {
    await laravel();
    for (const profile of ['Laravel', 'go', '', 1, null, 'constructor']) {
      const res = await request(app).post('/__mock/settings').send({ shapes: { profile } });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 422, message: expect.stringContaining('/shapes/profile') });
    }
    expect(await profileOf()).toBe('laravel');
  });

  it('createApp({shapes}) and MOCK_SHAPES start in a profile, and a reset keeps it; a wrong MOCK_SHAPES is named and ignored', async () => {
    const started = createApp({ latencyMs: 0, control: true, shapes: 'laravel' });
    await request(started).post('/__mock/reset').send({});
    expect(await profileOf(started)).toBe('laravel');
    expect((await request(started).post('/api/login_pc').send({ name: 'nobody1', password: 'x' })).body.code).toBe(202);

    vi.stubEnv('MOCK_SHAPES', 'laravel');
    expect(await profileOf(createApp({ latencyMs: 0, control: true }))).toBe('laravel');
    vi.stubEnv('MOCK_SHAPES', 'laravl');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await profileOf(createApp({ latencyMs: 0, control: true }))).toBe('default');
    expect(warn).toHaveBeenCalledWith('[mock] MOCK_SHAPES ignored: expected one of default, laravel, found "laravl"');
  });
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('login as the Laravel original', () => {
  beforeEach(async () => {
    await laravel();
  });

  it('answers {username, api_token, new_api_token}; the client keeps api_token, which is the one that works', async () => {
    const res = await call(app, 'login_pc', { name: 'DEMO01', password: 'demo123' });
    expect(res.body.code).toBe(200);
    const got = res.body.data as { username: string; api_token: string; new_api_token: string };
    expect(Object.keys(got)).toEqual(['username', 'api_token', 'new_api_token']);
    expect(got.username).toBe('demo01');
    expect(got.new_api_token).toMatch(/^[0-9a-f]{64}$/);
    expect(got.new_api_token).not.toBe(got.api_token);
    expect((await call(app, 'user', {}, got.api_token)).body.code).toBe(200);
    expect((await call(app, 'user', {}, got.new_api_token)).body.code).toBe(401);
  });

  it('an unknown name is 202, a wrong password 203, each with its message; the guessing limit still applies', async () => {
    expect((await call(app, 'login_pc', { name: 'nobody99', password: 'demo123' })).body).toEqual({ code: 202, message: '用户不存在', data: null });
    expect((await call(app, 'login_pc', { name: 'demo01', password: 'wrong99' })).body).toEqual({ code: 203, message: '登录密码错误', data: null });
    for (let i = 0; i < 4; i++) await call(app, 'login_pc', { name: 'demo01', password: 'wrong99' });
    expect((await call(app, 'login_pc', { name: 'demo01', password: 'demo123' })).body.code).toBe(429);
  });

  it('a wrong old password of either password change is 205 登录密码错误; after as many as login allows, the lock', async () => {
    const token = (await data(app, 'login_pc', { name: 'demo01', password: 'demo123' })).api_token;
    const wrong = { code: 205, message: '登录密码错误', data: null };
    expect((await call(app, 'editPayPassword', { password: '000000', paypassword: '222222' }, token)).body).toEqual(wrong);
    for (let i = 0; i < 5; i++) expect((await call(app, 'editPassword', { password: `wrong${i}`, paypassword: 'newpass1' }, token)).body).toEqual(wrong);
    expect((await call(app, 'editPassword', { password: 'demo123', paypassword: 'newpass1' }, token)).body.code).toBe(429);
  });

  it('one session per member: a new login ends the token of the one before', async () => {
    const first = (await data(app, 'login_pc', { name: 'demo01', password: 'demo123' })).api_token;
    const second = (await data(app, 'login_pc', { name: 'demo01', password: 'demo123' })).api_token;
    expect((await call(app, 'balance', {}, first)).body.code).toBe(401);
    expect((await call(app, 'balance', {}, second)).body.code).toBe(200);
  });

  it('register answers {api_token} alone; a password of fewer than 8 characters is code 1000 密码8到20位, nobody registered', async () => {
    const short = await call(app, 'register', { name: 'lara0001', password: 'abc123', confirmPass: 'abc123', realname: '李四', paypassword: '112233' });
    expect(short.status).toBe(200);
    expect(short.body).toEqual({ code: 1000, message: '密码8到20位', data: null });
    const reg = await data(app, 'register', { name: 'lara0001', password: 'abc12345', confirmPass: 'abc12345', realname: '李四', paypassword: '112233' });
    expect(Object.keys(reg)).toEqual(['api_token']);
  });
});

describe('member replies as the Laravel original', () => {
  beforeEach(async () => {
    await laravel();
  });

  it('user: its own fields with the token; refreshusermoney: the same fields, no venue list, message 刷新成功', async () => {
    const user = (await data(app, 'user', {}, token)) as Record<string, unknown>;
    // vipname: a picture path of the original's own client; every amount a string
    expect(user).toMatchObject({ id: 10001, api_token: token, username: 'demo01', current_vip: 'VIP3', vip: 3, level: 3, vipname: '/static/style/vip3.png', next_vip: 'VIP4', balance: '1000.00', usdtrate: '7.20' });
    expect(user.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const res = await call(app, 'refreshusermoney', {}, token);
    expect(res.body.message).toBe('刷新成功');
    expect(res.body.data).toEqual(user);
    expect(res.body.data).not.toHaveProperty('list');
  });

  it('balancelist carries app_icon, a picture the mock serves; bannerList only src', async () => {
    const list = await data(app, 'balancelist', {}, token);
    expect(list).toHaveLength(8);
    for (const v of list) {
      expect(Object.keys(v)).toEqual(['balance', 'name', 'platname', 'app_icon']);
      expect(v.app_icon).toBe(`/mock-assets/platform/${v.platname}.svg`);
    }
    const icon = await request(app).get(list[0].app_icon!);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    for (const b of await data(app, 'bannerList', { type: 2 })) expect(Object.keys(b)).toEqual(['src', 'background', 'url']);
  });

  it("bet rows: bet_time and platform_type, no created_at; the paginator's url fields in Laravel's order", async () => {
    await request(app).post('/__mock/settings').send({ shapes: { profile: 'default' } });
    const before = await data(app, 'betrecord', { date: 4, page: 2 }, token);
    await laravel();
    const res = await request(app).post('/api/betrecord').set('Authorization', `Bearer ${token}`).send({ date: 4, page: 2 });
    const page = res.body.data;
    // the address the request came in on (supertest's ephemeral port), as for every url the mock hands out
    expect(page.path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/betrecord$/);
    const base = page.path as string;
    expect(Object.keys(page)).toEqual(['current_page', 'data', 'first_page_url', 'from', 'last_page', 'last_page_url', 'next_page_url', 'path', 'per_page', 'prev_page_url', 'to', 'total']);
    expect(page).toMatchObject({
      current_page: 2,
      first_page_url: `${base}?page=1`,
      prev_page_url: `${base}?page=1`,
      next_page_url: `${base}?page=3`,
      last_page_url: `${base}?page=${before.last_page}`,
      path: base,
      from: 11,
      to: 20,
      total: before.total,
    });
    expect(page.data).toHaveLength(before.data.length);
    page.data.forEach((row: Record<string, unknown>, i: number) => {
      expect(Object.keys(row)).toEqual(['bet_id', 'bet_time', 'platform_type', 'bet_amount', 'win_loss', 'status', 'Code']);
      const was = before.data[i];
      // platform_type in lower case, Code empty (it is the platform's name only for an upper-case code), amounts as strings
      expect(row).toEqual({ bet_id: was.bet_id, bet_time: was.created_at, platform_type: was.api_type!.toLowerCase(), bet_amount: Number(was.bet_amount).toFixed(2), win_loss: Number(was.win_loss).toFixed(2), status: was.status, Code: '' });
    });
    const last = await data(app, 'betrecord', { date: 4, page: before.last_page }, token);
    expect(last.next_page_url).toBeNull();
    const first = await data(app, 'betrecord', { date: 4, page: 1 }, token);
    expect(first.prev_page_url).toBeNull();
  });

  it('transaction rows differ by type: deposits keep the order number; withdrawals add real_money and type; transfers have no order number', async () => {
    const keys = async (type: number) => {
      const page = await data(app, 'gettransrecord', { date: 4, type, page: 1 }, token);
      expect(page.data.length).toBeGreaterThan(0);
      return page.data;
    };
    for (const r of await keys(1)) expect(Object.keys(r)).toEqual(['amount', 'created_at', 'state', 'pay_way', 'out_trade_no']);
    const withdrawals = await keys(2);
    for (const r of withdrawals) {
      expect(Object.keys(r)).toEqual(['real_money', 'created_at', 'state', 'out_trade_no', 'type', 'pay_way', 'amount']);
      expect(r.type).toBe(r.pay_way === 'USDT-TRC20' ? 2 : 1);
      expect(['Bank card', 'USDT-TRC20']).toContain(r.pay_way);
      expect(r.real_money).toBe(r.amount);
    }
    expect(new Set(withdrawals.map((r) => r.type))).toEqual(new Set([1, 2]));
    for (const type of [3, 4]) {
      for (const r of await keys(type)) expect(Object.keys(r)).toEqual(['real_money', 'created_at', 'state', 'api_type', 'pay_way']);
    }
  });

  it('rebate rows are transfer-log rows with gamename; the totals stay', async () => {
    const reply = await data(app, 'getfanshui', { date: 4, page: 1, api_type: '', type: '' }, token);
    const row = reply.list.data[0] as Record<string, unknown>;
    expect(Object.keys(row)).toEqual([
      'id', 'order_no', 'api_type', 'user_id', 'transfer_type', 'money', 'cash_fee', 'real_money', 'before_money', 'after_money',
      'state', 'platform_type', 'betid', 'settlementsday', 'addtime', 'remark', 'created_at', 'updated_at', 'gamename',
    ]);
    expect(row).toMatchObject({ user_id: 10001, real_money: row.money, cash_fee: '0.00', transfer_type: 6 });
    expect(reply.list).toHaveProperty('next_page_url');
    expect(Number(reply.nojisuan)).toBeGreaterThan(0);
  });

  it('red packet: redPacketStatus STARTING while on, END when off; rule rows without times; a claim says 成功领取', async () => {
    const info = await data(app, 'userredpacket', {}, token);
    expect(info.redPacketStatus).toBe('STARTING');
    expect(Object.keys(info)).toEqual(['sendnums', 'acquirednum', 'redPacketStatus', 'rules', 'max_times']);
    expect(info.rules).toHaveLength(5);
    for (const r of info.rules) {
      expect(Object.keys(r)).toEqual(['id', 'day_flow', 'recharge', 'flow_money', 'money', 'start_time', 'end_time', 'status', 'created_at', 'updated_at']);
    }
    const claim = await call(app, 'douserredpacket', {}, token);
    expect(claim.body).toMatchObject({ code: 200, message: '成功领取', data: { sendnums: info.sendnums - 1 } });
    await request(app).post('/__mock/settings').send({ redpacket_switch: 0 });
    expect((await data(app, 'userredpacket', {}, token)).redPacketStatus).toBe('END');
  });

  it('payinfo: a bank deposit lists the receiving accounts with bank_data and ico; USDT one channel with a full picture url, the rate and the USDT amount', async () => {
    const bankNo = (await call(app, 'recharge', { paytype: 'bank', amount: 500, bank_owner: '张伟', bank: '招商银行', bank_no: '6225880112345678', bank_address: '深圳' }, token)).body.message;
    const bank = await call(app, 'payinfo', { deposit_no: bankNo }, token);
    expect(bank.body.message).toBe('bankpay');
    const banks = await data(app, 'getpaybank', {}, token);
    expect(bank.body.data).toMatchObject({ deposit_no: bankNo, info: { out_trade_no: bankNo, amount: '500.00', paytype: 'bank', state: 1, pay_way: '网银转账' } });
    expect(bank.body.data!.cardlist).toEqual(banks.map((b) => ({ ...b, ico: expect.stringMatching(/^\/mock-assets\/bank\/\d+\.svg$/) })));

    const usdtNo = (await call(app, 'recharge', { paytype: 'usdt', amount: 720, catepay: 'TRC20' }, token)).body.message;
    const usdt = await request(app).post('/api/payinfo').set('Authorization', `Bearer ${token}`).send({ deposit_no: usdtNo });
    expect(usdt.body.message).toBe('usdtpay');
    expect(usdt.body.data.info).toMatchObject({ amount: '720.00', paytype: 'usdt', usdtrate: '7.20', real_money: '100.00' });
    expect(Array.isArray(usdt.body.data.cardlist)).toBe(false);
    expect(usdt.body.data.cardlist).toMatchObject({ id: 1, content: 'TRC20', payimg: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/mock-assets\/qr\//) });
    expect(checkReply('payinfo', usdt.body).problems).toEqual([]);
    expect(checkReply('payinfo', bank.body).problems).toEqual([]);
  });

  it('no venuelist: HTTP 404 JSON like any unknown path, before the token check; back in the default profile it is served again', async () => {
    for (const t of [token, undefined]) {
      const res = await call(app, 'venuelist', { date: 1 }, t);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: '接口不存在：/api/venuelist', data: null });
    }
    await request(app).post('/__mock/settings').send({ shapes: { profile: 'default' } });
    expect((await call(app, 'venuelist', { date: 1 }, token)).body.code).toBe(200);
  });

  it('the running original: HTTP 401 for a bad token, 500 for get_pay_way and non-bank getPayRange, 404 for paycode, code 1000 for a bad payload', async () => {
    for (const t of ['not-a-token', undefined]) {
      const res = await call(app, 'balance', {}, t);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 401, message: 'authentication failed', data: null });
    }
    const way = await call(app, 'get_pay_way', {}, token);
    expect(way.status).toBe(500);
    expect(way.body).toEqual({ code: 500, message: 'Server Error', data: null });
    expect((await call(app, 'getPayRange', { type: 'wechat' }, token)).status).toBe(500);
    const bank = await call(app, 'getPayRange', { type: 'bank' }, token);
    expect(bank.body).toMatchObject({ code: 200, data: { min_price: expect.stringMatching(/^\d+\.\d{2}$/) } });
    expect((await call(app, 'paycode', { deposit_no: 'x', pay_code: 'y', pay_name: 'z' }, token)).status).toBe(404);
    const bad = await call(app, 'betrecord', { date: 9 }, token);
    expect(bad.status).toBe(200);
    expect(bad.body.code).toBe(1000);
    expect(bad.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect((await call(app, 'getGameUrl', { plat_name: 'ag', game_code: '', is_mobile_url: 1 }, token)).body.code).toBe(1000);
  });

  it('amounts and switches as strings; home notices as {id, name, content}; English success messages; 202 No eligible records', async () => {
    const info = await data(app, 'app', {});
    expect(info).toMatchObject({ site_state: '1', index_modal: '1', redpacket_switch: '1', fanshui: '1' });
    await request(app).post('/__mock/settings').send({ index_modal: 0 });
    expect((await data(app, 'app', {})).index_modal).toBe('0');
    expect((await data(app, 'balance', {}, token)).balance).toBe('1000.00');
    const notices = await data(app, 'homenotice', {});
    expect(notices.length).toBeGreaterThan(0);
    for (const n of notices as unknown as Record<string, unknown>[]) {
      expect(Object.keys(n)).toEqual(['id', 'name', 'content']);
      expect(n.content).toMatch(/^<p>.+<\/p>$/);
    }
    expect((await call(app, 'transall', {}, token)).body).toEqual({ code: 200, message: 'transfer success', data: null });
    const mode = (await data(app, 'user', {}, token)).transferstatus;
    expect((await call(app, 'uptransferstatus', { transferstatus: Number(mode) }, token)).body).toEqual({ code: 202, message: 'No eligible records', data: null });
  });

  it('noticeList ignores the type asked for and needs a token; each row carries its own type and user_id', async () => {
    expect((await call(app, 'noticeList', { type: 1 })).status).toBe(401);
    const one = await data(app, 'noticeList', { type: 1, pagesize: 100 }, token);
    const two = await data(app, 'noticeList', { type: 2, pagesize: 100 }, token);
    expect(two.data).toEqual(one.data);
    const types = new Set(one.data.map((r) => `${r.type}:${r.user_id}`));
    expect(types).toEqual(new Set(['3:0', '1:10001']));
  });

  it('calls the original sends as the mock does are unchanged but for amounts and switches as strings: the app info, the game list, cards', async () => {
    // one server, so that the urls built from the address the request came in on are the same
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const calls = [['app', {}], ['gameList', { category: '' }], ['getcard', { type: 1 }], ['uservip', {}]] as const;
      const asLaravel = await Promise.all(calls.map(([name, payload]) => call(server, name, payload, token)));
      await request(server).post('/__mock/settings').send({ shapes: { profile: 'default' } });
      const strings = (v: unknown): unknown =>
        JSON.parse(JSON.stringify(v), (k, x) => (typeof x !== 'number' ? x : ['site_state', 'index_modal', 'redpacket_switch', 'fanshui'].includes(k) ? String(x) : ['recharge', 'flow', 'realperson', 'sport', 'e_sport', 'joker', 'electron', 'lottery'].includes(k) ? x.toFixed(2) : x));
      for (const [i, [name, payload]] of calls.entries()) expect(asLaravel[i].body).toEqual(strings((await call(server, name, payload, token)).body));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
