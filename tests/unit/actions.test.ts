/** Issue 11: the already-on-this-page rule compares the whole target; a left screen's actions stop. Issue 39: a form's submit is told how its call ended. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallResult } from '../../src/api/client';

const shown: string[] = [];
vi.mock('../../src/engine/ui', () => ({ ui: { toast: (t: string) => void shown.push(t), success: (t: string) => void shown.push(t), fail: (t: string) => void shown.push(t) } }));
/** the client: each call recorded with its options, answered with the next of `replies` */
const calls: { endpoint: string; quietTransient: unknown }[] = [];
const replies: CallResult<unknown>[] = [];
vi.mock('../../src/api/client', () => ({
  call: async (endpoint: string, _payload: unknown, options: { quietTransient?: boolean }) => {
    calls.push({ endpoint, quietTransient: options.quietTransient });
    return replies.shift();
  },
}));
vi.mock('../../src/store/session', () => ({ session: {}, clearSession: () => undefined, refreshMoney: async () => undefined, loadUser: async () => undefined, signIn: async () => undefined }));

const { navigateTo, runActions } = await import('../../src/engine/actions');
const { message } = await import('../../src/config');
const alreadyHere = message('nav.alreadyHere');

function context(current: string) {
  const went: string[] = [];
  return { went, ctx: { navigate: (to: string) => void went.push(to), currentPath: () => current, back: () => undefined, scope: () => ({ messages: { 'nav.alreadyHere': alreadyHere } }) } };
}

beforeEach(() => {
  shown.length = 0;
  calls.length = 0;
  replies.length = 0;
});

describe('navigate', () => {
  it('switches the tab when only the query differs (/message?type=1 to /message?type=2)', () => {
    const { went, ctx } = context('/message?type=1');
    navigateTo(ctx, '/message?type=2', ctx.scope());
    expect(went).toEqual(['/message?type=2']);
    expect(shown).toEqual([]);
  });
  it('refuses with @nav.alreadyHere when path and query are the same, in any order', () => {
    const { went, ctx } = context('/transRecord?type=3&page=1');
    navigateTo(ctx, '/transRecord?page=1&type=3', ctx.scope());
    navigateTo(ctx, '/transRecord?type=3&page=1', ctx.scope());
    expect(went).toEqual([]);
    expect(shown).toEqual([alreadyHere, alreadyHere]);
  });
  it('goes from a page with a query to the same path without one', () => {
    const { went, ctx } = context('/concise?type=obgdy');
    navigateTo(ctx, '/concise', ctx.scope());
    expect(went).toEqual(['/concise']);
  });
});

describe('a screen that was left', () => {
  it('runs no more of its action list', async () => {
    const { went, ctx } = context('/recharge');
    let live = true;
    const done = runActions(
      [
        { type: 'delay', ms: 5 },
        { type: 'navigate', to: '/payInfo' },
        { type: 'setState', key: 'x', value: 1 },
      ],
      { ...ctx, live: () => live, setState: (k: string) => void went.push(`set ${k}`) },
    );
    live = false; // the router moved on while the delay ran
    expect(await done).toBe(false);
    expect(went).toEqual([]);
  });
});

describe('a form\'s submit (issue 39)', () => {
  const ok: CallResult<unknown> = { ok: true, code: 200, message: '提交成功', data: null };
  const lost: CallResult<unknown> = { ok: false, code: 0, message: '', data: null, network: true };

  it('is told how its own call ended, before its handlers, which run without it (their calls toast as usual)', async () => {
    const { ctx } = context('/recharge');
    const told: CallResult<unknown>[] = [];
    replies.push(ok, lost);
    const done = await runActions([{ type: 'api', endpoint: 'recharge', payload: { paytype: 'bank', amount: 500 }, onSuccess: [{ type: 'api', endpoint: 'balance' }] }], {
      ...ctx,
      submitted: (r) => void told.push(r),
    });
    expect(done).toBe(false); // the handler's call got no answer
    expect(told).toEqual([ok]);
    expect(calls).toEqual([
      { endpoint: 'recharge', quietTransient: true },
      { endpoint: 'balance', quietTransient: false },
    ]);
  });

  it('is told also when the player left the screen while the call ran (a success still drops the draft); nothing else of the list runs', async () => {
    const { went, ctx } = context('/recharge');
    const told: CallResult<unknown>[] = [];
    replies.push(ok);
    let live = true;
    const done = runActions([{ type: 'api', endpoint: 'recharge', payload: {}, onSuccess: [{ type: 'navigate', to: '/transRecord' }] }], {
      ...ctx,
      live: () => live,
      submitted: (r) => void told.push(r),
    });
    live = false;
    expect(await done).toBe(false);
    expect(told).toEqual([ok]);
    expect(went).toEqual([]);
  });
});
