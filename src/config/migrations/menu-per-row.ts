/**
 * Config format 2: the Menu widget's `columns` prop (how many entries a grid row holds) is called
 * `perRow`. Only a Menu's: Stats, Table and Tiles keep their own `columns` (a number of columns, a
 * list of columns), so a text search-and-replace would break them.
 */
import type { Change, Migration } from './types';
import { isObject, walk } from '../json-walk';
import { say, worded } from '../words/index';


export const menuPerRow: Migration = {
  id: 'menu-per-row',
  format: 2,
  title: 'Menu: "columns" (entries per row of a grid) is called "perRow"',
  kinds: ['screen'],
  find(doc): Change[] {
    // every Menu node of a screen (anywhere: body, children, a tab's or a form's nodes)
    return walk(doc)
      .objects.filter(({ node }) => node.type === 'Menu' && isObject(node.props) && 'columns' in node.props)
      .map(({ at }) => {
        const path = [...at, 'props', 'columns'];
        return { path, ...worded(say('menuColumnsPerRow', {})), edits: [{ op: 'rename', path, to: 'perRow' }] };
      });
  },
};
