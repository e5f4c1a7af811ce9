/**
 * Issue 37, point 7: a save writes only the changed values. Every change is written into the file's
 * own text with jsonc-parser's modify, so `git diff` shows the changed lines and nothing else: key
 * order, indentation and objects kept on one line stay as the operator's editor left them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyChanges, jsonChanges, pointerOf, sameJson, segmentsOf, textDiff } from '../../studio/json-edit';
import { configSource } from '../../src/config/source/index';

const root = path.resolve(__dirname, '..', '..');
const configDir = path.join(root, 'screens.config');

/** the lines that differ between two texts of the same number of lines */
const changedLines = (a: string, b: string) => {
  const x = a.split('\n');
  const y = b.split('\n');
  return x.length === y.length ? x.flatMap((l, i) => (l === y[i] ? [] : [[l, y[i]]])) : null;
};

describe('jsonChanges', () => {
  it('a value set, a key added and removed, by JSON path', () => {
    expect(jsonChanges({ a: 1, b: { c: 'x', d: [1, 2] } }, { a: 2, b: { c: 'x', d: [1, 3], e: true } })).toEqual([
      { path: ['a'], old: 1, new: 2 },
      { path: ['b', 'd', 1], old: 2, new: 3 },
      { path: ['b', 'e'], old: undefined, new: true },
    ]);
    expect(jsonChanges({ a: 1, b: 2 }, { b: 2 })).toEqual([{ path: ['a'], old: 1, new: undefined }]);
    expect(jsonChanges({ a: [1] }, { a: [1] })).toEqual([]);
    // key order is no change (the app reads keys, not their order)
    expect(jsonChanges({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual([]);
  });

  it('an item added to or removed from a list: the others are kept, the rest of the list is not rewritten', () => {
    const rules = [{ f: 'a' }, { f: 'b' }, { f: 'c' }];
    expect(jsonChanges(rules, [{ f: 'a' }, { f: 'n' }, { f: 'b' }, { f: 'c' }])).toEqual([{ path: [1], old: undefined, new: { f: 'n' }, insert: true }]);
    expect(jsonChanges(rules, [{ f: 'a' }, { f: 'c' }])).toEqual([{ path: [1], old: { f: 'b' }, new: undefined }]);
    // two removals apply from the last, so each index is still right when its turn comes
    expect(jsonChanges([1, 2, 3, 4], [1, 3]).map((c) => c.path)).toEqual([[3], [1]]);
  });
});

describe('applyChanges keeps every byte but the changed values', () => {
  const app = readFileSync(path.join(configDir, 'app.json'), 'utf8');
  const appJson = JSON.parse(app) as { constants: Record<string, unknown>; tabBar: unknown[] };

  it('withdrawMin 100 -> 200: one line of app.json changes, and only its number', () => {
    const next = structuredClone(appJson);
    next.constants.withdrawMin = 200;
    const text = applyChanges(app, jsonChanges(appJson, next), next);
    expect(changedLines(app, text)).toEqual([['    "withdrawMin": 100,', '    "withdrawMin": 200,']]);
    const diff = textDiff('screens.config/app.json', app, text);
    expect(diff.split('\n').filter((l) => /^[-+][^-+]/.test(l))).toEqual(['-    "withdrawMin": 100,', '+    "withdrawMin": 200,']);
    expect(diff.startsWith('--- a/screens.config/app.json\n+++ b/screens.config/app.json\n@@ ')).toBe(true);
  });

  it('in a form written with one-line objects, a rule\'s message changes inside its line', () => {
    const file = path.join(configDir, 'forms', 'withdraw-bank.json');
    const src = readFileSync(file, 'utf8');
    const json = JSON.parse(src) as { rules: { message: string }[] };
    const next = structuredClone(json);
    next.rules[1].message = '@withdraw.max';
    const text = applyChanges(src, jsonChanges(json, next), next);
    expect(changedLines(src, text)).toEqual([
      ['    { "field": "amount", "type": "min", "min": "{{const.withdrawMin}}", "message": "@withdraw.min" },', '    { "field": "amount", "type": "min", "min": "{{const.withdrawMin}}", "message": "@withdraw.max" },'],
    ]);
  });

  it('a key removed and a list item inserted change only their own lines', () => {
    const next = structuredClone(appJson);
    delete next.constants.withdrawMax;
    const text = applyChanges(app, jsonChanges(appJson, next), next);
    expect(app.split('\n').filter((l) => !text.split('\n').includes(l))).toEqual(['    "withdrawMax": 1000000,']);
    const src = '{\n  "list": [\n    1,\n    3\n  ],\n  "b": { "x": 1 }\n}\n';
    const after = applyChanges(src, jsonChanges(JSON.parse(src), { list: [1, 2, 3], b: { x: 1 } }), { list: [1, 2, 3], b: { x: 1 } });
    expect(after).toBe('{\n  "list": [\n    1,\n    2,\n    3\n  ],\n  "b": { "x": 1 }\n}\n');
  });

  it('every number of every config file changed at once: each text differs in exactly those lines', () => {
    for (const [name, f] of Object.entries(configSource({ root, productDir: configDir }).productFiles())) {
      const json = JSON.parse(f.text) as unknown;
      let count = 0;
      const bump = (v: unknown): unknown => {
        if (typeof v === 'number') return count++, v + 1;
        if (Array.isArray(v)) return v.map(bump);
        if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, bump(x)]));
        return v;
      };
      const next = bump(json);
      const text = applyChanges(f.text, jsonChanges(json, next), next);
      expect(sameJson(JSON.parse(text), next), name).toBe(true);
      const lines = changedLines(f.text, text);
      expect(lines, name).not.toBeNull();
      // a line may hold several numbers (a one-line object), never fewer than one
      expect(lines!.length <= count && (count === 0) === (lines!.length === 0), name).toBe(true);
      for (const [a, b] of lines!) expect(a.replace(/-?\d+(\.\d+)?(e[+-]?\d+)?/gi, '#'), name).toBe(b.replace(/-?\d+(\.\d+)?(e[+-]?\d+)?/gi, '#'));
    }
  });

  it('refuses to write a text that would not read back as the edit', () => {
    expect(() => applyChanges('{"a": 1}', [{ path: ['a'], old: 1, new: 2 }], { a: 3 })).toThrow('the changed values could not be written without changing others; nothing was written');
  });
});

describe('JSON Pointers', () => {
  it('as check:config writes them, escaped both ways', () => {
    expect(pointerOf(['messages', 'a/b~c', 0])).toBe('/messages/a~1b~0c/0');
    expect(segmentsOf('/messages/a~1b~0c/0')).toEqual(['messages', 'a/b~c', '0']);
    expect(segmentsOf('')).toEqual([]);
  });
});
