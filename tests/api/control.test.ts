/** The /__mock/ control surface: reset, settings, faults, member patches, review, latency, state. */
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../mock-server/app';
import { call, data, memberSnap, newApp, patchMember, setFault, tokenFor } from './helpers';

let app: ReturnType<typeof newApp>;
let token: string;
beforeEach(async () => {
  app = newApp();
  token = await tokenFor(app);
});

describe('reset', () => {
  it('restores the seed: money, cards, settings; ends sessions and clears faults', async () => {
    await call(app, 'transfer', { amount: 500, sourcetype: 'userbalance', targettype: 'ky' }, token);
    await call(app, 'delcard', { id: (await memberSnap(app)).cards[0].id }, token);
    await request(app).post('/__mock/settings').send({ site_state: 0 });
    await setFault(app, { path: '/api/app', code: 500, times: 5 });
    const res = await request(app).post('/__mock/reset').send({});
    expect(res.body.code).toBe(200);
    const m = await memberSnap(app);
    expect(m).toMatchObject({ balance: 1000, venues: { ag: 320.5, pg: 88, ky: 0 }, sendnums: 3 });
    expect(m.cards).toHaveLength(1);
    expect((await data(app, 'app')).site_state).toBe(1);
    expect((await call(app, 'balance', {}, token)).body.code).toBe(401);
  });

  it('keeps the open sessions when asked ({keepSessions: true}), the seed back all the same; refuses any other body with a JSON 422', async () => {
    await call(app, 'transfer', { amount: 500, sourcetype: 'userbalance', targettype: 'ky' }, token);
    const res = await request(app).post('/__mock/reset').send({ keepSessions: true });
    expect(res.body.code).toBe(200);
    expect(await memberSnap(app)).toMatchObject({ balance: 1000, venues: { ag: 320.5, pg: 88, ky: 0 } });
    const balance = await call(app, 'balance', {}, token);
    expect(balance.body.code).toBe(200);
    for (const bad of [{ keepSessions: 'yes' }, { keep: true }, [true]]) {
      const r = await request(app).post('/__mock/reset').send(bad);
      expect(r.status, JSON.stringify(bad)).toBe(422);
      expect(r.body).toMatchObject({ code: 422, message: '请求体应为 {} 或 {"keepSessions": true}（保留已登录的会话）' });
    }
    expect((await call(app, 'balance', {}, token)).body.code).toBe(200);
  });

  it('each createApp() has its own state', async () => {
    const other = newApp();
    await patchMember(app, { balance: 1 });
    expect((await memberSnap(other)).balance).toBe(1000);
  });
});

describe('settings', () => {
  it('merges app info, pay ways and ranges into what the API answers', async () => {
    const res = await request(app)
      .post('/__mock/settings')
      .send({ site_state: 0, repair_tips: '维护中', redpacket_switch: 0, index_modal: 0, webcontent: '<p>新公告</p>', title: '测试站', pay_way: { usdt: 0 } });
    expect(res.body.code).toBe(200);
    expect(await data(app, 'app')).toMatchObject({ site_state: 0, repair_tips: '维护中', redpacket_switch: 0, index_modal: 0, webcontent: '<p>新公告</p>', title: '测试站' });
    expect(await data(app, 'get_pay_way', {}, token)).toEqual({ card: 1, usdt: 0, wechat: 1, alipay: 1 });
    await request(app).post('/__mock/settings').send({ ios_download_url: 'https://dl.example.com/app.ipa' });
    const info = await data(app, 'app');
    expect(info.ios_download_url).toBe('https://dl.example.com/app.ipa');
    expect(info.ios_download_qrcode).toContain(encodeURIComponent('https://dl.example.com/app.ipa'));
  });

  it('sets a withdrawal bound of its own (a back office that differs from the config), the other kept; reset brings the config\'s back', async () => {
    expect((await request(app).post('/__mock/settings').send({ withdrawLimits: { max: 500 } })).body.code).toBe(200);
    const bank = (await memberSnap(app)).cards[0].id;
    const withdraw = async (amount: number) => (await call(app, 'withdraw', { amount, bank, password: '123456' }, token)).body as { code: number; message: string };
    expect(await withdraw(501)).toMatchObject({ code: 215, message: '单笔取款不能高于500元' });
    expect(await withdraw(99)).toMatchObject({ code: 214, message: '单笔取款不能低于100元' });
    await request(app).post('/__mock/reset').send({});
    token = await tokenFor(app);
    expect((await call(app, 'withdraw', { amount: 501, bank: (await memberSnap(app)).cards[0].id, password: '123456' }, token)).body).toMatchObject({ code: 200 });
  });

  it('refuses unknown fields and wrong types with a JSON 422', async () => {
    for (const body of [{ site_state: 2 }, { sitestate: 0 }, { pay_way: { paypal: 1 } }, { payRange: { bank: { min_price: 'x' } } }, { withdrawLimits: { max: -1 } }, { withdrawLimits: { top: 5 } }, '{"withdrawLimits":{"max":1e400}}', '{"payRange":{"bank":{"max_price":1e400}}}', '{"usdtrate":1e400}', '{"fanshui":-1e400}']) {
      const res = await request(app).post('/__mock/settings').set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe(422);
    }
    const broken = await request(app).post('/__mock/settings').set('Content-Type', 'application/json').send('{oops');
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe(400);
  });
});

describe('fault injection', () => {
  it('a body code for the next call only (times defaults to 1)', async () => {
    await setFault(app, { path: '/api/getGameUrl', code: 501, message: '余额不足，请先充值' });
    const first = await call(app, 'getGameUrl', { plat_name: 'ag' }, token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ code: 501, message: '余额不足，请先充值', data: null });
    expect((await call(app, 'getGameUrl', { plat_name: 'ag' }, token)).body.code).toBe(200);
  });

  it('for the next N calls, before the token check (so a visitor sees it too)', async () => {
    await setFault(app, { path: '/api/balance', code: 401, times: 3 });
    for (let i = 0; i < 3; i += 1) {
      const res = await call(app, 'balance', {}, token);
      expect(res.body).toMatchObject({ code: 401, message: '您的账号登陆过期，请重新登陆' });
    }
    expect((await call(app, 'balance', {}, token)).body.code).toBe(200);
  });

  it('an HTTP status, with a JSON body', async () => {
    await setFault(app, { path: '/api/app', status: 503 });
    const res = await request(app).post('/api/app');
    expect(res.status).toBe(503);
    expect(res.type).toBe('application/json');
    expect(res.body.code).toBe(503);
  });

  it('a delay, then the normal reply', async () => {
    await setFault(app, { path: '/api/homenotice', delayMs: 150 });
    const t0 = Date.now();
    const res = await call(app, 'homenotice');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect(res.body.code).toBe(200);
  });

  it('a dropped connection', async () => {
    await setFault(app, { path: '/api/douserredpacket', drop: true });
    await expect(request(app).post('/api/douserredpacket').set('Authorization', `Bearer ${token}`)).rejects.toThrow();
    // the claim did not happen, and the next call works
    expect((await memberSnap(app)).sendnums).toBe(3);
    expect((await call(app, 'douserredpacket', {}, token)).body.code).toBe(200);
  });

  it('lists and clears faults; refuses unknown paths and empty rules', async () => {
    await setFault(app, { path: '/api/user', code: 500, times: 2 });
    expect((await request(app).get('/__mock/faults')).body.data['/api/user']).toMatchObject({ code: 500, remaining: 2 });
    await request(app).delete('/__mock/fault').set('Content-Type', 'application/json');
    expect((await request(app).get('/__mock/faults')).body.data).toEqual({});
    expect((await request(app).post('/__mock/fault').send({ path: '/api/nope', code: 500 })).status).toBe(422);
    expect((await request(app).post('/__mock/fault').send({ path: '/api/user' })).status).toBe(422);
    expect((await request(app).post('/__mock/fault').send({ code: 500 })).status).toBe(422);
  });
});

describe('member patches', () => {
  it('sets up cases like no cards, an empty wallet, no red packets', async () => {
    const m = await patchMember(app, { username: 'demo01', balance: 0, venues: { ag: 0, pg: 0 }, sendnums: 0, cards: [] });
    expect(m).toMatchObject({ balance: 0, gameblance: 0, sendnums: 0, cards: [] });
    expect(await data(app, 'getcard', { type: 1 }, token)).toEqual([]);
    expect((await data(app, 'user', {}, token)).balance).toBe(0);
    const withCards = await patchMember(app, {
      cards: [
        { bank: 'USDT', bank_owner: 'TRC20', bank_no: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
        { bank: '招商银行', bank_owner: '张伟', bank_no: '6225880112345678', bank_address: '深圳' },
      ],
    });
    expect(withCards.cards.map((c) => c.kind)).toEqual(['usdt', 'bank']);
    expect(await data(app, 'getcard', { type: 2 }, token)).toHaveLength(1);
  });

  it('can make an agent, change passwords, and refuses bad patches', async () => {
    await patchMember(app, { isagent: 1, password: 'another1' });
    expect((await data(app, 'user', {}, token)).isagent).toBe(1);
    expect((await call(app, 'login_pc', { name: 'demo01', password: 'another1' })).body.code).toBe(200);
    expect((await request(app).post('/__mock/member').send({ username: 'ghost' })).status).toBe(404);
    expect((await request(app).post('/__mock/member').send({ balanse: 5 })).status).toBe(422);
    expect((await request(app).post('/__mock/member').send({ balance: -1 })).status).toBe(422);
    expect((await request(app).post('/__mock/member').send({ venues: { nowhere: 5 } })).status).toBe(422);
  });
});

describe('state, latency, unknown control paths', () => {
  it('GET /__mock/state shows members, wallets, settings', async () => {
    const res = await request(app).get('/__mock/state');
    expect(res.body.code).toBe(200);
    const names = res.body.data.members.map((m: { username: string }) => m.username);
    expect(names).toEqual(['demo01', 'agent01']);
    expect(res.body.data.settings.site_state).toBe(1);
  });

  it('global latency from the option, changeable at run time', async () => {
    const slow = createApp({ latencyMs: 120, control: true });
    let t0 = Date.now();
    await request(slow).post('/api/app');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(110);
    await request(slow).post('/__mock/latency').send({ ms: 0 });
    t0 = Date.now();
    await request(slow).post('/api/app');
    expect(Date.now() - t0).toBeLessThan(110);
  });

  it('MOCK_LATENCY_MS is the default latency', async () => {
    process.env.MOCK_LATENCY_MS = '90';
    try {
      const slow = createApp({ control: true });
      expect((await request(slow).get('/__mock/latency')).body.data.ms).toBe(90);
    } finally {
      delete process.env.MOCK_LATENCY_MS;
    }
  });

  it('unknown control paths are a JSON 404', async () => {
    const res = await request(app).post('/__mock/nothing').send({});
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
  });
});

describe('the seed', () => {
  it('is the same for every app created on one day, and after a reset', async () => {
    const other = newApp();
    const otherToken = await tokenFor(other);
    const page = async (a: typeof app, t: string) => {
      const r = await data(a, 'gettransrecord', { type: 1, date: 4, pagesize: 100 }, t);
      return r.data.map((x) => `${x.out_trade_no} ${x.amount} ${x.created_at}`);
    };
    const first = await page(app, token);
    expect(await page(other, otherToken)).toEqual(first);
    await call(app, 'recharge', { paytype: 'alipay', amount: 500 }, token);
    await request(app).post('/__mock/reset').send({});
    expect(await page(app, await tokenFor(app))).toEqual(first);
    expect(await data(app, 'noticeList', { page: 1, type: 1 })).toEqual(await data(other, 'noticeList', { page: 1, type: 1 }));
  });
});

describe('clock (issue 31)', () => {
  const DAY = 24 * 3_600_000;
  const joinday = async () => (await call(app, 'user', {}, token)).body.data?.joinday as number;

  it('advanced a day: the member has been here a day longer, and is still logged in', async () => {
    const before = (await request(app).get('/__mock/clock')).body.data;
    expect(before.offsetMs).toBe(0);
    const days = await joinday();
    const moved = await request(app).post('/__mock/clock').send({ advanceMs: DAY });
    expect(moved.body.code).toBe(200);
    expect(moved.body.data.offsetMs).toBe(DAY);
    expect(moved.body.data.now - before.now).toBeGreaterThanOrEqual(DAY);
    expect(await joinday()).toBe(days + 1);
  });

  it('set to a time: read back; a jump past the token lifetime keeps the open session; reset puts the clock back', async () => {
    const res = await request(app).post('/__mock/clock').send({ set: '2030-01-02T03:04:05Z' });
    expect(res.body.data.iso.slice(0, 19)).toBe('2030-01-02T03:04:05');
    expect((await call(app, 'balance', {}, token)).body.code).toBe(200);
    await request(app).post('/__mock/reset').send({});
    expect((await request(app).get('/__mock/clock')).body.data.offsetMs).toBe(0);
  });

  it('refuses anything but one of {advanceMs} and {set} with a JSON 422 naming what to send', async () => {
    for (const bad of [{}, { advanceMs: '1d' }, { set: 'tomorrow' }, { advanceMs: 1, set: 0 }, { when: 1 }, [1]]) {
      const res = await request(app).post('/__mock/clock').send(bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.code).toBe(422);
      expect(res.body.message).toMatch(/advanceMs|set/);
    }
    expect((await request(app).get('/__mock/clock')).body.data.offsetMs).toBe(0);
  });
});
