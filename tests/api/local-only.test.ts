/**
 * Issue 37: the mock's control surface answers this machine only, since the studio's preview opens
 * the app (and so the mock) to phones on the network. A phone is played by a server in front of the
 * mock that presents each request as coming from 203.0.113.9 (an address of no interface here); the
 * frame pages and /api stay open to it, the control surface does not.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../mock-server/app';
import { isThisMachine, localOnly } from '../../mock-server/local-only';

const PHONE = '203.0.113.9';

describe('isThisMachine', () => {
  it('loopback and this machine\'s own interfaces are; another address, or none, is not', () => {
    for (const a of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1', '[::1]']) expect(isThisMachine(a), a).toBe(true);
    const own = Object.values(networkInterfaces()).flat().map((i) => i?.address).filter((a): a is string => !!a);
    for (const a of own) expect(isThisMachine(a), a).toBe(true);
    for (const a of [PHONE, '192.0.2.1', '::ffff:198.51.100.7', '2001:db8::1', '', undefined]) expect(isThisMachine(a), String(a)).toBe(false);
  });

  it('localOnly names the reason: the peer, a forwarded peer, a host name, another origin, another site', () => {
    const req = (remoteAddress: string, headers: Record<string, string>) => ({ socket: { remoteAddress }, headers: { host: '127.0.0.1:5173', ...headers } }) as unknown as IncomingMessage;
    expect(localOnly(req('127.0.0.1', {}))).toBeNull();
    expect(localOnly(req('127.0.0.1', { origin: 'http://127.0.0.1:5173', 'sec-fetch-site': 'same-origin' }))).toBeNull();
    expect(localOnly(req(PHONE, {}))).toBe('only this machine may use it (the request came from another machine)');
    expect(localOnly(req('127.0.0.1', { 'x-forwarded-for': `${PHONE}, 127.0.0.1` }))).toBe('only this machine may use it (the request was forwarded for another machine)');
    expect(localOnly(req('127.0.0.1', { forwarded: `for="${PHONE}:5555";proto=http` }))).toBe('only this machine may use it (the request was forwarded for another machine)');
    expect(localOnly(req('127.0.0.1', { host: 'rebound.example.com:5173' }))).toBe('only this machine may use it: open it by its address (127.0.0.1 or localhost), not by the name "rebound.example.com:5173"');
    expect(localOnly(req('127.0.0.1', { origin: 'http://localhost:5173' }))).toBe('a page of another origin (http://localhost:5173) may not use it');
    expect(localOnly(req('127.0.0.1', { origin: 'null' }))).toBe('a page of another origin (null) may not use it');
    expect(localOnly(req('127.0.0.1', { 'sec-fetch-site': 'same-site' }))).toBe('a page of another site (Sec-Fetch-Site: same-site) may not use it');
  });
});

describe('the control surface refuses a peer that is not this machine', () => {
  let phone: Server;
  beforeAll(async () => {
    const app = createApp({ latencyMs: 0, control: true });
    phone = createServer((req, res) => {
      Object.defineProperty(req.socket, 'remoteAddress', { value: PHONE, configurable: true });
      app(req, res);
    });
    await new Promise<void>((r) => phone.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => phone.close(() => r())));

  it('a phone: no token, no state, no preset; the frame pages and /api still answer', async () => {
    const login = await request(phone).post('/__mock/login').send({});
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ code: 403, message: '控制接口只接受本机的请求', data: { reason: 'only this machine may use it (the request came from another machine)' } });
    expect(JSON.stringify(login.body)).not.toContain('api_token');
    expect((await request(phone).get('/__mock/state')).status).toBe(403);
    expect((await request(phone).post('/__mock/preset').send({ name: 'stress' })).status).toBe(403);
    expect((await request(phone).get('/__mock/page/kefu')).status).toBe(200);
    const api = await request(phone).post('/api/login_pc').send({ name: 'demo01', password: 'demo123' });
    expect(api.body.code).toBe(200);
  });

  it('this machine: the same calls answer; forwarded for a phone, by a host name or from another origin they do not', async () => {
    const app = createApp({ latencyMs: 0, control: true });
    expect((await request(app).post('/__mock/login').send({})).body.data.api_token).toMatch(/^[0-9a-f]{64}$/);
    expect((await request(app).post('/__mock/login').set('X-Forwarded-For', PHONE).send({})).status).toBe(403);
    expect((await request(app).post('/__mock/login').set('Host', 'rebound.example.com').send({})).status).toBe(403);
    const other = await request(app).post('/__mock/reset').set('Origin', 'http://localhost:1').send({});
    expect(other.status).toBe(403);
    expect(other.body.data.reason).toBe('a page of another origin (http://localhost:1) may not use it');
  });
});
