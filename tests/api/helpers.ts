/** Shared helpers of the API tests: a fresh mock app, tokens, typed calls through the catalogue. */
import type { Server } from 'node:http';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../mock-server/app';
import { endpoints, type EndpointName, type Envelope, type PayloadOf, type ReplyOf } from '../../src/api/catalogue';

export type Target = Express | Server;

/** A mock with its control surface on (MOCK_CONTROL=1 in `npm start`, the browser tests and the bench). */
export function newApp(): Express {
  return createApp({ latencyMs: 0, control: true });
}

/** `app` (a fresh mock by default) listening on a free port of 127.0.0.1, once it listens. */
export async function listen(app: Express = newApp()): Promise<Server> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return server;
}

/** The server closed, every connection ended. */
export const close = (server: Server): Promise<void> => new Promise<void>((resolve) => server.close(() => resolve()));

/** A token without scrypt (the /__mock/login shortcut), to keep the suite fast. */
export async function tokenFor(app: Target, username = 'demo01'): Promise<string> {
  const res = await request(app).post('/__mock/login').send({ username });
  if (res.body?.code !== 200) throw new Error(`no token for ${username}: ${JSON.stringify(res.body)}`);
  return res.body.data.api_token as string;
}

/** A mock listening for the tests around it (a file's, a describe's), with a member's session: `live.server`, `live.token`. */
export function liveMember(): { server: Server; token: string } {
  const live = {} as { server: Server; token: string };
  beforeAll(async () => {
    live.server = await listen();
    live.token = await tokenFor(live.server);
  });
  afterAll(async () => {
    await close(live.server);
  });
  return live;
}

export interface CallResult<T> {
  status: number;
  body: Envelope<T | null>;
}

/** Call a catalogue endpoint with its method and path: GET sends the payload as query, POST as JSON. */
export async function call<K extends EndpointName>(
  app: Target,
  name: K,
  payload: object = {},
  token?: string,
): Promise<CallResult<ReplyOf<K>>> {
  const def = endpoints[name];
  let req = def.method === 'GET' ? request(app).get(def.path).query(payload as Record<string, string>) : request(app).post(def.path).send(payload);
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  const res = await req;
  return { status: res.status, body: res.body as Envelope<ReplyOf<K> | null> };
}

/** call() that insists on code 200 and returns the data. */
export async function data<K extends EndpointName>(
  app: Target,
  name: K,
  payload: object = {},
  token?: string,
): Promise<ReplyOf<K>> {
  const { body } = await call(app, name, payload, token);
  if (body.code !== 200) throw new Error(`${name} answered ${body.code}: ${body.message}`);
  return body.data as ReplyOf<K>;
}

export interface MemberSnap {
  id: number;
  username: string;
  balance: number;
  venues: Record<string, number>;
  gameblance: number;
  total: number;
  sendnums: number;
  acquirednum: number;
  transferstatus: number;
  isagent: number;
  cards: { id: number; kind: string; bank: string; bank_no: string }[];
  jisuan: number;
  nojisuan: number;
  counts: Record<string, number>;
  sessions: number;
}

export async function memberSnap(app: Target, username = 'demo01'): Promise<MemberSnap> {
  const res = await request(app).get('/__mock/state');
  const m = (res.body.data.members as MemberSnap[]).find((x) => x.username === username);
  if (!m) throw new Error(`no member ${username}`);
  return m;
}

export async function patchMember(app: Target, patch: Record<string, unknown>): Promise<MemberSnap> {
  const res = await request(app).post('/__mock/member').send(patch);
  if (res.body?.code !== 200) throw new Error(`patch failed: ${JSON.stringify(res.body)}`);
  return res.body.data as MemberSnap;
}

export async function setFault(app: Target, fault: Record<string, unknown>): Promise<void> {
  const res = await request(app).post('/__mock/fault').send(fault);
  if (res.body?.code !== 200) throw new Error(`fault failed: ${JSON.stringify(res.body)}`);
}

/** 1x1 pictures for the avatar upload. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF_1PX = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

/**
 * A payload the schema accepts, made from the schema itself: each required property with its
 * first allowed value (an enum's first, a number's minimum or 1, a string of its minimum length
 * or one letter). What a new call is walked with when `samples` does not name it.
 */
export function exampleOf(schema: unknown): unknown {
  const s = (schema ?? {}) as { type?: string | string[]; properties?: Record<string, unknown>; required?: string[]; enum?: unknown[]; minimum?: number; minLength?: number };
  if (s.enum?.length) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'object') return Object.fromEntries((s.required ?? []).map((k) => [k, exampleOf(s.properties?.[k])]));
  if (type === 'integer' || type === 'number') return s.minimum !== undefined && s.minimum > 0 ? s.minimum : 1;
  if (type === 'string') return 'a'.repeat(Math.max(1, s.minLength ?? 1));
  if (type === 'boolean') return false;
  return null;
}

/** The payload a call is walked with: its sample, or one made from its payload schema (exampleOf). */
export function sample<K extends EndpointName>(name: K): { payload: PayloadOf<K>; code?: number } {
  return samples[name] ?? { payload: exampleOf(endpoints[name].payload) as PayloadOf<K> };
}

/**
 * Payloads the walk uses where one made from the schema would not do (a seeded id, a real login,
 * a card number that passes the mock's check), with the expected code when not 200. A new call
 * needs none unless its handler wants more than its schema says.
 */
export const samples: { [K in EndpointName]?: { payload: PayloadOf<K>; code?: number } } = {
  gameList: { payload: { category: '' } },
  bannerList: { payload: { type: 2 } },
  getAgentLoginUrl: { payload: {}, code: 1 },
  getGameUrl: { payload: { plat_name: 'ag', game_type: 0, game_code: '', is_mobile_url: 1 } },
  redpacket: { payload: { page: 1 } },
  activitylist: { payload: { type: '', page: 1 } },
  activitydeatil: { payload: { id: 1 } },
  doactivityapply: { payload: { activityid: 3 } },
  activityApplyLog: { payload: { page: 1 } },
  login_pc: { payload: { name: 'demo01', password: 'demo123', code: '1234' } },
  register: {
    payload: { name: 'newbie88', password: 'abc123', confirmPass: 'abc123', realname: '李四', paypassword: '112233', code: '5678' },
  },
  applyagentdo: { payload: { mobile: '13912345678', apply_info: '本人有丰富的推广资源，希望成为代理。' } },
  article: { payload: { type: 1 } },
  noticeList: { payload: { page: 1, type: 1 } },
  getfanshui: { payload: { date: 4, page: 1, api_type: '', type: '' } },
  updateuserinfo: { payload: { email: 'zhangwei@example.com', mobile: '13912345678', birthday: '1991-03-08' } },
  getcard: { payload: { type: 1 } },
  delcard: { payload: { id: 100011 } },
  bindcard: {
    payload: { bank: '招商银行', bank_owner: '张伟', bank_no: '6225880112345678', bank_address: '深圳南山支行', pay_pass: '123456' },
  },
  editPassword: { payload: { password: 'demo123', paypassword: 'demo456' } },
  editPayPassword: { payload: { password: '123456', paypassword: '654321' } },
  betrecord: { payload: { date: 4, page: 1, api_type: '', game_type: '' } },
  venuelist: { payload: { date: 4, page: 1, api_type: '' } },
  gettransrecord: { payload: { date: 4, type: 1, page: 1, api_type: '' } },
  getPayRange: { payload: { type: 'bank' } },
  recharge: { payload: { paytype: 'usdt', amount: 500, catepay: 'TRC20' } },
  payinfo: { payload: { deposit_no: 'CK-NOT-THERE' }, code: 202 },
  paycode: { payload: { deposit_no: 'CK-NOT-THERE', pay_code: '88888888', pay_name: '张伟' }, code: 202 },
  withdraw: { payload: { amount: 100, bank: 100011, password: '123456' } },
  transfer: { payload: { amount: 10, sourcetype: 'userbalance', targettype: 'ag' } },
  uptransferstatus: { payload: { transferstatus: 1 } },
  gamelistBycode: { payload: { gamecode: 'pp' } },
};
