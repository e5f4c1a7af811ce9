/** Promotions and their applications, the red packet, and the rebate centre. */
import { activities, redPacketMaxTimes, redPacketRules } from '../fixtures/content';
import { fail, inPeriod, memberOnly, ok, pageSize, paginate, yuan, type PartialHandlers } from '../http';
import type { Member } from '../state';
import { DAY_MS, formatBJ } from '../time';

const bannerOf = (id: number) => `/mock-assets/promo/${id}.svg`;

/** '' / 0 / absent mean all; anything else must be a positive whole number. */
function numberFilter(value: string | number | undefined): number | null {
  if (value === undefined || value === '' || value === 0 || value === '0') return null;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : NaN;
}

/** Deposits of the last day, the base of today's red packets. */
function recentDepositCents(me: Member, now: number): number {
  return me.trans.filter((t) => t.type === 1 && t.state === 2 && t.created >= now - DAY_MS).reduce((a, t) => a + t.cents, 0);
}

export const promotionHandlers = {
  activitylist: ({ payload }) => {
    const type = numberFilter(payload.type);
    if (Number.isNaN(type)) return fail(422, '参数错误：类型(type)取值无效');
    const rows = activities
      .filter((a) => type === null || a.type === type)
      .map((a) => ({ id: a.id, title: a.title, banner: bannerOf(a.id), type: a.type }));
    return ok(paginate(rows, payload.page ?? 1, pageSize(payload)));
  },

  activitydeatil: ({ payload }) => {
    const a = activities.find((x) => x.id === payload.id);
    if (!a) return fail(202, '活动不存在或已下架');
    return ok({ id: a.id, title: a.title, banner: bannerOf(a.id), content: a.content, memo: a.memo });
  },

  doactivityapply: memberOnly<'doactivityapply'>(({ payload, state }, me) => {
    const a = activities.find((x) => x.id === payload.activityid);
    if (!a) return fail(202, '活动不存在或已下架');
    if (me.applications.some((x) => x.activityId === a.id && x.state === 1)) {
      return fail(409, '您已申请该活动，请耐心等待审核');
    }
    me.applications.unshift({ id: state.nextId(me.applications), activityId: a.id, activity_name: a.title, state: 1, created: state.now() });
    return ok(null, '申请成功，请等待后台审核');
  }),

  activityApplyLog: memberOnly<'activityApplyLog'>(({ payload }, me) => {
    const rows = [...me.applications]
      .sort((a, b) => b.created - a.created)
      .map((x) => ({ id: x.id, activity_name: x.activity_name, state: x.state, created_at: formatBJ(x.created) }));
    return ok(paginate(rows, payload.page ?? 1, pageSize(payload)));
  }),

  userredpacket: memberOnly<'userredpacket'>(({ state }, me) =>
    ok({
      sendnums: me.sendnums,
      acquirednum: me.acquirednum,
      max_times: redPacketMaxTimes,
      redPacketStatus: state.settings.redpacket_switch,
      rules: redPacketRules.map((r) => ({ ...r })),
    }),
  ),

  douserredpacket: memberOnly<'douserredpacket'>(({ state }, me) => {
    if (state.settings.redpacket_switch !== 1) return fail(1, '红包活动已关闭');
    if (me.sendnums <= 0) return fail(1, '您暂未达到领取条件，快去完成吧！');
    const cents = 188 + Math.floor(state.rng() * 1700);
    me.sendnums -= 1;
    me.acquirednum += 1;
    state.credit(me, cents);
    const now = state.now();
    me.redpackets.unshift({ depositCents: recentDepositCents(me, now), cents, created: now, used: now });
    return ok({ redpacketmoney: yuan(cents), sendnums: me.sendnums, acquirednum: me.acquirednum }, `恭喜您抢到 ${yuan(cents).toFixed(2)} 元红包`);
  }),

  redpacket: memberOnly<'redpacket'>(({ payload }, me) => {
    const rows = [...me.redpackets]
      .sort((a, b) => b.created - a.created)
      .map((r) => ({ money: yuan(r.depositCents), redpacketmoney: yuan(r.cents), created_at: formatBJ(r.created), usetime: formatBJ(r.used) }));
    return ok(paginate(rows, payload.page ?? 1, pageSize(payload)));
  }),

  /**
   * Rebate records filtered by period, venue (api_type, '' = all) and game type (type, '' = all);
   * jisuan / nojisuan are the member's totals (claimed / pending), the claimable amount.
   */
  getfanshui: memberOnly<'getfanshui'>(({ payload, state }, me) => {
    const type = numberFilter(payload.type);
    if (Number.isNaN(type)) return fail(422, '参数错误：类型(type)取值无效');
    const rows = inPeriod(me.rebates, payload.date, state.now())
      .filter((r) => !payload.api_type || r.api_type === payload.api_type)
      .filter((r) => type === null || r.game_type === type)
      .sort((a, b) => b.created - a.created)
      .map((r) => ({ gamename: r.gamename, money: yuan(r.cents), state: r.state, created_at: formatBJ(r.created), updated_at: formatBJ(r.updated) }));
    const sum = (state0: 0 | 1) => me.rebates.filter((r) => r.state === state0).reduce((a, r) => a + r.cents, 0);
    return ok({ list: paginate(rows, payload.page ?? 1, pageSize(payload)), jisuan: yuan(sum(1)), nojisuan: yuan(sum(0)) });
  }),

  dofanshui: memberOnly<'dofanshui'>(({ state }, me) => {
    const pending = me.rebates.filter((r) => r.state === 0);
    const cents = pending.reduce((a, r) => a + r.cents, 0);
    if (cents <= 0) return fail(1, '暂无领取额度！');
    const now = state.now();
    for (const r of pending) {
      r.state = 1;
      r.updated = now;
    }
    state.credit(me, cents);
    return ok(null, `领取成功，共 ${yuan(cents).toFixed(2)} 元已存入中心钱包`);
  }),
} satisfies PartialHandlers;
