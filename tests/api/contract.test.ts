/**
 * The contract runner (scripts/contract-lib.ts, `npm run contract`) against the mock: every call
 * of the catalogue conforms to its reply schema, read-only and with writes, in the default shapes
 * and in the real backend's; and the runner names what is missing, extra or of the wrong type.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../mock-server/app';
import { checkReply, formatLine, runContract, summary, type CallLine } from '../../scripts/contract-lib';
import { profiles } from '../../mock-server/profiles';
import { endpointNames } from '../../src/api/catalogue';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createApp({ latencyMs: 0, control: true }).listen(Number(process.env.CONTRACT_PORT ?? 0));
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  await fetch(`${base}/__mock/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
});

const member = { user: 'demo01', password: 'demo123', payPassword: '123456' };
const differing = (lines: CallLine[]) => lines.filter((l) => l.result === 'differs').map(formatLine);

describe('npm run contract against the mock', () => {
  it('read-only: every call a visitor and a member can make without changing data conforms; nothing else is called', async () => {
    const seen: string[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(new URL(String(input)).pathname);
      return fetch(input, init);
    };
    const lines = await runContract({ base, ...member, fetch: spy });
    expect(differing(lines)).toEqual([]);
    const s = summary(lines);
    expect(s.conforming).toBe(s.checked);
    expect(s.checked).toBeGreaterThanOrEqual(34);
    for (const write of ['/api/transfer', '/api/withdraw', '/api/recharge', '/api/bindcard', '/api/logoff', '/api/getGameUrl', '/api/register']) {
      expect(seen).not.toContain(write);
    }
    expect(lines.find((l) => l.name === 'transfer')).toMatchObject({ result: 'skipped' });
  });

  it('with --write: every call runs, conforms, and the account is as it was (passwords included)', async () => {
    const before = (await (await fetch(`${base}/__mock/state`)).json()) as { data: { members: Record<string, unknown>[] } };
    const lines = await runContract({ base, ...member, write: true });
    expect(differing(lines)).toEqual([]);
    expect(lines.filter((l) => l.note?.startsWith('NOT restored'))).toEqual([]);
    const called = new Set(lines.filter((l) => l.result !== 'skipped').map((l) => l.name));
    expect(endpointNames.filter((n) => !called.has(n))).toEqual([]);
    expect(lines.filter((l) => l.name === 'editPassword' || l.name === 'editPayPassword').map((l) => l.code)).toEqual([200, 200, 200, 200]);
    // both passwords are what they were: the member logs in, and withdraws with the pay password checked
    const login = (await (await fetch(`${base}/api/login_pc`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'demo01', password: 'demo123' }) })).json()) as { code: number; data: { api_token: string } };
    expect(login.code).toBe(200);
    const pay = (await (await fetch(`${base}/api/editPayPassword`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${login.data.api_token}` }, body: JSON.stringify({ password: '123456', paypassword: '111111' }) })).json()) as { code: number };
    expect(pay.code).toBe(200); // 205 if the pay password were not 123456 any more

    const after = (await (await fetch(`${base}/__mock/state`)).json()) as { data: { members: Record<string, unknown>[] } };
    const pick = (m: Record<string, unknown> | undefined) => m && { email: m.email, mobile: m.mobile, birthday: m.birthday, transferstatus: m.transferstatus };
    const demo = (s: typeof before) => s.data.members.find((m) => m.username === 'demo01');
    expect(pick(demo(after))).toEqual(pick(demo(before)));
  });

  it('a visitor run skips the member calls and says why', async () => {
    const lines = await runContract({ base });
    expect(differing(lines)).toEqual([]);
    expect(lines.find((l) => l.name === 'user')).toMatchObject({ result: 'skipped', note: 'member call: give --user and --password' });
  });

  it("the real backend's shapes conform too: cardlist array, banner pic, partial refreshusermoney, game list without names", async () => {
    await fetch(`${base}/__mock/settings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shapes: { cardlist: 'array', banner: 'pic', refreshusermoney: 'partial', gameList: 'codes' } }),
    });
    const lines = await runContract({ base, ...member, write: true });
    expect(differing(lines)).toEqual([]);
  });
});

describe('npm run contract against the mock in the laravel profile (the Laravel original\'s shapes)', () => {
  const laravel = () =>
    fetch(`${base}/__mock/settings`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ shapes: { profile: 'laravel' } }) });

  it('read-only: every call conforms; venuelist is reported as an optional call the backend does not serve', async () => {
    expect((await laravel()).status).toBe(200);
    const lines = await runContract({ base, ...member });
    expect(differing(lines)).toEqual([]);
    const venue = lines.find((l) => l.name === 'venuelist')!;
    expect(venue).toMatchObject({ result: 'absent', code: 404 });
    expect(formatLine(venue)).toMatch(/^~ {2}POST \/api\/venuelist +not served \(HTTP 404\): optional/);
    const s = summary(lines);
    expect(s).toMatchObject({ absent: 1, conforming: s.checked });
    expect(s.checked).toBeGreaterThanOrEqual(33);
    // the login reply really was the Laravel one, so the line above checked that shape
    expect(lines.find((l) => l.name === 'login_pc')).toMatchObject({ result: 'conforms', code: 200 });
  });

  it('with --write: every call but the absent ones (venuelist, paycode: optional) runs and conforms, and both passwords are changed back', async () => {
    await laravel();
    const lines = await runContract({ base, ...member, write: true });
    expect(differing(lines)).toEqual([]);
    expect(lines.filter((l) => l.note?.startsWith('NOT restored'))).toEqual([]);
    const called = new Set(lines.filter((l) => l.result === 'conforms').map((l) => l.name));
    expect(endpointNames.filter((n) => !called.has(n)).sort()).toEqual([...profiles.laravel.absent].sort());
    expect(profiles.laravel.absent).toContain('venuelist');
  });

  it('a call that is not optional and answers 404 differs: "not served"', async () => {
    const lines = await runContract({
      base,
      fetch: (input, init) => (new URL(String(input)).pathname === '/api/homenotice' ? Promise.resolve(new Response('<h1>Not Found</h1>', { status: 404 })) : fetch(input, init)),
    });
    expect(lines.find((l) => l.name === 'homenotice')).toMatchObject({ result: 'differs', problems: ['not served (HTTP 404)'] });
  });
});

describe('what the runner reports', () => {
  it('names missing, extra and wrongly typed fields with the reply code', () => {
    const user = { username: 'a', realname: 'b', balance: 'one yuan', gameblance: 0, avatar: '', mobile: '', email: '', birthday: '', current_vip: 'VIP1', paysum: 0, joinday: 1, isagent: 0, transferstatus: 0, usdtrate: 7, withdrawusdtrate: 7, withdrawcashfee: 1, password: 'x' };
    const r = checkReply('user', { code: 200, message: 'ok', data: user });
    expect(r).toEqual({
      code: 200,
      // an amount is a number or a decimal in a string: 'one yuan' is neither
      problems: expect.arrayContaining(['missing data.withdrawfeeusdttrc', 'extra data.password', 'data.balance wrong type (expected number)', 'data.balance must match pattern "^-?\\d+(\\.\\d+)?$"']),
    });
    expect(r.problems).toHaveLength(4);
    const line = formatLine({ name: 'user', method: 'POST', path: '/api/user', code: r.code, result: 'differs', problems: r.problems });
    expect(line).toMatch(/^XX POST \/api\/user .*missing data\.withdrawfeeusdttrc.*\(code 200\)$/);
  });
  it('accepts either documented alternative and refuses anything else', () => {
    const channel = { id: 1, mch_id: 'T', content: 'TRC20', payimg: '' };
    const info = { deposit_no: 'CK1', info: { amount: 1, created_at: '', paytype: 'usdt' } };
    expect(checkReply('payinfo', { code: 200, message: 'usdtpay', data: { ...info, cardlist: channel } }).problems).toEqual([]);
    expect(checkReply('payinfo', { code: 200, message: 'usdtpay', data: { ...info, cardlist: [channel] } }).problems).toEqual([]);
    expect(checkReply('payinfo', { code: 200, message: 'usdtpay', data: { ...info, cardlist: 'x' } }).problems.length).toBeGreaterThan(0);
    expect(checkReply('bannerList', { code: 200, message: '', data: [{ id: 1, pic: '/a.png' }] }).problems).toEqual([]);
    expect(checkReply('bannerList', { code: 200, message: '', data: [{ id: 1 }] }).problems).toEqual(['missing data[0].src', 'missing data[0].pic']);
  });
  it('checks a failure by its envelope only, and a non-envelope reply as such', () => {
    expect(checkReply('withdraw', { code: 215, message: '提现金额过低', data: null })).toEqual({ code: 215, problems: [] });
    expect(checkReply('withdraw', { code: 215, msg: 'x' }).problems).toEqual(['missing message', 'extra msg']);
    expect(checkReply('user', [1]).problems).toEqual(['reply is not a JSON envelope {code, message, data}']);
  });
});
