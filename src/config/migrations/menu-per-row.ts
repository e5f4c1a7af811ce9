/**
 * Config format 2: the Menu widget's `columns` prop (how many entries a grid row holds) is called
 * `perRow`. Only a Menu's: Stats, Table and Tiles keep their own `columns` (a number of columns, a
 * list of columns), so a text search-and-replace would break them.
 */
import type { Change, Migration, Path } from './types';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** every Menu node of a screen (anywhere: body, children, a tab's or a form's nodes) with its path */
function menus(v: unknown, at: Path, out: { node: Record<string, unknown>; at: Path }[]): typeof out {
  if (Array.isArray(v)) v.forEach((x, i) => menus(x, [...at, i], out));
  else if (isObject(v)) {
    // a widget node's type starts with a capital (actions and fields have lower-case types)
    if (v.type === 'Menu') out.push({ node: v, at });
    for (const [k, x] of Object.entries(v)) menus(x, [...at, k], out);
  }
  return out;
}

export const menuPerRow: Migration = {
  id: 'menu-per-row',
  format: 2,
  title: 'Menu: "columns" (entries per row of a grid) is called "perRow"',
  kinds: ['screen'],
  find(doc): Change[] {
    return menus(doc, [], [])
      .filter(({ node }) => isObject(node.props) && 'columns' in node.props)
      .map(({ at }) => ({ kind: 'rename', path: [...at, 'props', 'columns'], to: 'perRow', message: 'Menu\'s "columns" (entries per row of a grid) is called "perRow" since config format 2' }));
  },
};
