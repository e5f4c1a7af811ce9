/**
 * Reply profiles: every call answered in the shapes of one backend. `default` is the mock as it
 * always answered (SPEC.md, and the real backends' shapes where SPEC.md is silent; the `shapes`
 * switches of /__mock/settings change single replies). `laravel` answers as the Laravel original
 * (../shared/API-SHAPES.md, "The Laravel original, read from its source"), so that the app can be
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

export interface Profile {
  /** calls this backend does not serve: HTTP 404 {code: 404}, like an unknown path */
  absent: ReadonlySet<EndpointName>;
  /** the reply of each call whose shape differs, from the default reply */
  reshape: Reshapers;
}

/** A reshaper of successful replies only; failures pass as they are. */
const onSuccess =
  <K extends EndpointName>(fn: (data: ReplyOf<K>, ctx: Ctx<K>, message: string) => Reply<ReplyOf<K>>): Reshaper<K> =>
  (reply, ctx) =>
    reply.code === 200 && reply.data !== null ? fn(reply.data, ctx, reply.message) : reply;

// ---- the Laravel original ---------------------------------------------------------------------

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
const paged = <K extends 'redpacket' | 'activitylist' | 'activityApplyLog' | 'noticeList'>(): Reshaper<K> =>
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
    vipname: `VIP${m.vip}`,
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
    transfer_type: 3,
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

/** The rows of gettransrecord by type: deposits, withdrawals (real_money, type), transfers (real_money, no order number). */
function transRow(type: number, r: TransRecord): TransRecord {
  if (type === 1) return { amount: r.amount, created_at: r.created_at, state: r.state, pay_way: r.pay_way, out_trade_no: r.out_trade_no };
  if (type === 2) {
    return { real_money: r.amount, created_at: r.created_at, state: r.state, out_trade_no: r.out_trade_no, type: r.pay_way === 'USDT' ? 2 : 1, pay_way: r.pay_way, amount: r.amount };
  }
  return { real_money: r.amount, created_at: r.created_at, state: r.state, api_type: r.api_type, pay_way: r.pay_way, amount: r.amount };
}

const laravel: Profile = {
  absent: new Set<EndpointName>(['venuelist']),
  reshape: {
    /** {username, api_token, new_api_token}; an unknown name is 202, a wrong password 203; one session per member */
    login_pc: (reply, ctx) => {
      if (reply.code === 205) {
        return ctx.state.findMember(ctx.payload.name) ? fail(203, '密码错误') : fail(202, '用户不存在');
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
    user: onSuccess<'user'>((_data, ctx, message) => ok(laravelUser(ctx.state, ctx.member!, ctx.token), message)),
    /** the user's fields, no list of venue balances (those come from balancelist) */
    refreshusermoney: onSuccess<'refreshusermoney'>((_data, ctx) => ok(laravelUser(ctx.state, ctx.member!, ctx.token), '刷新成功')),
    balancelist: onSuccess<'balancelist'>((data, _ctx, message) =>
      ok(data.map((v) => ({ balance: v.balance, name: v.name, platname: v.platname, app_icon: `/mock-assets/platform/${v.platname}.svg` })), message),
    ),
    bannerList: onSuccess<'bannerList'>((data, _ctx, message) => ok(data.map((b) => ({ id: b.id, src: (b.src ?? b.pic)! })), message)),
    betrecord: onSuccess<'betrecord'>((data, ctx, message) =>
      ok(
        paginator(
          {
            ...data,
            data: data.data.map((b) => ({
              bet_id: b.bet_id,
              bet_time: b.created_at!,
              platform_type: b.api_type ?? '',
              bet_amount: b.bet_amount,
              win_loss: b.win_loss,
              status: b.status,
              Code: b.Code,
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
    noticeList: paged<'noticeList'>(),
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
          ? receivingBanks.map((b) => ({ ...b, bank_data: { ...b.bank_data }, ico: bankIcon(b.bank_data.bank_name) }))
          : 'payimg' in first
            ? { ...first, payimg: first.payimg.startsWith('/') ? `${ctx.origin}${first.payimg}` : first.payimg }
            : [first];
      return ok({ deposit_no: data.deposit_no, info, cardlist }, message);
    }),
  },
};

export const profiles: Record<ProfileName, Profile> = {
  default: { absent: new Set(), reshape: {} },
  laravel,
};

/** The reply as the profile's backend sends it. */
export function reshapeReply<K extends EndpointName>(profile: ProfileName, name: K, reply: Reply<ReplyOf<K>>, ctx: Ctx<K>): Reply<ReplyOf<K>> {
  const fn = profiles[profile].reshape[name] as Reshaper<K> | undefined;
  return fn ? fn(reply, ctx) : reply;
}
