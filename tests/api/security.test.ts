/**
 * Issue 10, tried as an attacker would: the control surface only when asked for and never across
 * origins, /api CORS from an allow-list and JSON bodies only, built-in property names as input,
 * plain decimal money, absolute urls from the configured origin and never from Host.
 */
import type { Server } from 'node:http';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../mock-server/app';
import { guessLimits } from '../../mock-server/fixtures/site';
import { endpointNames, endpoints, type EndpointName } from '../../src/api/catalogue';
import { call, close, listen, liveMember, memberSnap, newApp, sample, tokenFor } from './helpers';

const EVIL = 'http://127.0.0.1:9999';

describe('the control surface (point 1)', () => {
  it('is not mounted without MOCK_CONTROL=1: 404 under /__mock/, the frame pages stay', async () => {
    const saved = process.env.MOCK_CONTROL;
    delete process.env.MOCK_CONTROL;
    try {
      for (const app of [createApp({ latencyMs: 0 }), createApp({ latencyMs: 0, control: false })]) {
        for (const [method, path] of [['post', '/__mock/login'], ['post', '/__mock/member'], ['get', '/__mock/state'], ['post', '/__mock/reset'], ['post', '/__mock/fault'], ['get', '/__mock/settings']] as const) {
          const res = await request(app)[method](path).send({ username: 'demo01', paypassword: '000000' });
          expect(res.status, path).toBe(404);
          expect(res.body.data, path).toBeNull();
          expect(JSON.stringify(res.body), path).not.toContain('api_token');
        }
        const page = await request(app).get('/__mock/page/kefu');
        expect(page.status).toBe(200);
        expect(page.text).toContain('在线客服');
      }
    } finally {
      if (saved !== undefined) process.env.MOCK_CONTROL = saved;
    }
  });

  it('MOCK_CONTROL=1 mounts it', async () => {
    const saved = process.env.MOCK_CONTROL;
    process.env.MOCK_CONTROL = '1';
    try {
      expect((await request(createApp({ latencyMs: 0 })).post('/__mock/login').send({})).body.code).toBe(200);
    } finally {
      if (saved === undefined) delete process.env.MOCK_CONTROL;
      else process.env.MOCK_CONTROL = saved;
    }
  });

  it('sends no CORS header and refuses a preflight from another origin', async () => {
    const app = newApp();
    const pre = await request(app)
      .options('/__mock/login')
      .set('Origin', EVIL)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(pre.status).toBe(405);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const state = await request(app).get('/__mock/state').set('Origin', EVIL);
    expect(state.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses any body but application/json with 415, and changes nothing', async () => {
    const app = newApp();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const login = await request(app).post('/__mock/login').set('Origin', EVIL).set('Content-Type', type).send('{"username":"demo01"}');
      expect(login.status, type).toBe(415);
      expect(login.body).toEqual({ code: 415, message: '控制接口只接受 application/json 请求体', data: null });
      const patch = await request(app).post('/__mock/member').set('Content-Type', type).send('{"balance":99999,"realname":"黑客"}');
      expect(patch.status, type).toBe(415);
    }
    // no type at all (a bare fetch from another page) is refused as well
    expect((await request(app).post('/__mock/reset')).status).toBe(415);
    const m = await memberSnap(app);
    expect(m.balance).toBe(1000);
    expect(m.sessions).toBe(0);
  });
});

describe('/api CORS and body types (point 2)', () => {
  it('reflects no foreign origin, and refuses its preflight', async () => {
    const app = newApp();
    const res = await request(app).post('/api/app').set('Origin', EVIL).send({});
    expect(res.body.code).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await request(app).options('/api/user').set('Origin', EVIL).set('Access-Control-Request-Method', 'POST');
    expect(pre.status).toBe(403);
    expect(pre.body).toEqual({ code: 403, message: '不允许的跨域请求', data: null });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows the origins on the list (option or MOCK_CORS_ORIGINS), and only those', async () => {
    const allowed = 'https://h5.example.com';
    const saved = process.env.MOCK_CORS_ORIGINS;
    process.env.MOCK_CORS_ORIGINS = `${allowed}, not an origin`;
    try {
      for (const app of [createApp({ latencyMs: 0, corsOrigins: [allowed] }), createApp({ latencyMs: 0 })]) {
        const pre = await request(app).options('/api/user').set('Origin', allowed).set('Access-Control-Request-Method', 'POST');
        expect(pre.status).toBe(204);
        expect(pre.headers['access-control-allow-origin']).toBe(allowed);
        expect(pre.headers['access-control-allow-headers']).toContain('Idempotency-Key');
        const other = await request(app).post('/api/app').set('Origin', 'https://h5.example.com.evil.example').send({});
        expect(other.headers['access-control-allow-origin']).toBeUndefined();
      }
    } finally {
      if (saved === undefined) delete process.env.MOCK_CORS_ORIGINS;
      else process.env.MOCK_CORS_ORIGINS = saved;
    }
  });

  it('a text/plain login is a JSON 415 with a Chinese message, and hands out no token', async () => {
    const app = newApp();
    const res = await request(app).post('/api/login_pc').set('Content-Type', 'text/plain').send('{"name":"demo01","password":"demo123"}');
    expect(res.status).toBe(415);
    expect(res.type).toBe('application/json');
    expect(res.body).toEqual({ code: 415, message: '不支持的请求格式：请使用 application/json', data: null });
  });
});

describe('built-in property names as input (point 4)', () => {
  const live = liveMember();

  const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
  const stringFields = (name: EndpointName): string[] =>
    Object.entries((endpoints[name].payload as { properties?: Record<string, { type?: string | string[] }> }).properties ?? {})
      .filter(([, s]) => ([] as string[]).concat(s.type ?? []).includes('string'))
      .map(([k]) => k);

  it.each(endpointNames.filter((n) => stringFields(n).length > 0).map((n) => [n]))('%s: no 5xx for any string field', async (name) => {
    const def = endpoints[name];
    for (const field of stringFields(name)) {
      for (const value of NAMES) {
        const payload = { ...(sample(name).payload as Record<string, unknown>), [field]: value };
        const r = def.method === 'GET' ? request(live.server).get(def.path).query(payload as Record<string, string>) : request(live.server).post(def.path).send(payload);
        const res = await r.set('Authorization', `Bearer ${live.token}`);
        const label = `${field}=${value}`;
        expect(res.status, label).toBeLessThan(500);
        expect(res.type, label).toBe('application/json');
        expect(typeof res.body.code, label).toBe('number');
      }
    }
  });

  it('gamelistBycode and getGameUrl treat them as unknown names', async () => {
    live.token = await tokenFor(live.server); // the fuzz above may have changed the password, which ends sessions
    for (const value of NAMES) {
      const list = await call(live.server, 'gamelistBycode', { gamecode: value });
      expect(list.body, value).toEqual({ code: 200, message: '暂无数据', data: [] });
      const launch = await call(live.server, 'getGameUrl', { plat_name: value }, live.token);
      expect(launch.body, value).toEqual({ code: 1, message: `游戏平台不存在：${value}`, data: null });
    }
  });

  it('asset paths and an empty QR text answer 4xx, never 5xx', async () => {
    const paths = [
      ...NAMES.flatMap((n) => [`/mock-assets/game/${n}/x.svg`, `/mock-assets/game/pg/${n}.svg`, `/mock-assets/${n}/x.svg`, `/mock-assets/platform/${n}.svg`, `/mock-assets/bank/${n}.svg`]),
      '/mock-assets/qr/x.svg?text=',
      '/mock-assets/qr/x.svg?text=&text=',
      ...NAMES.map((n) => `/__mock/page/${n}`),
    ];
    for (const path of paths) {
      const res = await request(live.server).get(path);
      expect(res.status, path).toBeLessThan(500);
    }
    const qr = await request(live.server).get('/mock-assets/qr/x.svg?text=');
    expect(qr.status).toBe(400);
    expect(qr.body).toEqual({ code: 400, message: '二维码内容不能为空', data: null });
  });
});

describe('money is a plain decimal (point 7)', () => {
  let app: ReturnType<typeof newApp>;
  let token: string;
  beforeEach(async () => {
    app = newApp();
    token = await tokenFor(app);
  });
  const BAD: unknown[] = ['0x64', '1e2', ' 100 ', '100.001', '-0', '+100', '100.', '.5', '0100', '１００', 100.001];

  it.each([['withdraw'], ['transfer'], ['recharge']] as [EndpointName][])('%s refuses hex, exponent, padding, sign and a third decimal with 422', async (name) => {
    const before = await memberSnap(app);
    for (const amount of BAD) {
      const res = await call(app, name, { ...(sample(name).payload as object), amount }, token);
      const label = JSON.stringify(amount);
      expect(res.body.code, label).toBe(422);
      expect(res.body.message, label).toBe('参数错误：金额(amount)格式不正确，请输入数字，最多保留两位小数');
    }
    const after = await memberSnap(app);
    expect(after.balance).toBe(before.balance);
    expect(after.venues).toEqual(before.venues);
    expect(after.counts).toEqual(before.counts);
  });

  it('accepts a number or a digit string with up to two decimals', async () => {
    expect((await call(app, 'transfer', { amount: '10.5', sourcetype: 'userbalance', targettype: 'ag' }, token)).body.code).toBe(200);
    expect((await call(app, 'transfer', { amount: 0.25, sourcetype: 'userbalance', targettype: 'ag' }, token)).body.code).toBe(200);
    expect((await memberSnap(app)).balance).toBe(989.25);
  });
});

describe('absolute urls (point 10)', () => {
  it('come from the address the mock listens on, never from the Host header', async () => {
    const server = await listen();
    try {
      const port = (server.address() as { port: number }).port;
      const res = await request(server).post('/api/getservicerurl').set('Host', 'evil.example').set('X-Forwarded-Host', 'evil.example').send({});
      expect(res.body.data.url).toBe(`http://127.0.0.1:${port}/__mock/page/kefu`);
    } finally {
      await close(server);
    }
  });

  it('come from the configured public origin when there is one (option or MOCK_PUBLIC_ORIGIN)', async () => {
    const app = createApp({ latencyMs: 0, control: true, publicOrigin: 'https://h5.example.com' });
    const res = await request(app).post('/api/getservicerurl').set('Host', 'evil.example').send({});
    expect(res.body.data.url).toBe('https://h5.example.com/__mock/page/kefu');
    const saved = process.env.MOCK_PUBLIC_ORIGIN;
    process.env.MOCK_PUBLIC_ORIGIN = 'https://m.example.com';
    try {
      const visit = await request(createApp({ latencyMs: 0 })).get('/api/getVisitUrl').set('Host', 'evil.example');
      expect(visit.body.data.url).toBe('https://m.example.com/__mock/page/visit/');
    } finally {
      if (saved === undefined) delete process.env.MOCK_PUBLIC_ORIGIN;
      else process.env.MOCK_PUBLIC_ORIGIN = saved;
    }
  });
});

describe('guessing limits (point 5)', () => {
  let app: ReturnType<typeof newApp>;
  beforeEach(() => {
    app = newApp();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const login = (name: string, password: string) => call(app, 'login_pc', { name, password });
  const LOGIN_REFUSED = { code: 429, message: `密码错误次数过多，请${guessLimits.windowMs / 60_000}分钟后再试`, data: null };
  const PAY_REFUSED = { code: 429, message: `支付密码错误次数过多，请${guessLimits.windowMs / 60_000}分钟后再试`, data: null };

  it(`after ${guessLimits.loginPerAccount} wrong logins the right password is refused too, until the window has passed`, async () => {
    for (let i = 0; i < guessLimits.loginPerAccount; i += 1) expect((await login('demo01', `wrong${i}`)).body.code).toBe(205);
    expect((await login('demo01', 'demo123')).body).toEqual(LOGIN_REFUSED);
    expect((await login('DEMO01', 'demo123')).body).toEqual(LOGIN_REFUSED);
    // another account from the same address is not locked
    expect((await login('agent01', 'agent123')).body.code).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + guessLimits.windowMs + 1000 });
    expect((await login('demo01', 'demo123')).body.code).toBe(200);
  });

  it('a burst of parallel wrong logins gets no more answers than the limit', async () => {
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => login('demo01', `burst${i}`)));
    expect(replies.filter((r) => r.body.code === 205)).toHaveLength(guessLimits.loginPerAccount);
    expect(replies.filter((r) => r.body.code === 429)).toHaveLength(30 - guessLimits.loginPerAccount);
    expect((await login('demo01', 'demo123')).body).toEqual(LOGIN_REFUSED);
  });

  it(`${guessLimits.loginPerAddress} wrong logins from one address, whatever the names, lock that address`, async () => {
    for (let i = 0; i < guessLimits.loginPerAddress; i += 1) expect((await login(`nobody${i}`, 'x')).body.code).toBe(205);
    expect((await login('demo01', 'demo123')).body).toEqual(LOGIN_REFUSED);
  });

  it('withdraw checks the pay password before the balance, and shares one pay-password limit with bindcard and editPayPassword', async () => {
    const token = await tokenFor(app);
    const card = (await memberSnap(app)).cards[0].id;
    const wrong = await call(app, 'withdraw', { amount: 40000, bank: card, password: '000000' }, token);
    expect(wrong.body).toEqual({ code: 205, message: '支付密码错误', data: null });
    for (let i = 1; i < guessLimits.payPasswordPerMember; i += 1) {
      expect((await call(app, 'withdraw', { amount: 100, bank: card, password: `00000${i}` }, token)).body.code).toBe(205);
    }
    expect((await call(app, 'withdraw', { amount: 100, bank: card, password: '123456' }, token)).body).toEqual(PAY_REFUSED);
    expect((await call(app, 'bindcard', { bank: '中国银行', bank_owner: '张三', bank_no: '6216600000001234', bank_address: '北京分行', pay_pass: '123456' }, token)).body).toEqual(PAY_REFUSED);
    expect((await call(app, 'editPayPassword', { password: '123456', paypassword: '654321' }, token)).body).toEqual(PAY_REFUSED);
    expect((await memberSnap(app)).balance).toBe(1000);
  });
});

describe('the password change locks as login does', () => {
  const LOGIN_REFUSED = { code: 429, message: `密码错误次数过多，请${guessLimits.windowMs / 60_000}分钟后再试`, data: null };
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`after ${guessLimits.loginPerAccount} wrong old passwords editPassword refuses the right one too, and login is locked with it, until the window has passed`, async () => {
    const app = newApp();
    const token = await tokenFor(app);
    for (let i = 0; i < guessLimits.loginPerAccount; i += 1) {
      expect((await call(app, 'editPassword', { password: `wrong${i}`, paypassword: 'newpass1' }, token)).body).toEqual({ code: 205, message: '旧密码错误', data: null });
    }
    expect((await call(app, 'editPassword', { password: 'demo123', paypassword: 'newpass1' }, token)).body).toEqual(LOGIN_REFUSED);
    // the guesses were of the login password: login counts them too
    expect((await call(app, 'login_pc', { name: 'demo01', password: 'demo123' })).body).toEqual(LOGIN_REFUSED);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + guessLimits.windowMs + 1000 });
    expect((await call(app, 'editPassword', { password: 'demo123', paypassword: 'newpass1' }, token)).body).toEqual({ code: 200, message: '密码修改成功！', data: null });
  });

  it('wrong logins and wrong old passwords add up; a parallel burst gets no more answers than the limit', async () => {
    const app = newApp();
    const token = await tokenFor(app);
    expect((await call(app, 'login_pc', { name: 'demo01', password: 'wrong0' })).body.code).toBe(205);
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => call(app, 'editPassword', { password: `burst${i}`, paypassword: 'newpass1' }, token)));
    expect(replies.filter((r) => r.body.code === 205)).toHaveLength(guessLimits.loginPerAccount - 1);
    expect(replies.filter((r) => r.body.code === 429)).toHaveLength(20 - (guessLimits.loginPerAccount - 1));
  });
});

describe('money retries (point 6)', () => {
  let server: Server;
  let token: string;
  beforeEach(async () => {
    server = await listen();
    token = await tokenFor(server);
  });
  afterEach(async () => {
    await close(server);
  });
  const post = (name: EndpointName, payload: object, key?: string) => {
    const r = request(server).post(endpoints[name].path).set('Authorization', `Bearer ${token}`);
    return (key ? r.set('Idempotency-Key', key) : r).send(payload);
  };

  const flagged = endpointNames.filter((n) => (endpoints[n] as { idempotent?: boolean }).idempotent);

  it('the catalogue flags every call that moves an amount, and only member POSTs', () => {
    const withAmount = endpointNames.filter((n) => Object.hasOwn((endpoints[n].payload as { properties?: object }).properties ?? {}, 'amount'));
    expect(withAmount.length).toBeGreaterThan(0);
    for (const n of withAmount) expect(flagged, n).toContain(n);
    for (const n of flagged) expect([endpoints[n].method, endpoints[n].auth], n).toEqual(['POST', true]);
  });

  it.each(flagged.map((n) => [n] as [EndpointName]))('%s takes a key: a repeat with the same key is answered with the first reply and not done again', async (name) => {
    const replays = async () => (await request(server).get('/__mock/state')).body.data.idempotentReplays as number;
    const before = await replays();
    const first = await post(name, sample(name).payload as object, `again-${name}`);
    const again = await post(name, sample(name).payload as object, `again-${name}`);
    expect(first.body.code).toBe(sample(name).code ?? 200);
    expect(again.body).toEqual(first.body);
    expect(await replays()).toBe(before + 1);
  });

  it('a repeated key gets the first reply and moves the money once; a new key moves it again', async () => {
    const start = await memberSnap(server);
    const card = start.cards[0].id;
    const body = { amount: 100, bank: card, password: '123456' };
    const first = await post('withdraw', body, 'tap-1');
    const again = await Promise.all([post('withdraw', body, 'tap-1'), post('withdraw', body, 'tap-1')]);
    expect(first.body).toEqual({ code: 200, message: '提交成功，等待后台审核', data: null });
    for (const r of again) expect(r.body).toEqual(first.body);
    let m = await memberSnap(server);
    expect(m.balance).toBe(900);
    expect(m.counts.withdrawals).toBe(start.counts.withdrawals + 1);
    await post('withdraw', body, 'tap-2');
    m = await memberSnap(server);
    expect(m.balance).toBe(800);
    const transfer = { amount: 50, sourcetype: 'userbalance', targettype: 'ag' };
    const [t1, t2] = await Promise.all([post('transfer', transfer, 'tap-3'), post('transfer', transfer, 'tap-3')]);
    expect(t2.body).toEqual(t1.body);
    expect((await memberSnap(server)).balance).toBe(750);
  });

  it('the same key on another payload is refused; keys are per member', async () => {
    const transfer = { amount: 50, sourcetype: 'userbalance', targettype: 'ag' };
    await post('transfer', transfer, 'k');
    const other = await post('transfer', { ...transfer, amount: 60 }, 'k');
    expect(other.body).toEqual({ code: 422, message: '参数错误：同一个 Idempotency-Key 不能用于不同的请求', data: null });
    const bad = await post('transfer', transfer, 'bad key with spaces');
    expect(bad.body.code).toBe(422);
    expect((await memberSnap(server)).balance).toBe(950);
  });

  it('the dropAfter fault processes the request, then drops the connection; the resend with the same key moves nothing', async () => {
    const start = await memberSnap(server);
    const card = start.cards[0].id;
    const body = { amount: 100, bank: card, password: '123456' };
    const set = await request(server).post('/__mock/fault').send({ path: '/api/withdraw', dropAfter: true });
    expect(set.body.code).toBe(200);
    await expect(post('withdraw', body, 'tap-9')).rejects.toThrow();
    expect((await memberSnap(server)).balance).toBe(900);
    const resent = await post('withdraw', body, 'tap-9');
    expect(resent.body).toEqual({ code: 200, message: '提交成功，等待后台审核', data: null });
    const m = await memberSnap(server);
    expect(m.balance).toBe(900);
    expect(m.counts.withdrawals).toBe(start.counts.withdrawals + 1);
    expect((await request(server).get('/__mock/state')).body.data.idempotentReplays).toBe(1);
  });

  it('a deposit made whose answer was lost (dropAfter): the player\'s next tap, with the same key, gets that deposit\'s number and makes no second one (issue 39)', async () => {
    const start = await memberSnap(server);
    const body = { paytype: 'bank', amount: 500, bank_owner: '张三', bank: '招商银行', bank_no: '6225880100001234', bank_address: '深圳分行' };
    await request(server).post('/__mock/fault').send({ path: '/api/recharge', dropAfter: true });
    await expect(post('recharge', body, 'deposit-1')).rejects.toThrow();
    const made = await memberSnap(server);
    expect(made.counts.deposits).toBe(start.counts.deposits + 1);
    const again = await post('recharge', body, 'deposit-1');
    expect(again.body).toMatchObject({ code: 200, message: expect.stringMatching(/^CK\d+$/) });
    expect((await memberSnap(server)).counts.deposits).toBe(made.counts.deposits);
    // the number answered is the deposit made
    const records = await request(server).post('/api/gettransrecord').set('Authorization', `Bearer ${token}`).send({ type: 1, date: 1 });
    expect(records.body.data.data[0].out_trade_no).toBe(again.body.message);
  });
});
