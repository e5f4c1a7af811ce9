/** Credentials and tokens: hashed passwords, random tokens, 401 on every member call without one. */
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { MockState } from '../../mock-server/state';
import { verifyPassword } from '../../mock-server/passwords';
import { endpointNames, endpoints, type EndpointName } from '../../src/api/catalogue';
import { call, data, memberSnap, newApp, sample, tokenFor } from './helpers';

const memberCalls = endpointNames.filter((n) => endpoints[n].auth).map((n) => [n] as [EndpointName]);

describe('member calls without a valid token', () => {
  const app = newApp();

  it('there are member calls to check', () => {
    expect(memberCalls.length).toBeGreaterThan(30);
  });

  it.each(memberCalls)('%s answers code 401 with a Chinese message, with no token, a wrong token or a wrong scheme', async (name) => {
    const def = endpoints[name];
    const payload = sample(name).payload;
    const headers: (string | undefined)[] = [undefined, 'Bearer 0123456789abcdef', 'Bearer ', `Token ${'a'.repeat(64)}`];
    for (const auth of headers) {
      let req = def.method === 'GET' ? request(app).get(def.path).query(payload) : request(app).post(def.path).send(payload);
      if (auth !== undefined) req = req.set('Authorization', auth);
      const res = await req;
      expect(res.type).toBe('application/json');
      expect(res.body).toEqual({ code: 401, message: '请先登录', data: null });
    }
  });

  it('visitor calls do not need a token', async () => {
    for (const name of endpointNames.filter((n) => !endpoints[n].auth && n !== 'register')) {
      const { body } = await call(app, name, sample(name).payload);
      expect(body.code, name).not.toBe(401);
    }
  });
});

describe('login_pc', () => {
  let app: ReturnType<typeof newApp>;
  beforeEach(() => {
    app = newApp();
  });

  it('logs the seeded member in with a random 256-bit token; the captcha code is ignored', async () => {
    const a = await data(app, 'login_pc', { name: 'demo01', password: 'demo123', code: '0000' });
    const b = await data(app, 'login_pc', { name: 'DEMO01', password: 'demo123' });
    expect(a.api_token).toMatch(/^[0-9a-f]{64}$/);
    expect(b.api_token).toMatch(/^[0-9a-f]{64}$/);
    expect(a.api_token).not.toBe(b.api_token);
    const user = await data(app, 'user', {}, a.api_token);
    expect(user.username).toBe('demo01');
  });

  it('refuses wrong credentials alike for a wrong password and an unknown name', async () => {
    const wrong = await call(app, 'login_pc', { name: 'demo01', password: 'demo124' });
    const unknown = await call(app, 'login_pc', { name: 'nobody99', password: 'demo123' });
    expect(wrong.body).toEqual({ code: 205, message: '账号或密码错误', data: null });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a form post (what a page on another origin can send unasked): JSON 415', async () => {
    const res = await request(app).post('/api/login_pc').type('form').send('name=demo01&password=demo123&code=1234');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ code: 415, message: '不支持的请求格式：请使用 application/json', data: null });
  });
});

describe('register', () => {
  let app: ReturnType<typeof newApp>;
  beforeEach(() => {
    app = newApp();
  });
  const form = { name: 'player2024', password: 'secret1', confirmPass: 'secret1', realname: '王小明', paypassword: '246810', code: '1234' };

  it('creates a member who can log in, with an empty wallet', async () => {
    const reg = await call(app, 'register', { ...form, pid: '10001' });
    expect(reg.body.code).toBe(200);
    expect(reg.body.data?.api_token).toMatch(/^[0-9a-f]{64}$/);
    const user = await data(app, 'user', {}, reg.body.data!.api_token);
    expect(user).toMatchObject({ username: 'player2024', realname: '王小明', balance: 0, joinday: 0, isagent: 0 });
    const login = await data(app, 'login_pc', { name: 'player2024', password: 'secret1' });
    expect(login.api_token).toMatch(/^[0-9a-f]{64}$/);
    // the pay password was stored too: it binds a card
    const bind = await call(
      app,
      'bindcard',
      { bank: '中国银行', bank_owner: '王小明', bank_no: '6216600100001234', bank_address: '上海分行', pay_pass: '246810' },
      login.api_token,
    );
    expect(bind.body.code).toBe(200);
  });

  it('refuses a name that exists (whatever its case), with a message', async () => {
    const res = await call(app, 'register', { ...form, name: 'Demo01' });
    expect(res.body.code).not.toBe(200);
    expect(res.body.message).toMatch(/已被注册/);
    expect(res.body.data).toBeNull();
  });

  it('refuses two registrations of one name sent at the same moment', async () => {
    const replies = await Promise.all([call(app, 'register', form), call(app, 'register', form), call(app, 'register', form)]);
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(1);
  });

  it('checks the fields: confirmation, name characters, lengths', async () => {
    expect((await call(app, 'register', { ...form, confirmPass: 'secret2' })).body).toMatchObject({ code: 422, message: '两次密码不一致！' });
    expect((await call(app, 'register', { ...form, name: '玩家player' })).body.code).toBe(422);
    const short = await call(app, 'register', { ...form, name: 'abc' });
    expect(short.body.code).toBe(422);
    expect(short.body.message).toContain('用户名(name)');
    const noReal = await call(app, 'register', { ...form, realname: undefined });
    expect(noReal.body).toMatchObject({ code: 422, message: '参数错误：缺少真实姓名(realname)' });
  });
});

describe('stored credentials', () => {
  it('keeps passwords and pay passwords as scrypt hashes, never in clear', async () => {
    const state = new MockState();
    const demo = state.findMember('demo01')!;
    expect(demo.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(demo.payPasswordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(demo.passwordHash).not.toContain('demo123');
    expect(demo.passwordHash).not.toBe(demo.payPasswordHash);
    expect(await verifyPassword('demo123', demo.passwordHash)).toBe(true);
    expect(await verifyPassword('demo1234', demo.passwordHash)).toBe(false);
    expect(await verifyPassword('123456', demo.payPasswordHash)).toBe(true);
  });

  it('never sends a hash or a token in the user entity or the debug snapshot', async () => {
    const app = newApp();
    const token = await tokenFor(app);
    const user = await call(app, 'user', {}, token);
    const text = JSON.stringify(user.body);
    expect(text).not.toMatch(/scrypt|password|Hash|token/i);
    const state = await request(app).get('/__mock/state');
    expect(JSON.stringify(state.body)).not.toMatch(/scrypt\$|passwordHash|api_token/);
  });
});

describe('logoff', () => {
  it('ends the token it was called with, and only that one', async () => {
    const app = newApp();
    const a = await tokenFor(app);
    const b = await tokenFor(app);
    expect((await call(app, 'logoff', {}, a)).body).toMatchObject({ code: 200, data: null });
    expect((await call(app, 'balance', {}, a)).body.code).toBe(401);
    expect((await call(app, 'logoff', {}, a)).body.code).toBe(401);
    expect((await call(app, 'balance', {}, b)).body.code).toBe(200);
  });
});

describe('password changes', () => {
  let app: ReturnType<typeof newApp>;
  let token: string;
  beforeEach(async () => {
    app = newApp();
    token = (await data(app, 'login_pc', { name: 'demo01', password: 'demo123' })).api_token;
  });

  it('editPassword checks the old password, then the new one works and every session ends', async () => {
    expect((await call(app, 'editPassword', { password: 'wrong1', paypassword: 'newpass1' }, token)).body).toMatchObject({ code: 205 });
    expect((await call(app, 'editPassword', { password: 'demo123', paypassword: 'demo123' }, token)).body).toMatchObject({
      code: 1,
      message: '新旧密码不能一致！',
    });
    const ok = await call(app, 'editPassword', { password: 'demo123', paypassword: 'newpass1' }, token);
    expect(ok.body).toMatchObject({ code: 200, message: '密码修改成功！', data: null });
    expect((await call(app, 'user', {}, token)).body.code).toBe(401);
    expect((await call(app, 'login_pc', { name: 'demo01', password: 'demo123' })).body.code).toBe(205);
    expect((await call(app, 'login_pc', { name: 'demo01', password: 'newpass1' })).body.code).toBe(200);
  });

  it('editPayPassword checks the old pay password; the new one is then the one withdrawals need', async () => {
    expect((await call(app, 'editPayPassword', { password: '111111', paypassword: '222222' }, token)).body.code).toBe(205);
    expect((await call(app, 'editPayPassword', { password: '123456', paypassword: '222222' }, token)).body.code).toBe(200);
    const card = (await memberSnap(app)).cards[0];
    expect((await call(app, 'withdraw', { amount: 100, bank: card.id, password: '123456' }, token)).body.code).toBe(205);
    expect((await call(app, 'withdraw', { amount: 100, bank: card.id, password: '222222' }, token)).body.code).toBe(200);
    // the login password is untouched
    expect((await call(app, 'login_pc', { name: 'demo01', password: 'demo123' })).body.code).toBe(200);
  });
});
