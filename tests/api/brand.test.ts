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
import { brandOfConfig, envBrand, NO_BRAND, PAY_RANGE_TYPES } from '../../mock-server/brand';
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
    expect(envBrand()).toMatchObject({ siteName: '星耀娱乐', shortName: '星耀娱乐', serviceName: '客服', redPacket: true });
    const dir = jinshaConfig();
    expect(brandOfConfig(dir)).toMatchObject({ ...JINSHA, redPacket: true });
    const before = process.env.SCREENS_CONFIG_DIR;
    process.env.SCREENS_CONFIG_DIR = dir;
    try {
      expect(envBrand()).toMatchObject({ ...JINSHA, redPacket: true });
    } finally {
      if (before === undefined) delete process.env.SCREENS_CONFIG_DIR;
      else process.env.SCREENS_CONFIG_DIR = before;
    }
    // BRAND=<id>: the brand's overlay merged over the product (brands/yinhe/app.json changes the names and customer service's, and has no red packets)
    const brandBefore = process.env.BRAND;
    process.env.BRAND = 'yinhe';
    try {
      expect(envBrand()).toMatchObject({ siteName: '银河娱乐', shortName: '银河', serviceName: '管家', redPacket: false });
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

describe('a mock serving a brand without red packets (银河: features.redPacket false)', () => {
  /** what a visitor and a member are told: the app info, the scrolling notices, the announcements, the messages; and the banners */
  async function told(redPacket: boolean) {
    const app = createApp({ latencyMs: 0, control: true, brand: { ...NO_BRAND, siteName: '银河娱乐', shortName: '银河', serviceName: '管家', redPacket } });
    const member = await tokenFor(app);
    const info = (await call(app, 'app')).body.data as { redpacket_switch: number; webcontent: string };
    const texts = [
      info.webcontent,
      ...((await call(app, 'homenotice')).body.data as string[]),
      ...((await call(app, 'noticeList', { type: 1, page: 1, pagesize: 100 })).body.data as { data: { title: string }[] }).data.map((n) => n.title),
      ...((await call(app, 'noticeList', { type: 2, page: 1, pagesize: 100 }, member)).body.data as { data: { title: string }[] }).data.map((n) => n.title),
    ];
    // the banners are pictures: the one of red packets (每日幸运红包雨) is number 2
    const banners = ((await call(app, 'bannerList', { type: 2 })).body.data as { id: number }[]).map((b) => b.id);
    return { info, banners, aboutRedPackets: texts.filter((t) => t.includes('红包')) };
  }

  it('has its switch off and says nothing of red packets: no banner, scrolling notice, announcement, message or start-up notice', async () => {
    const without = await told(false);
    expect(without.info.redpacket_switch).toBe(0);
    expect(without.aboutRedPackets).toEqual([]);
    expect(without.banners).toEqual([1, 3, 4]);
    expect(without.info.webcontent).toBe(
      '<h3 style="text-align:center">欢迎来到银河娱乐</h3><p>1. 新会员首存即送 <b style="color:#e4393c">100%</b> 彩金，最高 8888 元。</p><p>2. 全场无上限返水，最高 1.2%，次日自动到账。</p><p>请牢记永久域名，谨防假冒网站，祝您游戏愉快！</p>',
    );
    // the same brand with red packets is told of them in each of those places
    const withThem = await told(true);
    expect(withThem.info.redpacket_switch).toBe(1);
    expect(withThem.banners).toEqual([1, 2, 3, 4]);
    expect(withThem.aboutRedPackets.map((t) => t.slice(0, 12))).toEqual(['<h3 style="t', '【红包雨】每日10:00', '每日幸运红包活动规则调整', '幸运红包活动开启']);
  });
});

/** runs `fn` with the environment changed, then puts it back */
async function withEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

describe('what a brand\'s back office owns, the mock answers as the brand\'s config says (what its players will see)', () => {
  /** getPayRange of every method, as a member asks it */
  async function ranges(app: ReturnType<typeof createApp>) {
    const token = await tokenFor(app);
    const out: Record<string, unknown> = {};
    for (const type of PAY_RANGE_TYPES) out[type] = (await call(app, 'getPayRange', { type }, token)).body.data;
    return out;
  }
  const constants = (file: string) => (JSON.parse(readFileSync(path.join(root, file), 'utf8')) as { constants: Record<string, number> }).constants;
  const every = (min: number, max: number) => Object.fromEntries(PAY_RANGE_TYPES.map((t) => [t, { min_price: min, max_price: max }]));

  it('getPayRange: the product\'s default pair for every method; under BRAND=jinsha, jinsha\'s own bank maximum', async () => {
    const product = constants('screens.config/app.json');
    expect(await ranges(createApp({ latencyMs: 0, control: true }))).toEqual(every(product.depositMin, product.depositMax));
    // (the product says 100-10000; the mock's own fixture used to answer 50000 for the bank)
    expect([product.depositMin, product.depositMax]).toEqual([100, 10000]);
    const jinsha = constants('brands/jinsha/app.json');
    expect(await withEnv({ BRAND: 'jinsha' }, () => ranges(createApp({ latencyMs: 0, control: true })))).toEqual({ ...every(product.depositMin, product.depositMax), bank: { min_price: product.depositMin, max_price: jinsha.depositMaxBank } });
  });

  it('getPayRange: a method\'s own constant over the default; the recharge check refuses what the range refuses', async () => {
    const dir = jinshaConfig();
    const file = path.join(dir, 'app.json');
    const app = JSON.parse(readFileSync(file, 'utf8')) as { constants: Record<string, number> };
    app.constants.depositMinWechat = 200;
    writeFileSync(file, JSON.stringify(app, null, 2));
    const mock = createApp({ latencyMs: 0, control: true, brand: brandOfConfig(dir) });
    expect((await ranges(mock)).wechat).toEqual({ min_price: 200, max_price: app.constants.depositMax });
    const token = await tokenFor(mock);
    expect((await call(mock, 'recharge', { paytype: 'wxpay', amount: 150 }, token)).body).toMatchObject({ code: 422, message: `请输入金额在200-${app.constants.depositMax}之间！` });
  });

  it('withdraw: the bounds the brand\'s config states (withdrawMin, withdrawMax), in its 214 and 215', async () => {
    const dir = jinshaConfig();
    const file = path.join(dir, 'app.json');
    const app = JSON.parse(readFileSync(file, 'utf8')) as { constants: Record<string, number> };
    Object.assign(app.constants, { withdrawMin: 200, withdrawMax: 800 });
    writeFileSync(file, JSON.stringify(app, null, 2));
    const mock = createApp({ latencyMs: 0, control: true, brand: brandOfConfig(dir) });
    const token = await tokenFor(mock);
    const bank = ((await call(mock, 'getcard', { type: 1 }, token)).body.data as { id: number }[])[0].id;
    const withdraw = async (amount: number) => (await call(mock, 'withdraw', { amount, bank, password: '123456' }, token)).body as { code: number; message: string };
    expect(await withdraw(150)).toMatchObject({ code: 214, message: '单笔取款不能低于200元' });
    expect(await withdraw(801)).toMatchObject({ code: 215, message: '单笔取款不能高于800元' });
    expect(await withdraw(800)).toMatchObject({ code: 200 });
    // the product's own: its constants too
    const product = constants('screens.config/app.json');
    const plain = createApp({ latencyMs: 0, control: true });
    const t = await tokenFor(plain);
    const card = ((await call(plain, 'getcard', { type: 1 }, t)).body.data as { id: number }[])[0].id;
    expect((await call(plain, 'withdraw', { amount: product.withdrawMax + 1, bank: card, password: '123456' }, t)).body).toMatchObject({ code: 215, message: `单笔取款不能高于${product.withdrawMax}元` });
  });

  it('getservicerurl: the address the brand\'s config sets (brand.serviceUrl); left empty, the back office\'s own (the mock\'s service page)', async () => {
    const dir = jinshaConfig();
    const file = path.join(dir, 'app.json');
    const app = JSON.parse(readFileSync(file, 'utf8')) as { brand: Record<string, string> };
    expect((await call(createApp({ latencyMs: 0, brand: brandOfConfig(dir) }), 'getservicerurl')).body.data).toEqual({ url: expect.stringMatching(/\/__mock\/page\/kefu$/) as unknown });
    app.brand.serviceUrl = 'https://kefu.jinsha.example.com/chat?site=2';
    writeFileSync(file, JSON.stringify(app, null, 2));
    expect((await call(createApp({ latencyMs: 0, brand: brandOfConfig(dir) }), 'getservicerurl')).body.data).toEqual({ url: 'https://kefu.jinsha.example.com/chat?site=2' });
  });
});
