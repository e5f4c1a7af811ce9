/**
 * Data presets for the contact sheet (`npm run screens --data`) and the layout test, chosen with
 * POST /__mock/preset {name}. Each starts from the seed (a reset) and adds one member to log in as:
 *
 *   normal  the seed as it is; the member is demo01
 *   stress  a high roller at the edge of what the spec allows: 8-digit balances in every wallet, a
 *           16-character username, a long real name, five cards of each kind with long bank names,
 *           a few hundred records in every list, free texts at the 32-character input limit
 *   empty   a member who has just registered: zero balances, no cards, no records, no messages
 *
 * The builders are pure functions of (state, now) so the same preset gives the same pictures.
 */
import { activities } from './fixtures/content';
import { venues } from './fixtures/games';
import { maxCardsPerKind } from './fixtures/site';
import { seedHash } from './passwords';
import { makeRng } from './rng';
import { newMember } from './seed';
import type { ApplicationRec, BetRec, Member, MessageRec, MockState, RebateRec, RedPacketRec, TransRec } from './state';
import { DAY_MS, compactBJ, startOfBJDay } from './time';

export const presetNames = ['normal', 'stress', 'empty'] as const;
export type PresetName = (typeof presetNames)[number];

/** Who to log in as after a preset (the password is the seed's demo password for every preset member). */
export interface PresetMember {
  username: string;
  password: string;
  paypassword: string;
}

export const STRESS_USER: PresetMember = { username: 'stressTester0123', password: 'demo123', paypassword: '123456' };
export const EMPTY_USER: PresetMember = { username: 'newbie01', password: 'demo123', paypassword: '123456' };
const NORMAL_USER: PresetMember = { username: 'demo01', password: 'demo123', paypassword: '123456' };

/** How many rows each list of the stress member holds ("a few hundred"). */
export const STRESS_ROWS = 300;

/** Text inputs take at most 32 characters (SPEC.md, Constraints): the longest free texts there can be. */
const MAX_INPUT = 32;
const long = (text: string, length = MAX_INPUT) => text.repeat(Math.ceil(length / text.length)).slice(0, length);

/** 8-digit wallets: 12,345,678.90 in the central one, a different 8-digit figure in each venue. */
const STRESS_CENTRAL_CENTS = 1_234_567_890;
const stressVenueCents = (i: number) => 9_876_543_210 - i * 111_111_111;

function member(state: MockState, who: PresetMember, realname: string, now: number): Member {
  return newMember(
    {
      id: state.nextMemberId(),
      username: who.username,
      realname,
      passwordHash: seedHash(`${who.username}:login`, who.password),
      payPasswordHash: seedHash(`${who.username}:pay`, who.paypassword),
      pid: null,
    },
    now,
    state.brand,
  );
}

/** `count` instants over the last 30 days, newest first, two of them today (the "today" filter shows something). */
function spread(rng: () => number, now: number, count: number): number[] {
  const today = startOfBJDay(now);
  return Array.from({ length: count }, (_, i) =>
    i < 2 ? Math.min(today + (i + 1) * 60_000, now) : today - (1 + Math.floor(rng() * 29)) * DAY_MS + Math.floor(rng() * DAY_MS),
  ).sort((a, b) => b - a);
}

function stressMember(state: MockState, now: number): Member {
  const rng = makeRng(17_171_717);
  const m = member(state, STRESS_USER, long('欧阳慕容司马上官诸葛东方', 16), now);
  m.balanceCents = STRESS_CENTRAL_CENTS;
  m.venueCents = Object.fromEntries(venues.map((v, i) => [v.platname, stressVenueCents(i)]));
  m.paysumCents = 9_999_999_999;
  m.owedCents = 8_765_432_100;
  m.vip = 10;
  m.mobile = '13812345678';
  m.email = long('highroller.account.') + '@example.com';
  m.birthday = '1980-01-01';
  m.sendnums = 999;
  m.acquirednum = 999;
  m.joinedAt = startOfBJDay(now) - 900 * DAY_MS;
  let id = 0;
  const card = (kind: 'bank' | 'usdt', i: number) => ({
    id: m.id * 100 + (id += 1),
    kind,
    bank: kind === 'usdt' ? 'USDT' : long(`中国工商银行股份有限公司${i + 1}号`),
    bank_no: kind === 'usdt' ? long(`TXk9${i}Qm4Lr8ZpW2cVb7NsY3hJ6gF1dE5aU`, 34) : `62220212030456781${i}3`,
    bank_owner: m.realname,
    bank_address: kind === 'usdt' ? (i % 2 ? 'ERC20' : 'TRC20') : long('北京市朝阳区建国路八十八号国贸大厦支行营业部'),
    created: now - (i + 1) * DAY_MS,
  });
  m.cards = [
    ...Array.from({ length: maxCardsPerKind }, (_, i) => card('bank', i)),
    ...Array.from({ length: maxCardsPerKind }, (_, i) => card('usdt', i)),
  ];

  const big = (i: number) => 9_999_999_999 - i * 12_345_671;
  const order = (prefix: string, t: number, i: number) => `${prefix}${compactBJ(t)}${String(i + 1).padStart(4, '0')}`;
  const trans: TransRec[] = [];
  for (const [type, prefix] of [[1, 'CK'], [2, 'TX'], [3, 'ZR'], [4, 'ZC']] as const) {
    spread(rng, now, STRESS_ROWS).forEach((t, i) => {
      const venue = venues[i % venues.length];
      trans.push({
        out_trade_no: order(prefix, t, i),
        type,
        cents: big(i),
        pay_way: type <= 2 ? long('网银转账') : venue.name,
        state: type <= 2 ? (i % 3) + 1 : i % 3,
        created: t,
        api_type: type <= 2 ? '' : venue.platname,
      });
    });
  }
  m.trans = trans.sort((a, b) => b.created - a.created);
  m.bets = spread(rng, now, STRESS_ROWS).map((t, i): BetRec => {
    const venue = venues[i % venues.length];
    return {
      bet_id: `${venue.platname.toUpperCase()}${compactBJ(t)}${String(100000 + i)}`,
      api_type: venue.platname,
      game_type: venue.game_type,
      gamename: long(venue.name),
      betCents: big(i),
      winCents: i % 2 ? -big(i) : big(i),
      status: (i % 3) as BetRec['status'],
      created: t,
    };
  });
  m.rebates = spread(rng, now, STRESS_ROWS).map((t, i): RebateRec => {
    const venue = venues[i % venues.length];
    return { id: i + 1, api_type: venue.platname, game_type: venue.game_type, gamename: long(venue.name), cents: big(i), state: i < 10 ? 0 : 1, created: t, updated: t };
  });
  m.redpackets = spread(rng, now, STRESS_ROWS).map((t, i): RedPacketRec => ({ depositCents: big(i), cents: big(i + 1), created: t, used: t + 60_000 }));
  m.applications = spread(rng, now, STRESS_ROWS).map(
    (t, i): ApplicationRec => ({ id: i + 1, activityId: activities[i % activities.length].id, activity_name: long(activities[i % activities.length].title), state: (i % 3) + 1, created: t }),
  );
  m.messages = spread(rng, now, STRESS_ROWS).map(
    (t, i): MessageRec => ({ id: i + 1, title: long('关于会员账户资金安全与提款流程调整的重要通知'), content: `<p>${long('尊敬的会员您好，', 400)}</p>`, created: t }),
  );
  return m;
}

function emptyMember(state: MockState, now: number): Member {
  const m = member(state, EMPTY_USER, '李四', now);
  m.messages = [];
  return m;
}

/** Reset to the seed, then add the preset's member; returns who to log in as. */
export function applyPreset(state: MockState, name: PresetName): PresetMember {
  state.reset();
  if (name === 'normal') return NORMAL_USER;
  const now = state.now();
  const m = name === 'stress' ? stressMember(state, now) : emptyMember(state, now);
  state.members.set(m.username.toLowerCase(), m);
  return name === 'stress' ? STRESS_USER : EMPTY_USER;
}
