/**
 * Issue 36: a brand is an overlay. The merge (src/config/overlay/merge.ts) as Kustomize's harness
 * tests its bases and overlays: a base, an overlay, the merged result (or the problem) compared
 * whole; the keys declared in the real schemas (schema-cursor.ts); and a brand's config checked as
 * one document whose every problem names the brand's file or the product's (layers.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createChecker, type ConfigBundle, type Problem, type SchemaSet, type WidgetSchemas } from '../../src/config/check';
import { mergeBrand, type OverlayBundle } from '../../src/config/overlay/layers';
import { mergeLayers, type Cursor } from '../../src/config/overlay/merge';
import { schemaCursor, type SchemaSource } from '../../src/config/overlay/schema-cursor';
import { configSource, loadSchemas, loadWidgetSchemas, schemaSource } from '../../src/config/source/index';
import { root } from './real-config';

/** every list keyed by `id` (a stand-in for the schemas, for the walker's own rules) */
const BY_ID: Cursor = { key: 'id', prop: () => BY_ID, item: () => BY_ID };
const merged = (base: unknown, overlay: unknown, cursor: Cursor = BY_ID) => {
  const r = mergeLayers(base, overlay, cursor);
  return { value: r.value, problems: r.problems.map((p) => `${p.at}: ${p.message}`) };
};

describe('objects: RFC 7396 (JSON Merge Patch)', () => {
  it('a value replaces, an object merges, null deletes; the product keeps the rest in its order', () => {
    expect(merged({ brand: { siteName: '星耀娱乐', logo: 'a.svg' }, theme: { primary: '#1366e6' }, n: 1 }, { brand: { siteName: '金沙娱乐', logo: null }, theme: { primary: '#a3195b' }, extra: { x: 1 } })).toEqual({
      value: { brand: { siteName: '金沙娱乐' }, theme: { primary: '#a3195b' }, n: 1, extra: { x: 1 } },
      problems: [],
    });
  });

  it('a list without a key is replaced whole (a map of urls, a list of steps)', () => {
    const plain: Cursor = { prop: () => plain, item: () => plain };
    expect(merged({ steps: ['a', 'b', 'c'] }, { steps: ['x'] }, plain).value).toEqual({ steps: ['x'] });
  });

  it('null on a property the product does not have is a problem naming what it has, not ignored', () => {
    expect(merged({ constants: { withdrawMin: 100 } }, { constants: { withdrawMinimum: null } }).problems).toEqual([
      '/constants/withdrawMinimum: null deletes "withdrawMinimum", which the product does not have here (it has "withdrawMin"): it may have been renamed or removed',
    ]);
  });

  it('"$patch": "replace" replaces an object whole; a directive on a list that has no key is named', () => {
    const plain: Cursor = { prop: () => plain, item: () => plain };
    expect(merged({ maps: { a: { 1: 'x', 2: 'y' } } }, { maps: { a: { $patch: 'replace', 3: 'z' } } }).value).toEqual({ maps: { a: { 3: 'z' } } });
    expect(merged({ l: [{ n: 1 }] }, { l: [{ n: 2, $position: 'first' }] }, plain).problems).toEqual([
      '/l/0/$position: "$position" has nothing of the product\'s to act on here (this list has no key (x-merge-key): it is replaced whole)',
    ]);
  });
});

describe('keyed lists (widgets, menu entries, rules by id; fields by name; routes by path; tabs by key)', () => {
  const base = { body: [{ id: 'hero', type: 'Stack' }, { type: 'Text', props: { text: 'no id' } }, { id: 'menu', type: 'Menu', props: { title: '快捷入口', variant: 'grid' } }] };

  it('an item names the product\'s item by its key and changes only what it says', () => {
    expect(merged(base, { body: [{ id: 'menu', props: { title: '常用功能' } }] }).value).toEqual({
      body: [base.body[0], base.body[1], { id: 'menu', type: 'Menu', props: { title: '常用功能', variant: 'grid' } }],
    });
  });

  it('"$patch": "delete" removes it; "$patch": "replace" replaces it whole', () => {
    expect(merged(base, { body: [{ id: 'hero', $patch: 'delete' }, { id: 'menu', $patch: 'replace', type: 'Text', props: { text: 'x' } }] }).value).toEqual({
      body: [base.body[1], { id: 'menu', type: 'Text', props: { text: 'x' } }],
    });
  });

  it('a new item goes where its "$position" says; an existing item with one moves there', () => {
    const add = (position: unknown) => (merged(base, { body: [{ id: 'new', type: 'Text', $position: position }] }).value as typeof base).body.map((n) => n.id ?? '-');
    expect(add('first')).toEqual(['new', 'hero', '-', 'menu']);
    expect(add('last')).toEqual(['hero', '-', 'menu', 'new']);
    expect(add({ before: 'menu' })).toEqual(['hero', '-', 'new', 'menu']);
    expect(add({ after: 'hero' })).toEqual(['hero', 'new', '-', 'menu']);
    const moved = merged(base, { body: [{ id: 'menu', $position: 'first', props: { variant: 'list' } }] }).value as typeof base;
    expect(moved.body.map((n) => n.id ?? '-')).toEqual(['menu', 'hero', '-']);
    expect(moved.body[0].props).toEqual({ title: '快捷入口', variant: 'list' });
  });

  it('an item whose key the product no longer has is a problem naming the keys it has: never appended', () => {
    const r = merged(base, { body: [{ id: 'menus', props: { title: 'x' } }, { id: 'gone', $patch: 'delete' }, { id: 'n', type: 'Text', $position: { after: 'heroes' } }] });
    expect(r.value).toEqual(base);
    expect(r.problems).toEqual([
      '/body/0/id: the product has no item with id "menus" in this list (it has "hero", "menu"): it may have been renamed or removed; a new item needs "$position": "first", "last", {"before": …} or {"after": …} with the id of an item',
      '/body/1/id: "$patch": "delete": the product has no item with id "gone" in this list (it has "hero", "menu"): it may have been renamed or removed',
      '/body/2/$position/after: the list has no item with id "heroes" to place this one after (it has "hero", "menu")',
    ]);
  });

  it('an item without its key, and an unknown directive, are named', () => {
    expect(merged(base, { body: [{ type: 'Text' }, { id: 'menu', $patch: 'remove' }] }).problems).toEqual([
      '/body/0: an item of this list names the product\'s item it changes by "id" (the product\'s: "hero", "menu"); to replace the whole list add an item {"$patch": "replace"}',
      '/body/1/$patch: "$patch": "remove" is not known: an item takes "delete" or "replace"',
    ]);
  });

  it('an item {"$patch": "replace"} replaces the whole list', () => {
    expect(merged(base, { body: [{ $patch: 'replace' }, { type: 'Text', props: { text: 'only' } }] }).value).toEqual({ body: [{ type: 'Text', props: { text: 'only' } }] });
  });
});

describe('origins: every value of the merged document names the layer and the pointer that set it', () => {
  it('the product\'s values keep their own pointers when the overlay inserts before them; the overlay\'s name its file', () => {
    const base = { body: [{ id: 'a', type: 'Text', props: { text: 'x' } }, { id: 'b', type: 'Menu', props: { title: 't', items: [] } }] };
    const r = mergeLayers(base, { body: [{ id: 'new', type: 'Text', $position: 'first' }, { id: 'b', props: { title: 'u' } }] }, BY_ID);
    expect((r.value as typeof base).body.map((n) => n.id)).toEqual(['new', 'a', 'b']);
    expect(r.origins.of('/body/0/type')).toEqual({ layer: 'overlay', at: '/body/0/type' });
    expect(r.origins.of('/body/1/props/text')).toEqual({ layer: 'base', at: '/body/0/props/text' });
    expect(r.origins.of('/body/2/props/title')).toEqual({ layer: 'overlay', at: '/body/1/props/title' });
    expect(r.origins.of('/body/2/props/items')).toEqual({ layer: 'base', at: '/body/1/props/items' });
    expect(r.origins.of('/')).toEqual({ layer: 'base', at: '' });
  });

  it('for npm run brands: the product\'s place of each value the overlay set (none for an added item), what it removed, and the key itself is no override', () => {
    const base = { body: [{ id: 'a', type: 'Text' }, { id: 'b', type: 'Menu', props: { title: 't' } }, { id: 'c', type: 'Text' }] };
    const r = mergeLayers(base, { body: [{ id: 'new', type: 'Text', $position: 'first' }, { id: 'b', props: { title: 'u' } }, { id: 'c', $patch: 'replace', type: 'Stack' }, { id: 'a', $patch: 'delete' }] }, BY_ID);
    expect(r.origins.overlaid().map(({ at }) => [at, r.origins.baseOf(at) ?? '(added)'])).toEqual([
      ['/body/0', '(added)'],
      ['/body/1/props/title', '/body/1/props/title'],
      ['/body/2', '/body/2'],
    ]);
    expect(r.removed).toEqual([{ base: '/body/0', overlay: '/body/3' }]);
  });

  it('mergedOf, for a problem named by a layer\'s file: the merged document\'s place of a layer\'s pointer (the studio shows it at that field)', () => {
    const base = { body: [{ id: 'a', type: 'Text', props: { text: 'x' } }, { id: 'b', type: 'Menu', props: { title: 't' } }] };
    const r = mergeLayers(base, { body: [{ id: 'new', type: 'Text', $position: 'first' }, { id: 'b', props: { title: 'u' } }, { id: 'gone', props: {} }] }, BY_ID);
    // the product's item moved down by the one the overlay put first
    expect(r.origins.mergedOf('base', '/body/0/props/text')).toBe('/body/1/props/text');
    expect(r.origins.mergedOf('base', '/body/1/type')).toBe('/body/2/type');
    expect(r.origins.mergedOf('overlay', '/body/0/type')).toBe('/body/0/type');
    expect(r.origins.mergedOf('overlay', '/body/1/props/title')).toBe('/body/2/props/title');
    // what the overlay says of an item the product does not have is nowhere in the merged document
    expect(r.origins.mergedOf('overlay', '/body/2/props')).toBeUndefined();
    // a list the overlay does not touch keeps its pointers
    expect(mergeLayers({ l: [1, 2], m: 1 }, { m: 2 }, BY_ID).origins.mergedOf('base', '/l/1')).toBe('/l/1');
  });
});

describe('the keys declared in the schemas (x-merge-key)', () => {
  let source: SchemaSource;
  beforeAll(async () => {
    source = schemaSource(root, loadSchemas(root), await loadWidgetSchemas(root));
  });

  it('a screen\'s widgets and children by id, a Menu\'s entries by id, a Tabs\' tabs by key, fields by name, rules by id, routes by path, the tab bar by key', () => {
    const screen = schemaCursor(source, 'screen');
    const node = screen.prop('body', {}, {}).item();
    expect(screen.prop('body', {}, {}).key).toBe('id');
    expect(node.prop('children', {}, {}).key).toBe('id');
    expect(node.prop('props', { type: 'Menu' }, {}).prop('items', {}, {}).key).toBe('id');
    const tabs = node.prop('props', { type: 'Tabs' }, {}).prop('tabs', {}, {});
    expect(tabs.key).toBe('key');
    expect(tabs.item().prop('children', {}, {}).key).toBe('id');
    // Stats' items have no key: a brand's list replaces the product's whole
    expect(node.prop('props', { type: 'Stats' }, {}).prop('items', {}, {}).key).toBeUndefined();
    expect(schemaCursor(source, 'form').prop('fields', {}, {}).key).toBe('name');
    expect(schemaCursor(source, 'form').prop('rules', {}, {}).key).toBe('id');
    expect(schemaCursor(source, 'routes').prop('routes', {}, {}).key).toBe('path');
    expect(schemaCursor(source, 'app').prop('tabBar', {}, {}).key).toBe('key');
  });

  it('a node of the overlay that gives only its id is read by the product\'s type (its props\' lists keyed as that widget\'s)', () => {
    const base = { body: [{ id: 'm', type: 'Menu', props: { items: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }] } }] };
    const r = mergeLayers(base, { body: [{ id: 'm', props: { items: [{ id: 'b', title: 'B2' }] } }] }, schemaCursor(source, 'screen'));
    expect(r.problems).toEqual([]);
    expect(r.value).toEqual({ body: [{ id: 'm', type: 'Menu', props: { items: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B2' }] } }] });
  });
});

describe('a brand checked as one document (layers.ts)', () => {
  let schemas: SchemaSet;
  let widgets: WidgetSchemas;
  let product: ConfigBundle;
  let checker: (b: ConfigBundle) => Problem[];
  beforeAll(async () => {
    schemas = loadSchemas(root);
    widgets = await loadWidgetSchemas(root);
    product = configSource({ root }).productBundle();
    checker = createChecker(schemas, widgets);
  });
  const check = (o: Partial<OverlayBundle>) => {
    const brand = mergeBrand(product, { id: 'test', folder: 'brands/test', screens: {}, forms: {}, assets: [], ...o }, schemaSource(root, schemas, widgets));
    return [...brand.problems, ...checker(brand.bundle)].map((p) => `${p.file}: ${p.path}: ${p.message}`);
  };

  it('a value the brand set is named by the brand\'s file and its pointer there, the value it meets by the product\'s; one mistake, one problem (not again at each product rule reading the pair)', () => {
    expect(check({ app: { file: 'brands/test/app.json', json: { constants: { withdrawMin: 2000000 } } } })).toEqual([
      'brands/test/app.json: /constants/withdrawMin: withdrawMin 2000000 is above withdrawMax 1000000 (screens.config/app.json /constants/withdrawMax): no value can pass both; expected a minimum at most its maximum (lower withdrawMin or raise withdrawMax)',
    ]);
    // the brand lowers the maximum: named at the maximum, in the brand's file
    expect(check({ app: { file: 'brands/test/app.json', json: { constants: { withdrawMax: 50 } } } })).toEqual([
      'brands/test/app.json: /constants/withdrawMax: withdrawMax 50 is below withdrawMin 100 (screens.config/app.json /constants/withdrawMin): no value can pass both; expected a maximum at least its minimum (raise withdrawMax or lower withdrawMin)',
    ]);
    // a method's own minimum above the default maximum it follows: at the brand's value, not at the product's rule
    expect(check({ app: { file: 'brands/test/app.json', json: { constants: { depositMinWechat: 20000 } } } })).toEqual([
      'brands/test/app.json: /constants/depositMinWechat: depositMinWechat 20000 is above depositMax 10000 (screens.config/app.json /constants/depositMax), both read by the range rule on "amount" (screens.config/forms/recharge-wechat.json /rules/0): no value can pass both; expected a minimum at most its maximum (lower depositMinWechat or raise depositMax)',
    ]);
    // the brand's minimum above a maximum the product's rule writes out: at the brand's value
    const typed = { ...product.forms['withdraw-bank'], json: structuredClone(product.forms['withdraw-bank'].json) as { rules: { type: string; max?: unknown }[] } };
    typed.json.rules.find((r) => r.type === 'max')!.max = 50000;
    const withTyped = { ...product, forms: { ...product.forms, 'withdraw-bank': typed } };
    const brand = mergeBrand(withTyped, { id: 'test', folder: 'brands/test', screens: {}, forms: {}, assets: [], app: { file: 'brands/test/app.json', json: { constants: { withdrawMin: 60000 } } } }, schemaSource(root, schemas, widgets));
    expect(checker(brand.bundle).filter((p) => !p.severity && p.path.endsWith('/withdrawMin')).map((p) => `${p.file}: ${p.path}: ${p.message}`)).toEqual([
      'brands/test/app.json: /constants/withdrawMin: withdrawMin 60000 is above the max 50000 of the min and max rules on "amount" (screens.config/forms/withdraw-bank.json /rules/2/max): no value can pass both; expected a minimum at most that maximum (lower withdrawMin)',
    ]);
  });

  it('a node changed by its id: its props checked as the product\'s widget\'s, at the brand\'s own pointers', () => {
    const mine = { file: 'brands/test/screens/mine.json', json: { body: [{ id: 'shortcuts', props: { columnz: 3, items: [{ id: 'bonus', title: '红利', icon: 'gift', to: '/nowhere', $position: { after: 'transfer' } }] } }] } };
    const lines = check({ screens: { mine } });
    expect(lines[0]).toBe('brands/test/screens/mine.json: /body/0/props/columnz: Menu: unknown property "columnz" (expected one of items, perRow, title, variant)');
    expect(lines[1]).toMatch(/^brands\/test\/screens\/mine\.json: \/body\/0\/props\/items\/0\/to: "\/nowhere" is not a route of routes\.json \(expected one of \/, /);
    expect(lines).toHaveLength(2);
  });

  it('an override whose target the product no longer has names the brand\'s file, the path and what the product has now', () => {
    expect(check({ screens: { mine: { file: 'brands/test/screens/mine.json', json: { body: [{ id: 'quick', props: { title: '常用' } }] } } } })).toEqual([
      'brands/test/screens/mine.json: /body/0/id: the product has no item with id "quick" in this list (it has "shortcuts", "account", "services"): it may have been renamed or removed; a new item needs "$position": "first", "last", {"before": …} or {"after": …} with the id of an item',
    ]);
    expect(check({ messages: { file: 'brands/test/messages.json', json: { messages: { 'register.nmae': '用户名长度不对' } } } })).toEqual([
      'brands/test/messages.json: /messages/register.nmae: the product has no message "register.nmae" and nothing shows it: the product may have renamed or removed it (the product\'s register.* messages: register.name, register.password, register.confirm, register.realname, register.paypassword); change the message the product has now, or show this one somewhere',
    ]);
  });

  it('a message the brand deletes that the product\'s forms show is named where it is shown, with both folders', () => {
    expect(check({ messages: { file: 'brands/test/messages.json', json: { messages: { 'transfer.amount': null } } } })).toEqual([
      'screens.config/forms/transfer.json: /rules/0/message: message key "transfer.amount" is not in brands/test/messages.json or screens.config/messages.json',
      'screens.config/forms/transfer.json: /rules/1/message: message key "transfer.amount" is not in brands/test/messages.json or screens.config/messages.json',
    ]);
  });
});
