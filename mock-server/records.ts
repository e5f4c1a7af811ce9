/**
 * The mock backend's records: a member with its cards, transactions, bets, rebates, red packets,
 * applications, messages and deposits, and the site's notices. Types only, at the bottom of the
 * mock: the state (state.ts), the seed (seed.ts) and the routes all read them.
 */
export interface CardRec {
  id: number;
  kind: 'bank' | 'usdt';
  bank: string;
  bank_no: string;
  bank_owner: string;
  bank_address: string;
  created: number;
}

/** type: 1 deposit, 2 withdrawal, 3 transfer into a venue, 4 transfer out of a venue. */
export interface TransRec {
  out_trade_no: string;
  type: 1 | 2 | 3 | 4;
  cents: number;
  pay_way: string;
  /** deposit/withdrawal: 1 pending, 2 approved, 3 rejected; transfer: 0 failed, 1 success, 2 settling */
  state: number;
  created: number;
  /** venue platname for transfers, '' for deposits and withdrawals */
  api_type: string;
}

export interface BetRec {
  bet_id: string;
  api_type: string;
  game_type: number;
  gamename: string;
  betCents: number;
  winCents: number;
  /** 0 invalid, 1 settled, 2 unsettled */
  status: 0 | 1 | 2;
  created: number;
}

export interface RebateRec {
  id: number;
  api_type: string;
  game_type: number;
  gamename: string;
  cents: number;
  /** 0 pending, 1 claimed */
  state: 0 | 1;
  created: number;
  updated: number;
}

export interface RedPacketRec {
  depositCents: number;
  cents: number;
  created: number;
  used: number;
}

export interface ApplicationRec {
  id: number;
  activityId: number;
  activity_name: string;
  /** 1 pending, 2 passed, 3 rejected (0 and 4 exist in the wild and mean nothing) */
  state: number;
  created: number;
}

export interface MessageRec {
  id: number;
  title: string;
  content: string;
  created: number;
}

export type PayType = 'bank' | 'usdt' | 'wxpay' | 'alipay';

export interface DepositRec {
  deposit_no: string;
  paytype: PayType;
  catepay: 'TRC20' | 'ERC20' | null;
  cents: number;
  created: number;
  /** the depositor's own account, for bank deposits */
  payer: { bank_owner: string; bank: string; bank_no: string; bank_address: string } | null;
  /** Alipay red-packet code submitted with paycode */
  payCode: { pay_code: string; pay_name: string } | null;
}

export interface Member {
  id: number;
  username: string;
  realname: string;
  passwordHash: string;
  payPasswordHash: string;
  /** central wallet, cents */
  balanceCents: number;
  /** venue wallets by platname, cents */
  venueCents: Record<string, number>;
  avatar: string;
  mobile: string;
  email: string;
  birthday: string;
  /** VIP level 1-10 (current_vip 'VIP3' → 3) */
  vip: number;
  paysumCents: number;
  /** turnover still owed before a withdrawal (mbalance, getBetAmount) */
  owedCents: number;
  joinedAt: number;
  isagent: 0 | 1;
  transferstatus: 0 | 1;
  sendnums: number;
  acquirednum: number;
  pid: number | null;
  cards: CardRec[];
  trans: TransRec[];
  bets: BetRec[];
  rebates: RebateRec[];
  redpackets: RedPacketRec[];
  applications: ApplicationRec[];
  messages: MessageRec[];
  deposits: DepositRec[];
}

export interface Notice {
  id: number;
  title: string;
  content: string;
  created: number;
}
