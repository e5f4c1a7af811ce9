/**
 * Reply shapes as JSON Schemas: the `data` of each call's envelope, written from SPEC.md
 * section 3 and the real backends' shapes (mock-server/README.md: where they differ, and the reply
 * profiles that answer in them). Required fields are the ones
 * every backend sends; optional ones may be absent; `anyOf` lists accepted alternatives (one
 * object or an array; `src` or `pic`; `created_at` or `bet_time`). Objects refuse fields not
 * listed here, so the contract runner (scripts/contract.ts) names every extra field a backend sends.
 * A field only one backend sends, or sends differently, says so in its `description` (`LARAVEL`:
 * the Laravel original: the mock's laravel profile, mock-server/profiles.ts); the OpenAPI
 * document (./openapi.ts) carries these descriptions.
 * This file must stay free of browser and node imports: client, mock and scripts load it.
 * Calls are marked pure so that the client bundle, which reads none of these schemas, drops them.
 */
import type { JSONSchema } from 'json-schema-to-ts';

const str = { type: 'string' } as const;
/**
 * An amount or rate: a number, or a decimal in a string (the Laravel original, running, sends every
 * amount as a string: "1000.00"); screens read either (the money and number filters).
 */
export const num = { anyOf: [{ type: 'number' }, { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' }] } as const;
const int = { type: 'integer' } as const;
/** A switch: 1 on, 0 off; the Laravel original, running, sends it as a string ("1", "0": "0" is off). */
const flag = { type: ['integer', 'string'], enum: [0, 1, '0', '1'] } as const;
const intOrStr = { type: ['integer', 'string'] } as const;
const intOrNull = { type: ['integer', 'null'] } as const;
const strOrNull = { type: ['string', 'null'] } as const;

/** The note that starts the description of a field only the Laravel original sends, or sends otherwise. */
export const LARAVEL = 'Laravel original:';
/** A schema with a description: where the backends differ (`LARAVEL ...`), or what a field is. */
const about = <const S extends JSONSchema, const D extends string>(schema: S, description: D) =>
  ({ ...(schema as object), description }) as S & { readonly description: D };

/** A closed object: `required` must be there, the other properties may be absent, nothing else. */
const obj = <const P extends Record<string, JSONSchema>, const Req extends readonly (keyof P & string)[]>(properties: P, required: Req) =>
  ({ type: 'object', properties, required, additionalProperties: false }) as const;

/** Laravel-style page object of SPEC.md and the real backends; the Laravel original sends its whole paginator (the url fields). */
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
      first_page_url: /* @__PURE__ */ about(str, `${LARAVEL} the paginator's url of page 1`),
      last_page_url: /* @__PURE__ */ about(str, `${LARAVEL} the url of the last page`),
      next_page_url: /* @__PURE__ */ about(strOrNull, `${LARAVEL} the url of the next page, null on the last`),
      prev_page_url: /* @__PURE__ */ about(strOrNull, `${LARAVEL} the url of the previous page, null on the first`),
      path: /* @__PURE__ */ about(str, `${LARAVEL} the url of the list without the page`),
    },
    ['current_page', 'data', 'last_page', 'per_page', 'total'],
  );

export const urlReply = /* @__PURE__ */ obj({ url: str }, ['url']);
/** login_pc, register: `{api_token}` (SPEC.md); the Go rewrite adds token, user_id, username; the Laravel original's login sends username and new_api_token. */
export const tokenReply = /* @__PURE__ */ obj(
  {
    api_token: /* @__PURE__ */ about(str, 'The bearer token the client keeps'),
    token: /* @__PURE__ */ about(str, 'Go rewrite: the same token again'),
    user_id: /* @__PURE__ */ about(int, 'Go rewrite'),
    username: /* @__PURE__ */ about(str, 'Go rewrite and Laravel original'),
    new_api_token: /* @__PURE__ */ about(str, `${LARAVEL} sent beside api_token on login; the client keeps api_token`),
  },
  ['api_token'],
);

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
  id: /* @__PURE__ */ about(int, `${LARAVEL} the member's id`),
  api_token: /* @__PURE__ */ about(str, `${LARAVEL} the member's token, inside the user entity; the client drops it (src/api/read.ts)`),
  fanshui: /* @__PURE__ */ about(num, `${LARAVEL} the member's rebate rate`),
  level: /* @__PURE__ */ about(intOrStr, `${LARAVEL} the VIP level`),
  vip: /* @__PURE__ */ about(intOrStr, `${LARAVEL} the VIP level; the client reads the level from current_vip, else from this`),
  totalgame: /* @__PURE__ */ about(num, `${LARAVEL} the member's total bets`),
  next_vip: /* @__PURE__ */ about(str, `${LARAVEL} the next VIP level's name`),
  vipname: /* @__PURE__ */ about(str, `${LARAVEL} the VIP level's name`),
  created_at: /* @__PURE__ */ about(str, `${LARAVEL} when the member registered`),
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
export const venueBalance = /* @__PURE__ */ obj(
  { name: str, platname: str, balance: num, app_icon: /* @__PURE__ */ about(str, `${LARAVEL} the venue's icon (a picture url)`) },
  ['name', 'platname', 'balance'],
);

/**
 * {balance, gameblance, list} in the Go rewrite; SPEC.md's "user info" may add every user field;
 * the Laravel original sends the user's fields with no list (venue balances come from balancelist).
 */
export const refreshMoney = /* @__PURE__ */ obj(
  { ...userProps, list: /* @__PURE__ */ about({ type: 'array', items: venueBalance }, `Venue balances; ${LARAVEL} absent (the client reads them from balancelist)`) },
  ['balance', 'gameblance'],
);

/** The picture is `src` (Laravel original) or `pic` (Go rewrite): at least one of them. */
export const banner = {
  .../* @__PURE__ */ obj(
    {
      id: int,
      src: str,
      pic: str,
      background: /* @__PURE__ */ about(str, `${LARAVEL} the banner's background (colour or picture); no screen shows it`),
      url: /* @__PURE__ */ about(str, `${LARAVEL} where the banner leads; no screen follows it`),
    },
    [],
  ),
  anyOf: [{ required: ['src'] }, { required: ['pic'] }],
} as const;

export const redPacketRule = /* @__PURE__ */ obj(
  {
    start_time: str,
    end_time: str,
    day_flow: /* @__PURE__ */ about(num, 'The least deposited that day for the rule to apply'),
    flow_money: /* @__PURE__ */ about(num, 'The most deposited that day for the rule to apply'),
    recharge: /* @__PURE__ */ about(num, 'The grabs the rule grants (the name is the original backend\'s)'),
    id: /* @__PURE__ */ about(int, `${LARAVEL} the rule's id`),
    money: /* @__PURE__ */ about(num, 'The red packet as a percentage'),
    status: /* @__PURE__ */ about(int, `${LARAVEL} the rule's status`),
    created_at: /* @__PURE__ */ about(str, LARAVEL),
    updated_at: /* @__PURE__ */ about(str, LARAVEL),
  },
  ['start_time', 'end_time', 'day_flow', 'flow_money', 'recharge'],
);
/** The red packet's state: the switch 0/1 (the mock) or READY / STARTING / END (the Laravel original). */
export const redPacketStatus = {
  oneOf: [
    /* @__PURE__ */ about(flag, 'The mock and the Go rewrite: the red-packet switch, 1 on, 0 off'),
    /* @__PURE__ */ about({ type: 'string', enum: ['READY', 'STARTING', 'END'] }, `${LARAVEL} not started yet, under way, over`),
  ],
} as const;
export const redPacketInfo = /* @__PURE__ */ obj(
  { sendnums: int, acquirednum: int, max_times: int, redPacketStatus, rules: { type: 'array', items: redPacketRule } },
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
export const notice = /* @__PURE__ */ obj(
  {
    id: int,
    title: str,
    content: str,
    created_at: str,
    type: /* @__PURE__ */ about(int, `${LARAVEL} the kind of message (1 personal, 3 system announcement, ...): the backend ignores the type asked for, the screen's tabs filter on this`),
    user_id: /* @__PURE__ */ about(int, `${LARAVEL} the member the message is for (0 everyone)`),
  },
  ['id', 'title', 'content', 'created_at'],
);

/** A scrolling notice of the home page: a text (SPEC.md), or the Laravel original's row whose content is HTML. */
export const homeNotice = {
  anyOf: [str, /* @__PURE__ */ obj({ id: int, name: str, content: /* @__PURE__ */ about(str, 'HTML: shown as its text') }, ['content'])],
} as const;

/** A rebate row; the Laravel original sends a whole transfer-log row with gamename added. */
export const rebateRecord = /* @__PURE__ */ obj(
  {
    gamename: str,
    money: num,
    state: int,
    created_at: str,
    updated_at: str,
    id: /* @__PURE__ */ about(int, LARAVEL),
    order_no: /* @__PURE__ */ about(str, LARAVEL),
    api_type: /* @__PURE__ */ about(str, `${LARAVEL} the venue`),
    user_id: /* @__PURE__ */ about(int, LARAVEL),
    transfer_type: /* @__PURE__ */ about(int, LARAVEL),
    cash_fee: /* @__PURE__ */ about(num, `${LARAVEL} the fee taken from money`),
    real_money: /* @__PURE__ */ about(num, `${LARAVEL} the money credited (money less cash_fee); the screen shows it where it is sent`),
    before_money: /* @__PURE__ */ about(num, LARAVEL),
    after_money: /* @__PURE__ */ about(num, LARAVEL),
    platform_type: /* @__PURE__ */ about(str, LARAVEL),
    betid: /* @__PURE__ */ about(str, LARAVEL),
    settlementsday: /* @__PURE__ */ about(str, `${LARAVEL} the settlement day`),
    addtime: /* @__PURE__ */ about(intOrStr, LARAVEL),
    remark: /* @__PURE__ */ about(str, LARAVEL),
  },
  ['gamename', 'money', 'state', 'created_at', 'updated_at'],
);
export const rebateReply = /* @__PURE__ */ obj({ list: /* @__PURE__ */ page(rebateRecord), jisuan: num, nojisuan: num }, ['list', 'jisuan', 'nojisuan']);

export const card = /* @__PURE__ */ obj(
  { id: int, bank: str, bank_no: str, bank_owner: str, bank_address: str, created_at: str, ico: str },
  ['id', 'bank', 'bank_no', 'bank_owner', 'bank_address', 'created_at'],
);
export const bank = /* @__PURE__ */ obj({ id: int, bank_name: str }, ['id', 'bank_name']);

/** A bet: its time is `created_at` (SPEC.md) or `bet_time` (the Laravel original), its venue `api_type` or `platform_type`. */
export const betRecord = {
  .../* @__PURE__ */ obj(
    {
      bet_id: str,
      bet_amount: num,
      win_loss: num,
      Code: str,
      status: { type: 'integer', enum: [0, 1, 2] },
      created_at: /* @__PURE__ */ about(str, `The time of the bet (SPEC.md); ${LARAVEL} absent, see bet_time`),
      api_type: /* @__PURE__ */ about(str, `The venue (platname); ${LARAVEL} absent, see platform_type`),
      game_type: intOrStr,
      bet_time: /* @__PURE__ */ about(str, `${LARAVEL} the time of the bet`),
      platform_type: /* @__PURE__ */ about(str, `${LARAVEL} the venue (platname)`),
    },
    ['bet_id', 'bet_amount', 'win_loss', 'Code', 'status'],
  ),
  anyOf: [{ required: ['created_at'] }, { required: ['bet_time'] }],
} as const;
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
/**
 * A transaction row. The Laravel original's rows differ by type: deposits {amount, created_at,
 * state, pay_way, out_trade_no}; withdrawals add real_money and type; transfers {real_money,
 * created_at, state, api_type, pay_way, amount} without out_trade_no.
 */
export const transRecord = /* @__PURE__ */ obj(
  {
    out_trade_no: /* @__PURE__ */ about(str, `The order number; ${LARAVEL} absent on transfers (types 3 and 4)`),
    amount: num,
    pay_way: str,
    state: int,
    created_at: str,
    api_type: /* @__PURE__ */ about(str, 'The venue of a transfer, empty for deposits and withdrawals'),
    real_money: /* @__PURE__ */ about(num, `${LARAVEL} on withdrawals and transfers: the money that moved; the screen shows it instead of amount`),
    type: /* @__PURE__ */ about(int, `${LARAVEL} on withdrawals: 1 to a bank card, 2 to a USDT address (the screen's method when pay_way is empty)`),
  },
  ['amount', 'pay_way', 'state', 'created_at'],
);

export const payRange = /* @__PURE__ */ obj({ min_price: num, max_price: num }, ['min_price', 'max_price']);
export const payWay = /* @__PURE__ */ obj({ card: flag, usdt: flag, wechat: flag, alipay: flag }, ['card', 'usdt', 'wechat', 'alipay']);
export const payBank = /* @__PURE__ */ obj(
  { id: int, bank_no: str, bank_owner: str, bank_address: str, bank_data: /* @__PURE__ */ obj({ bank_name: str }, ['bank_name']) },
  ['id', 'bank_no', 'bank_owner', 'bank_address', 'bank_data'],
);
export const payChannel = /* @__PURE__ */ obj(
  { id: int, mch_id: str, content: str, payimg: /* @__PURE__ */ about(str, `The QR picture; ${LARAVEL} a full url`) },
  ['id', 'mch_id', 'content', 'payimg'],
);
/** A receiving bank account in the Laravel original's cardlist of a bank deposit (getpaybank's rows with the bank's icon). */
export const receivingAccount = /* @__PURE__ */ obj(
  {
    id: int,
    bank_no: str,
    bank_owner: str,
    bank_address: str,
    bank_data: /* @__PURE__ */ obj({ bank_name: str }, ['bank_name']),
    ico: /* @__PURE__ */ about(str, "The bank's icon (a picture url)"),
  },
  ['id', 'bank_no', 'bank_owner', 'bank_address', 'bank_data'],
);
/**
 * cardlist: one object (SPEC.md section 3) or an array of them (real backend); the Laravel
 * original sends an array of receiving bank accounts for a bank deposit, one object otherwise.
 * info: {amount, created_at, paytype}; the Laravel original sends the whole deposit row with paytype
 * (and for USDT the rate and the converted amount).
 */
export const payInfo = /* @__PURE__ */ obj(
  {
    deposit_no: str,
    info: /* @__PURE__ */ obj(
      {
        amount: num,
        created_at: str,
        paytype: str,
        id: /* @__PURE__ */ about(int, `${LARAVEL} the deposit row's id`),
        out_trade_no: /* @__PURE__ */ about(str, `${LARAVEL} the deposit number again`),
        state: /* @__PURE__ */ about(int, `${LARAVEL} the deposit's review state`),
        pay_way: /* @__PURE__ */ about(str, `${LARAVEL} the method's label`),
        updated_at: /* @__PURE__ */ about(str, LARAVEL),
        usdtrate: /* @__PURE__ */ about(num, `${LARAVEL} USDT deposits: the rate of this deposit; the screen converts with it`),
        real_money: /* @__PURE__ */ about(num, `${LARAVEL} USDT deposits: the amount in USDT; the screen shows it`),
      },
      ['amount', 'created_at', 'paytype'],
    ),
    cardlist: {
      anyOf: [
        payChannel,
        /* @__PURE__ */ about(
          { type: 'array', items: { anyOf: [payChannel, receivingAccount] } },
          `Real backends: an array; ${LARAVEL} receiving bank accounts (bank_data, ico) for a bank deposit`,
        ),
      ],
    },
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
