/**
 * The endpoint catalogue: every call of SPEC.md section 7, declared once.
 *
 * The client (src/api/client.ts), the mock server (mock-server/) and the contract tests all
 * read this table. Each entry names the method, the path, whether a member token is needed,
 * and the payload as a JSON Schema; the payload's TypeScript type is derived from that schema
 * (json-schema-to-ts). The reply of each call is a JSON Schema too (`replies` below, shapes in
 * ./replies.ts), and the reply types of ./types.ts are derived from those schemas.
 * This file must stay free of browser and node imports: both sides load it.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import * as S from './replies.ts';
import type * as R from './types.ts';

export interface EndpointDef<S extends JSONSchema = JSONSchema> {
  readonly method: 'GET' | 'POST';
  readonly path: `/api/${string}`;
  /** true: a member call, answered 401 without a valid token */
  readonly auth: boolean;
  readonly payload: S;
  /** multipart/form-data upload (field `file`) instead of JSON */
  readonly multipart?: boolean;
  /** a money call: the client sends an Idempotency-Key (one per tap), the server answers a repeat with the first reply */
  readonly idempotent?: boolean;
  /**
   * a call a backend may not serve (HTTP 404): SPEC.md names it, but the Laravel original has no
   * such route; the app's screen then says its load failed, and the contract runner reports it as absent
   */
  readonly optional?: boolean;
  /**
   * a call SPEC.md does not name (section 7): why the app makes it, and what it does on a backend
   * that lacks it (mark it `optional` too when a backend may answer 404). docs/DEVELOPING.md, "A
   * call beyond SPEC.md"; tests/api/catalogue.test.ts refuses an unnamed call without it.
   */
  readonly beyondSpec?: string;
  /**
   * An app.json value that answers this call in place of the backend where it is set (a brand's
   * own customer service address, `brand.serviceUrl`): the app sends no request and reads
   * `{ [field]: value }` as the reply, wherever it makes the call (src/api/client.ts); left empty,
   * the backend answers. The mock answers the same value (mock-server/brand.ts); `npm run where`
   * names it beside the call, per brand.
   */
  readonly fromConfig?: ConfigAnswer;
}

/** where an endpoint's reply may come from in app.json (EndpointDef.fromConfig) */
export interface ConfigAnswer {
  /** the dotted path in app.json: brand.serviceUrl */
  readonly key: string;
  /** the reply's field that takes the value: url */
  readonly field: string;
}

/** `ep<Reply>()({...})`: the payload schema's type is inferred, the reply type is given. */
const ep =
  <Reply>() =>
  <const S extends JSONSchema>(def: EndpointDef<S>) =>
    def as EndpointDef<S> & { readonly __reply?: Reply };

const obj = <const P extends Record<string, JSONSchema>, const Req extends readonly (keyof P & string)[] = []>(
  properties: P,
  required?: Req,
) => ({ type: 'object', properties, required: (required ?? []) as Req }) as const;

const none = obj({});
const page = { type: 'integer', minimum: 1, maximum: 100000 } as const;
const period = { type: 'integer', enum: [1, 2, 3, 4] } as const;
const apiType = { type: 'string', maxLength: 32 } as const;
const id = { type: 'integer', minimum: 1 } as const;
const text = <const Min extends number, const Max extends number>(minLength: Min, maxLength: Max) =>
  ({ type: 'string', minLength, maxLength }) as const;
const intOrStr = { type: ['integer', 'string'], maxLength: 32 } as const;
const money = { type: 'number', minimum: 0, maximum: 100000000 } as const;
const paged = obj({ page });

export const endpoints = {
  getVisitUrl: ep<R.UrlReply>()({ method: 'GET', path: '/api/getVisitUrl', auth: false, payload: none }),
  gameList: ep<R.Game[]>()({ method: 'GET', path: '/api/game/list', auth: false, payload: obj({ category: text(0, 32) }) }),
  app: ep<R.AppInfo>()({ method: 'POST', path: '/api/app', auth: false, payload: none }),
  logoff: ep<null>()({ method: 'POST', path: '/api/logoff', auth: true, payload: none }),
  balance: ep<R.BalanceReply>()({ method: 'POST', path: '/api/balance', auth: true, payload: none }),
  user: ep<R.User>()({ method: 'POST', path: '/api/user', auth: true, payload: none }),
  refreshusermoney: ep<R.RefreshMoney>()({ method: 'POST', path: '/api/refreshusermoney', auth: true, payload: none }),
  transall: ep<{ msg?: string } | null>()({ method: 'POST', path: '/api/transall', idempotent: true, auth: true, payload: none }),
  bannerList: ep<R.Banner[]>()({
    method: 'POST', path: '/api/bannerList', auth: false, payload: obj({ type: { type: 'integer', minimum: 1, maximum: 9 } }),
  }),
  homenotice: ep<string[]>()({ method: 'POST', path: '/api/homenotice', auth: false, payload: none }),
  getservicerurl: ep<R.UrlReply>()({ method: 'POST', path: '/api/getservicerurl', auth: false, payload: none, fromConfig: { key: 'brand.serviceUrl', field: 'url' } }),
  getAgentLoginUrl: ep<R.UrlReply>()({ method: 'GET', path: '/api/getAgentLoginUrl', auth: true, payload: none }),
  getGameUrl: ep<R.UrlReply>()({
    method: 'POST',
    path: '/api/getGameUrl',
    auth: true,
    payload: obj(
      { plat_name: text(1, 32), game_type: intOrStr, game_code: text(0, 64), is_mobile_url: { type: 'integer', enum: [0, 1] } },
      ['plat_name'],
    ),
  }),
  userredpacket: ep<R.RedPacketInfo>()({ method: 'GET', path: '/api/userredpacket', auth: true, payload: none }),
  douserredpacket: ep<R.RedPacketClaim>()({ method: 'POST', path: '/api/douserredpacket', idempotent: true, auth: true, payload: none }),
  redpacket: ep<R.Page<R.RedPacketRecord>>()({ method: 'POST', path: '/api/redpacket', auth: true, payload: paged }),
  activitytype: ep<R.ActivityType[]>()({ method: 'POST', path: '/api/activitytype', auth: false, payload: none }),
  activitylist: ep<R.Page<R.Activity>>()({ method: 'POST', path: '/api/activitylist', auth: false, payload: obj({ type: intOrStr, page }) }),
  activitydeatil: ep<R.ActivityDetail>()({ method: 'POST', path: '/api/activitydeatil', auth: false, payload: obj({ id }, ['id']) }),
  doactivityapply: ep<null>()({ method: 'POST', path: '/api/doactivityapply', idempotent: true, auth: true, payload: obj({ activityid: id }, ['activityid']) }),
  activityApplyLog: ep<R.Page<R.ActivityApplication>>()({ method: 'POST', path: '/api/activityApplyLog', auth: true, payload: paged }),
  uploadimg: ep<{ path: string }>()({ method: 'POST', path: '/api/uploadimg', auth: true, payload: none, multipart: true }),
  uservip: ep<R.VipLevel[]>()({ method: 'POST', path: '/api/uservip', auth: false, payload: none }),
  login_pc: ep<R.TokenReply>()({
    method: 'POST',
    path: '/api/login_pc',
    auth: false,
    payload: obj({ name: text(1, 32), password: text(1, 32), code: text(0, 6) }, ['name', 'password']),
  }),
  register: ep<R.TokenReply>()({
    method: 'POST',
    path: '/api/register',
    auth: false,
    payload: obj(
      {
        name: text(6, 32),
        password: text(6, 32),
        confirmPass: text(6, 32),
        realname: text(2, 32),
        paypassword: text(6, 32),
        code: text(0, 6),
        pid: intOrStr,
      },
      ['name', 'password', 'confirmPass', 'realname', 'paypassword'],
    ),
  }),
  applyagentdo: ep<null>()({
    method: 'POST', path: '/api/applyagentdo', auth: false, payload: obj({ mobile: text(11, 20), apply_info: text(1, 500) }, ['mobile', 'apply_info']),
  }),
  article: ep<R.Article>()({
    method: 'POST', path: '/api/article', auth: false, payload: obj({ type: { type: 'integer', enum: [1, 2, 3, 4, 5, 6, 7, 8] } }, ['type']),
  }),
  noticeList: ep<R.Page<R.Notice>>()({
    method: 'POST', path: '/api/noticeList', auth: false, payload: obj({ page, type: { type: 'integer', enum: [1, 2] } }),
  }),
  balancelist: ep<R.VenueBalance[]>()({ method: 'POST', path: '/api/balancelist', auth: true, payload: none }),
  getfanshui: ep<R.RebateReply>()({
    method: 'POST', path: '/api/getfanshui', auth: true, payload: obj({ date: period, page, api_type: apiType, type: intOrStr }),
  }),
  dofanshui: ep<null>()({ method: 'POST', path: '/api/dofanshui', idempotent: true, auth: true, payload: none }),
  updateuserinfo: ep<null>()({
    method: 'POST', path: '/api/updateuserinfo', auth: true, payload: obj({ email: text(0, 64), mobile: text(0, 20), birthday: text(0, 10) }),
  }),
  getcard: ep<R.Card[]>()({ method: 'POST', path: '/api/getcard', auth: true, payload: obj({ type: { type: 'integer', enum: [1, 2] } }, ['type']) }),
  delcard: ep<null>()({ method: 'POST', path: '/api/delcard', auth: true, payload: obj({ id }, ['id']) }),
  bindcard: ep<null>()({
    method: 'POST',
    path: '/api/bindcard',
    idempotent: true,
    auth: true,
    payload: obj(
      { bank: text(1, 64), bank_owner: text(1, 32), bank_no: text(1, 64), bank_address: text(0, 128), pay_pass: text(1, 32) },
      ['bank', 'bank_owner', 'bank_no', 'pay_pass'],
    ),
  }),
  banklist: ep<R.Bank[]>()({ method: 'POST', path: '/api/banklist', auth: false, payload: none }),
  editPassword: ep<null>()({
    method: 'POST', path: '/api/editPassword', auth: true, payload: obj({ password: text(1, 32), paypassword: text(6, 32) }, ['password', 'paypassword']),
  }),
  editPayPassword: ep<null>()({
    method: 'POST', path: '/api/editPayPassword', auth: true, payload: obj({ password: text(1, 32), paypassword: text(6, 32) }, ['password', 'paypassword']),
  }),
  betrecord: ep<R.Page<R.BetRecord>>()({
    method: 'POST', path: '/api/betrecord', auth: true, payload: obj({ date: period, page, api_type: apiType, game_type: intOrStr }),
  }),
  venuelist: ep<R.VenueListReply>()({ method: 'POST', path: '/api/venuelist', auth: true, optional: true, payload: obj({ date: period, page, api_type: apiType }) }),
  gettransrecord: ep<R.Page<R.TransRecord>>()({
    method: 'POST',
    path: '/api/gettransrecord',
    auth: true,
    payload: obj({ date: period, type: { type: 'integer', enum: [1, 2, 3, 4] }, page, api_type: apiType }),
  }),
  getPayRange: ep<R.PayRange>()({
    method: 'POST',
    path: '/api/getPayRange',
    auth: true,
    payload: obj({ type: { type: 'string', enum: ['bank', 'wechat', 'alipay', 'usdt-erc20', 'usdt-trc20'] } }, ['type']),
  }),
  get_pay_way: ep<R.PayWay>()({ method: 'GET', path: '/api/get_pay_way', auth: true, payload: none }),
  recharge: ep<null>()({
    method: 'POST',
    path: '/api/recharge',
    idempotent: true,
    auth: true,
    payload: obj(
      {
        paytype: { type: 'string', enum: ['bank', 'usdt', 'wxpay', 'alipay'] },
        amount: money,
        catepay: { type: 'string', enum: ['usdt-erc20', 'usdt-trc20', 'ERC20', 'TRC20'] },
        bank_owner: text(0, 32),
        bank: text(0, 64),
        bank_no: text(0, 64),
        bank_address: text(0, 128),
      },
      ['paytype', 'amount'],
    ),
  }),
  getpaybank: ep<R.PayBank[]>()({ method: 'POST', path: '/api/getpaybank', auth: true, payload: none }),
  payinfo: ep<R.PayInfo>()({ method: 'POST', path: '/api/payinfo', auth: true, payload: obj({ deposit_no: text(1, 64) }, ['deposit_no']) }),
  paycode: ep<null>()({
    method: 'POST',
    path: '/api/paycode',
    // the Laravel original has no such route (HTTP 404): the pay page's code submit then says it failed
    optional: true,
    idempotent: true,
    auth: true,
    payload: obj({ deposit_no: text(1, 64), pay_code: text(1, 64), pay_name: text(1, 32) }, ['deposit_no', 'pay_code', 'pay_name']),
  }),
  getBetAmount: ep<{ bet_amount: number }>()({ method: 'POST', path: '/api/getBetAmount', auth: true, payload: none }),
  withdraw: ep<null>()({
    method: 'POST', path: '/api/withdraw', idempotent: true, auth: true, payload: obj({ amount: money, bank: id, password: text(1, 32) }, ['amount', 'bank', 'password']),
  }),
  transfer: ep<{ balance: number }>()({
    method: 'POST',
    path: '/api/transfer',
    idempotent: true,
    auth: true,
    payload: obj({ amount: money, sourcetype: text(1, 32), targettype: text(1, 32) }, ['amount', 'sourcetype', 'targettype']),
  }),
  uptransferstatus: ep<null>()({
    method: 'POST', path: '/api/uptransferstatus', auth: true, payload: obj({ transferstatus: { type: 'integer', enum: [0, 1] } }, ['transferstatus']),
  }),
  gamelistBycode: ep<R.ProviderGame[]>()({ method: 'POST', path: '/api/gamelistBycode', auth: false, payload: obj({ gamecode: text(1, 32) }, ['gamecode']) }),
} as const;

/**
 * The reply of each call as a JSON Schema (the envelope's `data` on code 200), from SPEC.md and
 * the real backends (./replies.ts). The contract runner (scripts/contract.ts) checks any backend
 * against them, `npm run openapi` publishes them, the mock is tested to conform.
 */
export const replies = {
  getVisitUrl: S.urlReply,
  gameList: /* @__PURE__ */ S.arrayOf(S.game),
  app: S.appInfo,
  logoff: S.nothing,
  balance: S.balanceReply,
  user: S.user,
  refreshusermoney: S.refreshMoney,
  transall: { anyOf: [S.nothing, { type: 'object', properties: { msg: { type: 'string' } }, additionalProperties: false }] },
  bannerList: /* @__PURE__ */ S.arrayOf(S.banner),
  homenotice: /* @__PURE__ */ S.arrayOf(S.homeNotice),
  getservicerurl: S.urlReply,
  getAgentLoginUrl: S.urlReply,
  getGameUrl: S.urlReply,
  userredpacket: S.redPacketInfo,
  douserredpacket: S.redPacketClaim,
  redpacket: /* @__PURE__ */ S.pageOf(S.redPacketRecord),
  activitytype: /* @__PURE__ */ S.arrayOf(S.activityType),
  activitylist: /* @__PURE__ */ S.pageOf(S.activity),
  activitydeatil: S.activityDetail,
  doactivityapply: S.nothing,
  activityApplyLog: /* @__PURE__ */ S.pageOf(S.activityApplication),
  uploadimg: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
  uservip: /* @__PURE__ */ S.arrayOf(S.vipLevel),
  login_pc: S.tokenReply,
  register: S.tokenReply,
  applyagentdo: S.nothing,
  article: S.article,
  noticeList: /* @__PURE__ */ S.pageOf(S.notice),
  balancelist: /* @__PURE__ */ S.arrayOf(S.venueBalance),
  getfanshui: S.rebateReply,
  dofanshui: S.nothing,
  updateuserinfo: S.nothing,
  getcard: /* @__PURE__ */ S.arrayOf(S.card),
  delcard: S.nothing,
  bindcard: S.nothing,
  banklist: /* @__PURE__ */ S.arrayOf(S.bank),
  editPassword: S.nothing,
  editPayPassword: S.nothing,
  betrecord: /* @__PURE__ */ S.pageOf(S.betRecord),
  venuelist: S.venueListReply,
  gettransrecord: /* @__PURE__ */ S.pageOf(S.transRecord),
  getPayRange: S.payRange,
  get_pay_way: S.payWay,
  // SPEC.md: the deposit number is in message; the Go rewrite also sends {out_trade_no}
  recharge: { anyOf: [S.nothing, { type: 'object', properties: { out_trade_no: { type: 'string' } }, additionalProperties: false }] },
  getpaybank: /* @__PURE__ */ S.arrayOf(S.payBank),
  payinfo: S.payInfo,
  paycode: S.nothing,
  getBetAmount: { type: 'object', properties: { bet_amount: S.num }, required: ['bet_amount'], additionalProperties: false },
  withdraw: S.nothing,
  transfer: { type: 'object', properties: { balance: S.num }, required: ['balance'], additionalProperties: false },
  uptransferstatus: S.nothing,
  gamelistBycode: /* @__PURE__ */ S.arrayOf(S.providerGame),
} as const satisfies { [K in keyof typeof endpoints]: JSONSchema };

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** Payload and reply types per endpoint, computed once (FromSchema over a generic K is too deep). */
export type Payloads = { [K in EndpointName]: FromSchema<Endpoints[K]['payload']> };
export type Replies = { [K in EndpointName]: Exclude<Endpoints[K]['__reply'], undefined> };
export type PayloadOf<K extends EndpointName> = Payloads[K];
export type ReplyOf<K extends EndpointName> = Replies[K];

/** The central (platform) wallet's name in transfer payloads (SPEC.md section 7). */
export const CENTRAL_WALLET = 'userbalance';

export const endpointNames = Object.keys(endpoints) as EndpointName[];

export function isEndpointName(name: string): name is EndpointName {
  return Object.prototype.hasOwnProperty.call(endpoints, name);
}

/** The envelope every reply has (SPEC.md section 7). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}
