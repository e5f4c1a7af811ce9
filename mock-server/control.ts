/**
 * The /__mock/ control surface (JSON in, JSON out), for tests and developers. See README.md.
 *   POST /__mock/reset            restore the seed (also drops faults, and sessions unless {keepSessions: true})
 *   POST /__mock/settings         merge app info, pay ways, pay ranges, rates, reply shapes (shapes.profile: default | laravel) into the state
 *   POST /__mock/fault            fail the next N calls of a path (body code, HTTP status, delay, drop, dropAfter)
 *   GET  /__mock/faults           the faults waiting;  DELETE /__mock/fault clears them
 *   POST /__mock/member           patch a member (balance, venues, cards, sendnums, ...)
 *   POST /__mock/login            a token for a member without the password (test shortcut)
 *   POST /__mock/review           approve or reject a pending deposit or withdrawal
 *   POST /__mock/latency          global latency of /api calls, ms
 *   POST /__mock/bet              record a bet for a member (no money moves); /__mock/game/* is the mock game (game.ts)
 *   POST /__mock/preset           reset to a data preset {name: normal|stress|empty}; answers who to log in as
 *   GET  /__mock/state            a debug snapshot (members without hashes, wallets, counts)
 *   GET  /__mock/openapi.json     the API contract as OpenAPI 3.1 (npm run openapi)
 *   GET  /__mock/page/<kind>      the pages behind game, service, agent, visit, download urls
 */
import { Ajv, type ErrorObject } from 'ajv';
import express, { type NextFunction, type Request, type Response } from 'express';
import { endpoints } from '../src/api/catalogue';
import { isObject } from '../src/config/json';
import { openApiDocument } from '../src/api/openapi';
import { bodyErrorReply, send } from './api';
import { venues } from './fixtures/games';
import { maxCardsPerKind } from './fixtures/site';
import { recordBetControl } from './game';
import { fail, ok, yuan } from './http';
import { servePage } from './pages';
import { applyPreset, presetNames, type PresetName } from './presets';
import { localOnly } from './local-only';
import { hashPassword } from './passwords';
import { freshSettings, profileNames, toCents, type Member, type MockState, type Settings } from './state';
import { formatBJ } from './time';

const ajv = new Ajv({ allErrors: false, strict: false });

const flag = { type: 'integer', enum: [0, 1] } as const;
const str = (max: number) => ({ type: 'string', maxLength: max }) as const;
/** an amount in yuan: finite (JSON's 1e400 reads as Infinity, which the settings would then answer as null) */
const amount = { type: 'number', minimum: 0, maximum: 1e12 } as const;
const range = {
  type: 'object',
  properties: { min_price: amount, max_price: amount },
  additionalProperties: false,
} as const;

const settingsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: str(64),
    site_logo: str(512),
    site_state: flag,
    repair_tips: str(2000),
    redpacket_switch: flag,
    index_modal: flag,
    webcontent: str(20000),
    h5_url: str(512),
    ios_download_url: str(512),
    fanshui: { type: 'number', minimum: -1e12, maximum: 1e12 },
    usdtrate: { type: 'number', exclusiveMinimum: 0, maximum: 1e12 },
    withdrawusdtrate: { type: 'number', exclusiveMinimum: 0, maximum: 1e12 },
    withdrawcashfee: amount,
    withdrawfeeusdttrc: amount,
    pay_way: {
      type: 'object',
      additionalProperties: false,
      properties: { card: flag, usdt: flag, wechat: flag, alipay: flag },
    },
    payRange: {
      type: 'object',
      additionalProperties: false,
      properties: { bank: range, wechat: range, alipay: range, 'usdt-erc20': range, 'usdt-trc20': range },
    },
    withdrawLimits: {
      type: 'object',
      additionalProperties: false,
      properties: { min: amount, max: amount },
    },
    shapes: {
      type: 'object',
      additionalProperties: false,
      properties: {
        profile: { enum: [...profileNames] },
        cardlist: { enum: ['object', 'array'] },
        banner: { enum: ['both', 'src', 'pic'] },
        refreshusermoney: { enum: ['whole', 'partial'] },
        gameList: { enum: ['named', 'codes'] },
      },
    },
  },
};

const faultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['path'],
  properties: {
    path: { type: 'string', maxLength: 200 },
    code: { type: 'integer' },
    message: str(500),
    status: { type: 'integer', minimum: 200, maximum: 599 },
    delayMs: { type: 'integer', minimum: 0, maximum: 120000 },
    drop: { type: 'boolean' },
    dropAfter: { type: 'boolean' },
    times: { type: 'integer', minimum: 1, maximum: 10000 },
  },
};

const cardSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['bank', 'bank_no', 'bank_owner'],
  properties: { bank: str(64), bank_no: str(64), bank_owner: str(32), bank_address: str(128) },
};
const money = { type: 'number', minimum: 0, maximum: 1e9 };
const count = { type: 'integer', minimum: 0, maximum: 1000 };
const memberSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    username: str(32),
    balance: money,
    venues: { type: 'object', additionalProperties: money },
    cards: { type: 'array', items: cardSchema, maxItems: maxCardsPerKind * 2 },
    sendnums: count,
    acquirednum: count,
    isagent: flag,
    transferstatus: flag,
    vip: { type: 'integer', minimum: 1, maximum: 10 },
    paysum: money,
    bet_amount: money,
    nojisuan: money,
    realname: str(32),
    mobile: str(20),
    email: str(64),
    birthday: str(10),
    password: { type: 'string', minLength: 6, maxLength: 32 },
    paypassword: { type: 'string', minLength: 6, maxLength: 32 },
  },
};

const validators = {
  settings: ajv.compile(settingsSchema),
  fault: ajv.compile(faultSchema),
  member: ajv.compile(memberSchema),
  username: ajv.compile({ type: 'object', properties: { username: str(32) } }),
  review: ajv.compile({
    type: 'object',
    additionalProperties: false,
    required: ['out_trade_no', 'approve'],
    properties: { out_trade_no: str(64), approve: { type: 'boolean' } },
  }),
  preset: ajv.compile({
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: { name: { type: 'string', enum: [...presetNames] } },
  }),
  latency: ajv.compile({
    type: 'object',
    additionalProperties: false,
    required: ['ms'],
    properties: { ms: { type: 'integer', minimum: 0, maximum: 60000 } },
  }),
};

function problem(errors: ErrorObject[] | null | undefined): string {
  const e = errors?.[0];
  if (!e) return '参数错误';
  if (e.keyword === 'required') return `参数错误：缺少 ${String(e.params.missingProperty)}`;
  if (e.keyword === 'additionalProperties') return `参数错误：不认识的字段 ${String(e.params.additionalProperty)}`;
  return `参数错误：${e.instancePath || '请求体'} ${e.message ?? '不合法'}`;
}

const catalogPaths = new Set(Object.values(endpoints).map((e) => e.path as string));

/** What /__mock/state shows of a member: money in yuan, counts of history, never a hash or token. */
export function memberSnapshot(state: MockState, m: Member) {
  const count = (type: number, st?: number) => m.trans.filter((t) => t.type === type && (st === undefined || t.state === st)).length;
  const sumRebate = (st: 0 | 1) => yuan(m.rebates.filter((r) => r.state === st).reduce((a, r) => a + r.cents, 0));
  return {
    id: m.id,
    username: m.username,
    realname: m.realname,
    balance: yuan(m.balanceCents),
    venues: Object.fromEntries(Object.entries(m.venueCents).map(([k, v]) => [k, yuan(v)])),
    gameblance: yuan(state.venueTotalCents(m)),
    total: yuan(m.balanceCents + state.venueTotalCents(m)),
    vip: m.vip,
    paysum: yuan(m.paysumCents),
    bet_amount: yuan(m.owedCents),
    isagent: m.isagent,
    transferstatus: m.transferstatus,
    sendnums: m.sendnums,
    acquirednum: m.acquirednum,
    mobile: m.mobile,
    email: m.email,
    birthday: m.birthday,
    avatar: m.avatar,
    joined_at: formatBJ(m.joinedAt),
    cards: m.cards.map((c) => ({ id: c.id, kind: c.kind, bank: c.bank, bank_no: c.bank_no, bank_owner: c.bank_owner, bank_address: c.bank_address })),
    jisuan: sumRebate(1),
    nojisuan: sumRebate(0),
    counts: {
      deposits: count(1),
      withdrawals: count(2),
      transfersIn: count(3),
      transfersOut: count(4),
      pendingDeposits: count(1, 1),
      pendingWithdrawals: count(2, 1),
      bets: m.bets.length,
      rebates: m.rebates.length,
      redpackets: m.redpackets.length,
      applications: m.applications.length,
      messages: m.messages.length,
    },
    sessions: [...state.sessions.values()].filter((s) => s.memberId === m.id).length,
  };
}

export function snapshot(state: MockState) {
  return {
    settings: state.settings,
    members: [...state.members.values()].map((m) => memberSnapshot(state, m)),
    faults: Object.fromEntries(state.faults),
    agentApplications: state.agentApplications.map((a) => ({ ...a, created_at: formatBJ(a.created) })),
    uploads: state.uploads.size,
    idempotentReplays: state.idempotency.replays,
  };
}

function mergeSettings(target: Settings, patch: Partial<Settings>): void {
  const { pay_way, payRange, shapes, withdrawLimits, ...rest } = patch;
  Object.assign(target, rest);
  if (withdrawLimits) Object.assign(target.withdrawLimits, withdrawLimits);
  if (pay_way) Object.assign(target.pay_way, pay_way);
  if (shapes) Object.assign(target.shapes, shapes);
  if (payRange) {
    for (const [k, v] of Object.entries(payRange) as [keyof Settings['payRange'], Partial<Settings['payRange'][keyof Settings['payRange']]>][]) {
      Object.assign(target.payRange[k], v);
    }
  }
}

type MemberPatch = {
  username?: string;
  balance?: number;
  venues?: Record<string, number>;
  cards?: { bank: string; bank_no: string; bank_owner: string; bank_address?: string }[];
  sendnums?: number;
  acquirednum?: number;
  isagent?: 0 | 1;
  transferstatus?: 0 | 1;
  vip?: number;
  paysum?: number;
  bet_amount?: number;
  nojisuan?: number;
  realname?: string;
  mobile?: string;
  email?: string;
  birthday?: string;
  password?: string;
  paypassword?: string;
};

async function patchMember(state: MockState, m: Member, p: MemberPatch): Promise<string | null> {
  const cents = (v: number) => toCents(v);
  for (const [field, v] of [['balance', p.balance], ['paysum', p.paysum], ['bet_amount', p.bet_amount], ['nojisuan', p.nojisuan]] as const) {
    if (v !== undefined && cents(v) === null) return `参数错误：${field} 最多保留两位小数`;
  }
  if (p.venues) {
    for (const [k, v] of Object.entries(p.venues)) {
      if (!venues.some((x) => x.platname === k)) return `参数错误：场馆 ${k} 不存在`;
      if (cents(v) === null) return `参数错误：venues.${k} 最多保留两位小数`;
    }
  }
  const [passwordHash, payPasswordHash] = await Promise.all([
    p.password ? hashPassword(p.password) : Promise.resolve(null),
    p.paypassword ? hashPassword(p.paypassword) : Promise.resolve(null),
  ]);
  if (passwordHash) m.passwordHash = passwordHash;
  if (payPasswordHash) m.payPasswordHash = payPasswordHash;
  if (p.balance !== undefined) m.balanceCents = cents(p.balance)!;
  if (p.venues) for (const [k, v] of Object.entries(p.venues)) m.venueCents[k] = cents(v)!;
  if (p.paysum !== undefined) m.paysumCents = cents(p.paysum)!;
  if (p.bet_amount !== undefined) m.owedCents = cents(p.bet_amount)!;
  if (p.cards) {
    let next = Math.max(0, ...[...state.members.values()].flatMap((x) => x.cards.map((c) => c.id)));
    m.cards = p.cards.map((c) => ({
      id: (next += 1),
      kind: c.bank.toUpperCase() === 'USDT' ? 'usdt' : 'bank',
      bank: c.bank,
      bank_no: c.bank_no,
      bank_owner: c.bank_owner,
      bank_address: c.bank_address ?? '',
      created: state.now(),
    }));
  }
  if (p.nojisuan !== undefined) {
    m.rebates = m.rebates.filter((r) => r.state === 1);
    const c = cents(p.nojisuan)!;
    if (c > 0) {
      const now = state.now();
      m.rebates.unshift({ id: state.nextId(m.rebates), api_type: 'ag', game_type: 1, gamename: 'AG视讯', cents: c, state: 0, created: now, updated: now });
    }
  }
  for (const key of ['sendnums', 'acquirednum', 'isagent', 'transferstatus', 'vip', 'realname', 'mobile', 'email', 'birthday'] as const) {
    if (p[key] !== undefined) Object.assign(m, { [key]: p[key] });
  }
  return null;
}

/** Without the control surface: only the frame pages (read-only HTML); anything else under /__mock/ is 404. */
export function pagesOnlyRouter(state: MockState): express.Router {
  const router = express.Router();
  const page = servePage(state);
  router.get('/page/:kind', page);
  router.get('/page/:kind/*rest', page);
  router.use((req, res) => send(res, fail(404, `不存在：${req.method} /__mock${req.path}`), 404));
  return router;
}

/** Body of a control call: {} when none was sent; refuses non-objects. */
const body = (req: Request): unknown => req.body ?? {};

/**
 * What every control call passes first: no CORS, JSON bodies only, this machine only. The frame
 * pages (mounted before it) stay open to a phone on the network.
 */
function guardControl(router: express.Router): void {
  // No CORS at all: a page on another origin can neither read a reply nor pass a preflight, and
  // its "simple" requests (form, text/plain, no type) are refused below before anything changes.
  router.use((req, res, next) => {
    res.set('Cache-Control', 'no-store');
    if (req.method === 'OPTIONS') return send(res, fail(405, '控制接口不支持跨域请求'), 405);
    next();
  });

  // Every call that changes something is sent as application/json (a browser asks before it
  // sends that to another origin, and nothing here ever says yes).
  router.use((req, res, next) => {
    const type = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (req.method === 'GET' || req.method === 'HEAD' || type === 'application/json') return next();
    send(res, fail(415, '控制接口只接受 application/json 请求体'), 415);
  });
  // This machine only (local-only.ts): the studio's preview opens the app to phones on the network,
  // where the frame pages above must work and nothing below may (tokens without a password, faults).
  router.use((req, res, next) => {
    const refused = localOnly(req);
    if (!refused) return next();
    send(res, { code: 403, message: '控制接口只接受本机的请求', data: { reason: refused } }, 403);
  });
  router.use(express.json({ limit: '256kb' }));

}

/** The mock's own state: reset, its clock, a snapshot, the settings and the API contract. */
function stateRoutes(router: express.Router, state: MockState): void {
  router.post('/reset', (req, res) => {
    const b = body(req);
    const keys = b && typeof b === 'object' && !Array.isArray(b) ? Object.keys(b) : null;
    const keep = (b as { keepSessions?: unknown } | null)?.keepSessions;
    if (!keys || keys.some((k) => k !== 'keepSessions') || (keep !== undefined && typeof keep !== 'boolean'))
      return send(res, fail(422, '请求体应为 {} 或 {"keepSessions": true}（保留已登录的会话）'), 422);
    state.reset(keep === true);
    send(res, ok(null, '已恢复初始数据'));
  });

  /** the mock's clock: `{now, iso, offsetMs}` (now in ms since 1970, and as an ISO time) */
  const clock = () => ({ now: state.now(), iso: new Date(state.now()).toISOString(), offsetMs: state.clockOffsetMs });
  router.get('/clock', (_req, res) => send(res, ok(clock())));
  router.post('/clock', (req, res) => {
    const raw = body(req);
    const b: { set?: unknown; advanceMs?: unknown } = isObject(raw) ? raw : {};
    const keys = Object.keys(b);
    const set = typeof b.set === 'string' ? Date.parse(b.set) : b.set;
    if ( keys.length !== 1 || !['set', 'advanceMs'].includes(keys[0]))
      return send(res, fail(422, '请求体应为 {"advanceMs": 毫秒数} 或 {"set": 时间}（ISO 字符串或毫秒数）之一'), 422);
    if (keys[0] === 'advanceMs' && !(typeof b.advanceMs === 'number' && Number.isFinite(b.advanceMs)))
      return send(res, fail(422, 'advanceMs 应为数字（毫秒，可为负）'), 422);
    if (keys[0] === 'set' && !(typeof set === 'number' && Number.isFinite(set)))
      return send(res, fail(422, 'set 应为 ISO 时间字符串（如 2026-11-27T00:00:00+08:00）或毫秒数'), 422);
    state.moveClock(keys[0] === 'advanceMs' ? (b.advanceMs as number) : (set as number) - state.now());
    send(res, ok(clock()));
  });

  router.get('/state', (_req, res) => send(res, ok(snapshot(state))));

  router.get('/settings', (_req, res) => send(res, ok(state.settings)));
  // the API contract as OpenAPI 3.1 (same document as `npm run openapi`)
  router.get('/openapi.json', (_req, res) => void res.json(openApiDocument()));
  router.post('/settings', (req, res) => {
    const patch = body(req);
    if (!validators.settings(patch)) return send(res, fail(422, problem(validators.settings.errors)), 422);
    mergeSettings(state.settings, patch as Partial<Settings>);
    send(res, ok(state.settings, '设置已更新'));
  });
  router.post('/settings/reset', (_req, res) => {
    state.settings = freshSettings(state.startProfile, state.brand);
    send(res, ok(state.settings, '设置已恢复'));
  });

}

/** What happens in the mock's world: faults, members, logins, reviews, bets, presets, latency. */
function worldRoutes(router: express.Router, state: MockState, latency: { ms: number }): void {
  router.post('/fault', (req, res) => {
    const f = body(req);
    if (!validators.fault(f)) return send(res, fail(422, problem(validators.fault.errors)), 422);
    const rule = f as { path: string; code?: number; message?: string; status?: number; delayMs?: number; drop?: boolean; dropAfter?: boolean; times?: number };
    if (!catalogPaths.has(rule.path)) return send(res, fail(422, `参数错误：path ${rule.path} 不是目录中的接口`), 422);
    if (rule.code === undefined && rule.status === undefined && !rule.delayMs && !rule.drop && !rule.dropAfter) {
      return send(res, fail(422, '参数错误：code、status、delayMs、drop、dropAfter 至少填写一项'), 422);
    }
    const { path, times = 1, ...how } = rule;
    state.faults.set(path, { ...how, remaining: times });
    send(res, ok({ path, ...how, remaining: times }, `接下来 ${times} 次 ${path} 将按设定失败`));
  });
  router.get('/faults', (_req, res) => send(res, ok(Object.fromEntries(state.faults))));
  router.delete('/fault', (_req, res) => {
    state.faults.clear();
    send(res, ok(null, '已清除全部故障'));
  });

  router.post('/member', async (req, res) => {
    const p = body(req);
    if (!validators.member(p)) return send(res, fail(422, problem(validators.member.errors)), 422);
    const patch = p as MemberPatch;
    const m = state.findMember(patch.username ?? 'demo01');
    if (!m) return send(res, fail(202, `会员不存在：${patch.username}`), 404);
    const error = await patchMember(state, m, patch);
    if (error) return send(res, fail(422, error), 422);
    send(res, ok(memberSnapshot(state, m), '会员已更新'));
  });

  router.post('/login', (req, res) => {
    const p = body(req);
    if (!validators.username(p)) return send(res, fail(422, problem(validators.username.errors)), 422);
    const name = (p as { username?: string }).username ?? 'demo01';
    const m = state.findMember(name);
    if (!m) return send(res, fail(202, `会员不存在：${name}`), 404);
    send(res, ok({ api_token: state.issueToken(m), username: m.username }, '登录成功'));
  });

  router.post('/review', (req, res) => {
    const p = body(req);
    if (!validators.review(p)) return send(res, fail(422, problem(validators.review.errors)), 422);
    const { out_trade_no, approve } = p as { out_trade_no: string; approve: boolean };
    for (const m of state.members.values()) {
      const rec = m.trans.find((t) => t.out_trade_no === out_trade_no && (t.type === 1 || t.type === 2));
      if (!rec) continue;
      if (rec.state !== 1) return send(res, fail(409, '该订单已审核'), 409);
      rec.state = approve ? 2 : 3;
      if (rec.type === 1 && approve) {
        state.credit(m, rec.cents);
        m.paysumCents += rec.cents;
        m.owedCents += rec.cents;
      }
      if (rec.type === 2 && !approve) state.credit(m, rec.cents);
      return send(res, ok(memberSnapshot(state, m), approve ? '已通过' : '已拒绝'));
    }
    send(res, fail(202, `订单不存在：${out_trade_no}`), 404);
  });

  router.post('/bet', recordBetControl(state));
  router.post('/preset', (req, res) => {
    const p = body(req);
    if (!validators.preset(p)) return send(res, fail(422, problem(validators.preset.errors)), 422);
    const name = (p as { name: PresetName }).name;
    send(res, ok({ name, ...applyPreset(state, name) }, `已切换到数据预设 ${name}`));
  });

  router.get('/latency', (_req, res) => send(res, ok({ ms: latency.ms })));
  router.post('/latency', (req, res) => {
    const p = body(req);
    if (!validators.latency(p)) return send(res, fail(422, problem(validators.latency.errors)), 422);
    latency.ms = (p as { ms: number }).ms;
    send(res, ok({ ms: latency.ms }, '延迟已设置'));
  });

}

export function controlRouter(state: MockState, latency: { ms: number }): express.Router {
  const router = express.Router();
  const page = servePage(state);
  router.get('/page/:kind', page);
  router.get('/page/:kind/*rest', page);

  guardControl(router);
  stateRoutes(router, state);
  worldRoutes(router, state, latency);

  router.use((req, res) => send(res, fail(404, `控制接口不存在：${req.method} /__mock${req.path}`), 404));

  router.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    const known = bodyErrorReply(err);
    if (known) return send(res, known.body, known.status);
    next(err);
  });
  return router;
}
