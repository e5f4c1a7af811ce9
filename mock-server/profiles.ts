/**
 * Reply profiles: every call answered in the shapes of one backend. `default` is the mock as it
 * always answered (SPEC.md, and the real backends' shapes where SPEC.md is silent; the `shapes`
 * switches of /__mock/settings change single replies). `laravel` answers as the Laravel original
 * (read from its source and measured on a running instance; mock-server/README.md, "Reply
 * profiles", has it call by call), so that the app can be
 * tried against a Laravel-style backend before it goes live.
 *
 * A profile is data: the calls its backend does not serve (answered 404 like an unknown path,
 * api.ts) and one reshaper per call whose reply differs, applied to the handler's reply before it
 * is sent. Handlers know nothing of profiles; a new difference is one more entry in the table.
 */
import { randomBytes } from 'node:crypto';
import { endpoints, type EndpointName, type ReplyOf } from '../src/api/catalogue';
import type { Page, TransRecord } from '../src/api/types';
import { toUsdt } from '../src/engine/money';
import { redPacketRules } from './fixtures/content';
import { bankIcon, receivingBanks } from './fixtures/finance';
import { venues } from './fixtures/games';
import { fail, ok, yuan, type Ctx, type Reply } from './http';
import { userView } from './routes/account';
import type { Member, MockState, ProfileName } from './state';
import { formatBJ } from './time';

type Reshaper<K extends EndpointName> = (reply: Reply<ReplyOf<K>>, ctx: Ctx<K>) => Reply<ReplyOf<K>>;
type Reshapers = { [K in EndpointName]?: Reshaper<K> };

/** A reply with its HTTP status (a backend that answers some failures with a status of their own). */
export interface Sent {
  status: number;
  reply: Reply<unknown>;
}

export interface Profile {
  /** calls this backend does not serve: HTTP 404 {code: 404}, like an unknown path */
  absent: ReadonlySet<EndpointName>;
  /** calls that need a token on this backend although the catalogue's (SPEC.md's) do not */
  members: ReadonlySet<EndpointName>;
  /** the answer to a call without a valid token (any reply of code 401) */
  unauthorized: Sent;
  /** the code of a payload that fails validation (SPEC.md 422) */
  invalidCode: number;
  /** answers before the handler runs: the backend's own checks and its own bugs */
  refuse: { [K in EndpointName]?: (ctx: Ctx<K>) => Sent | undefined };
  /** the reply of each call whose shape differs, from the default reply */
  reshape: Reshapers;
  /** a last pass over every reply's data (the Laravel original's strings) */
  finish?: (data: unknown, name: EndpointName) => unknown;
}

/** A reshaper of successful replies only; failures pass as they are. */
const onSuccess =
  <K extends EndpointName>(fn: (data: ReplyOf<K>, ctx: Ctx<K>, message: string) => Reply<ReplyOf<K>>): Reshaper<K> =>
  (reply, ctx) =>
    reply.code === 200 && reply.data !== null ? fn(reply.data, ctx, reply.message) : reply;

// ---- the Laravel original ---------------------------------------------------------------------

/** Fields the running original sends as decimal strings ("1000.00", rates "0.30"). */
const AMOUNTS = new Set([
  'balance', 'gameblance', 'mbalance', 'amount', 'real_money', 'money', 'bet_amount', 'win_loss', 'valid_amounts', 'bet_amounts',
  'win_losss', 'redpacketmoney', 'min_price', 'max_price', 'paysum', 'totalgame', 'jisuan', 'nojisuan', 'cash_fee', 'before_money',
  'after_money', 'day_flow', 'flow_money', 'recharge', 'flow', 'usdtrate', 'withdrawusdtrate', 'withdrawcashfee', 'withdrawfeeusdttrc',
  'fanshui', 'realperson', 'sport', 'e_sport', 'joker', 'electron', 'lottery',
]);
/** The app info's switches, sent as strings ("1", "0"). */
const APP_FLAGS = new Set(['site_state', 'index_modal', 'redpacket_switch', 'fanshui']);

/** Every amount as a string with two decimals (the app info: its switches as strings), at any depth. */
function asStrings(data: unknown, name: EndpointName): unknown {
  if (Array.isArray(data)) return data.map((v) => asStrings(v, name));
  if (data === null || typeof data !== 'object') return data;
  return Object.fromEntries(
    Object.entries(data).map(([k, v]) => {
      if (typeof v !== 'number') return [k, asStrings(v, name)];
      if (name === 'app') return [k, APP_FLAGS.has(k) ? String(v) : v];
      return [k, AMOUNTS.has(k) ? v.toFixed(2) : v];
    }),
  );
}

/** The original's English pay methods (gettransrecord pay_way) for the mock's words. */
const PAY_WAY_EN: Record<string, string> = { 网银转账: 'Bank card', 银行卡: 'Bank card', 微信: 'WeChat', 支付宝: 'Alipay', USDT: 'USDT-TRC20' };
const payWayEn = (w: string) => PAY_WAY_EN[w] ?? w;

/** The original's error of its own: HTTP 500 with English text (Laravel's error page as JSON). */
const serverError = (): Sent => ({ status: 500, reply: { code: 500, message: 'Server Error', data: null } });

/** Laravel's whole paginator: the page object with its url fields, in Laravel's key order. */
function paginator<T>(page: Page<T>, ctx: Ctx<EndpointName>): Page<T> {
  const path = `${ctx.origin}${endpoints[ctx.name].path}`;
  const url = (n: number) => `${path}?page=${n}`;
  return {
    current_page: page.current_page,
    data: page.data,
    first_page_url: url(1),
    from: page.from ?? null,
    last_page: page.last_page,
    last_page_url: url(page.last_page),
    next_page_url: page.current_page < page.last_page ? url(page.current_page + 1) : null,
    path,
    per_page: page.per_page,
    prev_page_url: page.current_page > 1 ? url(page.current_page - 1) : null,
    to: page.to ?? null,
    total: page.total,
  };
}

/** A paged call whose rows keep their shape: only the paginator changes. */
const paged = <K extends 'redpacket' | 'activitylist' | 'activityApplyLog'>(): Reshaper<K> =>
  onSuccess<K>((data, ctx, message) => ok(paginator(data as Page<unknown>, ctx) as ReplyOf<K>, message));

/** The user entity as the Laravel original sends it: its own fields, the token included. */
function laravelUser(state: MockState, m: Member, token: string | null) {
  const settled = m.bets.filter((b) => b.status === 1).reduce((a, b) => a + b.betCents, 0);
  return {
    id: m.id,
    api_token: token ?? '',
    ...userView(state, m),
    fanshui: state.settings.fanshui,
    level: m.vip,
    vip: m.vip,
    totalgame: yuan(settled),
    next_vip: m.vip < 10 ? `VIP${m.vip + 1}` : '',
    // a picture path of the original's own client, not a name
    vipname: `/static/style/vip${m.vip}.png`,
    created_at: formatBJ(m.joinedAt),
  };
}

const RULE_SINCE = '2024-01-01 00:00:00';

/** A rebate row as a transfer-log row of the Laravel original (gamename added). */
function transferLogRow(m: Member, row: ReplyOf<'getfanshui'>['list']['data'][number], index: number) {
  const rec = m.rebates.find((r) => formatBJ(r.created) === row.created_at && r.gamename === row.gamename && yuan(r.cents) === row.money);
  const api_type = rec?.api_type ?? venues.find((v) => v.name === row.gamename)?.platname ?? '';
  const id = rec?.id ?? index + 1;
  return {
    id,
    order_no: `FS${row.created_at.replace(/\D/g, '')}${String(id).padStart(4, '0')}`,
    api_type,
    user_id: m.id,
    transfer_type: 6,
    money: row.money,
    cash_fee: 0,
    real_money: row.money,
    // the mock keeps no wallet history per rebate: the balance before is not known
    before_money: 0,
    after_money: row.money,
    state: row.state,
    platform_type: api_type,
    betid: '',
    settlementsday: row.created_at.slice(0, 10),
    addtime: row.created_at,
    remark: '返水',
    created_at: row.created_at,
    updated_at: row.updated_at,
    gamename: row.gamename,
  };
}

/**
 * The rows of gettransrecord by type: deposits, withdrawals (real_money, type 1 bank card, 2
 * USDT-TRC20), transfers (real_money, no order number, no amount); pay methods in English.
 */
function transRow(type: number, r: TransRecord): TransRecord {
  const pay_way = payWayEn(r.pay_way);
  if (type === 1) return { amount: r.amount, created_at: r.created_at, state: r.state, pay_way, out_trade_no: r.out_trade_no };
  if (type === 2) {
    return { real_money: r.amount, created_at: r.created_at, state: r.state, out_trade_no: r.out_trade_no, type: r.pay_way === 'USDT' ? 2 : 1, pay_way, amount: r.amount };
  }
  return { real_money: r.amount, created_at: r.created_at, state: r.state, api_type: r.api_type, pay_way } as TransRecord;
}

const wrongOldPassword = (reply: Reply<null>): Reply<null> => (reply.code === 205 ? fail(205, '登录密码错误') : reply);

const laravel: Profile = {
  absent: new Set<EndpointName>(['venuelist', 'paycode']),
  members: new Set<EndpointName>(['noticeList']),
  unauthorized: { status: 401, reply: { code: 401, message: 'authentication failed', data: null } },
  invalidCode: 1000,
  refuse: {
    register: ({ payload }) => (payload.password.length < 8 || payload.password.length > 20 ? { status: 200, reply: fail(1000, '密码8到20位') } : undefined),
    getGameUrl: ({ payload }) => (payload.game_type === undefined || payload.game_type === '' ? { status: 200, reply: fail(1000, '游戏类型不能为空') } : undefined),
    // the running original's own bug: get_pay_way, and getPayRange of any channel but the bank, fail
    get_pay_way: () => serverError(),
    getPayRange: ({ payload }) => (payload.type === 'bank' ? undefined : serverError()),
    /** asking for the mode already on: 202 in English */
    uptransferstatus: ({ payload, member }) =>
      member && payload.transferstatus === member.transferstatus ? { status: 200, reply: fail(202, 'No eligible records') } : undefined,
  },
  finish: asStrings,
  reshape: {
    /** rows {id, name, content}: content is HTML */
    homenotice: onSuccess<'homenotice'>((data, _ctx, message) =>
      ok(data.map((text, i) => ({ id: i + 1, name: '公告', content: `<p>${String(text)}</p>` })) as unknown as ReplyOf<'homenotice'>, message),
    ),
    transall: onSuccess<'transall'>(() => ok(null, 'transfer success')),
    dofanshui: (reply) => (reply.code === 200 ? ok(null, 'success') : reply),
    doactivityapply: (reply) => (reply.code === 200 ? ok(null, 'activity apply success') : reply),
    /** {username, api_token, new_api_token}; an unknown name is 202, a wrong password 203; one session per member */
    login_pc: (reply, ctx) => {
      if (reply.code === 205) {
        return ctx.state.findMember(ctx.payload.name) ? fail(203, '登录密码错误') : fail(202, '用户不存在');
      }
      if (reply.code !== 200 || !reply.data) return reply;
      const { api_token } = reply.data;
      const member = ctx.state.memberByToken(api_token);
      if (member) ctx.state.revokeAllTokens(member, api_token);
      // sent beside api_token; the client keeps api_token, and the mock accepts only that one
      const new_api_token = randomBytes(32).toString('hex');
      return ok({ username: member?.username ?? ctx.payload.name, api_token, new_api_token }, reply.message);
    },
    register: onSuccess<'register'>((data, _ctx, message) => ok({ api_token: data.api_token }, message)),
    /** a wrong old password, of either password: 205 登录密码错误 (the lock after too many stays the mock's 429) */
    editPassword: wrongOldPassword,
    editPayPassword: wrongOldPassword,
    user: onSuccess<'user'>((_data, ctx, message) => ok(laravelUser(ctx.state, ctx.member!, ctx.token), message)),
    /** the user's fields, no list of venue balances (those come from balancelist) */
    refreshusermoney: onSuccess<'refreshusermoney'>((_data, ctx) => ok(laravelUser(ctx.state, ctx.member!, ctx.token), '刷新成功')),
    balancelist: onSuccess<'balancelist'>((data, _ctx, message) =>
      ok(data.map((v) => ({ balance: v.balance, name: v.name, platname: v.platname, app_icon: `/mock-assets/platform/${v.platname}.svg` })), message),
    ),
    /** rows {src, background, url}: no id */
    bannerList: onSuccess<'bannerList'>((data, _ctx, message) => ok(data.map((b) => ({ src: (b.src ?? b.pic)!, background: '', url: '' })), message)),
    betrecord: onSuccess<'betrecord'>((data, ctx, message) =>
      ok(
        paginator(
          {
            ...data,
            data: data.data.map((b) => ({
              bet_id: b.bet_id,
              bet_time: b.created_at!,
              // in lower case; Code (the platform's name) is empty unless platform_type is an upper-case code
              platform_type: (b.api_type ?? '').toLowerCase(),
              bet_amount: b.bet_amount,
              win_loss: b.win_loss,
              status: b.status,
              Code: '',
            })),
          },
          ctx,
        ),
        message,
      ),
    ),
    gettransrecord: onSuccess<'gettransrecord'>((data, ctx, message) =>
      ok(paginator({ ...data, data: data.data.map((r) => transRow(ctx.payload.type ?? 1, r)) }, ctx), message),
    ),
    getfanshui: onSuccess<'getfanshui'>((data, ctx, message) =>
      ok(
        {
          list: paginator({ ...data.list, data: data.list.data.map((r, i) => transferLogRow(ctx.member!, r, (data.list.from ?? 1) - 1 + i)) }, ctx),
          jisuan: data.jisuan,
          nojisuan: data.nojisuan,
        },
        message,
      ),
    ),
    redpacket: paged<'redpacket'>(),
    activitylist: paged<'activitylist'>(),
    activityApplyLog: paged<'activityApplyLog'>(),
    /** the type asked for is ignored: every message the member may see, each with its own type (3 site announcement, 1 personal) and user_id (0 everyone) */
    noticeList: onSuccess<'noticeList'>((data, ctx, message) => {
      const me = ctx.member!;
      const rows = [
        ...ctx.state.notices.map((n) => ({ n, type: 3, user_id: 0 })),
        ...me.messages.map((n) => ({ n, type: 1, user_id: me.id })),
      ]
        .sort((a, b) => b.n.created - a.n.created)
        .map(({ n, type, user_id }) => ({ id: n.id, title: n.title, content: n.content, created_at: formatBJ(n.created), type, user_id }));
      const per = data.per_page;
      const page = data.current_page;
      const last = Math.max(1, Math.ceil(rows.length / per));
      const slice = rows.slice((page - 1) * per, page * per);
      return ok(
        paginator({ current_page: page, data: slice, last_page: last, per_page: per, total: rows.length, from: slice.length ? (page - 1) * per + 1 : null, to: slice.length ? (page - 1) * per + slice.length : null }, ctx),
        message,
      );
    }),
    /** redPacketStatus READY / STARTING / END (the mock: STARTING while the switch is on, END when off); rule rows without times */
    userredpacket: onSuccess<'userredpacket'>((data, ctx, message) =>
      ok(
        {
          sendnums: data.sendnums,
          acquirednum: data.acquirednum,
          redPacketStatus: ctx.state.settings.redpacket_switch === 1 ? 'STARTING' : 'END',
          rules: redPacketRules.map((r, i) => ({
            id: i + 1,
            day_flow: r.day_flow,
            recharge: r.recharge,
            flow_money: r.flow_money,
            money: r.money ?? 0,
            start_time: r.start_time,
            end_time: r.end_time,
            status: 1,
            created_at: RULE_SINCE,
            updated_at: RULE_SINCE,
          })),
          max_times: data.max_times,
        },
        message,
      ),
    ),
    douserredpacket: onSuccess<'douserredpacket'>((data) => ok(data, '成功领取')),
    /**
     * info: the deposit row with paytype (USDT: the rate and the converted amount); cardlist: the
     * receiving bank accounts (bank_data, ico) for a bank deposit, else one channel with a full picture url
     */
    payinfo: onSuccess<'payinfo'>((data, ctx, message) => {
      const me = ctx.member!;
      const index = me.deposits.findIndex((d) => d.deposit_no === data.deposit_no);
      const rec = me.trans.find((t) => t.out_trade_no === data.deposit_no && t.type === 1);
      const { amount, created_at, paytype } = data.info;
      const rate = ctx.state.settings.usdtrate;
      const info = {
        id: me.deposits.length - index,
        out_trade_no: data.deposit_no,
        amount,
        state: rec?.state ?? 1,
        pay_way: rec?.pay_way ?? '',
        created_at,
        updated_at: created_at,
        paytype,
        ...(paytype === 'usdt' && { usdtrate: rate, real_money: toUsdt(Number(amount), Number(rate)) }),
      };
      const first = Array.isArray(data.cardlist) ? data.cardlist[0] : data.cardlist;
      const cardlist =
        paytype === 'bank'
          ? receivingBanks(ctx.state.brand).map((b) => ({ ...b, ico: bankIcon(b.bank_data.bank_name) }))
          : 'payimg' in first
            ? { ...first, payimg: first.payimg.startsWith('/') ? `${ctx.origin}${first.payimg}` : first.payimg }
            : [first];
      return ok({ deposit_no: data.deposit_no, info, cardlist }, message);
    }),
  },
};

export const profiles: Record<ProfileName, Profile> = {
  default: {
    absent: new Set(),
    members: new Set(),
    unauthorized: { status: 200, reply: { code: 401, message: '请先登录', data: null } },
    invalidCode: 422,
    refuse: {},
    reshape: {},
  },
  laravel,
};

/** What the profile's backend answers before the handler runs (its own checks, its own bugs), if anything. */
export function refusal<K extends EndpointName>(profile: ProfileName, name: K, ctx: Ctx<K>): Sent | undefined {
  const fn = profiles[profile].refuse[name] as ((c: Ctx<K>) => Sent | undefined) | undefined;
  return fn?.(ctx);
}

/** The reply as sent: a 401 as the profile's backend answers it, every data through its last pass. */
export function finishReply(profile: ProfileName, name: EndpointName, reply: Reply<unknown>): Sent {
  const p = profiles[profile];
  if (reply.code === 401) return p.unauthorized;
  return { status: 200, reply: p.finish && reply.data !== null ? { ...reply, data: p.finish(reply.data, name) } : reply };
}

/** The reply as the profile's backend sends it. */
export function reshapeReply<K extends EndpointName>(profile: ProfileName, name: K, reply: Reply<ReplyOf<K>>, ctx: Ctx<K>): Reply<ReplyOf<K>> {
  const fn = profiles[profile].reshape[name] as Reshaper<K> | undefined;
  return fn ? fn(reply, ctx) : reply;
}
