import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectRefs, enterReads, readsGames } from '../../src/engine/refs';
import { ACTION_READS } from '../../src/store/start-reads';

const screen = (name: string) => JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'screens.config', 'screens', `${name}.json`), 'utf8')).body;

describe('what a screen waits for before it paints (collectRefs)', () => {
  it('waits for an in-flow widget under a `when` (the VIP badge of /mine): appearing later, it would push the row it sits in', () => {
    const refs = collectRefs(screen('mine'));
    expect(refs.widgets.has('Tag')).toBe(true);
    expect(refs.deferred.has('Tag')).toBe(false);
  });

  it('does not wait for a widget drawn above the page under a `when`, nor for what it draws inside (home: start-up popup, red-packet icon)', () => {
    const refs = collectRefs(screen('home'));
    expect([...refs.deferred].sort()).toEqual(['FloatingIcon', 'Html', 'Modal']);
    for (const w of ['FloatingIcon', 'Html', 'Modal']) expect(refs.widgets.has(w)).toBe(false);
  });

  it('a popup without a `when` is part of the screen; a widget inside a popup under a `when` waits with it, whatever it is', () => {
    const tree = [
      { type: 'Modal', props: {}, children: [{ type: 'Text', props: {} }] },
      { type: 'Modal', when: { path: 'state.open', equals: true }, children: [{ type: 'Stack', when: { path: 'user.vip', empty: false } }] },
    ];
    const refs = collectRefs(tree);
    expect([...refs.widgets].sort()).toEqual(['Modal', 'Text']);
    expect([...refs.deferred].sort()).toEqual(['Modal', 'Stack']);
  });
});

describe('what a screen reads of the session (issue 38: the game lists only where shown; /mine\'s first reads early)', () => {
  it('finds the game lists in a binding or a condition path, nowhere else', () => {
    expect(readsGames({ body: [{ type: 'Tiles', props: { items: '{{games.realbet}}' } }] })).toBe(true);
    expect(readsGames({ body: [{ type: 'Text', when: { path: 'games.sport | len', gt: 0 }, props: { text: 'x' } }] })).toBe(true);
    // a word that only looks like it, a text, another root
    expect(readsGames({ body: [{ type: 'Text', props: { text: 'games 游戏', title: '{{gamesCount}}', path: '{{data.games}}' } }] })).toBe(false);
    const real = (name: string) => JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'screens.config', 'screens', `${name}.json`), 'utf8'));
    expect(readsGames(real('home'))).toBe(true);
    expect(readsGames(real('mine'))).toBe(false);
  });

  it("an onEnter's leading reads, up to the first action that is not one (or has a when)", () => {
    expect(enterReads([{ type: 'refreshUser' }], ACTION_READS)).toEqual([['user', {}], ['refreshusermoney', {}]]);
    expect(enterReads([{ type: 'refreshUser', when: { path: 'loggedIn', eq: true } }], ACTION_READS)).toEqual([]);
    expect(enterReads([{ type: 'navigate', to: '/' }, { type: 'refreshUser' }], ACTION_READS)).toEqual([]);
    expect(enterReads(undefined, ACTION_READS)).toEqual([]);
  });
});
