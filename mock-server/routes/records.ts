/** Bet records, per-game-type venue summaries and transaction records. */
import { gameTypes } from '../fixtures/games';
import { fail, inPeriod, memberOnly, ok, pageSize, paginate, yuan, type PartialHandlers } from '../http';
import type { BetRec } from '../state';
import { formatBJ } from '../time';

function gameTypeFilter(value: string | number | undefined): number | null {
  if (value === undefined || value === '' || value === 0 || value === '0') return null;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : NaN;
}

export const recordHandlers = {
  betrecord: memberOnly<'betrecord'>(({ payload, state }, me) => {
    const gameType = gameTypeFilter(payload.game_type);
    if (Number.isNaN(gameType)) return fail(422, '参数错误：游戏类型(game_type)取值无效');
    const rows = inPeriod(me.bets, payload.date, state.now())
      .filter((b) => !payload.api_type || b.api_type === payload.api_type)
      .filter((b) => gameType === null || b.game_type === gameType)
      .sort((a, b) => b.created - a.created)
      .map((b) => ({
        bet_id: b.bet_id,
        bet_amount: yuan(b.betCents),
        win_loss: yuan(b.winCents),
        Code: b.gamename,
        status: b.status,
        created_at: formatBJ(b.created),
        api_type: b.api_type,
        game_type: b.game_type,
      }));
    return ok(paginate(rows, payload.page ?? 1, pageSize(payload)));
  }),

  /** One row per game type with bets in the period (and venue); info holds the totals. */
  venuelist: memberOnly<'venuelist'>(({ payload, state }, me) => {
    const bets = inPeriod(me.bets, payload.date, state.now()).filter((b) => !payload.api_type || b.api_type === payload.api_type);
    const byType = new Map<number, BetRec[]>();
    for (const b of bets) byType.set(b.game_type, [...(byType.get(b.game_type) ?? []), b]);
    const valid = (list: BetRec[]) => list.filter((b) => b.status === 1);
    const sum = (list: BetRec[], f: (b: BetRec) => number) => yuan(list.reduce((a, b) => a + f(b), 0));
    const rows = [...byType.entries()]
      .sort(([a], [b]) => a - b)
      .map(([type, list]) => ({
        name: gameTypes[type] ?? String(type),
        game_type: type,
        betnum: list.length,
        bet_amounts: sum(list, (b) => b.betCents),
        valid_amounts: sum(valid(list), (b) => b.betCents),
        win_losss: sum(list, (b) => b.winCents),
      }));
    return ok({
      lists: paginate(rows, payload.page ?? 1, pageSize(payload)),
      info: {
        betnums: bets.length,
        bet_amounts: sum(bets, (b) => b.betCents),
        win_loss: sum(bets, (b) => b.winCents),
        valid_amounts: sum(valid(bets), (b) => b.betCents),
      },
    });
  }),

  /** type 1 deposits, 2 withdrawals, 3 transfers in, 4 out; the venue filter applies to transfers. */
  gettransrecord: memberOnly<'gettransrecord'>(({ payload, state }, me) => {
    const type = payload.type ?? 1;
    const rows = inPeriod(me.trans, payload.date, state.now())
      .filter((t) => t.type === type)
      .filter((t) => !payload.api_type || !t.api_type || t.api_type === payload.api_type)
      .sort((a, b) => b.created - a.created)
      .map((t) => ({
        out_trade_no: t.out_trade_no,
        amount: yuan(t.cents),
        pay_way: t.pay_way,
        state: t.state,
        created_at: formatBJ(t.created),
        api_type: t.api_type,
      }));
    return ok(paginate(rows, payload.page ?? 1, pageSize(payload)));
  }),
} satisfies PartialHandlers;
