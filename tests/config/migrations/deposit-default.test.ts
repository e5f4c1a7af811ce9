/**
 * Config format 4: one deposit minimum and maximum for every method (src/config/migrations/deposit-default.ts).
 * The product's eight method constants become depositMin and depositMax, a method keeping its own
 * only where it differs; a brand's overlay keeps only what differs from the product (the eight
 * constants an earlier migration wrote into a brand go, so the brand follows the product again);
 * every binding reads the default after the method's own; a file keeps its text.
 */
import { describe, expect, it } from 'vitest';
import { applyToText, describeChange } from '../../../src/config/format/rewrite';
import { pendingChanges } from '../../../src/config/format/old-uses';
import { pendingProblems } from '../../../src/config/format/messages';
import { english } from '../english';
import { depositDefault } from '../../../src/config/migrations/deposit-default';
import { mergeBrand } from '../../../src/config/overlay/layers';
import { schemaSource } from '../../../src/config/source/index';
import { bundle } from './to-migrate';

const root = process.cwd();
const METHODS = ['Bank', 'Alipay', 'Wechat', 'Usdt'];
/** the eight constants of format 3, each method's pair as given (the same pair for every method unless named) */
const eight = (min: number, max: number, own: Record<string, number> = {}) =>
  Object.fromEntries(METHODS.flatMap((m) => [[`depositMin${m}`, min], [`depositMax${m}`, max]]).map(([k, v]) => [k, own[k as string] ?? v]));

/** a brand's overlay app.json (its text) over a product's constants: the changes, as migrate lists them, and the file as it writes it */
function overBrand(productConstants: Record<string, unknown>, text: string) {
  const product = bundle({ app: { file: 'p/app.json', json: { $format: 3, brand: { siteName: '星耀娱乐' }, constants: productConstants } } });
  const overlay = { id: 'b', folder: 'b', app: { file: 'b/app.json', json: JSON.parse(text) as unknown }, screens: {}, forms: {}, assets: [] };
  const pending = pendingChanges(product, [mergeBrand(product, overlay, schemaSource(root))]).filter((p) => p.migration === depositDefault && p.file === 'b/app.json');
  return { listed: pending.map((p) => `${p.path}: ${describeChange(p.change)}`), text: applyToText(text, pending.map((p) => p.change), 4).text };
}

describe('deposit-default', () => {
  it('the product\'s eight constants become the pair every method follows; a method keeps its own only where it differs', () => {
    expect(depositDefault).toMigrate({ constants: { transferMin: 0.01, ...eight(100, 10000), depositCountdownMs: 3600000 } }, { constants: { transferMin: 0.01, depositMin: 100, depositMax: 10000, depositCountdownMs: 3600000 } }, 'app');
    expect(depositDefault).toMigrate(
      { constants: eight(100, 10000, { depositMaxBank: 50000, depositMinUsdt: 500 }) },
      { constants: { depositMin: 100, depositMaxBank: 50000, depositMax: 10000, depositMinUsdt: 500 } },
      'app',
    );
  });

  it('rewrites the product\'s app.json in its own layout: the pair where the methods\' keys stood', () => {
    const lines = METHODS.map((m) => `    "depositMin${m}": 100,\n    "depositMax${m}": 10000,\n`).join('');
    const text = `{\n  "$schema": "./schema/app.schema.json",\n  "$format": 3,\n  "constants": {\n    "transferMin": 0.01,\n${lines}    "depositCountdownMs": 3600000\n  }\n}\n`;
    expect(applyToText(text, depositDefault.find(JSON.parse(text), 'app'), 4)).toEqual({
      text: text.replace('"$format": 3', '"$format": 4').replace(lines, '    "depositMin": 100,\n    "depositMax": 10000,\n'),
      skipped: [],
      kept: [],
    });
  });

  it('every binding reading a method\'s constant reads the default after it; one that does already is left', () => {
    expect(depositDefault).toMigrate(
      { rules: [{ field: 'amount', type: 'range', min: '{{data.rangeBank.min_price | or:const.depositMinBank}}', max: '{{data.rangeBank.max_price | or:const.depositMaxBank}}', message: '@deposit.range' }] },
      { rules: [{ field: 'amount', type: 'range', min: '{{data.rangeBank.min_price | or:const.depositMinBank | or:const.depositMin}}', max: '{{data.rangeBank.max_price | or:const.depositMaxBank | or:const.depositMax}}', message: '@deposit.range' }] },
      'form',
    );
    expect(depositDefault).toMigrate(
      { body: [{ type: 'Text', props: { text: '单笔存款范围：{{data.rangeUsdt.min_price | or:const.depositMinUsdt | money}} - {{const.depositMaxUsdt | money}} 元' } }] },
      { body: [{ type: 'Text', props: { text: '单笔存款范围：{{data.rangeUsdt.min_price | or:const.depositMinUsdt | or:const.depositMin | money}} - {{const.depositMaxUsdt | or:const.depositMax | money}} 元' } }] },
      'screen',
    );
    const done = { rules: [{ field: 'amount', type: 'min', min: '{{data.rangeBank.min_price | or:const.depositMinBank | or:const.depositMin}}' }] };
    expect(depositDefault).toMigrate(done, done, 'form');
  });

  it('a condition reading a method\'s constant is named, to be rewritten by hand', () => {
    const screen = { $format: 3, body: [{ type: 'Text', when: { path: 'const.depositMaxWechat', gt: 0 }, props: { text: '微信' } }] };
    expect(english(pendingProblems(pendingChanges(bundle({ screens: { recharge: { file: 'p/screens/recharge.json', json: screen } } }))))).toEqual([
      {
        file: 'p/screens/recharge.json',
        path: '/body/0/when/path',
        message: "const.depositMaxWechat is left out where the method follows the default since config format 4 (const.depositMin, const.depositMax): `npm run migrate` cannot rewrite a condition's path; read the method's range (data.range…) or the default here",
      },
    ]);
  });

  it('a brand that an earlier migration gave the eight constants, all the product\'s: they go, and the brand follows the product again', () => {
    const text = `{\n  "$format": 3,\n  "brand": { "siteName": "金沙娱乐" },\n  "constants": {\n${METHODS.map((m) => `    "depositMin${m}": 100,\n    "depositMax${m}": 10000`).join(',\n')}\n  }\n}\n`;
    const r = overBrand(eight(100, 10000), text);
    expect(r.listed).toHaveLength(8);
    expect(r.listed[0]).toBe('/constants/depositMinBank: removed');
    expect(r.text).toBe('{\n  "$format": 4,\n  "brand": { "siteName": "金沙娱乐" }\n}\n');
  });

  it('a brand that raised every maximum: one key of its own; a method it set apart keeps its own; what equals the product\'s goes', () => {
    const text = (m: Record<string, number>) => `{\n  "$format": 3,\n  "constants": {\n${Object.entries(m).map(([k, v]) => `    "${k}": ${v}`).join(',\n')}\n  }\n}\n`;
    const maxima = Object.fromEntries(METHODS.map((m) => [`depositMax${m}`, 50000]));
    expect(overBrand(eight(100, 10000), text({ depositMinBank: 100, ...maxima })).text).toBe('{\n  "$format": 4,\n  "constants": {\n    "depositMax": 50000\n  }\n}\n');
    // 金沙 as it is: a higher bank maximum alone stays the bank's
    expect(overBrand(eight(100, 10000), text({ depositMaxBank: 50000 }))).toEqual({ listed: [], text: text({ depositMaxBank: 50000 }).replace('"$format": 3', '"$format": 4') });
    // the product sets the bank's own maximum: the brand's four maxima cannot be one default over it, and stay
    expect(overBrand(eight(100, 10000, { depositMaxBank: 20000 }), text(maxima)).listed).toEqual([]);
    // a brand's key equal to the product's own value for that method pins it: it goes
    expect(overBrand(eight(100, 10000, { depositMaxBank: 20000 }), text({ depositMaxBank: 20000, depositMinWechat: 200 })).text).toBe('{\n  "$format": 4,\n  "constants": {\n    "depositMinWechat": 200\n  }\n}\n');
  });

  it('check:config names each old key with what it became and the command', () => {
    const product = bundle({ app: { file: 'p/app.json', json: { $format: 3, constants: eight(100, 10000) } } });
    const lines = pendingProblems(pendingChanges(product)).map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe(
      'p/app.json: /constants/depositMinBank: "depositMinBank" 100 is the minimum most deposit methods have: since config format 4 that is one key, depositMin 100, which every method follows unless it sets its own (kept only where it differs); run `npm run migrate`, which rewrites it in screens.config/ and every brand\'s overlay',
    );
  });
});
