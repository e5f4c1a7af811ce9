/**
 * The mock backend's state: members, sessions, records, site settings and injected faults.
 * One MockState per createApp(); reset() puts the seed back in place (same object, so the routers
 * that hold it keep working). Money is kept in integer cents so that sums stay exact; every change
 * of a wallet goes through moveMoney()/credit()/debit(), which never let a wallet go negative.
 */
import { randomBytes } from 'node:crypto';
import { CENTRAL_WALLET } from '../src/api/catalogue';
import type { PayRange, PayWay } from '../src/api/types';
import { envBrand, type MockBrand, type WithdrawLimits } from './brand';
import { payWaySeed, ratesSeed, siteSeed, type PayRangeType } from './fixtures/site';
import { venues } from './fixtures/games';
import { GuessLimiter } from './guess';
import { IdempotencyStore } from './idempotency';
import { makeRng } from './rng';
import { buildSeed } from './seed';
import { compactBJ } from './time';
import type { Member, Notice } from './records.ts';

export type { CardRec, TransRec, BetRec, RebateRec, RedPacketRec, ApplicationRec, MessageRec, PayType, DepositRec, Member, Notice } from './records.ts';

/** The central wallet's name where a wallet is named (transfers): 'userbalance'. */
export const CENTRAL = CENTRAL_WALLET;

export interface Settings {
  title: string;
  site_logo: string;
  site_state: 0 | 1;
  repair_tips: string;
  redpacket_switch: 0 | 1;
  index_modal: 0 | 1;
  webcontent: string;
  h5_url: string;
  /** '' = a download page served by the mock on the request's host */
  ios_download_url: string;
  fanshui: number;
  pay_way: PayWay;
  payRange: Record<PayRangeType, PayRange>;
  /** a single withdrawal's bounds (214 / 215) */
  withdrawLimits: WithdrawLimits;
  usdtrate: number;
  withdrawusdtrate: number;
  withdrawcashfee: number;
  withdrawfeeusdttrc: number;
  /** which reply shape the mock answers where SPEC.md and the real backend differ (README.md) */
  shapes: ReplyShapes;
}

/** The reply profiles (mock-server/profiles.ts): `default` as the mock always answered, `laravel` as the Laravel original. */
export const profileNames = ['default', 'laravel'] as const;
export type ProfileName = (typeof profileNames)[number];

/** Reply shapes where SPEC.md and real backends differ; the defaults answer both readings where one can. */
export interface ReplyShapes {
  /**
   * every call at once: `default`, or `laravel` (the Laravel original's shapes, mock-server/profiles.ts);
   * where the profile reshapes a call, the switches below do not change it
   */
  profile: ProfileName;
  /** payinfo cardlist: one object (SPEC.md section 3, default) or an array (real backend) */
  cardlist: 'object' | 'array';
  /** bannerList picture field: src and pic (default), src only (Laravel original) or pic only (Go rewrite) */
  banner: 'both' | 'src' | 'pic';
  /** refreshusermoney: the whole user plus list (default) or {balance, gameblance, list} (real backend) */
  refreshusermoney: 'whole' | 'partial';
  /** game/list: with name (default) or codes only, as some real backends send it */
  gameList: 'named' | 'codes';
}

export const defaultShapes: ReplyShapes = { profile: 'default', cardlist: 'object', banner: 'both', refreshusermoney: 'whole', gameList: 'named' };

export interface FaultRule {
  /** body code to answer (e.g. 401, 501) */
  code?: number;
  message?: string;
  /** HTTP status to answer with */
  status?: number;
  delayMs?: number;
  /** destroy the socket without a reply */
  drop?: boolean;
  /** process the request, then destroy the socket instead of replying */
  dropAfter?: boolean;
  remaining: number;
}

export interface Session {
  memberId: number;
  created: number;
}

export interface Upload {
  type: string;
  data: Buffer;
}

export interface AgentApplication {
  id: number;
  memberId: number | null;
  mobile: string;
  apply_info: string;
  state: number;
  created: number;
}

/** The seed settings of `brand`'s site; `profile` is the reply profile the mock was started with (MOCK_SHAPES). */
export function freshSettings(profile: ProfileName, brand: MockBrand): Settings {
  return {
    ...siteSeed(brand),
    pay_way: { ...payWaySeed },
    // each method's range as the brand's config says it (its constants), so the preview shows what its players will see
    payRange: Object.fromEntries(Object.entries(brand.payRange).map(([k, v]) => [k, { ...v }])) as Record<PayRangeType, PayRange>,
    withdrawLimits: { ...brand.withdrawLimits },
    ...ratesSeed,
    shapes: { ...defaultShapes, profile },
  };
}

/** Yuan (as sent by clients) to cents; null when the amount has more than two decimals. */
export function toCents(yuan: number): number | null {
  const cents = Math.round(yuan * 100);
  return Math.abs(cents - yuan * 100) < 1e-6 ? cents : null;
}

const TOKEN_TTL_MS = 7 * 24 * 3_600_000;
const MAX_UPLOADS = 200;

export class MockState {
  settings!: Settings;
  /** by lower-cased username */
  members = new Map<string, Member>();
  sessions = new Map<string, Session>();
  faults = new Map<string, FaultRule>();
  uploads = new Map<string, Upload>();
  notices: Notice[] = [];
  agentApplications: AgentApplication[] = [];
  /** launch tickets of the mock game (mock-server/game.ts), by ticket */
  gameTickets = new Map<string, { memberId: number; expires: number }>();
  rng: () => number = Math.random;
  /** wrong-password counts per account, address and member (guessing limits) */
  guesses = new GuessLimiter(() => this.now());
  /** the replies of money calls by member and Idempotency-Key */
  idempotency = new IdempotencyStore(() => this.now());
  private seq = 0;

  /**
   * `profile`: the reply profile a reset goes back to (MOCK_SHAPES, else default); `brand`: the
   * names the mock's texts say (mock-server/brand.ts: the config served, else SCREENS_CONFIG_DIR's).
   */
  constructor(
    readonly startProfile: ProfileName = 'default',
    readonly brand: MockBrand = envBrand(),
  ) {
    this.reset();
  }

  /**
   * Put the seed back: members, records, settings (the start-up reply profile), the clock; faults and
   * uploads are dropped, and the sessions too unless `keepSessions` (a test's page that stays open
   * keeps its member logged in: the seed's members keep their ids).
   */
  reset(keepSessions = false): void {
    const kept = keepSessions ? [...this.sessions].map(([token, s]) => [token, { ...s, created: s.created - this.clockOffsetMs }] as const) : [];
    this.clockOffsetMs = 0;
    const seed = buildSeed(Date.now(), this.brand);
    this.settings = freshSettings(this.startProfile, this.brand);
    this.members = new Map(seed.members.map((m) => [m.username.toLowerCase(), m]));
    this.notices = seed.notices;
    this.sessions = new Map(kept);
    this.faults.clear();
    this.uploads.clear();
    this.guesses.clear();
    this.idempotency.clear();
    this.gameTickets.clear();
    this.agentApplications = [];
    this.rng = makeRng(20241121);
    this.seq = 0;
  }

  /** how far the mock's clock is ahead of the machine's (`/__mock/clock`): 0 unless a test moved it */
  clockOffsetMs = 0;

  /** The mock's time: the machine's, moved by `/__mock/clock`. Every record, period and token age reads it. */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /**
   * Moves the mock's clock by `ms` (back when negative). The sessions open now move with it: a
   * test that travels a day is still logged in (a token's age is the time the member spent, not the
   * test's jump).
   */
  moveClock(ms: number): void {
    this.clockOffsetMs += ms;
    for (const session of this.sessions.values()) session.created += ms;
  }

  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  /** An order number: prefix + Beijing time + a running number, unique within this state. */
  orderNo(prefix: string): string {
    return `${prefix}${compactBJ(this.now())}${String(this.nextSeq()).padStart(4, '0')}`;
  }

  nextId(list: { id: number }[], floor = 1): number {
    return list.reduce((max, item) => Math.max(max, item.id), floor - 1) + 1;
  }

  findMember(username: string): Member | undefined {
    return this.members.get(username.toLowerCase());
  }

  memberById(id: number): Member | undefined {
    for (const m of this.members.values()) if (m.id === id) return m;
    return undefined;
  }

  nextMemberId(): number {
    let max = 10000;
    for (const m of this.members.values()) max = Math.max(max, m.id);
    return max + 1;
  }

  /** A random, unguessable bearer token (256 bits). */
  issueToken(member: Member): string {
    const token = randomBytes(32).toString('hex');
    this.sessions.set(token, { memberId: member.id, created: this.now() });
    return token;
  }

  memberByToken(token: string | null): Member | undefined {
    if (!token) return undefined;
    const session = this.sessions.get(token);
    if (!session) return undefined;
    if (this.now() - session.created > TOKEN_TTL_MS) {
      this.sessions.delete(token);
      return undefined;
    }
    return this.memberById(session.memberId);
  }

  revokeToken(token: string): void {
    this.sessions.delete(token);
  }

  /** End every session of the member (but `keep`). */
  revokeAllTokens(member: Member, keep?: string): void {
    for (const [token, s] of this.sessions) if (s.memberId === member.id && token !== keep) this.sessions.delete(token);
  }

  saveUpload(type: string, data: Buffer): string {
    const ext = type === 'image/png' ? 'png' : 'gif';
    const name = `${randomBytes(8).toString('hex')}.${ext}`;
    this.uploads.set(name, { type, data });
    if (this.uploads.size > MAX_UPLOADS) {
      const oldest = this.uploads.keys().next().value;
      if (oldest) this.uploads.delete(oldest);
    }
    return `/mock-assets/upload/${name}`;
  }

  // ---- money -------------------------------------------------------------------------------

  isVenue(platname: string): boolean {
    return venues.some((v) => v.platname === platname);
  }

  walletCents(member: Member, wallet: string): number {
    return wallet === CENTRAL ? member.balanceCents : (member.venueCents[wallet] ?? 0);
  }

  /** Sum of all venue wallets (gameblance), cents. */
  venueTotalCents(member: Member): number {
    return Object.values(member.venueCents).reduce((a, b) => a + b, 0);
  }

  /**
   * Move money between two wallets of one member. Synchronous, so that no other request runs
   * between the check and the change; refuses (returns false) when the source is short.
   */
  moveMoney(member: Member, from: string, to: string, cents: number): boolean {
    if (!Number.isInteger(cents) || cents <= 0 || from === to) return false;
    if (this.walletCents(member, from) < cents) return false;
    this.addTo(member, from, -cents);
    this.addTo(member, to, cents);
    return true;
  }

  /** Take money out of the central wallet (withdrawal); false when short. */
  debit(member: Member, cents: number): boolean {
    if (!Number.isInteger(cents) || cents <= 0 || member.balanceCents < cents) return false;
    member.balanceCents -= cents;
    return true;
  }

  /** Put money into the central wallet (deposit approved, red packet, rebate, refund). */
  credit(member: Member, cents: number): void {
    if (!Number.isInteger(cents) || cents <= 0) return;
    member.balanceCents += cents;
  }

  private addTo(member: Member, wallet: string, cents: number): void {
    if (wallet === CENTRAL) member.balanceCents += cents;
    else member.venueCents[wallet] = (member.venueCents[wallet] ?? 0) + cents;
  }

  /** Record a transfer between the central wallet and a venue (type 3 into, 4 out of the venue). */
  recordTransfer(member: Member, venue: string, type: 3 | 4, cents: number): void {
    const name = venues.find((v) => v.platname === venue)?.name ?? venue;
    member.trans.unshift({
      out_trade_no: this.orderNo('ZZ'),
      type,
      cents,
      pay_way: name,
      state: 1,
      created: this.now(),
      api_type: venue,
    });
  }

  /** Bring every venue balance home; returns the cents recovered. */
  recoverAll(member: Member): number {
    let total = 0;
    for (const [venue, cents] of Object.entries(member.venueCents)) {
      if (cents > 0 && this.moveMoney(member, venue, CENTRAL, cents)) {
        this.recordTransfer(member, venue, 4, cents);
        total += cents;
      }
    }
    return total;
  }
}
