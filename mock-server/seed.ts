/**
 * Builds the seed state from the fixtures. History (records, rebates, red packets, applications,
 * messages) is spread over the last 30 days relative to today, from a fixed PRNG seed: the same
 * on every reset of a given (Beijing) day, and always inside the period filters' windows.
 */
import type { MockBrand } from './brand';
import { activities, memberMessages, notices as noticeFixtures } from './fixtures/content';
import { venues } from './fixtures/games';
import { memberSeeds, type MemberSeed } from './fixtures/members';
import { seedHash } from './passwords';
import type { ApplicationRec, BetRec, Member, MessageRec, Notice, RebateRec, RedPacketRec, TransRec } from './records.ts';
import { makeRng } from './rng';
import { DAY_MS, compactBJ, startOfBJDay } from './time';

const cents = (yuan: number) => Math.round(yuan * 100);

/** Counts of seeded history for members with `history: true` (see README). */
export const HISTORY = {
  deposits: 28,
  withdrawals: 12,
  transfersIn: 15,
  transfersOut: 13,
  bets: 64,
  rebates: 22,
  pendingRebates: 4,
  redpackets: 9,
  applications: 7,
};

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

/**
 * `count` instants inside the last-30-days window, newest first, fixed for a given Beijing date:
 * the first two are today in the minutes after 00:00 (never after `now`, so the "today" filter
 * always has something to show), the others on the 29 days before at times drawn from the seeded PRNG.
 */
function times(rng: Rng, now: number, count: number): number[] {
  const today = startOfBJDay(now);
  const out = Array.from({ length: count }, (_, i) =>
    i < 2
      ? Math.min(today + (i * 5 + 1) * 60_000 + Math.floor(rng() * 240_000), now)
      : today - (1 + Math.floor(rng() * 29)) * DAY_MS + Math.floor(rng() * DAY_MS),
  );
  return out.sort((a, b) => b - a);
}

function history(member: Member, rng: Rng, now: number, brand: MockBrand): void {
  const order = (prefix: string, t: number, i: number) => `${prefix}${compactBJ(t)}${String(i + 1).padStart(4, '0')}`;
  const trans: TransRec[] = [];
  const depositWays = ['网银转账', '网银转账', 'USDT', '支付宝', '微信'];
  times(rng, now, HISTORY.deposits).forEach((t, i) => {
    trans.push({
      out_trade_no: order('CK', t, i),
      type: 1,
      cents: cents(pick(rng, [100, 200, 300, 500, 800, 1000, 2000, 5000])),
      pay_way: pick(rng, depositWays),
      state: i === 0 ? 1 : i % 9 === 4 ? 3 : 2,
      created: t,
      api_type: '',
    });
  });
  times(rng, now, HISTORY.withdrawals).forEach((t, i) => {
    trans.push({
      out_trade_no: order('TX', t, i),
      type: 2,
      cents: cents(pick(rng, [100, 300, 500, 1000, 1500, 3000])),
      pay_way: i % 3 === 2 ? 'USDT' : '银行卡',
      state: i === 0 ? 1 : i % 5 === 3 ? 3 : 2,
      created: t,
      api_type: '',
    });
  });
  for (const [type, count, prefix] of [
    [3, HISTORY.transfersIn, 'ZR'],
    [4, HISTORY.transfersOut, 'ZC'],
  ] as const) {
    times(rng, now, count).forEach((t, i) => {
      const venue = pick(rng, venues);
      trans.push({
        out_trade_no: order(prefix, t, i),
        type,
        cents: cents(pick(rng, [50, 100, 200, 300, 500, 1000])),
        pay_way: venue.name,
        state: i % 11 === 6 ? 0 : 1,
        created: t,
        api_type: venue.platname,
      });
    });
  }
  member.trans = trans.sort((a, b) => b.created - a.created);

  member.bets = times(rng, now, HISTORY.bets).map((t, i): BetRec => {
    const venue = pick(rng, venues);
    const bet = pick(rng, [10, 20, 50, 100, 200, 500]);
    const status: BetRec['status'] = i < 3 ? 2 : i % 17 === 9 ? 0 : 1;
    const win = status === 1 ? Math.round((rng() * 2.2 - 1.1) * bet * 100) : 0;
    return {
      bet_id: `${venue.platname.toUpperCase()}${compactBJ(t)}${String(100 + i)}`,
      api_type: venue.platname,
      game_type: venue.game_type,
      gamename: venue.name,
      betCents: cents(bet),
      winCents: win,
      status,
      created: t,
    };
  });

  member.rebates = times(rng, now, HISTORY.rebates).map((t, i): RebateRec => {
    const venue = pick(rng, venues);
    const pending = i < HISTORY.pendingRebates;
    return {
      id: i + 1,
      api_type: venue.platname,
      game_type: venue.game_type,
      gamename: venue.name,
      cents: 50 + Math.floor(rng() * 6000),
      state: pending ? 0 : 1,
      created: t,
      updated: pending ? t : t + 3_600_000,
    };
  });

  member.redpackets = times(rng, now, HISTORY.redpackets).map(
    (t): RedPacketRec => ({
      depositCents: cents(pick(rng, [100, 500, 1000, 2000])),
      cents: 188 + Math.floor(rng() * 1700),
      created: t,
      used: t + 60_000,
    }),
  );

  const states = [1, 2, 3, 2, 1, 0, 4];
  member.applications = times(rng, now, HISTORY.applications).map(
    (t, i): ApplicationRec => {
      const activity = activities[i % activities.length];
      return { id: i + 1, activityId: activity.id, activity_name: activity.title, state: states[i % states.length], created: t };
    },
  );

  const messages = memberMessages(brand);
  member.messages = times(rng, now, messages.length).map((t, i): MessageRec => ({ ...messages[i], created: t }));
}

function buildMember(seed: MemberSeed, rng: Rng, now: number, brand: MockBrand): Member {
  const member: Member = {
    id: seed.id,
    username: seed.username,
    realname: seed.realname,
    passwordHash: seedHash(`${seed.username}:login`, seed.password),
    payPasswordHash: seedHash(`${seed.username}:pay`, seed.paypassword),
    balanceCents: cents(seed.balance),
    venueCents: Object.fromEntries(venues.map((v) => [v.platname, cents(seed.venues[v.platname] ?? 0)])),
    avatar: `/mock-assets/avatar/${seed.id % 6}.svg`,
    mobile: seed.mobile,
    email: seed.email,
    birthday: seed.birthday,
    vip: seed.vip,
    paysumCents: cents(seed.paysum),
    owedCents: cents(seed.owed),
    joinedAt: startOfBJDay(now) - seed.joinedDaysAgo * DAY_MS + 10 * 3_600_000,
    isagent: seed.isagent,
    transferstatus: seed.transferstatus,
    sendnums: seed.sendnums,
    acquirednum: seed.acquirednum,
    pid: null,
    cards: seed.cards.map((c, i) => ({
      id: seed.id * 10 + i + 1,
      kind: c.bank === 'USDT' ? 'usdt' : 'bank',
      ...c,
      created: startOfBJDay(now) - (seed.joinedDaysAgo - 1) * DAY_MS + 11 * 3_600_000,
    })),
    trans: [],
    bets: [],
    rebates: [],
    redpackets: [],
    applications: [],
    messages: [],
    deposits: [],
  };
  if (seed.history) history(member, rng, now, brand);
  return member;
}

/** A new member as register creates it: no money, no history, a welcome message (in the words of `brand`). */
export function newMember(
  fields: { id: number; username: string; realname: string; passwordHash: string; payPasswordHash: string; pid: number | null },
  now: number,
  brand: MockBrand,
): Member {
  return {
    ...fields,
    balanceCents: 0,
    venueCents: Object.fromEntries(venues.map((v) => [v.platname, 0])),
    avatar: `/mock-assets/avatar/${fields.id % 6}.svg`,
    mobile: '',
    email: '',
    birthday: '',
    vip: 1,
    paysumCents: 0,
    owedCents: 0,
    joinedAt: now,
    isagent: 0,
    transferstatus: 0,
    sendnums: 0,
    acquirednum: 0,
    cards: [],
    trans: [],
    bets: [],
    rebates: [],
    redpackets: [],
    applications: [],
    messages: [{ id: 1, title: `欢迎加入${brand.siteName}`, content: '<p>恭喜您注册成功！首存即可申请 100% 彩金，祝您游戏愉快。</p>', created: now }],
    deposits: [],
  };
}

export function buildSeed(now: number, brand: MockBrand): { members: Member[]; notices: Notice[] } {
  const rng = makeRng(7_654_321);
  const members = memberSeeds.map((s) => buildMember(s, rng, now, brand));
  const fixtures = noticeFixtures(brand);
  const notices = times(rng, now, fixtures.length).map((t, i): Notice => ({ ...fixtures[i], created: t }));
  return { members, notices };
}
