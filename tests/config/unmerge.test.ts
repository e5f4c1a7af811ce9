/**
 * Issue 37, point 6: an edit on a brand, below the page (src/config/overlay/unmerge.ts). The studio shows the
 * brand's merged config; what the operator changes there is written into the brand's overlay, never
 * the product's file: a value they set is an override, what they leave is inherited, "back to the
 * product's value" takes the override out of the brand's file (and an object it leaves empty), and
 * an item of a keyed list is written as a keyed patch item, not as a copy of the product's list.
 * Each case merges the overlay back with the brand merge (src/config/overlay/merge.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mergeLayers } from '../../src/config/overlay/merge';
import { schemaCursor, type SchemaFileKind, type SchemaSource } from '../../src/config/overlay/schema-cursor';
import { loadSchemas, schemaSource } from '../../src/config/source/index';
import { bare, Layered, newOverlay, Refusal } from '../../src/config/overlay/unmerge';
import { setIn } from '../../studio/ui/model';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(root, 'screens.config', file), 'utf8'));
let source: SchemaSource;
const layered = (kind: SchemaFileKind, file: string, overlay: unknown) => new Layered(read(file), overlay, schemaCursor(source, kind));
/** the merged document with one value changed, as the form hands it over */
const changed = (l: Layered, at: (string | number)[], value: unknown) => setIn(l.value, at, value);

beforeAll(() => {
  source = schemaSource(root, loadSchemas(root));
});

const jinsha = { $format: 2, brand: { siteName: '金沙娱乐', shortName: '金沙' }, theme: { primary: '#a3195b' }, constants: { depositMaxBank: 50000 } };

describe('override and inherit', () => {
  it('a value the brand sets is the brand\'s (where in its file); the rest is the product\'s', () => {
    const l = layered('app', 'app.json', jinsha);
    expect((l.value as { theme: { primary: string } }).theme.primary).toBe('#a3195b');
    expect(l.placeOf('/theme/primary')).toEqual({ kind: 'brand', at: '/theme/primary' });
    expect(l.placeOf('/constants/withdrawMin')).toEqual({ kind: 'product' });
    // the constants: some of them the brand's
    expect(l.placeOf('/constants')).toEqual({ kind: 'mixed', at: '/constants' });
  });

  it('an edit writes the override into the brand\'s overlay; what the operator did not touch stays as it was (the same objects)', () => {
    const l = layered('app', 'app.json', jinsha);
    const { overlay } = l.overlayFor(changed(l, ['constants', 'withdrawMax'], 500000));
    expect(overlay).toEqual({ ...jinsha, constants: { depositMaxBank: 50000, withdrawMax: 500000 } });
    expect((overlay as typeof jinsha).brand).toBe(jinsha.brand);
    // the product's own file is not what is written: its value is inherited
    expect(mergeLayers(read('app.json'), overlay).value).toEqual(changed(l, ['constants', 'withdrawMax'], 500000));
  });

  it('a brand with no file for it yet: the overlay is a new file with $format, holding only the change', () => {
    const l = layered('app', 'app.json', newOverlay(2));
    const { overlay } = l.overlayFor(changed(l, ['theme', 'primary'], '#0a7d52'));
    expect(overlay).toEqual({ $format: 2, theme: { primary: '#0a7d52' } });
    expect(bare(newOverlay(2))).toBe(true);
    expect(bare(overlay)).toBe(false);
  });

  it('a value removed in the form that the product has is null in the overlay (RFC 7396), not a silent return of the product\'s', () => {
    const l = layered('app', 'app.json', jinsha);
    const brand = { ...(l.value as { brand: Record<string, unknown> }).brand };
    delete brand.logo;
    expect(l.overlayFor(changed(l, ['brand'], brand)).overlay).toEqual({ ...jinsha, brand: { ...jinsha.brand, logo: null } });
  });
});

describe('back to the product\'s value', () => {
  it('takes the override out of the brand\'s file, and the object it leaves empty', () => {
    const l = layered('app', 'app.json', jinsha);
    const back = l.backToProduct('/theme/primary');
    expect(back).toEqual({ $format: 2, brand: jinsha.brand, constants: jinsha.constants });
    expect((mergeLayers(read('app.json'), back).value as { theme: unknown }).theme).toEqual((read('app.json') as { theme: unknown }).theme);
    // a field the brand does not set: nothing to take back
    expect(l.backToProduct('/constants/withdrawMin')).toBe(jinsha);
  });

  it('an item of a keyed list: its patch item goes, then the list and the file are bare', () => {
    const overlay = { $format: 2, fields: [{ name: 'amount', label: '提款金额' }] };
    const l = layered('form', 'forms/withdraw-bank.json', overlay);
    expect(l.placeOf('/fields/1/label')).toEqual({ kind: 'brand', at: '/fields/0/label' });
    expect(l.placeOf('/fields/1')).toEqual({ kind: 'mixed', at: '/fields/0' });
    // the name that names the item in the brand's file is the product's, no override
    expect(l.placeOf('/fields/1/name')).toEqual({ kind: 'product' });
    const back = l.backToProduct('/fields/1/label');
    expect(back).toEqual({ $format: 2 });
    expect(bare(back)).toBe(true);
  });
});

describe('keyed lists are written as keyed patch items', () => {
  it('a form\'s field by its name: only the changed label, not a copy of the fields', () => {
    const l = layered('form', 'forms/withdraw-bank.json', newOverlay(2));
    const { overlay } = l.overlayFor(changed(l, ['fields', 1, 'label'], '提款金额（元）'));
    expect(overlay).toEqual({ $format: 2, fields: [{ name: 'amount', label: '提款金额（元）' }] });
  });

  it('a route by its path; a 我的 menu entry by its id inside its widget by its id', () => {
    const routes = layered('routes', 'routes.json', undefined);
    const i = (routes.value as { routes: { path: string }[] }).routes.findIndex((r) => r.path === '/withdrawal');
    expect(routes.overlayFor(changed(routes, ['routes', i, 'title'], '提款')).overlay).toEqual({ routes: [{ path: '/withdrawal', title: '提款' }] });
    const mine = layered('screen', 'screens/mine.json', newOverlay(2));
    expect(mine.overlayFor(changed(mine, ['body', 2, 'props', 'items', 1, 'title'], '钱包')).overlay).toEqual({
      $format: 2,
      body: [{ id: 'account', props: { items: [{ id: 'wallet', title: '钱包' }] } }],
    });
  });

  it('an entry removed, added and moved: "$patch": "delete", "$position"', () => {
    const mine = layered('screen', 'screens/mine.json', newOverlay(2));
    type Menu = { props: { items: { id?: string; title: string }[] } };
    const items = (mine.value as { body: Menu[] }).body[2].props.items;
    const next = [{ id: 'sponsor', title: '品牌赞助', icon: 'shop', to: '/zhanzhu' }, items[1], items[0], ...items.slice(2, 5)];
    const { overlay } = mine.overlayFor(changed(mine, ['body', 2, 'props', 'items'], next));
    expect(overlay).toEqual({
      $format: 2,
      body: [
        {
          id: 'account',
          props: {
            items: [
              { id: 'messages', $patch: 'delete' },
              { id: 'sponsor', title: '品牌赞助', icon: 'shop', to: '/zhanzhu', $position: 'first' },
              // the two swapped: one of them placed after the other
              { id: 'activity', $position: { after: 'wallet' } },
            ],
          },
        },
      ],
    });
  });

  it('an entry the operator adds to a list whose items have no key gets one; the product\'s items without one stay as they are', () => {
    const mine = layered('screen', 'screens/mine.json', newOverlay(2));
    type Menu = { props: { items: { title: string }[] } };
    const items = (mine.value as { body: Menu[] }).body[3].props.items;
    const { overlay, next } = mine.overlayFor(changed(mine, ['body', 3, 'props', 'items'], [...items, { title: '品牌赞助', to: '/zhanzhu' }]));
    expect(overlay).toEqual({ $format: 2, body: [{ id: 'services', props: { items: [{ id: 'new-1', title: '品牌赞助', to: '/zhanzhu', $position: 'last' }] } }] });
    expect((next as { body: Menu[] }).body[3].props.items.at(-1)).toEqual({ id: 'new-1', title: '品牌赞助', to: '/zhanzhu' });
  });

  it('an item the product gives no key cannot be named by a brand: refused, saying what to do', () => {
    const l = layered('form', 'forms/withdraw-bank.json', newOverlay(2));
    expect(() => l.overlayFor(changed(l, ['rules', 1, 'message'], '@withdraw.max'))).toThrow(Refusal);
    expect(() => l.overlayFor(changed(l, ['rules', 1, 'message'], '@withdraw.max'))).toThrow('/rules/1: this item has no "id", and a brand names the product\'s item it changes by its id: give it one in the product\'s file first (a short name, unique in its list), then change it here');
  });
});
