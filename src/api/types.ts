/**
 * Reply shapes of the API (SPEC.md section 3 and the real backends', docs/API.md), derived from the
 * reply JSON Schemas of ./replies.ts with json-schema-to-ts, as the payload types are from the
 * catalogue: one declaration, checked at run time by the contract runner and at compile time here.
 * The client reads them defensively: a missing field is never a crash.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type * as S from './replies';

export interface Page<T> {
  current_page: number;
  data: T[];
  last_page: number;
  per_page: number;
  total: number;
  from?: number | null;
  to?: number | null;
  /** the Laravel original's whole paginator (./replies.ts) */
  first_page_url?: string;
  last_page_url?: string;
  next_page_url?: string | null;
  prev_page_url?: string | null;
  path?: string;
}

export type UrlReply = FromSchema<typeof S.urlReply>;
/** `{api_token}` (SPEC.md); the Go rewrite also sends token, user_id, username */
export type TokenReply = FromSchema<typeof S.tokenReply>;
export type AppInfo = FromSchema<typeof S.appInfo>;

/**
 * A home platform: platform_name is the platform code (getGameUrl plat_name, e.g. ag, vrbet, ig),
 * name its display label (when absent the app shows app.json maps.platformName or the code),
 * game_code the game type a home tile launches (getGameUrl game_type).
 */
export type Game = FromSchema<typeof S.game>;
export type GameCategory = Game['category_id'];
export type ProviderGame = FromSchema<typeof S.providerGame>;

/** The user entity; `vip` is derived on the client: the level number after the P of current_vip. */
export type User = FromSchema<typeof S.user> & { vip?: number };
export type BalanceReply = FromSchema<typeof S.balanceReply>;
export type VenueBalance = FromSchema<typeof S.venueBalance>;
/**
 * {balance, gameblance, list} in the real backend; SPEC.md calls it "user info, cached locally",
 * so a reply may also carry the whole user: the client merges whatever it gets.
 */
export type RefreshMoney = FromSchema<typeof S.refreshMoney>;
/** the picture is `src` (Laravel original) or `pic` (Go rewrite) */
export type Banner = FromSchema<typeof S.banner>;

/** `times`: grabs granted by this rule (the mock sends it; read defensively) */
export type RedPacketRule = FromSchema<typeof S.redPacketRule>;
export type RedPacketInfo = FromSchema<typeof S.redPacketInfo>;
export type RedPacketClaim = FromSchema<typeof S.redPacketClaim>;
export type RedPacketRecord = FromSchema<typeof S.redPacketRecord>;
export type ActivityType = FromSchema<typeof S.activityType>;
export type Activity = FromSchema<typeof S.activity>;
export type ActivityDetail = FromSchema<typeof S.activityDetail>;
export type ActivityApplication = FromSchema<typeof S.activityApplication>;
export type VipLevel = FromSchema<typeof S.vipLevel>;
export type Article = FromSchema<typeof S.article>;
export type Notice = FromSchema<typeof S.notice>;
export type RebateRecord = FromSchema<typeof S.rebateRecord>;
export type RebateReply = FromSchema<typeof S.rebateReply>;
/** `ico`: icon of the bank (or USDT), served by the mock */
export type Card = FromSchema<typeof S.card>;
export type Bank = FromSchema<typeof S.bank>;
/** `api_type`, `game_type`: venue platname and game type of the bet (filters of /betRecord) */
export type BetRecord = FromSchema<typeof S.betRecord>;
export type VenueRow = FromSchema<typeof S.venueRow>;
export type VenueListReply = FromSchema<typeof S.venueListReply>;
/** `api_type`: venue platname for transfers, '' for deposits and withdrawals */
export type TransRecord = FromSchema<typeof S.transRecord>;
export type PayRange = FromSchema<typeof S.payRange>;
export type PayWay = FromSchema<typeof S.payWay>;
export type PayBank = FromSchema<typeof S.payBank>;
/** A receiving channel of the pay page. */
export type PayChannel = FromSchema<typeof S.payChannel>;
/** cardlist: one object in SPEC.md section 3, an array in the real backend; the client reads either (./read.ts) */
export type PayInfo = FromSchema<typeof S.payInfo>;
