/**
 * Issue 16: the mock game that can be played. A launch ticket in the game url (never the API token),
 * spins that debit the venue wallet in cents and record settled bets, which show in the records,
 * today's venue figures and the rebate centre; POST /__mock/bet records a bet directly.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { call, data, memberSnap, newApp, patchMember, tokenFor } from './helpers';

let app: Express;
let token: string;
beforeEach(async () => {
  app = newApp();
  token = await tokenFor(app);
});
afterEach(() => {
  vi.useRealTimers();
});

async function launch(plat = 'ag', t = token): Promise<{ url: URL; ticket: string }> {
  const d = await data(app, 'getGameUrl', { plat_name: plat, game_type: 0, game_code: '', is_mobile_url: 1 }, t);
  const url = new URL(d.url);
  return { url, ticket: url.searchParams.get('ticket') ?? '' };
}

const spin = (ticket: string, stake: unknown) => request(app).post('/__mock/game/spin').send({ ticket, stake });

describe('the game url', () => {
  it('carries a launch ticket, not the API token, and the page loads its script from a file', async () => {
    const { url, ticket } = await launch();
    expect(ticket).toMatch(/^[0-9a-f]{48}$/);
    expect(url.href).not.toContain(token);
    const page = await request(app).get(url.pathname + url.search);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<script src="/__mock/game/game.js"></script>');
    expect(page.text.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
    expect(page.text).toContain('旋转');
    const js = await request(app).get('/__mock/game/game.js');
    expect(js.headers['content-type']).toContain('javascript');
    expect(js.text).toContain('/__mock/game/spin');
  });

  it('answers the venue and its balance for the ticket, and refuses a made-up or missing ticket', async () => {
    const { ticket } = await launch('ag');
    const res = await request(app).get('/__mock/game/state').query({ ticket });
    expect(res.body).toMatchObject({ code: 200, data: { venue: 'ag', venue_name: 'AG视讯', balance: 320.5, stakes: [1, 5, 10, 50] } });
    for (const bad of ['deadbeef', '__proto__', 'constructor', '']) {
      const r = await request(app).get('/__mock/game/state').query({ ticket: bad });
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(401);
      expect(r.body.message).toMatch(/游戏凭证|缺少游戏凭证/);
    }
  });

  it('plays a platform without a wallet of its own with the venue of its game type (dg → AG视讯, a provider → PG电子)', async () => {
    const dg = await launch('dg');
    expect((await request(app).get('/__mock/game/state').query({ ticket: dg.ticket })).body.data.venue).toBe('ag');
    const ob = await data(app, 'getGameUrl', { plat_name: 'obgdy', game_type: 2, game_code: 'obgdy1001', is_mobile_url: 1 }, token);
    const t = new URL(ob.url).searchParams.get('ticket') ?? '';
    expect((await request(app).get('/__mock/game/state').query({ ticket: t })).body.data.venue).toBe('pg');
  });

  it('expires: a ticket older than two hours no longer plays', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { ticket } = await launch();
    vi.setSystemTime(Date.now() + 2 * 3_600_000 + 1000);
    const res = await spin(ticket, 1);
    expect(res.body).toMatchObject({ code: 401, message: '游戏凭证已过期，请从网站重新进入游戏' });
    expect((await memberSnap(app)).venues.ag).toBe(320.5);
  });
});

describe('a spin', () => {
  it('debits the venue, records a settled bet and accrues a pending rebate; money is conserved', async () => {
    const before = await memberSnap(app);
    const today0 = (await data(app, 'venuelist', { date: 1, page: 1 }, token)).info;
    const fanshui0 = await data(app, 'getfanshui', { date: 1, page: 1, api_type: '', type: '' }, token);
    const { ticket } = await launch('ag');
    const res = await spin(ticket, 50);
    expect(res.body.code).toBe(200);
    const d = res.body.data as { bet_id: string; stake: number; payout: number; win_loss: number; balance: number; reels: string[] };
    expect(d.stake).toBe(50);
    expect(d.win_loss).toBe(Math.round((d.payout - 50) * 100) / 100);
    expect(d.balance).toBe(Math.round((320.5 - 50 + d.payout) * 100) / 100);
    expect(d.reels).toHaveLength(3);
    const after = await memberSnap(app);
    expect(after.venues.ag).toBe(d.balance);
    expect(after.balance).toBe(before.balance);
    expect(after.counts.bets).toBe(before.counts.bets + 1);

    const rows = (await data(app, 'betrecord', { date: 1, page: 1, api_type: 'ag', game_type: 0 }, token)).data;
    expect(rows[0]).toMatchObject({ bet_id: d.bet_id, bet_amount: 50, win_loss: d.win_loss, status: 1, api_type: 'ag', game_type: 1, Code: 'AG视讯' });

    const today = (await data(app, 'venuelist', { date: 1, page: 1 }, token)).info;
    const add = (a: number, b: number) => Math.round((a + b) * 100) / 100;
    expect(today).toEqual({
      betnums: today0.betnums + 1,
      bet_amounts: add(Number(today0.bet_amounts), 50),
      valid_amounts: add(Number(today0.valid_amounts), 50),
      win_loss: add(Number(today0.win_loss), Number(d.win_loss)),
    });
    const fanshui = await data(app, 'getfanshui', { date: 1, page: 1, api_type: '', type: '' }, token);
    expect(fanshui.nojisuan).toBe(add(Number(fanshui0.nojisuan), 0.5));
    expect(fanshui.list.data[0]).toMatchObject({ gamename: 'AG视讯', money: 0.5, state: 0 });
  });

  it('repeats after a reset (seeded payouts)', async () => {
    const play = async () => {
      const { ticket } = await launch('ag');
      const out: number[] = [];
      for (let i = 0; i < 8; i++) out.push((await spin(ticket, 10)).body.data.payout as number);
      return out;
    };
    const first = await play();
    await request(app).post('/__mock/reset').send({});
    token = await tokenFor(app);
    expect(await play()).toEqual(first);
    expect(new Set(first).size).toBeGreaterThan(1);
  });

  it('is refused with a message when the venue balance is too low, and changes nothing', async () => {
    await patchMember(app, { venues: { ag: 4.99 } });
    const before = await memberSnap(app);
    const { ticket } = await launch('ag');
    const res = await spin(ticket, 5);
    expect(res.body).toMatchObject({ code: 1, message: '场馆余额不足（4.99 元），请先转入后再游戏', data: { balance: 4.99 } });
    const after = await memberSnap(app);
    expect(after.venues.ag).toBe(4.99);
    expect(after.counts.bets).toBe(before.counts.bets);
  });

  it('refuses stakes outside the choices and hostile bodies with a JSON 422', async () => {
    const { ticket } = await launch('ag');
    for (const body of [{ ticket, stake: 2 }, { ticket, stake: -5 }, { ticket, stake: '5' }, { ticket }, { ticket, stake: 5, __proto__: { x: 1 }, constructor: 1 }]) {
      const res = await request(app).post('/__mock/game/spin').send(body);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe(422);
    }
    const broken = await request(app).post('/__mock/game/spin').set('Content-Type', 'application/json').send('{oops');
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe(400);
    expect((await memberSnap(app)).venues.ag).toBe(320.5);
  });

  it('never overdraws under concurrent spins, and every cent is accounted for', async () => {
    await patchMember(app, { venues: { ag: 30 } });
    const before = await memberSnap(app);
    const { ticket } = await launch('ag');
    const replies = await Promise.all(Array.from({ length: 40 }, () => spin(ticket, 10)));
    const played = replies.filter((r) => r.body.code === 200).map((r) => r.body.data as { payout: number; win_loss: number });
    const refused = replies.filter((r) => r.body.code === 1);
    expect(played.length + refused.length).toBe(40);
    expect(refused.length).toBeGreaterThan(0);
    const after = await memberSnap(app);
    expect(after.venues.ag).toBeGreaterThanOrEqual(0);
    const net = played.reduce((a, p) => a + Math.round(p.win_loss * 100), 0);
    expect(Math.round(after.venues.ag * 100)).toBe(3000 + net);
    expect(after.counts.bets).toBe(before.counts.bets + played.length);
  });

  it('a ticket belongs to its member: agent01 plays with agent01 money only', async () => {
    const agentToken = await tokenFor(app, 'agent01');
    await patchMember(app, { username: 'agent01', venues: { ag: 20 } });
    const { ticket } = await launch('ag', agentToken);
    expect((await spin(ticket, 10)).body.code).toBe(200);
    expect((await memberSnap(app)).venues.ag).toBe(320.5);
    expect((await memberSnap(app, 'agent01')).counts.bets).toBe(1);
  });
});

describe('POST /__mock/bet', () => {
  it('records a bet that shows in today figures, the records and the rebate, without moving money', async () => {
    const before = await memberSnap(app);
    const res = await request(app).post('/__mock/bet').send({ plat: 'pg', bet: 100, win: -40.5 });
    expect(res.body).toMatchObject({ code: 200, data: { api_type: 'pg', game_type: 2, bet_amount: 100, win_loss: -40.5, status: 1 } });
    const after = await memberSnap(app);
    expect(after.venues).toEqual(before.venues);
    expect(after.balance).toBe(before.balance);
    expect(after.nojisuan).toBe(Math.round((before.nojisuan + 1) * 100) / 100);
    const rows = (await data(app, 'betrecord', { date: 1, page: 1, api_type: 'pg', game_type: 0 }, token)).data;
    expect(rows[0]).toMatchObject({ bet_amount: 100, win_loss: -40.5, status: 1 });
    const venue = (await data(app, 'venuelist', { date: 1, page: 1, api_type: 'pg' }, token)).lists.data.find((r) => r.game_type === 2);
    expect(venue?.betnum).toBeGreaterThanOrEqual(1);
  });

  it('refuses bad input with a JSON error', async () => {
    const cases: [object, number][] = [
      [{ bet: 10 }, 422],
      [{ plat: 'nope', bet: 10 }, 422],
      [{ plat: 'ag', bet: 0 }, 422],
      [{ plat: 'ag', bet: 1.005 }, 422],
      [{ plat: 'ag', bet: 10, extra: 1 }, 422],
      [{ plat: 'ag', bet: 10, username: '__proto__' }, 404],
      [{ plat: 'ag', bet: 10, username: 'constructor' }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await request(app).post('/__mock/bet').send(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await call(app, 'betrecord', { date: 1, page: 1 }, token)).body.code).toBe(200);
  });
});
