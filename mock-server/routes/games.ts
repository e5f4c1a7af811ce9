/** Game lists and game launch. */
import { gameList, providerGames, providerNames, venues } from '../fixtures/games';
import { fail, memberOnly, ok, own, type PartialHandlers } from '../http';
import { issueGameTicket } from '../game';
import { CENTRAL } from '../state';
import { pageUrl } from './content';

export const gameHandlers = {
  gameList: ({ payload, state }) => {
    const category = payload.category ?? '';
    const named = state.settings.shapes.gameList === 'named';
    return ok(
      gameList
        .filter((g) => !category || g.category_id === category)
        .map(({ name, ...g }) => (named ? { ...g, name } : g)),
    );
  },

  gamelistBycode: ({ payload }) => {
    const games = own(providerGames, payload.gamecode);
    return games ? ok(games.map((g) => ({ ...g }))) : ok([], '暂无数据');
  },

  /**
   * A launch url, shown in the game frame. With auto-transfer on (transferstatus 1) the money of
   * every venue comes home and the central wallet goes to the launched venue, as real backends do.
   * An empty central wallet answers 501 (SPEC.md: the insufficient-funds dialog) with the url, so
   * the member may still look around.
   */
  getGameUrl: memberOnly<'getGameUrl'>(({ payload, state, origin }, me) => {
    const plat = payload.plat_name;
    const listed = gameList.find((g) => g.platform_name === plat);
    const venue = venues.find((v) => v.platname === plat);
    const provider = own(providerNames, plat);
    if (!listed && !venue && !provider) return fail(1, `游戏平台不存在：${plat}`);
    if (listed && listed.app_state !== 1) return fail(1, `${listed.name ?? plat}维护中，请稍后再试`);
    const name = listed?.name ?? venue?.name ?? provider ?? plat;
    // the reference client launches a provider game with its code as game_type (code empty); SPEC.md's game_code also works
    const wanted = [payload.game_code, String(payload.game_type ?? '')].filter(Boolean);
    const game = provider ? own(providerGames, plat)?.find((g) => wanted.includes(g.gamecode)) : undefined;
    const url = pageUrl(origin, 'game', {
      plat,
      name: game ? `${name} · ${game.gamename}` : name,
      type: String(payload.game_type ?? 0),
      code: payload.game_code ?? '',
      mobile: payload.is_mobile_url ?? 1,
      // the mock game plays through a launch ticket bound to this member and platform (mock-server/game.ts)
      ticket: issueGameTicket(state, me, plat, game ? `${name} · ${game.gamename}` : name),
    });
    if (me.transferstatus === 1 && venue) {
      state.recoverAll(me);
      const cents = me.balanceCents;
      if (cents <= 0) return fail(501, '您的中心钱包余额不足，请先充值或转账后再进入游戏', { url });
      state.moveMoney(me, CENTRAL, venue.platname, cents);
      state.recordTransfer(me, venue.platname, 3, cents);
      return ok({ url }, '进入游戏成功');
    }
    if (state.walletCents(me, CENTRAL) <= 0) {
      return fail(501, '您的中心钱包余额不足，请先转账或充值后再进入游戏', { url });
    }
    return ok({ url }, '进入游戏成功');
  }),
} satisfies PartialHandlers;
