/**
 * Reply shapes as JSON Schemas: the `data` of each call's envelope, written from SPEC.md
 * section 3 and the real backends' shapes (../shared/API-SHAPES.md). Required fields are the ones
 * every backend sends; optional ones may be absent; `anyOf` lists accepted alternatives (one
 * object or an array; `src` or `pic`). Objects refuse fields not listed here, so the contract
 * runner (scripts/contract.ts) names every extra field a backend sends.
 * This file must stay free of browser and node imports: client, mock and scripts load it.
 * Calls are marked pure so that the client bundle, which reads none of these schemas, drops them.
 */
import type { JSONSchema } from 'json-schema-to-ts';

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const int = { type: 'integer' } as const;
const flag = { type: 'integer', enum: [0, 1] } as const;
const intOrStr = { type: ['integer', 'string'] } as const;
const intOrNull = { type: ['integer', 'null'] } as const;

/** A closed object: `required` must be there, the other properties may be absent, nothing else. */
const obj = <const P extends Record<string, JSONSchema>, const Req extends readonly (keyof P & string)[]>(properties: P, required: Req) =>
  ({ type: 'object', properties, required, additionalProperties: false }) as const;

/** Laravel-style page object of SPEC.md / API-SHAPES.md. */
const page = <const I extends JSONSchema>(item: I) =>
  obj(
    {
      current_page: int,
      data: { type: 'array', items: item },
      last_page: int,
      per_page: int,
      total: int,
      from: intOrNull,
      to: intOrNull,
    },
    ['current_page', 'data', 'last_page', 'per_page', 'total'],
  );

export const urlReply = /* @__PURE__ */ obj({ url: str }, ['url']);
export const tokenReply = /* @__PURE__ */ obj({ api_token: str, token: str, user_id: int, username: str }, ['api_token']);

export const appInfo = /* @__PURE__ */ obj(
  {
    title: str,
    site_logo: str,
    site_state: flag,
    repair_tips: str,
    redpacket_switch: flag,
    index_modal: flag,
    webcontent: str,
    h5_url: str,
    ios_download_url: str,
    ios_download_qrcode: str,
    fanshui: num,
  },
  ['title', 'site_logo', 'site_state', 'repair_tips', 'redpacket_switch', 'index_modal', 'webcontent', 'h5_url', 'ios_download_url', 'ios_download_qrcode'],
);

export const game = /* @__PURE__ */ obj(
  {
    category_id: { type: 'string', enum: ['realbet', 'joker', 'gaming', 'sport', 'lottery', 'concise'] },
    app_state: int,
    platform_name: str,
    name: str,
    game_code: str,
    mobile_img: str,
  },
  ['category_id', 'app_state', 'platform_name', 'game_code', 'mobile_img'],
);

export const providerGame = /* @__PURE__ */ obj({ catecode: str, gamecode: str, gamepic: str, gamename: str }, ['catecode', 'gamecode', 'gamepic', 'gamename']);

const userProps = {
  username: str,
  realname: str,
  balance: num,
  gameblance: num,
  avatar: str,
  mobile: str,
  email: str,
  birthday: str,
  current_vip: str,
  paysum: num,
  joinday: int,
  isagent: flag,
  transferstatus: flag,
  usdtrate: num,
  withdrawusdtrate: num,
  withdrawcashfee: num,
  withdrawfeeusdttrc: num,
} as const;

/** The user entity of SPEC.md section 3; never a password, pay password or token. */
export const user = /* @__PURE__ */ obj(userProps, [
  'username',
  'realname',
  'balance',
  'gameblance',
  'avatar',
  'mobile',
  'email',
  'birthday',
  'current_vip',
  'paysum',
  'joinday',
  'isagent',
  'transferstatus',
  'usdtrate',
  'withdrawusdtrate',
  'withdrawcashfee',
  'withdrawfeeusdttrc',
]);

export const balanceReply = /* @__PURE__ */ obj({ balance: num, mbalance: num }, ['balance']);
export const venueBalance = /* @__PURE__ */ obj({ name: str, platname: str, balance: num }, ['name', 'platname', 'balance']);

/** {balance, gameblance, list} in the real backend; SPEC.md's "user info" may add every user field. */
export const refreshMoney = /* @__PURE__ */ obj({ ...userProps, list: { type: 'array', items: venueBalance } }, ['balance', 'gameblance', 'list']);

/** The picture is `src` (Laravel original) or `pic` (Go rewrite): at least one of them. */
export const banner = {
  .../* @__PURE__ */ obj({ id: int, src: str, pic: str }, ['id']),
  anyOf: [{ required: ['src'] }, { required: ['pic'] }],
} as const;

export const redPacketRule = /* @__PURE__ */ obj(
  { start_time: str, end_time: str, day_flow: num, flow_money: num, recharge: num, times: int },
  ['start_time', 'end_time', 'day_flow', 'flow_money', 'recharge'],
);
export const redPacketInfo = /* @__PURE__ */ obj(
  { sendnums: int, acquirednum: int, max_times: int, redPacketStatus: int, rules: { type: 'array', items: redPacketRule } },
  ['sendnums', 'acquirednum', 'max_times', 'rules'],
);
export const redPacketClaim = /* @__PURE__ */ obj({ redpacketmoney: num, sendnums: int, acquirednum: int }, ['redpacketmoney', 'sendnums', 'acquirednum']);
export const redPacketRecord = /* @__PURE__ */ obj({ money: num, redpacketmoney: num, created_at: str, usetime: str }, ['money', 'redpacketmoney', 'created_at', 'usetime']);

export const activityType = /* @__PURE__ */ obj({ id: int, name: str }, ['id', 'name']);
export const activity = /* @__PURE__ */ obj({ id: int, title: str, banner: str, type: int }, ['id', 'title', 'banner', 'type']);
export const activityDetail = /* @__PURE__ */ obj({ id: int, title: str, banner: str, content: str, memo: str }, ['id', 'title', 'banner', 'content', 'memo']);
export const activityApplication = /* @__PURE__ */ obj({ id: int, activity_name: str, state: int, created_at: str }, ['id', 'activity_name', 'state', 'created_at']);

export const vipLevel = /* @__PURE__ */ obj(
  { vipname: str, recharge: num, flow: num, realperson: num, sport: num, e_sport: num, joker: num, electron: num, lottery: num },
  ['vipname', 'recharge', 'flow', 'realperson', 'sport', 'e_sport', 'joker', 'electron', 'lottery'],
);
export const article = /* @__PURE__ */ obj({ content: str }, ['content']);
export const notice = /* @__PURE__ */ obj({ id: int, title: str, content: str, created_at: str }, ['id', 'title', 'content', 'created_at']);

export const rebateRecord = /* @__PURE__ */ obj(
  { gamename: str, money: num, state: int, created_at: str, updated_at: str },
  ['gamename', 'money', 'state', 'created_at', 'updated_at'],
);
export const rebateReply = /* @__PURE__ */ obj({ list: /* @__PURE__ */ page(rebateRecord), jisuan: num, nojisuan: num }, ['list', 'jisuan', 'nojisuan']);

export const card = /* @__PURE__ */ obj(
  { id: int, bank: str, bank_no: str, bank_owner: str, bank_address: str, created_at: str, ico: str },
  ['id', 'bank', 'bank_no', 'bank_owner', 'bank_address', 'created_at'],
);
export const bank = /* @__PURE__ */ obj({ id: int, bank_name: str }, ['id', 'bank_name']);

export const betRecord = /* @__PURE__ */ obj(
  { bet_id: str, bet_amount: num, win_loss: num, Code: str, status: { type: 'integer', enum: [0, 1, 2] }, created_at: str, api_type: str, game_type: intOrStr },
  ['bet_id', 'bet_amount', 'win_loss', 'Code', 'status', 'created_at'],
);
export const venueRow = /* @__PURE__ */ obj(
  { name: str, game_type: intOrStr, betnum: int, bet_amounts: num, valid_amounts: num, win_losss: num },
  ['name', 'game_type', 'betnum', 'bet_amounts', 'valid_amounts', 'win_losss'],
);
export const venueListReply = /* @__PURE__ */ obj(
  {
    lists: /* @__PURE__ */ page(venueRow),
    info: /* @__PURE__ */ obj({ betnums: int, bet_amounts: num, win_loss: num, valid_amounts: num }, ['betnums', 'bet_amounts', 'win_loss', 'valid_amounts']),
  },
  ['lists', 'info'],
);
export const transRecord = /* @__PURE__ */ obj(
  { out_trade_no: str, amount: num, pay_way: str, state: int, created_at: str, api_type: str },
  ['out_trade_no', 'amount', 'pay_way', 'state', 'created_at'],
);

export const payRange = /* @__PURE__ */ obj({ min_price: num, max_price: num }, ['min_price', 'max_price']);
export const payWay = /* @__PURE__ */ obj({ card: flag, usdt: flag, wechat: flag, alipay: flag }, ['card', 'usdt', 'wechat', 'alipay']);
export const payBank = /* @__PURE__ */ obj(
  { id: int, bank_no: str, bank_owner: str, bank_address: str, bank_data: /* @__PURE__ */ obj({ bank_name: str }, ['bank_name']) },
  ['id', 'bank_no', 'bank_owner', 'bank_address', 'bank_data'],
);
export const payChannel = /* @__PURE__ */ obj({ id: int, mch_id: str, content: str, payimg: str }, ['id', 'mch_id', 'content', 'payimg']);
/** cardlist: one object (SPEC.md section 3) or an array of them (real backend). */
export const payInfo = /* @__PURE__ */ obj(
  {
    deposit_no: str,
    info: /* @__PURE__ */ obj({ amount: num, created_at: str, paytype: str }, ['amount', 'created_at', 'paytype']),
    cardlist: { anyOf: [payChannel, { type: 'array', items: payChannel }] },
  },
  ['deposit_no', 'info', 'cardlist'],
);

export const nothing = { type: 'null' } as const;
export const arrayOf = <const I extends JSONSchema>(items: I) => ({ type: 'array', items }) as const;
export const pageOf = page;

/** The envelope of every reply (SPEC.md section 7), with the data schema of one call. */
export const envelope = <const D extends JSONSchema>(data: D) =>
  ({
    type: 'object',
    properties: { code: int, message: str, data },
    required: ['code', 'message', 'data'],
    additionalProperties: false,
  }) as const;

/** A failed call: the code says what happened, data is usually null (a 501 launch may carry {url}). */
export const failureEnvelope = {
  type: 'object',
  properties: { code: int, message: str, data: {} },
  required: ['code', 'message'],
  additionalProperties: false,
} as const;
