/**
 * Config format 2: Menu's `columns` is called `perRow` (src/config/migrations/menu-per-row.ts).
 * A Menu's only, wherever it stands; Stats, Table and Tiles keep their `columns`; a brand's node
 * that gives only its id is a Menu when the product's node of that id is; a file keeps its text.
 */
import { describe, expect, it } from 'vitest';
import { applyToText, describeChange } from '../../../src/config/format/rewrite';
import { pendingChanges } from '../../../src/config/format/old-uses';
import { menuPerRow } from '../../../src/config/migrations/menu-per-row';
import { mergeBrand } from '../../../src/config/overlay/layers';
import { schemaSource } from '../../../src/config/source/index';
import type { ConfigBundle } from '../../../src/config/check';
import './to-migrate';

const root = process.cwd();

describe('menu-per-row', () => {
  it('renames a Menu\'s columns, at the top of a screen and in children, keeping its place among the props', () => {
    expect(menuPerRow).toMigrate(
      { body: [{ type: 'Menu', props: { variant: 'grid', columns: 4, title: '快捷入口', items: [] } }, { type: 'Stack', children: [{ type: 'Menu', props: { columns: 3, items: [] } }] }] },
      { body: [{ type: 'Menu', props: { variant: 'grid', perRow: 4, title: '快捷入口', items: [] } }, { type: 'Stack', children: [{ type: 'Menu', props: { perRow: 3, items: [] } }] }] },
    );
  });

  it('finds a Menu in a tab\'s nodes and in a drawer', () => {
    expect(menuPerRow).toMigrate(
      { body: [{ type: 'Tabs', props: { tabs: [{ key: 'a', title: 'A', children: [{ type: 'Menu', props: { columns: 2, items: [] } }] }] } }] },
      { body: [{ type: 'Tabs', props: { tabs: [{ key: 'a', title: 'A', children: [{ type: 'Menu', props: { perRow: 2, items: [] } }] }] } }] },
    );
  });

  it('leaves Stats, Table and Tiles (their columns are theirs) and a Menu without columns alone', () => {
    const screen = {
      body: [
        { type: 'Stats', props: { columns: 2, items: [] } },
        { type: 'Table', props: { rows: '{{data.x}}', columns: [{ title: 'a', value: '{{item.a}}' }] } },
        { type: 'Tiles', props: { items: '{{data.y}}', columns: 3 } },
        { type: 'Menu', props: { items: [] } },
      ],
    };
    expect(menuPerRow).toMigrate(screen, screen);
  });

  it('in a brand\'s overlay: a node that gives only its id is read as the product\'s Menu; the change lands in the brand\'s file', () => {
    const product = {
      app: { file: 'p/app.json', json: {} },
      messages: { file: 'p/messages.json', json: { messages: {} } },
      routes: { file: 'p/routes.json', json: { routes: [] } },
      screens: { mine: { file: 'p/screens/mine.json', json: { $format: 2, body: [{ id: 'shortcuts', type: 'Menu', props: { perRow: 4, items: [] } }, { id: 'stats', type: 'Stats', props: { items: [] } }] } } },
      forms: {},
    } as ConfigBundle;
    const overlay = { id: 'b', folder: 'b', screens: { mine: { file: 'b/screens/mine.json', json: { body: [{ id: 'shortcuts', props: { columns: 3 } }, { id: 'stats', props: { columns: 3 } }] } } }, forms: {}, assets: [] };
    const brand = mergeBrand(product, overlay, schemaSource(root));
    expect(pendingChanges(product, [brand]).map((p) => `${p.file} ${p.path} ${describeChange(p.change)}`)).toEqual(['b/screens/mine.json /body/0/props/columns -> "perRow"']);
  });

  it('rewrites only the name in the file\'s text and says the format after $schema', () => {
    const text = '{\n  "$schema": "../schema/screen.schema.json",\n  "body": [\n    { "type": "Menu", "props": { "columns": 4,  "items": [] } }\n  ]\n}\n';
    const changes = menuPerRow.find(JSON.parse(text), 'screen');
    expect(applyToText(text, changes, 2)).toEqual({
      text: '{\n  "$schema": "../schema/screen.schema.json",\n  "$format": 2,\n  "body": [\n    { "type": "Menu", "props": { "perRow": 4,  "items": [] } }\n  ]\n}\n',
      skipped: [],
      kept: [],
    });
  });
});
