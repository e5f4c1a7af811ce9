/**
 * Issue 36 (6): the mock speaks as the brand it serves. Started on a config folder whose brand is
 * 金沙 (its app.json), no reply of any call, page or picture of the mock says 星耀 (nor its domain,
 * xingyao): the site title, the start-up notice, the announcements, help articles, messages, the
 * service page's welcome, the agent and visit pages, the sponsorship pages and the payees say 金沙's
 * names. The brand comes from the folder the tools read (SCREENS_CONFIG_DIR) unless createApp is
 * given one.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../mock-server/app';
import { brandOfConfig, envBrand, NO_BRAND } from '../../mock-server/brand';
import { endpoints, type EndpointName } from '../../src/api/catalogue';
import { call, sample, tokenFor } from './helpers';

const root = path.resolve(__dirname, '..', '..');
const work = mkdtempSync(path.join(tmpdir(), 'mock-brand-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const JINSHA = { siteName: '金沙娱乐', shortName: '金沙', serviceName: '贴心助手' };

/** a copy of screens.config/ whose brand is 金沙 */
function jinshaConfig(): string {
  const dir = path.join(work, 'jinsha.config');
  cpSync(path.join(root, 'screens.config'), dir, { recursive: true });
  const file = path.join(dir, 'app.json');
  const app = JSON.parse(readFileSync(file, 'utf8')) as { brand: Record<string, string> };
  app.brand = { ...app.brand, ...JINSHA };
  writeFileSync(file, JSON.stringify(app, null, 2));
  return dir;
}

const OTHER_BRAND = /星耀|xingyao/i;

/** a page or picture of the mock, as text (supertest leaves an SVG's body unread) */
async function text(app: Parameters<typeof request>[0], url: string): Promise<string> {
  const res = await request(app)
    .get(url)
    .buffer(true)
    .parse((r, done) => {
      let body = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (body += chunk));
      r.on('end', () => done(null, body));
    });
  expect(res.status, url).toBe(200);
  return res.body as string;
}

describe('the brand the mock speaks as', () => {
  it('is the brand of the config folder: screens.config/ by default, another through SCREENS_CONFIG_DIR, a brand overlay through BRAND', () => {
    expect(envBrand()).toEqual({ siteName: '星耀娱乐', shortName: '星耀娱乐', serviceName: '客服' });
    const dir = jinshaConfig();
    expect(brandOfConfig(dir)).toEqual(JINSHA);
    const before = process.env.SCREENS_CONFIG_DIR;
    process.env.SCREENS_CONFIG_DIR = dir;
    try {
      expect(envBrand()).toEqual(JINSHA);
    } finally {
      if (before === undefined) delete process.env.SCREENS_CONFIG_DIR;
      else process.env.SCREENS_CONFIG_DIR = before;
    }
    // BRAND=<id>: the brand's overlay merged over the product (brands/yinhe/app.json changes the names and customer service's)
    const brandBefore = process.env.BRAND;
    process.env.BRAND = 'yinhe';
    try {
      expect(envBrand()).toEqual({ siteName: '银河娱乐', shortName: '银河', serviceName: '在线管家' });
    } finally {
      if (brandBefore === undefined) delete process.env.BRAND;
      else process.env.BRAND = brandBefore;
    }
    // a folder without a readable app.json: no brand's name at all, and a word on the console
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(brandOfConfig(path.join(work, 'nowhere'))).toEqual(NO_BRAND);
      expect(warn).toHaveBeenCalledWith(`[mock] ${path.join(work, 'nowhere', 'app.json')}: no brand to speak as (npm run check:config names the problem); the mock names none`);
    } finally {
      warn.mockRestore();
    }
  });
});

describe.each(['default', 'laravel'] as const)('a mock serving 金沙 (%s replies)', (shapes) => {
  // one listening server for the walk (supertest would start one per request)
  let server: Server;
  beforeAll(() => {
    server = createApp({ latencyMs: 0, control: true, shapes, brand: brandOfConfig(jinshaConfig()) }).listen(0, '127.0.0.1');
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  /** every body a test received, by what was asked */
  const seen: { what: string; body: string }[] = [];
  const keep = (what: string, body: unknown) => seen.push({ what, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const said = (what: string) => seen.find((s) => s.what === what)?.body ?? '';
  const otherBrand = () => seen.filter((s) => OTHER_BRAND.test(s.body)).map((s) => `${s.what}: ${s.body.match(/.{0,30}(星耀|xingyao).{0,30}/i)?.[0]}`);

  it('answers every call of the catalogue without 星耀, and names 金沙 where the site is named', async () => {
    const member = await tokenFor(server);
    const agent = await tokenFor(server, 'agent01');
    // a deposit of each kind, so that payinfo shows the receiving accounts (the payees) and channels
    const deposits: string[] = [];
    for (const [paytype, catepay] of [['bank', undefined], ['usdt', 'TRC20'], ['wxpay', undefined], ['alipay', undefined]] as const) {
      const r = await call(server, 'recharge', { paytype, amount: 500, ...(catepay ? { catepay } : {}) }, member);
      keep(`recharge ${paytype}`, r.body);
      deposits.push(r.body.message);
    }
    for (const deposit_no of deposits) keep(`payinfo ${deposit_no}`, (await call(server, 'payinfo', { deposit_no }, member)).body);
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      // these would end the walk's session (a login ends the member's others in the laravel profile): after the walk
      if (name === 'logoff' || name === 'editPassword' || name === 'login_pc') continue;
      const { payload } = sample(name);
      keep(name, (await call(server, name, payload, name === 'getAgentLoginUrl' ? agent : member)).body);
    }
    for (const type of [1, 2, 3, 4, 5, 6, 7, 8]) keep(`article ${type}`, (await call(server, 'article', { type })).body);
    keep('noticeList 2', (await call(server, 'noticeList', { type: 2, page: 1 }, member)).body);
    // a new member's welcome message
    const reg = await call(server, 'register', { name: 'jinsha01', password: 'abc12345', confirmPass: 'abc12345', realname: '王五', paypassword: '112233', code: '1' });
    keep('register', reg.body);
    keep('noticeList 2 (new member)', (await call(server, 'noticeList', { type: 2, page: 1 }, (reg.body.data as { api_token: string }).api_token)).body);
    keep('login_pc', (await call(server, 'login_pc', sample('login_pc').payload)).body);

    expect(otherBrand()).toEqual([]);
    expect(said('app')).toContain('"title":"金沙娱乐"');
    expect(said('app')).toContain('欢迎来到金沙娱乐');
    expect(said('getpaybank')).toContain('深圳市金沙娱乐科技有限公司');
    expect(said('article 7')).toContain('金沙娱乐成立于 2015 年');
    expect(said('article 5')).toContain('加入金沙合营计划');
    expect(said('article 4')).toContain('7×24 小时在线贴心助手');
    expect(said('noticeList 2 (new member)')).toContain('欢迎加入金沙娱乐');
    expect(said('noticeList')).toContain('金沙娱乐运营部');
  });

  it('serves every frame page and picture without 星耀, in 金沙\'s names', async () => {
    for (const page of ['game', 'kefu', 'agent?user=agent01', 'visit', 'download', 'zhanzhu?type=1', 'zhanzhu?type=2']) keep(`page ${page}`, await text(server, `/__mock/page/${page}`));
    for (const picture of ['logo.svg', ...[1, 2, 3, 4, 5, 6, 7].map((n) => `banner/${n}.svg`), ...[1, 2, 3, 9, 10].map((n) => `promo/${n}.svg`)]) keep(`picture ${picture}`, await text(server, `/mock-assets/${picture}`));
    expect(otherBrand()).toEqual([]);
    expect(said('page kefu')).toContain('<h1>在线贴心助手</h1>');
    expect(said('page kefu')).toContain('您好，欢迎来到金沙娱乐，请问有什么可以帮您？');
    expect(said('page agent?user=agent01')).toContain('金沙合营 · 代理后台');
    expect(said('page visit')).toContain('<h1>金沙娱乐</h1>');
    expect(said('picture banner/5.svg')).toContain('金沙娱乐 · 品牌信誉');
    expect(said('picture banner/7.svg')).toContain('>金沙娱乐</text>');
    expect(said('picture promo/1.svg')).toContain('金沙娱乐 · 优惠活动');
    expect(said('picture logo.svg')).toContain('金沙娱乐');
  });
});

describe('the mock of screens.config/ (the product) says its own names, as before', () => {
  it('the title, the payees and the service page name 星耀娱乐 and 在线客服', async () => {
    const app = createApp({ latencyMs: 0 });
    expect((await call(app, 'app')).body.data).toMatchObject({ title: '星耀娱乐' });
    const kefu = await text(app, '/__mock/page/kefu');
    expect(kefu).toContain('<h1>在线客服</h1>');
    expect(kefu).toContain('欢迎来到星耀娱乐');
  });
});
