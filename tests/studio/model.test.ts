/**
 * Issue 37: the studio page's state below the browser (studio/ui/model.ts): edits per file, undo and
 * redo with typing coalesced, problems at their field and at the other field they are about, a
 * conflict rebased onto the file now on disk, edits kept for a reload; and the bundled schemas the
 * forms are made from (studio/schemas.ts): every reference resolves, no second copy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/config/check';
import { formSchemas, OWN_FIELDS } from '../../studio/schemas';
import { ABSENT } from '../../src/config/overlay/unmerge';
import { wordsFor } from '../../studio/ui/words';
import { edit, errorTree, getIn, keep, layersBody, layersCount, newHistory, NO_EDITS, NO_LAYERS, readSaved, rebase, record, redo, setFile, storageKey, undo, viewOf, withLayer, type DiskFile } from '../../studio/ui/model';

const root = path.resolve(__dirname, '..', '..');
const text = '{\n  "constants": { "withdrawMin": 100, "withdrawMax": 1000000 }\n}\n';
const disk: Record<string, DiskFile> = { 'app.json': { text, hash: 'a'.repeat(64), json: JSON.parse(text) } };

describe('edits and history', () => {
  it('an edit drafts the file from its text on disk; back to that value there is no draft', () => {
    const e = edit(NO_EDITS, disk, 'app.json', ['constants', 'withdrawMin'], 200);
    expect(e.drafts['app.json']).toEqual({ constants: { withdrawMin: 200, withdrawMax: 1000000 } });
    expect(e.base['app.json']).toBe('a'.repeat(64));
    expect(disk['app.json'].json).toEqual({ constants: { withdrawMin: 100, withdrawMax: 1000000 } });
    expect(edit(e, disk, 'app.json', ['constants', 'withdrawMin'], 100)).toEqual(NO_EDITS);
    // the same value again is no edit at all (the same object: no history step)
    expect(edit(e, disk, 'app.json', ['constants', 'withdrawMin'], 200)).toBe(e);
    expect(viewOf(e, disk, 'app.json')).toBe(e.drafts['app.json']);
  });

  it('typing into one field is one step; another field, or a pause, is a new one; undo and redo walk them', () => {
    let h = newHistory(NO_EDITS);
    const at = (n: number) => edit(h.present, disk, 'app.json', ['constants', 'withdrawMin'], n);
    h = record(h, at(2), 'min', 0);
    h = record(h, at(20), 'min', 300);
    h = record(h, at(200), 'min', 600);
    expect(h.past).toHaveLength(1);
    h = record(h, edit(h.present, disk, 'app.json', ['constants', 'withdrawMax'], 5), 'max', 700);
    h = record(h, at(300), 'min', 3000);
    expect(h.past).toHaveLength(3);
    h = undo(undo(h));
    expect(getIn(viewOf(h.present, disk, 'app.json'), ['constants'])).toEqual({ withdrawMin: 200, withdrawMax: 1000000 });
    h = undo(h);
    expect(h.present).toEqual(NO_EDITS);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(getIn(viewOf(h.present, disk, 'app.json'), ['constants', 'withdrawMin'])).toBe(200);
    // a new edit after an undo drops what could be redone
    h = record(h, edit(h.present, disk, 'app.json', ['constants', 'withdrawMax'], 7), 'max', 9000);
    expect(h.future).toEqual([]);
  });
});

describe('a brand\'s overlay file, set whole (src/config/overlay/unmerge.ts gives it)', () => {
  it('a file the brand has not got yet is drafted from its format (base ABSENT: a save creates it); back to nothing but its format, no draft', () => {
    const e = setFile(NO_EDITS, disk, 'forms/withdraw-bank.json', { $format: 2, fields: [{ name: 'amount', label: '提款金额（元）' }] }, 2);
    expect(e.drafts['forms/withdraw-bank.json']).toEqual({ $format: 2, fields: [{ name: 'amount', label: '提款金额（元）' }] });
    expect(e.base['forms/withdraw-bank.json']).toBe(ABSENT);
    expect(e.baseJson['forms/withdraw-bank.json']).toEqual({ $format: 2 });
    expect(setFile(e, disk, 'forms/withdraw-bank.json', { $format: 2 }, 2)).toEqual(NO_EDITS);
    expect(setFile(NO_EDITS, disk, 'forms/withdraw-bank.json', { $format: 2 }, 2)).toBe(NO_EDITS);
  });

  it('a file on disk: the draft is the new overlay, made from its text (back to it, no draft)', () => {
    const next = { constants: { withdrawMin: 100, withdrawMax: 500000 } };
    const e = setFile(NO_EDITS, disk, 'app.json', next, 2);
    expect(e.drafts['app.json']).toEqual(next);
    expect(e.base['app.json']).toBe('a'.repeat(64));
    expect(setFile(e, disk, 'app.json', disk['app.json'].json, 2)).toEqual(NO_EDITS);
  });
});

describe('problems at their field', () => {
  const problems: Problem[] = [
    { file: 'screens.config/app.json', path: '/constants/withdrawMin', message: 'withdrawMin 2000000 is above withdrawMax', also: ['/constants/withdrawMax'] },
    { file: 'screens.config/app.json', path: '/theme/primary', message: 'low contrast', severity: 'warning' },
    { file: 'screens.config/messages.json', path: '/messages/x', message: 'other file' },
  ];
  const en = wordsFor('en');
  it('in check:config\'s words, at the path and at every path it is also about, relative to the form', () => {
    expect(errorTree(problems, 'screens.config/app.json', ['constants'], en)).toEqual({
      withdrawMin: { __errors: ['withdrawMin 2000000 is above withdrawMax'] },
      withdrawMax: { __errors: ['withdrawMin 2000000 is above withdrawMax'] },
    });
    expect(errorTree(problems, 'screens.config/app.json', ['theme'], en)).toEqual({ primary: { __errors: ['warning: low contrast'] } });
    expect(errorTree(problems, 'screens.config/app.json', ['brand'], en)).toEqual({});
  });
});

describe('a conflict and a reload', () => {
  it('rebase: my changes on top of the file as it is now; theirs kept where I changed nothing', () => {
    const mine = edit(NO_EDITS, disk, 'app.json', ['constants', 'withdrawMin'], 200);
    const theirsText = '{\n  "constants": { "withdrawMin": 100, "withdrawMax": 900000 }\n}\n';
    const now: DiskFile = { text: theirsText, hash: 'b'.repeat(64), json: JSON.parse(theirsText) };
    const r = rebase(mine, 'app.json', now);
    expect(r.drafts['app.json']).toEqual({ constants: { withdrawMin: 200, withdrawMax: 900000 } });
    expect(r.base['app.json']).toBe('b'.repeat(64));
  });

  it('every layer\'s edits are kept under the product\'s folder, offered back after a reload, and forgotten when there are none', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    const key = storageKey('screens.config');
    const product = edit(NO_EDITS, disk, 'app.json', ['constants', 'withdrawMin'], 200);
    const jinsha = setFile(NO_EDITS, {}, 'app.json', { $format: 3, theme: { primary: '#0a7d52' } }, 3);
    const layers = withLayer(withLayer(NO_LAYERS, 'product', product), 'jinsha', jinsha);
    keep(storage, key, layers, new Date('2026-11-30T10:00:00Z'));
    expect(readSaved(storage, key)).toEqual({ layers: { product, jinsha }, at: '2026-11-30T10:00:00.000Z' });
    keep(storage, key, NO_LAYERS);
    expect(readSaved(storage, key)).toBeNull();
    store.set(key, '{broken');
    expect(readSaved(storage, key)).toBeNull();
    // what an older studio kept (one brand's edits, no layers) is not offered as edits it cannot place
    store.set(key, JSON.stringify({ ...product, at: '2026-11-30T10:00:00.000Z' }));
    expect(readSaved(storage, key)).toBeNull();
  });

  it('a layer with edits is in the layers, one back to its files is not; the count is every layer\'s', () => {
    const product = edit(NO_EDITS, disk, 'app.json', ['constants', 'withdrawMin'], 200);
    const both = withLayer(withLayer(NO_LAYERS, 'product', product), 'jinsha', setFile(NO_EDITS, {}, 'app.json', { $format: 3, theme: { primary: '#0a7d52' } }, 3));
    expect(Object.keys(both)).toEqual(['product', 'jinsha']);
    expect(layersCount(both)).toBe(2);
    expect(withLayer(both, 'product', product)).toBe(both);
    expect(Object.keys(withLayer(both, 'product', NO_EDITS))).toEqual(['jinsha']);
    expect(layersBody(both)).toEqual({ product: { base: product.base, drafts: product.drafts }, jinsha: { base: { 'app.json': ABSENT }, drafts: both.jinsha.drafts } });
  });
});

describe('the forms\' schemas', () => {
  const bundle = formSchemas(path.join(root, 'screens.config', 'schema'));
  it('are the files of screens.config/schema, every reference pointing inside the bundle', () => {
    expect(bundle.draft).toBe('http://json-schema.org/draft-07/schema#');
    const files = Object.keys(bundle.definitions).sort();
    expect(files).toEqual(['app.schema.json', 'common.schema.json', 'form.schema.json', 'messages.schema.json', 'refs.schema.json', 'routes.schema.json', 'screen.schema.json', 'studio.schema.json', 'widgets.schema.json']);
    const refs: string[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (k === '$ref') refs.push(String(x));
          else walk(x);
        }
      }
    };
    walk(bundle.definitions);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of refs) {
      expect(ref.startsWith('#/definitions/'), ref).toBe(true);
      const target = getIn(bundle, ref.slice(2).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')));
      expect(target, ref).toBeTypeOf('object');
    }
    // nothing but the references and the studio's marks differs from the files
    const app = JSON.parse(readFileSync(path.join(root, 'screens.config', 'schema', 'app.schema.json'), 'utf8')) as { properties: { constants: { properties: { withdrawMin: unknown } } } };
    expect(getIn(bundle.definitions['app.schema.json'], ['properties', 'constants', 'properties', 'withdrawMin'])).toEqual(app.properties.constants.properties.withdrawMin);
  });

  it('marks the fields drawn by a widget of their own: icon, colour, route', () => {
    expect(getIn(bundle.definitions, ['refs.schema.json', 'definitions', 'iconName', 'x-studio'])).toBe('icon');
    expect(getIn(bundle.definitions, ['app.schema.json', 'properties', 'theme', 'properties', 'primary', 'x-studio'])).toBe('colour');
    expect(getIn(bundle.definitions, ['app.schema.json', 'properties', 'topBar', 'properties', 'balanceTarget', 'x-studio'])).toBe('route');
    expect((getIn(bundle.definitions, ['common.schema.json', 'definitions', 'numberOrBinding', 'anyOf']) as { title: string }[]).map((o) => o.title)).toEqual(['number', 'binding']);
  });

  it('gives the page its own field for what the form library cannot draw: a condition, a list of actions (both recursive), a widget\'s nodes, a free object of values', () => {
    const at = (ref: string) => getIn(bundle, ref.slice(2).split('/'));
    for (const ref of Object.values(OWN_FIELDS)) expect(at(ref), ref).toBeTypeOf('object');
    // nothing inside a condition or a list of actions for the library to walk into (it would stop at the cycle)
    expect(at(OWN_FIELDS.condition)).toEqual({ type: ['object', 'boolean'], description: expect.stringContaining('A test on the scope') });
    expect(at(OWN_FIELDS.actions)).toEqual({ type: 'array' });
    // a tab's children and a Form's: edited in the outline; a payload and a screen's state: names and values
    expect(getIn(bundle.definitions, ['widgets.schema.json', 'definitions', 'Tabs', 'properties', 'tabs', 'items', 'properties', 'children'])).toEqual({ $ref: OWN_FIELDS.nodes });
    expect(getIn(bundle.definitions, ['screen.schema.json', 'properties', 'state'])).toMatchObject({ $ref: OWN_FIELDS.values });
    // the actions keep each kind's settings, for the page's field to draw the one picked
    expect((getIn(bundle.definitions, ['common.schema.json', 'definitions', 'action', 'oneOf']) as unknown[]).length).toBeGreaterThan(10);
  });
});
