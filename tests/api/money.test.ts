/** Money: transfers, recovery, withdrawals, deposits and the pay page, game launch, records and their filters. */
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { periodStart } from '../../mock-server/time';
import { call, data, memberSnap, newApp, patchMember, tokenFor } from './helpers';
import type { PayChannel } from '../../src/api/types';
import appJson from '../../screens.config/app.json';

let app: ReturnType<typeof newApp>;
let token: string;
beforeEach(async () => {
  app = newApp();
  token = await tokenFor(app);
});

const cents = (n: number) => Math.round(n * 100);

describe('transfer', () => {
  it('moves money from the central wallet to a venue and back, writing transfer records', async () => {
    const start = await memberSnap(app);
    const out = await call(app, 'transfer', { amount: 100.25, sourcetype: 'userbalance', targettype: 'bbin' }, token);
    expect(out.body).toMatchObject({ code: 200, data: { balance: 899.75 } });
    let m = await memberSnap(app);
    expect(m.venues.bbin).toBe(100.25);
    expect(m.total).toBe(start.total);
    const back = await call(app, 'transfer', { amount: '50', sourcetype: 'bbin', targettype: 'userbalance' }, token);
    expect(back.body).toMatchObject({ code: 200, data: { balance: 949.75 } });
    m = await memberSnap(app);
    expect(m.venues.bbin).toBe(50.25);
    const into = await data(app, 'gettransrecord', { type: 3, date: 1, api_type: 'bbin' }, token);
    expect(into.data[0]).toMatchObject({ amount: 100.25, pay_way: 'BBIN视讯', state: 1 });
    const outof = await data(app, 'gettransrecord', { type: 4, date: 1, api_type: 'bbin' }, token);
    expect(outof.data[0]).toMatchObject({ amount: 50, state: 1 });
  });

  it('is refused when the source is short, and changes nothing', async () => {
    const short = await call(app, 'transfer', { amount: 1000.01, sourcetype: 'userbalance', targettype: 'ag' }, token);
    expect(short.body.code).toBe(210);
    const venueShort = await call(app, 'transfer', { amount: 320.51, sourcetype: 'ag', targettype: 'userbalance' }, token);
    expect(venueShort.body.code).toBe(210);
    const m = await memberSnap(app);
    expect(m.balance).toBe(1000);
    expect(m.venues.ag).toBe(320.5);
  });

  it('is refused when neither side is the central wallet, or a venue is unknown', async () => {
    expect((await call(app, 'transfer', { amount: 10, sourcetype: 'ag', targettype: 'pg' }, token)).body).toMatchObject({
      code: 209,
      message: '场馆内钱包不支持互转',
    });
    expect((await call(app, 'transfer', { amount: 10, sourcetype: 'userbalance', targettype: 'userbalance' }, token)).body.code).toBe(209);
    expect((await call(app, 'transfer', { amount: 10, sourcetype: 'userbalance', targettype: 'zz' }, token)).body.code).toBe(209);
  });

  it.each([[0], [-5], [1.234], ['abc']])('refuses amount %s with 422', async (amount) => {
    const res = await call(app, 'transfer', { amount, sourcetype: 'userbalance', targettype: 'ag' }, token);
    expect(res.body.code).toBe(422);
    expect(res.body.message).toMatch(/金额|操作金额/);
  });
});

describe('transall', () => {
  it('brings every venue balance home', async () => {
    const res = await call(app, 'transall', {}, token);
    expect(res.body.code).toBe(200);
    expect(res.body.message).toContain('408.50');
    const money = await data(app, 'refreshusermoney', {}, token);
    expect(money).toMatchObject({ balance: 1408.5, gameblance: 0 });
    expect(money.list?.every((v) => v.balance === 0)).toBe(true);
    expect(money.list).toHaveLength(8);
    const again = await call(app, 'transall', {}, token);
    expect(again.body.code).toBe(200);
    expect((await data(app, 'balance', {}, token)).balance).toBe(1408.5);
  });

  it('balancelist lists the eight venues, two of them holding money', async () => {
    const list = await data(app, 'balancelist', {}, token);
    expect(list).toHaveLength(8);
    expect(list.filter((v) => Number(v.balance) > 0).map((v) => v.platname).sort()).toEqual(['ag', 'pg']);
    expect(list.find((v) => v.platname === 'pg')).toEqual({ name: 'PG电子', platname: 'pg', balance: 88 });
  });
});

describe('withdraw', () => {
  let card: number;
  beforeEach(async () => {
    card = (await data(app, 'getcard', { type: 1 }, token))[0].id;
  });

  it('takes the money and writes a pending record', async () => {
    const res = await call(app, 'withdraw', { amount: 300, bank: card, password: '123456' }, token);
    expect(res.body).toMatchObject({ code: 200, message: '提交成功，等待后台审核', data: null });
    expect((await data(app, 'balance', {}, token)).balance).toBe(700);
    const rec = await data(app, 'gettransrecord', { type: 2, date: 1 }, token);
    expect(rec.data[0]).toMatchObject({ amount: 300, state: 1, pay_way: '银行卡' });
  });

  it.each([
    [{ password: '000000' }, 205],
    [{ amount: 99.99 }, 214],
    // the bounds the config states (the mock speaks as its brand)
    [{ amount: appJson.constants.withdrawMax + 1 }, 215],
    [{ amount: 1000.01 }, 208],
    [{ bank: 999999 }, 202],
  ])('refuses %o with code %i and takes nothing', async (patch, code) => {
    const res = await call(app, 'withdraw', { amount: 200, bank: card, password: '123456', ...patch }, token);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await data(app, 'balance', {}, token)).balance).toBe(1000);
  });

  it('reviewed through the control surface: a rejection gives the money back', async () => {
    await call(app, 'withdraw', { amount: 500, bank: card, password: '123456' }, token);
    const no = (await data(app, 'gettransrecord', { type: 2, date: 1 }, token)).data[0].out_trade_no;
    const res = await request(app).post('/__mock/review').send({ out_trade_no: no, approve: false });
    expect(res.body.code).toBe(200);
    expect((await data(app, 'balance', {}, token)).balance).toBe(1000);
    expect((await data(app, 'gettransrecord', { type: 2, date: 1 }, token)).data[0].state).toBe(3);
    expect((await request(app).post('/__mock/review').send({ out_trade_no: no, approve: true })).body.code).toBe(409);
  });
});

describe('recharge and the pay page', () => {
  it('writes a pending deposit and returns its number in message; payinfo finds it', async () => {
    const res = await call(app, 'recharge', { paytype: 'usdt', amount: 720, catepay: 'usdt-trc20' }, token);
    expect(res.body.code).toBe(200);
    const no = res.body.message;
    expect(no).toMatch(/^CK\d{14}\d{4}$/);
    const info = await call(app, 'payinfo', { deposit_no: no }, token);
    expect(info.body.code).toBe(200);
    expect(info.body.message).toBe('usdtpay');
    expect(info.body.data).toMatchObject({ deposit_no: no, info: { amount: 720, paytype: 'usdt' } });
    // cardlist is one object, as SPEC.md section 3 writes it (the array of real backends: tests/api/real-shapes.test.ts)
    const channel = info.body.data!.cardlist as PayChannel;
    expect(channel).toMatchObject({ content: 'TRC20', mch_id: expect.stringMatching(/^T/) });
    const qr = await request(app).get(channel.payimg);
    expect(qr.headers['content-type']).toMatch(/svg/);
    const rec = await data(app, 'gettransrecord', { type: 1, date: 1 }, token);
    expect(rec.data[0]).toMatchObject({ out_trade_no: no, amount: 720, state: 1, pay_way: 'USDT' });
    // nobody else sees it
    const agent = await tokenFor(app, 'agent01');
    expect((await call(app, 'payinfo', { deposit_no: no }, agent)).body.code).toBe(202);
  });

  it('an approved deposit reaches the wallet and the cumulative deposit', async () => {
    const no = (await call(app, 'recharge', { paytype: 'alipay', amount: 200 }, token)).body.message;
    await request(app).post('/__mock/review').send({ out_trade_no: no, approve: true });
    const user = await data(app, 'user', {}, token);
    expect(user.balance).toBe(1200);
    expect(user.paysum).toBe(12800);
  });

  it('paycode finds an Alipay deposit, takes the code once, and refuses unknown orders', async () => {
    const no = (await call(app, 'recharge', { paytype: 'alipay', amount: 300 }, token)).body.message;
    const info = await call(app, 'payinfo', { deposit_no: no }, token);
    expect((info.body.data!.cardlist as PayChannel).id).toBe(4);
    const ok = await call(app, 'paycode', { deposit_no: no, pay_code: '12345678', pay_name: '张伟' }, token);
    expect(ok.body).toMatchObject({ code: 200, message: '提交成功，等待后台审核' });
    expect((await call(app, 'paycode', { deposit_no: no, pay_code: '12345678', pay_name: '张伟' }, token)).body.code).toBe(409);
    expect((await call(app, 'paycode', { deposit_no: 'CK000', pay_code: '1', pay_name: '张伟' }, token)).body).toMatchObject({
      code: 202,
      message: '支付参数错误',
    });
  });

  it('a bank deposit needs the depositor account fields', async () => {
    const base = { paytype: 'bank', amount: 1000 };
    expect((await call(app, 'recharge', base, token)).body).toMatchObject({ code: 422, message: '请输入存款人姓名' });
    const full = { ...base, bank_owner: '张伟', bank: '中国工商银行', bank_no: '6222021203045678123', bank_address: '北京朝阳支行' };
    const res = await call(app, 'recharge', full, token);
    expect(res.body.code).toBe(200);
    expect((await call(app, 'payinfo', { deposit_no: res.body.message }, token)).body.message).toBe('bankpay');
  });

  it('checks the range of the method and whether the method is open', async () => {
    const range = await data(app, 'getPayRange', { type: 'wechat' }, token);
    const low = await call(app, 'recharge', { paytype: 'wxpay', amount: Number(range.min_price) - 1 }, token);
    expect(low.body).toMatchObject({ code: 422, message: `请输入金额在${range.min_price}-${range.max_price}之间！` });
    await request(app).post('/__mock/settings').send({ pay_way: { wechat: 0 }, payRange: { bank: { min_price: 300 } } });
    expect(await data(app, 'get_pay_way', {}, token)).toEqual({ card: 1, usdt: 1, wechat: 0, alipay: 1 });
    expect((await call(app, 'recharge', { paytype: 'wxpay', amount: 200 }, token)).body.code).toBe(1);
    // the maximum stays the config's (app.json depositMax): the mock answers the range its config says
    expect(await data(app, 'getPayRange', { type: 'bank' }, token)).toEqual({ min_price: 300, max_price: 10000 });
  });

  it('getpaybank lists receiving accounts; getBetAmount the turnover owed', async () => {
    const banks = await data(app, 'getpaybank', {}, token);
    expect(banks.length).toBeGreaterThan(0);
    expect(banks[0]).toMatchObject({ bank_no: expect.any(String), bank_owner: expect.any(String), bank_data: { bank_name: expect.any(String) } });
    expect((await data(app, 'getBetAmount', {}, token)).bet_amount).toBe(1850);
    expect((await data(app, 'balance', {}, token)).mbalance).toBe(1850);
  });
});

describe('getGameUrl', () => {
  it('gives an absolute url of a game page while the central wallet has money', async () => {
    const { url } = await data(app, 'getGameUrl', { plat_name: 'pp', game_code: 'pp1001', game_type: 2, is_mobile_url: 1 }, token);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__mock\/page\/game\?/);
    const page = await request(app).get(url.replace(/^http:\/\/[^/]+/, ''));
    expect(page.text).toContain('奥林匹斯之门');
  });

  it('answers 501 with a message when the central wallet is empty', async () => {
    await patchMember(app, { balance: 0 });
    const res = await call(app, 'getGameUrl', { plat_name: 'ag', game_type: 0, game_code: '', is_mobile_url: 1 }, token);
    expect(res.body.code).toBe(501);
    expect(res.body.message).toMatch(/余额不足/);
  });

  it('with auto-transfer on, brings money home and sends it to the launched venue', async () => {
    await call(app, 'uptransferstatus', { transferstatus: 1 }, token);
    expect((await call(app, 'getGameUrl', { plat_name: 'sb' }, token)).body.code).toBe(200);
    const m = await memberSnap(app);
    expect(m.balance).toBe(0);
    expect(m.venues).toMatchObject({ sb: 1408.5, ag: 0, pg: 0 });
  });

  it('refuses unknown and switched-off platforms', async () => {
    expect((await call(app, 'getGameUrl', { plat_name: 'nope' }, token)).body.code).toBe(1);
    expect((await call(app, 'getGameUrl', { plat_name: 'ebet' }, token)).body.code).toBe(1);
  });
});

describe('records: paging and filters', () => {
  it('the seed needs more than one page of deposits, spread over 30 days', async () => {
    const p1 = await data(app, 'gettransrecord', { type: 1, date: 4, page: 1 }, token);
    expect(p1.total).toBeGreaterThanOrEqual(25);
    expect(p1.last_page).toBe(Math.ceil(p1.total / 10));
    const last = await data(app, 'gettransrecord', { type: 1, date: 4, page: p1.last_page }, token);
    expect(last.data.length).toBe(p1.total - (p1.last_page - 1) * 10);
    const p2 = await data(app, 'gettransrecord', { type: 1, date: 4, page: 2 }, token);
    expect(p2.data.map((r) => r.out_trade_no)).not.toContain(p1.data[0].out_trade_no);
    const big = await data(app, 'gettransrecord', { type: 1, date: 4, page: 1, pagesize: 50 }, token);
    expect(big.data).toHaveLength(p1.total);
    const days = new Set(big.data.map((r) => r.created_at.slice(0, 10)));
    expect(days.size).toBeGreaterThan(10);
  });

  it.each([['gettransrecord'], ['betrecord'], ['getfanshui']] as const)('%s: the date filters nest and keep to their window', async (name) => {
    const totals: number[] = [];
    for (const date of [1, 2, 3, 4] as const) {
      const payload = { date, page: 1, pagesize: 100, type: name === 'gettransrecord' ? 1 : '' };
      const reply = await data(app, name, payload, token);
      const page = 'list' in reply ? reply.list : reply;
      totals.push(page.total);
      const from = periodStart(date, Date.now());
      for (const r of page.data) expect(Date.parse(`${String(r.created_at).replace(' ', 'T')}+08:00`)).toBeGreaterThanOrEqual(from);
    }
    expect(totals[0]).toBeGreaterThan(0);
    for (let i = 1; i < 4; i += 1) expect(totals[i]).toBeGreaterThanOrEqual(totals[i - 1]);
    expect(totals[3]).toBeGreaterThan(totals[0]);
  });

  it('betrecord filters by venue and game type', async () => {
    const all = await data(app, 'betrecord', { date: 4, pagesize: 100 }, token);
    expect(all.total).toBeGreaterThan(40);
    expect(new Set(all.data.map((b) => b.status))).toEqual(new Set([0, 1, 2]));
    const ag = await data(app, 'betrecord', { date: 4, api_type: 'ag', pagesize: 100 }, token);
    expect(ag.total).toBe(all.data.filter((b) => b.api_type === 'ag').length);
    const live = await data(app, 'betrecord', { date: 4, game_type: 1, pagesize: 100 }, token);
    expect(live.total).toBe(all.data.filter((b) => b.game_type === 1).length);
    expect(live.total).toBeGreaterThan(0);
  });

  it('venuelist rows add up to its totals', async () => {
    const v = await data(app, 'venuelist', { date: 4, page: 1, api_type: '' }, token);
    const rows = v.lists.data;
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.reduce((a, r) => a + r.betnum, 0)).toBe(v.info.betnums);
    expect(cents(rows.reduce((a, r) => a + Number(r.bet_amounts), 0))).toBe(cents(Number(v.info.bet_amounts)));
    expect(cents(rows.reduce((a, r) => a + Number(r.win_losss), 0))).toBe(cents(Number(v.info.win_loss)));
    expect(rows.every((r) => r.valid_amounts <= r.bet_amounts)).toBe(true);
    const bets = await data(app, 'betrecord', { date: 4, pagesize: 100 }, token);
    expect(v.info.betnums).toBe(bets.total);
  });

  it('transfer records filter by venue; deposits ignore the venue filter', async () => {
    const all = await data(app, 'gettransrecord', { type: 3, date: 4, pagesize: 100 }, token);
    const venue = all.data[0].api_type!;
    const one = await data(app, 'gettransrecord', { type: 3, date: 4, pagesize: 100, api_type: venue }, token);
    expect(one.total).toBe(all.data.filter((r) => r.api_type === venue).length);
    const deposits = await data(app, 'gettransrecord', { type: 1, date: 4, api_type: venue }, token);
    expect(deposits.total).toBeGreaterThanOrEqual(25);
  });
});
