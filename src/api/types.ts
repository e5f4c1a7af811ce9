/**
 * Reply shapes of the API (SPEC.md section 3 and ../shared/API-SHAPES.md). The client reads
 * them defensively: a missing field is never a crash.
 */

export interface Page<T> {
  current_page: number;
  data: T[];
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

export interface UrlReply {
  url: string;
}

export interface TokenReply {
  api_token: string;
  token?: string;
  user_id?: number;
  username?: string;
}

export interface AppInfo {
  title: string;
  site_logo: string;
  site_state: 0 | 1;
  repair_tips: string;
  redpacket_switch: 0 | 1;
  index_modal: 0 | 1;
  webcontent: string;
  h5_url: string;
  ios_download_url: string;
  ios_download_qrcode: string;
  fanshui?: number;
}

export type GameCategory = 'realbet' | 'joker' | 'gaming' | 'sport' | 'lottery' | 'concise';

export interface Game {
  category_id: GameCategory;
  app_state: number;
  /** the platform code (getGameUrl plat_name), e.g. ag, vrbet, ig */
  platform_name: string;
  /** the platform's display label; when absent the app shows app.json maps.platformName or the code */
  name?: string;
  /** the game type a home tile launches (getGameUrl game_type) */
  game_code: string;
  mobile_img: string;
}

export interface ProviderGame {
  catecode: string;
  gamecode: string;
  gamepic: string;
  gamename: string;
}

export interface User {
  username: string;
  realname: string;
  balance: number;
  gameblance: number;
  avatar: string;
  mobile: string;
  email: string;
  birthday: string;
  current_vip: string;
  paysum: number;
  joinday: number;
  isagent: 0 | 1;
  transferstatus: 0 | 1;
  usdtrate: number;
  withdrawusdtrate: number;
  withdrawcashfee: number;
  withdrawfeeusdttrc: number;
  /** derived on the client: the level number after the P of current_vip */
  vip?: number;
}

export interface BalanceReply {
  balance: number;
  mbalance?: number;
}

export interface VenueBalance {
  name: string;
  platname: string;
  balance: number;
}

/**
 * {balance, gameblance, list} in the real backend; SPEC.md calls it "user info, cached locally",
 * so a reply may also carry the whole user: the client merges whatever it gets.
 */
export interface RefreshMoney extends Partial<Omit<User, 'balance' | 'gameblance'>> {
  balance: number;
  gameblance: number;
  list: VenueBalance[];
}

export interface Banner {
  id: number;
  src?: string;
  pic?: string;
}

export interface RedPacketRule {
  start_time: string;
  end_time: string;
  day_flow: number;
  flow_money: number;
  recharge: number;
  /** grabs granted by this rule (the mock sends it; read defensively) */
  times?: number;
}

export interface RedPacketInfo {
  sendnums: number;
  acquirednum: number;
  max_times: number;
  redPacketStatus?: number;
  rules: RedPacketRule[];
}

export interface RedPacketClaim {
  redpacketmoney: number;
  sendnums: number;
  acquirednum: number;
}

export interface RedPacketRecord {
  money: number;
  redpacketmoney: number;
  created_at: string;
  usetime: string;
}

export interface ActivityType {
  id: number;
  name: string;
}

export interface Activity {
  id: number;
  title: string;
  banner: string;
  type: number;
}

export interface ActivityDetail {
  id: number;
  title: string;
  banner: string;
  content: string;
  memo: string;
}

export interface ActivityApplication {
  id: number;
  activity_name: string;
  state: number;
  created_at: string;
}

export interface VipLevel {
  vipname: string;
  recharge: number;
  flow: number;
  realperson: number;
  sport: number;
  e_sport: number;
  joker: number;
  electron: number;
  lottery: number;
}

export interface Article {
  content: string;
}

export interface Notice {
  id: number;
  title: string;
  content: string;
  created_at: string;
}

export interface RebateRecord {
  gamename: string;
  money: number;
  state: number;
  created_at: string;
  updated_at: string;
}

export interface RebateReply {
  list: Page<RebateRecord>;
  jisuan: number;
  nojisuan: number;
}

export interface Card {
  id: number;
  bank: string;
  bank_no: string;
  bank_owner: string;
  bank_address: string;
  created_at: string;
  /** icon of the bank (or USDT), served by the mock */
  ico?: string;
}

export interface Bank {
  id: number;
  bank_name: string;
}

export interface BetRecord {
  bet_id: string;
  bet_amount: number;
  win_loss: number;
  Code: string;
  status: 0 | 1 | 2;
  created_at: string;
  /** venue platname and game type of the bet (filters of /betRecord) */
  api_type?: string;
  game_type?: number | string;
}

export interface VenueRow {
  name: string;
  game_type: number | string;
  betnum: number;
  bet_amounts: number;
  valid_amounts: number;
  win_losss: number;
}

export interface VenueListReply {
  lists: Page<VenueRow>;
  info: { betnums: number; bet_amounts: number; win_loss: number; valid_amounts: number };
}

export interface TransRecord {
  out_trade_no: string;
  amount: number;
  pay_way: string;
  state: number;
  created_at: string;
  /** venue platname for transfers, '' for deposits and withdrawals */
  api_type?: string;
}

export interface PayRange {
  min_price: number;
  max_price: number;
}

export interface PayWay {
  card: 0 | 1;
  usdt: 0 | 1;
  wechat: 0 | 1;
  alipay: 0 | 1;
}

export interface PayBank {
  id: number;
  bank_no: string;
  bank_owner: string;
  bank_address: string;
  bank_data: { bank_name: string };
}

export interface PayInfo {
  deposit_no: string;
  info: { amount: number; created_at: string; paytype: string };
  /** one object in SPEC.md section 3, an array in the real backend: the client reads either (./read.ts) */
  cardlist: PayChannel | PayChannel[];
}

/** A receiving channel of the pay page. */
export interface PayChannel {
  id: number;
  mch_id: string;
  content: string;
  payimg: string;
}
