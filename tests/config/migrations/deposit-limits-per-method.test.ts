/**
 * Config format 3: each deposit method has its own limits (src/config/migrations/deposit-limits-per-method.ts).
 * The shared pair's values go into every method's pair; a reference to the old constant becomes
 * its method's, read from the backend's range beside it; a brand's overlay that raised
 * depositMaxDefault gets the four maxima it meant; a file keeps its text.
 */
import { describe, expect, it } from 'vitest';
import { applyToText, describeChange } from '../../../src/config/format/rewrite';
import { pendingChanges } from '../../../src/config/format/old-uses';
import { pendingProblems } from '../../../src/config/format/messages';
import { english } from '../english';
import { depositLimitsPerMethod } from '../../../src/config/migrations/deposit-limits-per-method';
import { mergeBrand } from '../../../src/config/overlay/layers';
import { schemaSource } from '../../../src/config/source/index';
import { bundle } from './to-migrate';

const root = process.cwd();
const pair = (min: number, max: number) => ({
  depositMinBank: min,
  depositMaxBank: max,
  depositMinAlipay: min,
  depositMaxAlipay: max,
  depositMinWechat: min,
  depositMaxWechat: max,
  depositMinUsdt: min,
  depositMaxUsdt: max,
});

describe('deposit-limits-per-method', () => {
  it('app.json: the shared pair\'s values go into every method\'s pair, where the pair stood', () => {
    expect(depositLimitsPerMethod).toMigrate(
      { constants: { transferMin: 0.01, depositMinDefault: 100, depositMaxDefault: 10000, depositCountdownMs: 3600000 } },
      { constants: { transferMin: 0.01, ...pair(100, 10000), depositCountdownMs: 3600000 } },
      'app',
    );
  });

  it('a rule and a text that read the old constant beside a method\'s range read that method\'s own', () => {
    expect(depositLimitsPerMethod).toMigrate(
      { rules: [{ field: 'amount', type: 'range', min: '{{data.rangeAlipay.min_price | or:const.depositMinDefault}}', max: '{{data.rangeAlipay.max_price | or:const.depositMaxDefault}}', message: '@deposit.range' }] },
      { rules: [{ field: 'amount', type: 'range', min: '{{data.rangeAlipay.min_price | or:const.depositMinAlipay}}', max: '{{data.rangeAlipay.max_price | or:const.depositMaxAlipay}}', message: '@deposit.range' }] },
      'form',
    );
    expect(depositLimitsPerMethod).toMigrate(
      { body: [{ type: 'Text', props: { text: '单笔存款范围：{{data.rangeUsdt.min_price | or:const.depositMinDefault | money}} - {{data.rangeUsdt.max_price | or:const.depositMaxDefault | money}} 元' } }] },
      { body: [{ type: 'Text', props: { text: '单笔存款范围：{{data.rangeUsdt.min_price | or:const.depositMinUsdt | money}} - {{data.rangeUsdt.max_price | or:const.depositMaxUsdt | money}} 元' } }] },
      'screen',
    );
  });

  it('a reference with no method beside it is left, and named with the four constants to choose from; nothing else is touched', () => {
    const screen = {
      body: [
        { type: 'Text', props: { text: '最低存款 {{const.depositMinDefault}} 元' } },
        { type: 'Text', when: { path: 'const.depositMaxDefault', gt: 0 }, props: { text: '{{data.rangeBank.min_price | or:const.depositMinBank}}' } },
      ],
    };
    expect(depositLimitsPerMethod).toMigrate(screen, screen, 'screen');
    const product = bundle({ screens: { recharge: { file: 'p/screens/recharge.json', json: { $format: 2, ...screen } } } });
    // (format 4 then reads the default after the method's own: tests/config/migrations/deposit-default.test.ts)
    expect(english(pendingProblems(pendingChanges(product).filter((p) => p.migration === depositLimitsPerMethod)))).toEqual([
      {
        file: 'p/screens/recharge.json',
        path: '/body/0/props/text',
        message: 'const.depositMinDefault became each method\'s own constant since config format 3 (const.depositMinBank, const.depositMinAlipay, const.depositMinWechat, const.depositMinUsdt); `npm run migrate` cannot tell which method this text is about: write that method\'s constant here',
      },
      {
        file: 'p/screens/recharge.json',
        path: '/body/1/when/path',
        message: 'const.depositMaxDefault became each method\'s own constant since config format 3 (const.depositMaxBank, const.depositMaxAlipay, const.depositMaxWechat, const.depositMaxUsdt); `npm run migrate` cannot tell which method this text is about: write that method\'s constant here',
      },
    ]);
  });

  it('check:config names an old pair with what it became and the command', () => {
    const product = bundle({ app: { file: 'p/app.json', json: { $format: 2, constants: { depositMinDefault: 100, depositMaxDefault: 10000 } } } });
    expect(pendingProblems(pendingChanges(product)).map((p) => `${p.file}: ${p.path}: ${p.message}`)).toEqual([
      'p/app.json: /constants/depositMinDefault: "depositMinDefault" (shared by the four deposit methods) became each method\'s own since config format 3: depositMinBank, depositMinAlipay, depositMinWechat, depositMinUsdt, each 100 as it was; run `npm run migrate`, which rewrites it in screens.config/ and every brand\'s overlay',
      'p/app.json: /constants/depositMaxDefault: "depositMaxDefault" (shared by the four deposit methods) became each method\'s own since config format 3: depositMaxBank, depositMaxAlipay, depositMaxWechat, depositMaxUsdt, each 10000 as it was; run `npm run migrate`, which rewrites it in screens.config/ and every brand\'s overlay',
    ]);
  });

  it('rewrites the product\'s app.json in its own layout: each maximum beside its minimum, as the product writes them', () => {
    const text = '{\n  "$schema": "./schema/app.schema.json",\n  "$format": 2,\n  "constants": {\n    "transferMin": 0.01,\n    "depositMinDefault": 100,\n    "depositMaxDefault": 10000,\n    "depositCountdownMs": 3600000\n  }\n}\n';
    const lines = ['Bank', 'Alipay', 'Wechat', 'Usdt'].map((m) => `    "depositMin${m}": 100,\n    "depositMax${m}": 10000,\n`).join('');
    expect(applyToText(text, depositLimitsPerMethod.find(JSON.parse(text), 'app'), 3)).toEqual({
      text: text.replace('"$format": 2', '"$format": 3').replace('    "depositMinDefault": 100,\n    "depositMaxDefault": 10000,\n', lines),
      skipped: [],
      kept: [],
    });
  });

  it('a brand\'s overlay that raised depositMaxDefault gets the four maxima it meant, in its own file; a method\'s key it set already keeps its value', () => {
    const product = bundle({ app: { file: 'p/app.json', json: { $format: 3, brand: { siteName: '星耀娱乐' }, constants: { withdrawMin: 100, ...pair(100, 10000) } } } });
    const text = '{\n  "$format": 2,\n  "brand": { "siteName": "金沙娱乐" },\n  "constants": {\n    "depositMaxBank": 60000,\n    "depositMaxDefault": 50000\n  }\n}\n';
    const overlay = { id: 'b', folder: 'b', app: { file: 'b/app.json', json: JSON.parse(text) as unknown }, screens: {}, forms: {}, assets: [] };
    const pending = pendingChanges(product, [mergeBrand(product, overlay, schemaSource(root))]).filter((p) => p.migration === depositLimitsPerMethod);
    expect(pending.map((p) => `${p.file} ${p.path}: ${describeChange(p.change)}`)).toEqual([
      'b/app.json /constants/depositMaxDefault: -> /constants/depositMaxBank = 50000, -> /constants/depositMaxAlipay = 50000, -> /constants/depositMaxWechat = 50000, -> /constants/depositMaxUsdt = 50000, removed',
    ]);
    expect(applyToText(text, pending.map((p) => p.change), 3)).toEqual({
      text: '{\n  "$format": 3,\n  "brand": { "siteName": "金沙娱乐" },\n  "constants": {\n    "depositMaxBank": 60000,\n    "depositMaxAlipay": 50000,\n    "depositMaxWechat": 50000,\n    "depositMaxUsdt": 50000\n  }\n}\n',
      skipped: [],
      kept: [{ change: pending[0].change, what: '/constants/depositMaxBank is in the file already: its value 60000 is kept' }],
    });
  });
});
