/** Visitor content: app info, game lists, provider grids, banners, notices, articles, VIP, promotions, pictures, urls. */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { GameCategory } from '../../src/api/types';
import { call, data, newApp, tokenFor } from './helpers';

const app = newApp();
const chinese = /[\u4e00-\u9fa5]/;

async function expectSvg(path: string): Promise<string> {
  const res = await request(app).get(path);
  expect(res.status, path).toBe(200);
  expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  const body = res.text || String(res.body);
  expect(body).toMatch(/^<svg[\s>]/);
  return body;
}

describe('app info', () => {
  it('has the shape and the seed of the contract', async () => {
    const info = await data(app, 'app');
    expect(Object.keys(info).sort()).toEqual(
      ['title', 'site_logo', 'site_state', 'repair_tips', 'redpacket_switch', 'index_modal', 'webcontent', 'h5_url', 'ios_download_url', 'ios_download_qrcode', 'fanshui'].sort(),
    );
    expect(info).toMatchObject({ site_state: 1, redpacket_switch: 1, index_modal: 1 });
    expect(info.webcontent).toMatch(chinese);
    expect(info.webcontent).toMatch(/<p>/);
    expect(info.repair_tips).toMatch(chinese);
    expect(info.ios_download_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__mock\/page\/download$/);
    const qr = await expectSvg(info.ios_download_qrcode);
    expect(qr).toMatch(/<path/);
    await expectSvg(info.site_logo);
  });
});

describe('game lists', () => {
  it('lists all six categories with several platforms each, one switched off', async () => {
    const all = await data(app, 'gameList', { category: '' });
    const cats: GameCategory[] = ['realbet', 'joker', 'gaming', 'sport', 'lottery', 'concise'];
    for (const c of cats) expect(all.filter((g) => g.category_id === c).length, c).toBeGreaterThanOrEqual(3);
    expect(all.filter((g) => g.app_state === 0)).toHaveLength(1);
    for (const g of all) {
      expect(g.platform_name).toMatch(/^[a-z0-9]+$/); // the platform code, as the real backend sends it
      expect(g.name).toMatch(chinese);
      expect(g.mobile_img).toMatch(/^\/mock-assets\/platform\/\w+\.svg$/);
    }
    await expectSvg(all[0].mobile_img);
  });

  it('filters by category; absent or empty means all', async () => {
    const sport = await data(app, 'gameList', { category: 'sport' });
    expect(sport.length).toBeGreaterThan(0);
    expect(sport.every((g) => g.category_id === 'sport')).toBe(true);
    expect(await data(app, 'gameList')).toHaveLength((await data(app, 'gameList', { category: '' })).length);
    expect(await data(app, 'gameList', { category: 'nothing' })).toEqual([]);
  });

  it.each([['obgdy'], ['fgdz'], ['pp'], ['ae']])('gamelistBycode %s gives a grid of twelve Chinese-named games', async (code) => {
    const games = await data(app, 'gamelistBycode', { gamecode: code });
    expect(games).toHaveLength(12);
    for (const g of games) {
      expect(g.catecode).toBe(code);
      expect(g.gamename).toMatch(chinese);
      expect(g.gamecode).toMatch(/^\w+$/);
    }
    const svg = await expectSvg(games[0].gamepic);
    expect(svg).toContain(games[0].gamename);
  });

  it('gamelistBycode of an unknown provider is an empty list', async () => {
    expect(await data(app, 'gamelistBycode', { gamecode: 'zz' })).toEqual([]);
  });
});

describe('banners, notices, articles, VIP', () => {
  it('bannerList type 2 gives the four home banners as generated pictures', async () => {
    const list = await data(app, 'bannerList', { type: 2 });
    expect(list).toHaveLength(4);
    const svg = await expectSvg(list[0].src!);
    expect(svg).toMatch(chinese);
    expect(await data(app, 'bannerList', {})).toHaveLength(4);
  });

  it('homenotice gives Chinese strings', async () => {
    const list = await data(app, 'homenotice');
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const s of list) expect(s).toMatch(chinese);
  });

  it.each([[1], [2], [3], [4], [5], [6], [7], [8]])('article type %i has Chinese HTML content', async (type) => {
    const a = await data(app, 'article', { type });
    expect(a.content).toMatch(/<(h3|p)>/);
    expect(a.content).toMatch(chinese);
  });

  it('uservip lists ten levels with growing requirements', async () => {
    const levels = await data(app, 'uservip');
    expect(levels).toHaveLength(10);
    for (let i = 1; i < 10; i += 1) {
      expect(Number(levels[i].recharge)).toBeGreaterThan(Number(levels[i - 1].recharge));
      expect(Number(levels[i].flow)).toBeGreaterThan(Number(levels[i - 1].flow));
    }
    expect(Object.keys(levels[0]).sort()).toEqual(['e_sport', 'electron', 'flow', 'joker', 'lottery', 'realperson', 'recharge', 'sport', 'vipname'].sort());
  });

  it('noticeList pages the announcements (type 1) with the Laravel page object', async () => {
    const p1 = await data(app, 'noticeList', { page: 1, type: 1 });
    expect(p1).toMatchObject({ current_page: 1, per_page: 10, last_page: 2, total: 15, from: 1, to: 10 });
    expect(p1.data).toHaveLength(10);
    const p2 = await data(app, 'noticeList', { page: 2, type: 1 });
    expect(p2).toMatchObject({ current_page: 2, from: 11, to: 15 });
    expect(p2.data).toHaveLength(5);
    expect(new Set([...p1.data, ...p2.data].map((n) => n.id)).size).toBe(15);
    // newest first
    const times = [...p1.data, ...p2.data].map((n) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const p3 = await data(app, 'noticeList', { page: 3, type: 1 });
    expect(p3).toMatchObject({ data: [], from: null, to: null, total: 15 });
    const small = await data(app, 'noticeList', { page: 1, type: 1, pagesize: 4 });
    expect(small).toMatchObject({ per_page: 4, last_page: 4 });
  });

  it('noticeList type 2 is the member in-site messages, and needs a token', async () => {
    expect((await call(app, 'noticeList', { page: 1, type: 2 })).body.code).toBe(401);
    const token = await tokenFor(app);
    const mine = await data(app, 'noticeList', { page: 1, type: 2 }, token);
    expect(mine.total).toBe(12);
    expect(mine.last_page).toBe(2);
    expect(mine.data[0].title).toMatch(chinese);
  });
});

describe('promotions', () => {
  it('has types, a list filtered by type, and details with banner, content and memo', async () => {
    const types = await data(app, 'activitytype');
    expect(types.length).toBeGreaterThanOrEqual(3);
    const all = await data(app, 'activitylist', { type: '', page: 1 });
    expect(all.total).toBeGreaterThanOrEqual(8);
    const t1 = await data(app, 'activitylist', { type: types[0].id });
    expect(t1.data.length).toBeGreaterThan(0);
    expect(t1.data.every((a) => a.type === types[0].id)).toBe(true);
    expect(t1.total).toBeLessThan(all.total);
    const detail = await data(app, 'activitydeatil', { id: all.data[0].id });
    expect(detail).toMatchObject({ id: all.data[0].id, title: all.data[0].title });
    expect(detail.content).toMatch(chinese);
    expect(detail.memo).toMatch(chinese);
    const svg = await expectSvg(detail.banner);
    expect(svg).toContain(detail.title);
    expect((await call(app, 'activitydeatil', { id: 999 })).body.code).toBe(202);
  });
});

describe('urls shown in frames', () => {
  it('getservicerurl and getVisitUrl are absolute http urls of pages the mock serves', async () => {
    for (const name of ['getservicerurl', 'getVisitUrl'] as const) {
      const { url } = await data(app, name);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__mock\/page\//);
      const page = await request(app).get(new URL(url).pathname);
      expect(page.status).toBe(200);
      expect(page.type).toBe('text/html');
      expect(page.text).toMatch(chinese);
    }
    const { url } = await data(app, 'getVisitUrl');
    const withPid = await request(app).get(`${new URL(url).pathname}register?pid=10001`);
    expect(withPid.status).toBe(200);
    expect(withPid.text).toContain('10001');
  });

  it('getAgentLoginUrl gives agents a url and tells others to apply', async () => {
    const agent = await tokenFor(app, 'agent01');
    const { url } = await data(app, 'getAgentLoginUrl', {}, agent);
    expect(url).toMatch(/^http:\/\/.+\/__mock\/page\/agent/);
    const demo = await tokenFor(app);
    const refused = await call(app, 'getAgentLoginUrl', {}, demo);
    expect(refused.body.code).toBe(1);
    expect(refused.body.message).toMatch(chinese);
  });

  it('frame pages escape what they echo', async () => {
    const page = await request(app).get('/__mock/page/game?name=%3Cscript%3Ealert(1)%3C/script%3E');
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text).toContain('&lt;script&gt;');
  });
});

describe('placeholder pictures', () => {
  it.each([
    ['/mock-assets/platform/ag.svg'],
    ['/mock-assets/game/pp/pp1001.svg'],
    ['/mock-assets/promo/1.svg'],
    ['/mock-assets/banner/3.svg'],
    ['/mock-assets/avatar/2.svg'],
    ['/mock-assets/bank/1.svg'],
    ['/mock-assets/bank/usdt.svg'],
    ['/mock-assets/vip/3.svg'],
    ['/mock-assets/qr/test.svg?text=hello'],
    ['/mock-assets/logo.svg'],
  ])('%s is an SVG', async (path) => {
    await expectSvg(path);
  });

  it('a QR code of too much text is a JSON 400, not a crash', async () => {
    const res = await request(app).get(`/mock-assets/qr/x.svg?text=${encodeURIComponent('长'.repeat(600))}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
  });

  it('unknown pictures are a JSON 404', async () => {
    for (const path of ['/mock-assets/nope/1.svg', '/mock-assets/banner/1.png', '/mock-assets/upload/none.png']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(404);
    }
  });
});
