/**
 * check:config keeps ajv's compiled validators between runs (scripts/validator-cache.ts): the
 * validators loaded from the kept code say exactly what freshly compiled ones say, in an
 * operator's words (which read the schema around each error: the keys an object allows, the types a
 * node may have, an enum's description); a changed schema is compiled again, not answered by the
 * old code; a broken kept file is compiled again and replaced; the folder keeps the few used last.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecker, type ConfigBundle, type Problem, type ValidatorCache } from '../../src/config/check';
import { configSource } from '../../src/config/source/index';
import { realSchemas } from './real-config';
import { validatorCache } from '../../scripts/validator-cache';

const root = path.resolve(__dirname, '..', '..');
const dir = mkdtempSync(path.join(tmpdir(), 'validators-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const given = realSchemas();

type Json = Record<string, unknown>;
/** the real config with mistakes of every kind the words are made for */
function broken(): ConfigBundle {
  const b = structuredClone(configSource({ root }).productBundle());
  const app = b.app.json as { brand: Json; constants: Json };
  app.brand.sitename = 'x'; // an unknown key, one typo from a known one
  app.constants.withdrawMin = '100'; // a number in quotes
  const login = b.forms.login.json as { fields: Json[]; rules: Json[] };
  login.fields[1].type = 'pasword'; // an enum, with did-you-mean
  login.rules[0].check = login.rules[0].type; // an old name
  delete login.rules[0].type;
  const home = b.screens.home.json as { body: Json[] };
  home.body.push({ type: 'Buton', props: {} }); // an unknown widget type (the discriminator)
  home.body.push({ type: 'Text', props: { text: 'a', hidden: true } }); // a widget's prop the widget lacks
  return b;
}

/** the cache, counting what it answered */
function counted(cache: ValidatorCache) {
  const n = { loaded: 0, saved: 0 };
  return {
    n,
    cache: {
      load: (source: string) => {
        const r = cache.load(source);
        if (r) n.loaded++;
        return r;
      },
      save: (source: string, code: string) => {
        n.saved++;
        cache.save(source, code);
      },
    } satisfies ValidatorCache,
  };
}

describe('the validators kept between runs', () => {
  let fresh: Problem[];
  beforeAll(() => {
    fresh = createChecker(given.schemas, given.widgets)(broken());
  });

  it('the first run compiles and keeps the code; the next loads it, and both say what a fresh compile says, word for word', () => {
    const first = counted(validatorCache(root, dir));
    expect(createChecker(given.schemas, given.widgets, first.cache)(broken())).toEqual(fresh);
    expect(first.n).toEqual({ loaded: 0, saved: 1 });
    const second = counted(validatorCache(root, dir));
    const loaded = createChecker(given.schemas, given.widgets, second.cache);
    expect(second.n).toEqual({ loaded: 1, saved: 0 });
    expect(loaded(broken())).toEqual(fresh);
    expect(loaded(configSource({ root }).productBundle())).toEqual([]);
    // the words that read the schema around each error (the keys allowed, the types, the old name) and the value found
    expect(fresh.map((p) => `${p.file} ${p.path}: ${p.message}`)).toEqual([
      'screens.config/app.json /brand/sitename: unknown property "sitename" (expected one of logo, serviceName, serviceUrl, shortName, siteName); did you mean "siteName"?',
      'screens.config/app.json /constants/withdrawMin: expected a number, found "100": write 100 (a number, without quotes)',
      'screens.config/forms/login.json /fields/1/type: expected one of "text", "password", "number", "captcha", "select", "date", "textarea", "radio", "hidden", found "pasword"; did you mean "password"?',
      'screens.config/forms/login.json /rules/0: missing required property "type"',
      'screens.config/forms/login.json /rules/0/check: unknown property "check" (expected one of field, id, max, message, min, onFail, other, pattern, type, when); it is called "type" now',
      `screens.config/screens/home.json /body/${(configSource({ root }).productBundle().screens.home.json as { body: unknown[] }).body.length}/type: unknown widget type "Buton" (expected one of ${Object.keys(given.widgets).sort().join(', ')}); did you mean "Button"?`,
      `screens.config/screens/home.json /body/${(configSource({ root }).productBundle().screens.home.json as { body: unknown[] }).body.length + 1}/props/hidden: Text: unknown property "hidden" (expected one of align, testId, text, variant)`,
    ]);
  });

  it('a changed schema is compiled again, not answered by the code of the old one', () => {
    const changed = structuredClone(given.widgets);
    const text = changed.Text.propsSchema as { properties: Json };
    text.properties.hidden = { type: 'boolean' };
    const run = counted(validatorCache(root, dir));
    const problems = createChecker(given.schemas, changed, run.cache)(broken());
    expect(run.n).toEqual({ loaded: 0, saved: 1 });
    expect(problems.some((p) => p.message.includes('"hidden"') && p.message.startsWith('Text:'))).toBe(false);
    expect(fresh.some((p) => p.message.includes('"hidden"') && p.message.startsWith('Text:'))).toBe(true);
  });

  it('a kept file that does not load is compiled again and replaced; the folder keeps the four used last', () => {
    for (const f of readdirSync(dir)) writeFileSync(path.join(dir, f), 'exports.app = (');
    const run = counted(validatorCache(root, dir));
    expect(createChecker(given.schemas, given.widgets, run.cache)(broken())).toEqual(fresh);
    expect(run.n).toEqual({ loaded: 0, saved: 1 });
    const again = counted(validatorCache(root, dir));
    createChecker(given.schemas, given.widgets, again.cache);
    expect(again.n).toEqual({ loaded: 1, saved: 0 });
    for (let i = 0; i < 4; i++) {
      const other = structuredClone(given.widgets);
      (other.Text.propsSchema as { description?: string }).description = `variant ${i}`;
      createChecker(given.schemas, other, validatorCache(root, dir));
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.cjs'))).toHaveLength(4);
  }, 60_000);
});
