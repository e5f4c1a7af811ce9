/**
 * The mock where SPEC.md and the real backend differ (issue 13, mock-server/README.md): the
 * default shapes satisfy both readings, the real spellings are accepted, and /__mock/settings
 * `shapes` switches a reply to the other shape.
 */
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { call, data, newApp, tokenFor } from './helpers';

let app: Express;
let token: string;
beforeEach(async () => {
  app = newApp();
  token = await tokenFor(app);
});

const shapes = (s: Record<string, string>) => request(app).post('/__mock/settings').send({ shapes: s });

describe('payinfo cardlist', () => {
  it('is one object by default (SPEC.md section 3) and an array when switched (real backend)', async () => {
    const no = (await call(app, 'recharge', { paytype: 'usdt', amount: 720, catepay: 'usdt-trc20' }, token)).body.message;
    const one = await data(app, 'payinfo', { deposit_no: no }, token);
    expect(Array.isArray(one.cardlist)).toBe(false);
    expect(one.cardlist).toMatchObject({ content: 'TRC20', mch_id: expect.stringMatching(/^T/) });
    expect((await shapes({ cardlist: 'array' })).body.code).toBe(200);
    const many = await data(app, 'payinfo', { deposit_no: no }, token);
    expect(many.cardlist).toEqual([one.cardlist]);
  });
  it('refuses an unknown shape with a JSON 422, changing nothing', async () => {
    const res = await shapes({ cardlist: 'list' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(422);
    expect((await request(app).get('/__mock/settings')).body.data.shapes.cardlist).toBe('object');
  });
});

describe('refreshusermoney', () => {
  it('answers the whole user plus list by default, and {balance, gameblance, list} when switched to partial', async () => {
    const user = await data(app, 'user', {}, token);
    const whole = await data(app, 'refreshusermoney', {}, token);
    expect(whole).toMatchObject({ ...user });
    expect(whole.list?.length).toBeGreaterThan(0);
    await shapes({ refreshusermoney: 'partial' });
    const partial = await data(app, 'refreshusermoney', {}, token);
    expect(Object.keys(partial).sort()).toEqual(['balance', 'gameblance', 'list']);
    expect(partial).toEqual({ balance: whole.balance, gameblance: whole.gameblance, list: whole.list });
  });
});

describe('bannerList src / pic', () => {
  it('sends both by default, src only or pic only when switched', async () => {
    expect((await data(app, 'bannerList', { type: 2 }, token))[0]).toEqual({ id: expect.any(Number), src: expect.any(String), pic: expect.any(String) });
    await shapes({ banner: 'pic' });
    const pic = (await data(app, 'bannerList', { type: 2 }))[0];
    expect(Object.keys(pic).sort()).toEqual(['id', 'pic']);
    await shapes({ banner: 'src' });
    expect(Object.keys((await data(app, 'bannerList', { type: 2 }))[0]).sort()).toEqual(['id', 'src']);
  });
});

describe('game list', () => {
  it('platform_name is the code and name the label; switched to codes, name is absent', async () => {
    const named = await data(app, 'gameList', { category: 'realbet' });
    expect(named.find((g) => g.platform_name === 'ag')).toMatchObject({ name: 'AG视讯', game_code: '1' });
    await shapes({ gameList: 'codes' });
    const codes = await data(app, 'gameList', { category: 'realbet' });
    expect(codes.every((g) => !('name' in g))).toBe(true);
    expect(codes.map((g) => g.platform_name)).toEqual(named.map((g) => g.platform_name));
  });
});

describe('the real backend spellings', () => {
  it('serves /api/noticelist and /api/activityapplylog like noticeList and activityApplyLog', async () => {
    const spec = (await request(app).post('/api/noticeList').set('Authorization', `Bearer ${token}`).send({ page: 1, type: 1 })).body;
    const real = (await request(app).post('/api/noticelist').set('Authorization', `Bearer ${token}`).send({ page: 1, type: 1 })).body;
    expect(spec.code).toBe(200);
    expect(real).toEqual(spec);
    const log = (await request(app).post('/api/activityapplylog').set('Authorization', `Bearer ${token}`).send({ page: 1 })).body;
    expect(log).toEqual((await call(app, 'activityApplyLog', { page: 1 }, token)).body);
    expect(log.code).toBe(200);
    // still a member call under the other spelling
    expect((await request(app).post('/api/activityapplylog').send({ page: 1 })).body.code).toBe(401);
    // and still the method check
    expect((await request(app).get('/api/NOTICELIST')).status).toBe(405);
  });
  it('a fault injected on the catalogue path also hits the other spelling', async () => {
    await request(app).post('/__mock/fault').send({ path: '/api/noticeList', code: 500 });
    expect((await request(app).post('/api/noticelist').send({ page: 1 })).body.code).toBe(500);
  });
  it('gamelistBycode takes platform_name as another name for gamecode; gamecode wins when both are sent', async () => {
    const spec = await data(app, 'gamelistBycode', { gamecode: 'pp' });
    expect(spec).toHaveLength(12);
    expect(await data(app, 'gamelistBycode', { platform_name: 'pp' })).toEqual(spec);
    expect(await data(app, 'gamelistBycode', { gamecode: 'pp', platform_name: 'ae' })).toEqual(spec);
    expect((await call(app, 'gamelistBycode', {})).body.code).toBe(422);
    expect((await call(app, 'gamelistBycode', { platform_name: { constructor: 1 } })).body.code).toBe(422);
  });
});
