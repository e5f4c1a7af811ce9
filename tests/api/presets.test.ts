/** POST /__mock/preset: the stress and empty members as the app sees them through the API. */
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { STRESS_ROWS } from '../../mock-server/presets';
import { call, data, memberSnap, newApp, tokenFor } from './helpers';

let app: ReturnType<typeof newApp>;
beforeEach(() => {
  app = newApp();
});

const preset = (name: unknown) => request(app).post('/__mock/preset').send({ name });

describe('POST /__mock/preset', () => {
  it('stress: 8-digit balances in every wallet, a 16-character username, five cards of each kind, hundreds of records', async () => {
    const res = await preset('stress');
    expect(res.body.code).toBe(200);
    const who = res.body.data as { name: string; username: string; password: string };
    expect(who.name).toBe('stress');
    expect(who.username).toHaveLength(16);
    const token = await tokenFor(app, who.username);
    const user = await data(app, 'user', {}, token);
    expect(user.balance).toBe(12345678.9);
    expect(String(user.realname).length).toBeGreaterThanOrEqual(16);
    const snap = await memberSnap(app, who.username);
    for (const [venue, yuan] of Object.entries(snap.venues)) {
      expect(Math.trunc(yuan).toString(), venue).toHaveLength(8);
    }
    expect(snap.cards.filter((c) => c.kind === 'bank')).toHaveLength(5);
    expect(snap.cards.filter((c) => c.kind === 'usdt')).toHaveLength(5);
    expect(snap.cards.every((c) => c.kind === 'usdt' || c.bank.length === 32)).toBe(true);
    expect(snap.counts).toMatchObject({ deposits: STRESS_ROWS, withdrawals: STRESS_ROWS, bets: STRESS_ROWS, rebates: STRESS_ROWS, messages: STRESS_ROWS, redpackets: STRESS_ROWS, applications: STRESS_ROWS });
    const page = await data(app, 'betrecord', { page: 1, date: 4 }, token);
    expect(page).toMatchObject({ total: STRESS_ROWS });
    // the seed member is still there, untouched
    expect((await memberSnap(app)).balance).toBe(1000);
  });

  it('empty: a new member with nothing (zero balances, no cards, no records, no messages)', async () => {
    const who = (await preset('empty')).body.data as { username: string; password: string };
    const login = await call(app, 'login_pc', { name: who.username, password: who.password, code: '' });
    expect(login.body.code).toBe(200);
    const snap = await memberSnap(app, who.username);
    expect(snap).toMatchObject({ balance: 0, gameblance: 0, total: 0, cards: [] });
    expect(Object.values(snap.counts).every((n) => n === 0)).toBe(true);
  });

  it('normal is a reset: the preset members are gone and demo01 is back to the seed', async () => {
    const stress = (await preset('stress')).body.data as { username: string };
    const res = await preset('normal');
    expect(res.body.data).toMatchObject({ name: 'normal', username: 'demo01' });
    const names = (await request(app).get('/__mock/state')).body.data.members.map((m: { username: string }) => m.username);
    expect(names).not.toContain(stress.username);
  });

  it('refuses an unknown preset or no name with a JSON 422', async () => {
    for (const body of [{ name: 'huge' }, {}, { name: '__proto__' }, { name: 'stress', extra: 1 }]) {
      const res = await request(app).post('/__mock/preset').send(body);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe(422);
      expect(res.body.message).toMatch(/^参数错误/);
    }
  });
});
