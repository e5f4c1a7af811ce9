/** Issue 11: the already-on-this-page rule compares the whole target; a left screen's actions stop. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
vi.mock('../../src/engine/ui', () => ({ ui: { toast: (t: string) => void shown.push(t), success: (t: string) => void shown.push(t), fail: (t: string) => void shown.push(t) } }));
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
