/**
 * Money: balances, transfers between the central wallet and venues, withdrawals, deposits and the
 * pay page. Every wallet change is one synchronous step after the last await, so a burst of
 * concurrent requests can never spend the same money twice.
 */
import type { PayChannel, VenueBalance } from '../../src/api/types';
import type { MockBrand } from '../brand';
import { receivingBanks, receivingChannels } from '../fixtures/finance';
import { venues } from '../fixtures/games';
import type { PayRangeType } from '../fixtures/site';
import { fail, memberOnly, ok, yuan, type PartialHandlers } from '../http';
import { checkPayPassword, tooManyPayPasswords } from '../guess';
import { CENTRAL, toCents, type DepositRec, type Member, type PayType } from '../state';
import { formatBJ } from '../time';
import { userView } from './account';

export function venueList(m: Member): VenueBalance[] {
  return venues.map((v) => ({ name: v.name, platname: v.platname, balance: yuan(m.venueCents[v.platname] ?? 0) }));
}

const PAY_WAY_FLAG = { bank: 'card', usdt: 'usdt', wxpay: 'wechat', alipay: 'alipay' } as const;
const PAY_WAY_LABEL: Record<PayType, string> = { bank: '网银转账', usdt: 'USDT', wxpay: '微信', alipay: '支付宝' };
const PAY_PAGE_TYPE: Record<PayType, string> = { bank: 'bankpay', usdt: 'usdtpay', wxpay: 'wxpay', alipay: 'alipay' };

function protocolOf(catepay: string | undefined): 'TRC20' | 'ERC20' | null {
  if (!catepay) return null;
  return catepay.toUpperCase().endsWith('ERC20') ? 'ERC20' : 'TRC20';
}

const qr = (text: string, name: string) => `/mock-assets/qr/${name}.svg?text=${encodeURIComponent(text)}`;

function cardlist(d: DepositRec, brand: MockBrand): PayChannel[] {
  switch (d.paytype) {
    case 'usdt': {
      const ch = receivingChannels[d.catepay ?? 'TRC20'];
      return [{ ...ch, payimg: qr(ch.mch_id, `usdt-${ch.content.toLowerCase()}`) }];
    }
    case 'wxpay':
      return [{ ...receivingChannels.wxpay, payimg: qr(receivingChannels.wxpay.mch_id, 'wxpay') }];
    case 'alipay':
      return [{ ...receivingChannels.alipay, payimg: qr(receivingChannels.alipay.mch_id, 'alipay') }];
    case 'bank':
      return receivingBanks(brand).map((b) => ({
        id: b.id,
        mch_id: b.bank_no,
        content: `${b.bank_data.bank_name} ${b.bank_owner} ${b.bank_address}`,
        payimg: '',
      }));
  }
}

/** The amount in a payload as cents: a reply to send back when it is not a usable amount. */
function amountCents(amount: number): number | { message: string } {
  const cents = toCents(amount);
  if (cents === null) return { message: '参数错误：金额(amount)最多保留两位小数' };
  if (cents <= 0) return { message: '请输入操作金额！' };
  return cents;
}

function findDeposit(me: Member, no: string): DepositRec | undefined {
  return me.deposits.find((d) => d.deposit_no === no);
}

export const walletHandlers = {
  balance: memberOnly<'balance'>((_ctx, me) => ok({ balance: yuan(me.balanceCents), mbalance: yuan(me.owedCents) })),

  /** SPEC.md: "user info, cached locally"; the real backend: {balance, gameblance, list}. The whole user plus list satisfies both. */
  refreshusermoney: memberOnly<'refreshusermoney'>(({ state }, me) => {
    const money = { balance: yuan(me.balanceCents), gameblance: yuan(state.venueTotalCents(me)), list: venueList(me) };
    return ok(state.settings.shapes.refreshusermoney === 'partial' ? money : { ...userView(state, me), ...money });
  }),

  balancelist: memberOnly<'balancelist'>((_ctx, me) => ok(venueList(me))),

  transall: memberOnly<'transall'>(({ state }, me) => {
    const recovered = state.recoverAll(me);
    if (recovered === 0) return ok({ msg: '暂无可回收的场馆余额' }, '暂无可回收的场馆余额');
    const msg = `一键回收成功，共回收 ${yuan(recovered).toFixed(2)} 元`;
    return ok({ msg }, msg);
  }),

  transfer: memberOnly<'transfer'>(({ payload, state }, me) => {
    const cents = amountCents(payload.amount);
    if (typeof cents !== 'number') return fail(422, cents.message);
    const { sourcetype: from, targettype: to } = payload;
    if (from === to) return fail(209, '转出钱包与转入钱包不能相同');
    if (from !== CENTRAL && to !== CENTRAL) return fail(209, '场馆内钱包不支持互转');
    const venue = from === CENTRAL ? to : from;
    if (!state.isVenue(venue)) return fail(209, `场馆不存在：${venue}`);
    if (!state.moveMoney(me, from, to, cents)) return fail(210, from === CENTRAL ? '中心钱包余额不足' : '场馆余额不足');
    state.recordTransfer(me, venue, from === CENTRAL ? 3 : 4, cents);
    return ok({ balance: yuan(me.balanceCents) }, '转账成功');
  }),

  uptransferstatus: memberOnly<'uptransferstatus'>(({ payload }, me) => {
    me.transferstatus = payload.transferstatus as 0 | 1;
    return ok(null, payload.transferstatus === 1 ? '已开启免转模式' : '已关闭免转模式');
  }),

  withdraw: memberOnly<'withdraw'>(async ({ payload, state }, me) => {
    const cents = amountCents(payload.amount);
    if (typeof cents !== 'number') return fail(422, cents.message);
    const card = me.cards.find((c) => c.id === payload.bank);
    if (!card) return fail(202, '提现卡片不存在，请先绑定银行卡或USDT地址');
    // the bounds the brand's config states (the back office's own where it states none)
    const limits = state.settings.withdrawLimits;
    if (cents < limits.min * 100) return fail(214, `单笔取款不能低于${limits.min}元`);
    if (cents > limits.max * 100) return fail(215, `单笔取款不能高于${limits.max}元`);
    // The pay password first: a wrong one must not learn whether the balance covers the amount.
    const good = await checkPayPassword(state, me, payload.password);
    if (good === 'blocked') return tooManyPayPasswords();
    if (!good) return fail(205, '支付密码错误');
    if (cents > me.balanceCents) return fail(208, '提现金额大于可用余额');
    // Checked again after the await: other requests may have spent the money meanwhile.
    if (!state.debit(me, cents)) return fail(208, '提现金额大于可用余额');
    me.trans.unshift({
      out_trade_no: state.orderNo('TX'),
      type: 2,
      cents,
      pay_way: card.kind === 'usdt' ? 'USDT' : '银行卡',
      state: 1,
      created: state.now(),
      api_type: '',
    });
    return ok(null, '提交成功，等待后台审核');
  }),

  getPayRange: memberOnly<'getPayRange'>(({ payload, state }) => ok({ ...state.settings.payRange[payload.type] })),

  get_pay_way: memberOnly<'get_pay_way'>(({ state }) => ok({ ...state.settings.pay_way })),

  getpaybank: memberOnly<'getpaybank'>(({ state }) => ok(receivingBanks(state.brand))),

  getBetAmount: memberOnly<'getBetAmount'>((_ctx, me) => ok({ bet_amount: yuan(me.owedCents) })),

  recharge: memberOnly<'recharge'>(({ payload, state }, me) => {
    const paytype = payload.paytype as PayType;
    if (state.settings.pay_way[PAY_WAY_FLAG[paytype]] !== 1) return fail(1, '该支付方式暂未开放，请选择其他方式');
    const cents = amountCents(payload.amount);
    if (typeof cents !== 'number') return fail(422, cents.message);
    const catepay = paytype === 'usdt' ? protocolOf(payload.catepay) : null;
    if (paytype === 'usdt' && !catepay) return fail(422, '请选择钱包协议');
    const rangeType: PayRangeType =
      paytype === 'usdt' ? (catepay === 'ERC20' ? 'usdt-erc20' : 'usdt-trc20') : paytype === 'bank' ? 'bank' : paytype === 'wxpay' ? 'wechat' : 'alipay';
    const range = state.settings.payRange[rangeType];
    if (cents < Number(range.min_price) * 100 || cents > Number(range.max_price) * 100) {
      return fail(422, `请输入金额在${range.min_price}-${range.max_price}之间！`);
    }
    let payer: DepositRec['payer'] = null;
    if (paytype === 'bank') {
      const { bank_owner = '', bank = '', bank_no = '', bank_address = '' } = payload;
      if (!bank_owner.trim()) return fail(422, '请输入存款人姓名');
      if (!bank.trim()) return fail(422, '请输入银行类型');
      if (!bank_no.trim()) return fail(422, '请输入银行卡号');
      if (!bank_address.trim()) return fail(422, '请输入银行开户行地址');
      payer = { bank_owner, bank, bank_no, bank_address };
    }
    const deposit: DepositRec = {
      deposit_no: state.orderNo('CK'),
      paytype,
      catepay,
      cents,
      created: state.now(),
      payer,
      payCode: null,
    };
    me.deposits.unshift(deposit);
    me.trans.unshift({
      out_trade_no: deposit.deposit_no,
      type: 1,
      cents,
      pay_way: PAY_WAY_LABEL[paytype],
      state: 1,
      created: deposit.created,
      api_type: '',
    });
    // SPEC.md: on success the message holds the deposit number.
    return ok(null, deposit.deposit_no);
  }),

  payinfo: memberOnly<'payinfo'>(({ payload, state }, me) => {
    const d = findDeposit(me, payload.deposit_no);
    if (!d) return fail(202, '订单不存在');
    // SPEC.md section 3: cardlist is one object (the first channel); the real backend sends the array
    const list = cardlist(d, state.brand);
    return ok(
      {
        deposit_no: d.deposit_no,
        info: { amount: yuan(d.cents), created_at: formatBJ(d.created), paytype: d.paytype },
        cardlist: state.settings.shapes.cardlist === 'array' ? list : list[0],
      },
      PAY_PAGE_TYPE[d.paytype],
    );
  }),

  paycode: memberOnly<'paycode'>(({ payload }, me) => {
    const d = findDeposit(me, payload.deposit_no);
    if (!d) return fail(202, '支付参数错误');
    if (d.paytype !== 'alipay') return fail(1, '该订单不支持口令红包支付');
    if (d.payCode) return fail(409, '该订单已提交口令，请勿重复提交');
    d.payCode = { pay_code: payload.pay_code, pay_name: payload.pay_name };
    return ok(null, '提交成功，等待后台审核');
  }),
} satisfies PartialHandlers;
