import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectRefs } from '../../src/engine/refs';

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
