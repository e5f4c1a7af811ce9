/**
 * The edits a migration makes in an operator's file (src/config/json-edits.ts): what changes is
 * written in, every other character stays, and a property added takes the layout of the object it
 * joins (on its line when the object is written on one line, a line of its own at its siblings'
 * indentation otherwise). A move is a `set` at the new place and a `remove` of the old.
 */
import { describe, expect, it } from 'vitest';
import { applyEdit, EditError } from '../../src/config/json-edits';
import { applyToText } from '../../src/config/format/rewrite';
import { say, worded } from '../../src/config/words/index';

const file = [
  '{',
  '  "$schema": "./schema/app.schema.json",',
  '  "brand": { "siteName": "金沙娱乐", "shortName": "金沙" },',
  '  "constants": {',
  '    "withdrawMin": 100,',
  '    "depositMaxDefault": 50000,',
  '    "responsible": { "enabled": false }',
  '  },',
  '  "tabs": [{ "key": "kefu", "when": { "path": "a", "eq": 1 }, "label": "客服" }]',
  '}',
  '',
].join('\n');

describe('a move: the value written at its new place, the old key removed, the rest of the text as it was', () => {
  it('a key moved within its object (one key to four), each new key where the old one stood, then the old one removed', () => {
    let text = file;
    for (const m of ['Bank', 'Alipay', 'Wechat', 'Usdt']) text = applyEdit(text, { op: 'set', path: ['constants', `depositMax${m}`], value: 50000, before: 'depositMaxDefault' }).text;
    text = applyEdit(text, { op: 'remove', path: ['constants', 'depositMaxDefault'] }).text;
    expect(text).toBe(
      file.replace(
        '    "depositMaxDefault": 50000,\n',
        '    "depositMaxBank": 50000,\n    "depositMaxAlipay": 50000,\n    "depositMaxWechat": 50000,\n    "depositMaxUsdt": 50000,\n',
      ),
    );
  });

  it('a key moved to another place of the file: the objects on the way made (after the sibling named), the object it leaves empty removed', () => {
    let text = applyEdit(file, { op: 'set', path: ['features', 'responsiblePlay'], value: false, after: 'brand' }).text;
    text = applyEdit(text, { op: 'remove', path: ['constants', 'responsible', 'enabled'] }).text;
    expect(text).toBe(
      file
        .replace('  "constants": {', '  "features": {\n    "responsiblePlay": false\n  },\n  "constants": {')
        .replace('    "depositMaxDefault": 50000,\n    "responsible": { "enabled": false }\n', '    "depositMaxDefault": 50000\n'),
    );
  });

  it('an object written on one line keeps its line: a property added before a sibling, one removed, one set in place', () => {
    let text = applyEdit(file, { op: 'set', path: ['tabs', 0, 'feature'], value: 'responsiblePlay', before: 'when' }).text;
    expect(text).toContain('  "tabs": [{ "key": "kefu", "feature": "responsiblePlay", "when": { "path": "a", "eq": 1 }, "label": "客服" }]\n');
    text = applyEdit(text, { op: 'set', path: ['tabs', 0, 'when'], value: { path: 'b', in: [1, 2] } }).text;
    expect(text).toContain('"when": { "path": "b", "in": [1, 2] }, "label"');
    text = applyEdit(text, { op: 'remove', path: ['tabs', 0, 'when'] }).text;
    expect(text).toContain('  "tabs": [{ "key": "kefu", "feature": "responsiblePlay", "label": "客服" }]\n');
    // the first property removed, and one added last
    text = applyEdit(text, { op: 'remove', path: ['tabs', '0', 'key'] }).text;
    text = applyEdit(text, { op: 'set', path: ['brand', 'serviceName'], value: '在线管家' }).text;
    expect(text).toContain('  "tabs": [{ "feature": "responsiblePlay", "label": "客服" }]\n');
    expect(text).toContain('  "brand": { "siteName": "金沙娱乐", "shortName": "金沙", "serviceName": "在线管家" },\n');
  });

  it('`keep`: a value the file has at the new place already stays, and says so', () => {
    expect(applyEdit(file, { op: 'set', path: ['constants', 'withdrawMin'], value: 1, keep: true })).toEqual({ text: file, kept: '/constants/withdrawMin is in the file already: its value 100 is kept' });
  });

  it('an edit that cannot be made says why, and applyToText leaves its whole change (all or none)', () => {
    expect(() => applyEdit(file, { op: 'remove', path: ['constants', 'nope'] })).toThrow(EditError);
    expect(() => applyEdit(file, { op: 'set', path: ['constants', 'withdrawMin', 'x'], value: 1 })).toThrow('/constants/withdrawMin is not an object');
    const change = {
      path: ['constants', 'depositMaxDefault'],
      ...worded(say('menuColumnsPerRow', {})),
      edits: [
        { op: 'set' as const, path: ['constants', 'depositMaxBank'], value: 50000 },
        { op: 'remove' as const, path: ['constants', 'nope'] },
      ],
    };
    const r = applyToText(file, [change], 3);
    expect(r.skipped).toEqual([{ change, why: 'not found in the file' }]);
    expect(r.text).toBe(file.replace('"$schema": "./schema/app.schema.json",\n', '"$schema": "./schema/app.schema.json",\n  "$format": 3,\n'));
  });

  it('the format is stamped first in a file without $schema, and replaced in one that says an older one', () => {
    expect(applyToText('{\n  "body": []\n}\n', [], 3).text).toBe('{\n  "$format": 3,\n  "body": []\n}\n');
    expect(applyToText('{ "$format": 2, "body": [] }', [], 3).text).toBe('{ "$format": 3, "body": [] }');
  });
});
