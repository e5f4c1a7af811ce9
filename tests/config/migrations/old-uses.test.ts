/**
 * Where a migration's change lands in a brand's overlay file (src/config/format/old-uses.ts rebase):
 * the old use found in the brand's merged document stands elsewhere in the overlay (an item of a
 * keyed list at another index); its edits move with it, and one that cannot be placed is never
 * guessed: the change is left to be written by hand, saying where.
 */
import { describe, expect, it } from 'vitest';
import { rebase } from '../../../src/config/format/old-uses';
import type { Change } from '../../../src/config/migrations/types';
import { say, worded } from '../../../src/config/words/index';

const rename: Change = { path: ['body', 3, 'props', 'columns'], ...worded(say('menuColumnsPerRow', {})), edits: [{ op: 'rename', path: ['body', 3, 'props', 'columns'], to: 'perRow' }] };

describe('a change moved into a brand\'s overlay file', () => {
  it('an edit at or under the old use moves with it, at the index the overlay has it', () => {
    expect(rebase(rename, ['body', 0, 'props', 'columns'])).toEqual({ ...rename, path: ['body', 0, 'props', 'columns'], edits: [{ op: 'rename', path: ['body', 0, 'props', 'columns'], to: 'perRow' }] });
  });

  it('a sibling edit keeps what it shares with the old use\'s path, placed as the old use is', () => {
    const move: Change = { ...rename, edits: [{ op: 'set', path: ['body', 3, 'props', 'perRow'], value: 4 }, { op: 'remove', path: ['body', 3, 'props', 'columns'] }] };
    expect(rebase(move, ['body', 1, 'props', 'columns']).edits).toEqual([
      { op: 'set', path: ['body', 1, 'props', 'perRow'], value: 4 },
      { op: 'remove', path: ['body', 1, 'props', 'columns'] },
    ]);
  });

  it('held at another depth, an edit outside the old use is not guessed: to be written by hand, where', () => {
    const move: Change = { ...rename, edits: [{ op: 'set', path: ['body', 3, 'props', 'perRow'], value: 4 }, { op: 'remove', path: ['body', 3, 'props', 'columns'] }] };
    const out = rebase(move, ['children', 0, 'body', 1, 'props', 'columns']);
    expect(out.edits).toEqual([]);
    expect(out.path).toEqual(['children', 0, 'body', 1, 'props', 'columns']);
    expect(out.message).toBe('Menu\'s "columns" (entries per row of a grid) is called "perRow" since config format 2 (the brand\'s file holds it at /children/0/body/1/props/columns, where the migration cannot place its edits: write it there by hand)');
    // its words as data: the change's own inside, for the studio's language
    expect(out.said).toEqual({ id: 'oldUseByHandInBrand', parts: { change: rename.said, at: '/children/0/body/1/props/columns' }, text: out.message });
  });
});
