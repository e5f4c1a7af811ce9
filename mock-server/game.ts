/**
 * The mock's playable game: the page behind getGameUrl is a small slot machine that
 * plays with the member's balance in one venue, through a launch ticket the mock put in the url.
 *
 *   GET  /__mock/game/game.js      the page's script (a file of its own: the production CSP has no inline script)
 *   GET  /__mock/game/state        ?ticket=  the venue, its balance, the stake choices
 *   POST /__mock/game/spin         {ticket, stake}  one spin: debit, record a settled bet, pay out
 *   POST /__mock/bet               {username?, plat, bet, win?, status?, game_type?}  record a bet directly
 *
 * A ticket is bound to one member and one platform and expires (GAME_TICKET_TTL_MS); it is not the
 * member's API token, which never leaves the app. Money is integer cents; a spin checks and changes
 * the wallet in one synchronous step, so concurrent spins can never overdraw it. Payouts come from
 * the state's seeded PRNG, so a run after /__mock/reset repeats. Every settled bet accrues a pending
 * rebate (REBATE_PER_MILLE of the valid stake) and lowers the turnover still owed, as the backend does.
 */
import { randomBytes } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { Ajv } from 'ajv';
import { send } from './api';
import { esc } from './assets';
import { gameList, gameTypes, providerNames, venues, type VenueDef } from './fixtures/games';
import { fail, ok, yuan } from './http';
import { toCents, type BetRec, type Member, type MockState } from './state';
import { compactBJ } from './time';

export const GAME_TICKET_TTL_MS = 2 * 3_600_000;
/** stake choices of the game page, yuan */
export const GAME_STAKES = [1, 5, 10, 50] as const;
/** pending rebate per settled bet: per mille of the valid stake, rounded down to the cent */
export const REBATE_PER_MILLE = 10;
/** total return per spin as a multiple of the stake, with its weight (sums to 100) */
const PAYTABLE: readonly [multiple: number, weight: number][] = [
  [0, 52],
  [0.5, 14],
  [1, 12],
  [2, 14],
  [5, 6],
  [10, 2],
];
const MAX_TICKETS = 5000;

export interface GameTicket {
  memberId: number;
  plat: string;
  /** the venue wallet the game plays with */
  wallet: string;
  name: string;
  expires: number;
}

const ticketsOf = (state: MockState): Map<string, GameTicket> => state.gameTickets as Map<string, GameTicket>;

/** category of the home lists → game type of the records */
const categoryType: Record<string, number> = { realbet: 1, concise: 2, sport: 3, gaming: 4, joker: 5, lottery: 6 };

/**
 * The venue wallet a platform plays with: its own when it is a venue (ag, pg, ...), else the first
 * venue of its game type (dg → ag, a provider's slots → pg). Looks the platform up by the code in
 * either field of the game list, so a list whose platform_name is the code works too.
 */
export function gameVenue(plat: string): VenueDef | undefined {
  const own = venues.find((v) => v.platname === plat);
  if (own) return own;
  const listed = gameList.find((g) => g.game_code === plat || g.platform_name === plat);
  const type = listed ? categoryType[listed.category_id] : plat in providerNames ? 2 : undefined;
  return type === undefined ? undefined : venues.find((v) => v.game_type === type);
}

/** A launch ticket for this member and platform ('' when the platform has no venue to play with). */
export function issueGameTicket(state: MockState, member: Member, plat: string, name: string): string {
  const venue = gameVenue(plat);
  if (!venue) return '';
  const map = ticketsOf(state);
  const now = state.now();
  for (const [t, v] of map) if (v.expires <= now) map.delete(t);
  if (map.size >= MAX_TICKETS) {
    const oldest = map.keys().next().value;
    if (oldest) map.delete(oldest);
  }
  const ticket = randomBytes(24).toString('hex');
  map.set(ticket, { memberId: member.id, plat, wallet: venue.platname, name, expires: now + GAME_TICKET_TTL_MS });
  return ticket;
}

/** Record a bet (settled bets accrue rebate and count against the turnover owed). */
export function recordBet(
  state: MockState,
  member: Member,
  bet: { api_type: string; game_type: number; gamename: string; betCents: number; winCents: number; status: BetRec['status'] },
): BetRec {
  const now = state.now();
  const rec: BetRec = {
    bet_id: `${bet.api_type.toUpperCase()}${compactBJ(now)}${String(state.nextSeq()).padStart(4, '0')}`,
    ...bet,
    created: now,
  };
  member.bets.unshift(rec);
  if (rec.status === 1) {
    member.owedCents = Math.max(0, member.owedCents - rec.betCents);
    const cents = Math.floor((rec.betCents * REBATE_PER_MILLE) / 1000);
    if (cents > 0) {
      member.rebates.unshift({
        id: state.nextId(member.rebates),
        api_type: rec.api_type,
        game_type: rec.game_type,
        gamename: rec.gamename,
        cents,
        state: 0,
        created: now,
        updated: now,
      });
    }
  }
  return rec;
}

function drawMultiple(rng: () => number): number {
  let r = rng() * 100;
  for (const [multiple, weight] of PAYTABLE) {
    if (r < weight) return multiple;
    r -= weight;
  }
  return 0;
}

const SYMBOLS = ['樱', '柠', '铃', '星', '钻', '7'];
function reelsFor(multiple: number, rng: () => number): string[] {
  const index = PAYTABLE.findIndex(([m]) => m === multiple);
  if (multiple >= 2) return Array(3).fill(SYMBOLS[index]) as string[];
  const a = Math.floor(rng() * SYMBOLS.length);
  return [SYMBOLS[a], SYMBOLS[(a + 1 + index) % SYMBOLS.length], SYMBOLS[(a + 2) % SYMBOLS.length]];
}

const ajv = new Ajv({ allErrors: false, strict: false });
const ticketField = { type: 'string', minLength: 1, maxLength: 100 } as const;
const validSpin = ajv.compile({
  type: 'object',
  additionalProperties: false,
  required: ['ticket', 'stake'],
  properties: { ticket: ticketField, stake: { type: 'number', enum: [...GAME_STAKES] } },
});
const validBet = ajv.compile({
  type: 'object',
  additionalProperties: false,
  required: ['plat', 'bet'],
  properties: {
    username: { type: 'string', maxLength: 32 },
    plat: { type: 'string', minLength: 1, maxLength: 32 },
    bet: { type: 'number', exclusiveMinimum: 0, maximum: 1e7 },
    win: { type: 'number', minimum: -1e7, maximum: 1e8 },
    status: { type: 'integer', enum: [0, 1, 2] },
    game_type: { type: 'integer', minimum: 1, maximum: 99 },
    /** the game's name (the bet's Code); the venue's name when absent */
    game: { type: 'string', minLength: 1, maxLength: 32 },
  },
});

function errorText(errors: typeof validSpin.errors): string {
  const e = errors?.[0];
  if (!e) return '参数错误';
  if (e.keyword === 'required') return `参数错误：缺少 ${String(e.params.missingProperty)}`;
  if (e.keyword === 'additionalProperties') return `参数错误：不认识的字段 ${String(e.params.additionalProperty)}`;
  if (e.instancePath === '/stake') return `参数错误：下注金额只能是 ${GAME_STAKES.join('、')} 元`;
  return `参数错误：${e.instancePath || '请求体'} ${e.message ?? '不合法'}`;
}

function ticketFor(state: MockState, ticket: unknown): { t: GameTicket; member: Member } | string {
  if (typeof ticket !== 'string' || !ticket) return '缺少游戏凭证，请从网站重新进入游戏';
  const map = ticketsOf(state);
  const t = map.get(ticket);
  if (!t) return '游戏凭证无效，请从网站重新进入游戏';
  if (t.expires <= state.now()) {
    map.delete(ticket);
    return '游戏凭证已过期，请从网站重新进入游戏';
  }
  const member = state.memberById(t.memberId);
  if (!member) return '会员不存在';
  return { t, member };
}

function venueName(wallet: string): string {
  return venues.find((v) => v.platname === wallet)?.name ?? wallet;
}

/** The game's script, served as a file (see the header). Plain ES2017, no build step. */
const GAME_JS = `'use strict';
(function () {
  var params = new URLSearchParams(location.search);
  var ticket = params.get('ticket') || '';
  var $ = function (id) { return document.getElementById(id); };
  var stake = 0;
  var busy = false;
  function say(text, tone) { var m = $('game-msg'); m.textContent = text; m.className = 'game-msg ' + (tone || ''); }
  function show(balance) { $('game-balance').textContent = Number(balance).toFixed(2); }
  function post(path, body) {
    return fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json(); });
  }
  function choose(btn) {
    stake = Number(btn.getAttribute('data-stake'));
    var all = document.querySelectorAll('[data-stake]');
    for (var i = 0; i < all.length; i++) all[i].setAttribute('aria-pressed', all[i] === btn ? 'true' : 'false');
  }
  function load() {
    fetch('/__mock/game/state?ticket=' + encodeURIComponent(ticket)).then(function (r) { return r.json(); }).then(function (res) {
      if (res.code !== 200) { say(res.message, 'bad'); $('game-spin').disabled = true; return; }
      $('game-venue').textContent = res.data.venue_name;
      show(res.data.balance);
      var box = $('game-stakes');
      res.data.stakes.forEach(function (s, i) {
        var b = document.createElement('button');
        b.type = 'button'; b.className = 'stake'; b.setAttribute('data-stake', String(s)); b.textContent = s + ' 元';
        b.addEventListener('click', function () { choose(b); });
        box.appendChild(b);
        if (i === 0) choose(b);
      });
      $('game-spin').disabled = false;
      document.body.setAttribute('data-ready', '1');
    }).catch(function () { say('网络异常，请稍后再试', 'bad'); });
  }
  $('game-spin').addEventListener('click', function () {
    if (busy || !stake) return;
    busy = true; $('game-spin').disabled = true; say('旋转中…');
    post('/__mock/game/spin', { ticket: ticket, stake: stake }).then(function (res) {
      if (res.code !== 200) { say(res.message, 'bad'); if (res.data && typeof res.data.balance === 'number') show(res.data.balance); return; }
      var d = res.data;
      $('game-reels').textContent = d.reels.join(' ');
      show(d.balance);
      say(d.win_loss > 0 ? '恭喜，赢得 ' + d.payout.toFixed(2) + ' 元' : d.payout > 0 ? '返还 ' + d.payout.toFixed(2) + ' 元' : '未中奖，再试一次', d.win_loss > 0 ? 'good' : '');
    }).catch(function () { say('网络异常，请稍后再试', 'bad'); }).then(function () { busy = false; $('game-spin').disabled = false; });
  });
  load();
})();
`;

/** The body of the game page (inside pages.ts's frame); everything it does is in game.js. */
export function gamePageBody(title: string, plat: string): string {
  return (
    `<h1 id="game-title">${esc(title)}</h1>` +
    `<div class="card game" data-plat="${esc(plat)}"><p>场馆：<span id="game-venue"></span></p>` +
    `<p>场馆余额：<strong id="game-balance" aria-live="polite">--</strong> 元</p>` +
    `<div id="game-reels" class="reels" aria-label="转轮">？ ？ ？</div>` +
    `<div id="game-stakes" class="stakes" role="group" aria-label="下注金额"></div>` +
    `<button type="button" id="game-spin" class="spin" disabled>旋转</button>` +
    `<p id="game-msg" class="game-msg" role="status"></p></div>` +
    `<p class="note">这是模拟服务器提供的游戏，输赢按固定随机规则结算。</p>` +
    `<script src="/__mock/game/game.js"></script>`
  );
}

export const GAME_CSS =
  '.game{text-align:center}.reels{font-size:34px;font-weight:700;letter-spacing:14px;margin:12px 0;color:#fff59d}.stakes{display:flex;gap:8px;justify-content:center;flex-wrap:wrap}' +
  '.stake{padding:6px 14px;border-radius:16px;border:1px solid #fff;background:transparent;color:#fff;font-size:15px}.stake[aria-pressed=true]{background:#fff;color:#2c5364;font-weight:700}' +
  '.spin{margin-top:14px;padding:10px 40px;border-radius:22px;border:0;background:#f9a825;color:#222;font-size:18px;font-weight:700}.spin:disabled{opacity:.5}' +
  '.game-msg{min-height:1.7em}.game-msg.bad{color:#ffcdd2}.game-msg.good{color:#fff59d;font-weight:700}.note{font-size:12px}';

/** /__mock/game/*: the script, the state and the spin. */
export function gameRouter(state: MockState): express.Router {
  const router = express.Router();
  router.get('/game.js', (_req, res) => {
    res.set('Content-Type', 'text/javascript; charset=utf-8');
    res.send(GAME_JS);
  });
  router.get('/state', (req: Request, res: Response) => {
    const found = ticketFor(state, req.query.ticket);
    if (typeof found === 'string') return send(res, fail(401, found));
    const { t, member } = found;
    send(res, ok({ plat: t.plat, name: t.name, venue: t.wallet, venue_name: venueName(t.wallet), balance: yuan(state.walletCents(member, t.wallet)), stakes: [...GAME_STAKES] }));
  });
  router.post('/spin', express.json({ limit: '4kb', type: () => true }), (req: Request, res: Response) => {
    const p: unknown = req.body ?? {};
    if (!validSpin(p)) return send(res, fail(422, errorText(validSpin.errors)), 422);
    const body = p as { ticket: string; stake: number };
    const found = ticketFor(state, body.ticket);
    if (typeof found === 'string') return send(res, fail(401, found));
    const { t, member } = found;
    const stakeCents = toCents(body.stake)!;
    // check and change in one synchronous step: no other request runs in between
    const have = state.walletCents(member, t.wallet);
    if (have < stakeCents) {
      return send(res, fail(1, `场馆余额不足（${yuan(have).toFixed(2)} 元），请先转入后再游戏`, { balance: yuan(have) }));
    }
    const multiple = drawMultiple(state.rng);
    const payoutCents = Math.round(stakeCents * multiple);
    member.venueCents[t.wallet] = have - stakeCents + payoutCents;
    const venue = venues.find((v) => v.platname === t.wallet)!;
    const bet = recordBet(state, member, {
      api_type: t.wallet,
      game_type: venue.game_type,
      gamename: t.name || venue.name,
      betCents: stakeCents,
      winCents: payoutCents - stakeCents,
      status: 1,
    });
    send(
      res,
      ok({
        bet_id: bet.bet_id,
        stake: yuan(stakeCents),
        payout: yuan(payoutCents),
        win_loss: yuan(payoutCents - stakeCents),
        reels: reelsFor(multiple, state.rng),
        balance: yuan(member.venueCents[t.wallet]),
      }),
    );
  });
  return router;
}

/** POST /__mock/bet: record a bet for a member without moving money (tests, figures). */
export function recordBetControl(state: MockState) {
  return (req: Request, res: Response): void => {
    const p: unknown = req.body ?? {};
    if (!validBet(p)) return send(res, fail(422, errorText(validBet.errors)), 422);
    const b = p as { username?: string; plat: string; bet: number; win?: number; status?: 0 | 1 | 2; game_type?: number; game?: string };
    const member = state.findMember(b.username ?? 'demo01');
    if (!member) return send(res, fail(202, `会员不存在：${b.username}`), 404);
    const venue = gameVenue(b.plat);
    if (!venue) return send(res, fail(422, `参数错误：游戏平台 ${b.plat} 不存在`), 422);
    const betCents = toCents(b.bet);
    const winCents = toCents(b.win ?? 0);
    if (betCents === null || winCents === null) return send(res, fail(422, '参数错误：金额最多保留两位小数'), 422);
    const status = b.status ?? 1;
    const rec = recordBet(state, member, {
      api_type: venue.platname,
      game_type: b.game_type ?? venue.game_type,
      gamename: b.game ?? venue.name,
      betCents,
      winCents: status === 1 ? winCents : 0,
      status,
    });
    send(res, ok({ bet_id: rec.bet_id, api_type: rec.api_type, game_type: rec.game_type, game_type_name: gameTypes[rec.game_type] ?? '', bet_amount: yuan(rec.betCents), win_loss: yuan(rec.winCents), status: rec.status }, '注单已记录'));
  };
}
