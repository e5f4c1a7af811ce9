/** Bank cards and USDT addresses: list, bind (pay password, 5 per kind), unbind; the bank list. */
import type { Card } from '../../src/api/types';
import { bankIcon, banks } from '../fixtures/finance';
import { maxCardsPerKind } from '../fixtures/site';
import { fail, memberOnly, ok, type PartialHandlers } from '../http';
import { checkPayPassword, tooManyPayPasswords } from '../guess';
import type { CardRec, MockState } from '../state';
import { formatBJ } from '../time';

const TRC20_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const ERC20_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function cardView(c: CardRec): Card & { ico: string } {
  return {
    id: c.id,
    bank: c.bank,
    bank_no: c.bank_no,
    bank_owner: c.bank_owner,
    bank_address: c.bank_address,
    created_at: formatBJ(c.created),
    ico: c.kind === 'usdt' ? '/mock-assets/bank/usdt.svg' : bankIcon(c.bank),
  };
}

function nextCardId(state: MockState): number {
  let max = 0;
  for (const m of state.members.values()) for (const c of m.cards) max = Math.max(max, c.id);
  return max + 1;
}

const limitMessage = (kind: CardRec['kind']) => (kind === 'usdt' ? '最多支持添加5个地址' : '最多支持添加5张银行卡');

export const cardHandlers = {
  getcard: memberOnly<'getcard'>(({ payload }, me) => {
    const kind = payload.type === 2 ? 'usdt' : 'bank';
    return ok(me.cards.filter((c) => c.kind === kind).map(cardView));
  }),

  bindcard: memberOnly<'bindcard'>(async ({ payload, state }, me) => {
    const kind: CardRec['kind'] = payload.bank.trim().toUpperCase() === 'USDT' ? 'usdt' : 'bank';
    const bankNo = payload.bank_no.replace(/\s+/g, '');
    let owner = payload.bank_owner.trim();
    if (kind === 'usdt') {
      owner = owner.toUpperCase();
      if (owner !== 'TRC20' && owner !== 'ERC20') return fail(422, '请选择钱包协议');
      const pattern = owner === 'TRC20' ? TRC20_ADDRESS : ERC20_ADDRESS;
      if (!pattern.test(bankNo)) {
        return fail(422, owner === 'TRC20' ? 'USDT地址格式不正确：TRC20 地址以 T 开头，共 34 位' : 'USDT地址格式不正确：ERC20 地址以 0x 开头，共 42 位');
      }
    } else {
      if (!/^\d+$/.test(bankNo)) return fail(422, '银行卡号只能包含数字');
      if (bankNo.length < 8 || bankNo.length > 30) return fail(422, '请输人正确的卡号长度');
      if (!(payload.bank_address ?? '').trim()) return fail(422, '请输入开户行地址');
    }
    if (payload.pay_pass.length < 6 || payload.pay_pass.length > 18) return fail(422, '请输人支付密码长度');
    const count = () => me.cards.filter((c) => c.kind === kind).length;
    if (count() >= maxCardsPerKind) return fail(207, limitMessage(kind));
    const good = await checkPayPassword(state, me, payload.pay_pass);
    if (good === 'blocked') return tooManyPayPasswords();
    if (!good) return fail(205, '支付密码错误');
    // Checked again after the await: a concurrent bind may have filled the last place.
    if (count() >= maxCardsPerKind) return fail(207, limitMessage(kind));
    if (me.cards.some((c) => c.kind === kind && c.bank_no.toLowerCase() === bankNo.toLowerCase())) {
      return fail(1, kind === 'usdt' ? '该地址已绑定，请勿重复添加' : '该银行卡已绑定，请勿重复添加');
    }
    me.cards.push({
      id: nextCardId(state),
      kind,
      bank: kind === 'usdt' ? 'USDT' : payload.bank.trim(),
      bank_no: bankNo,
      bank_owner: owner,
      bank_address: (payload.bank_address ?? '').trim(),
      created: state.now(),
    });
    return ok(null, '绑定成功');
  }),

  delcard: memberOnly<'delcard'>(({ payload }, me) => {
    const index = me.cards.findIndex((c) => c.id === payload.id);
    if (index < 0) return fail(202, '卡片不存在');
    me.cards.splice(index, 1);
    return ok(null, '解绑成功');
  }),

  banklist: () => ok(banks.map((b) => ({ ...b }))),
} satisfies PartialHandlers;
