/**
 * check:config's problems in the studio's language. Every problem carries its words as data (a
 * message id and its parts, src/config/words/); the studio words it in Chinese from them
 * (studio/ui/problem-words/). Here: the tables answer the same ids; every kind of mistake an
 * operator makes (in the product and in a brand, in a value, a key, a binding, a list, the JSON
 * itself) comes out as a problem with an id, its parts survive the trip to the page (JSON), and
 * its Chinese adds no English of its own: what stays Latin is the problem's own data (names,
 * paths, values) and a few fixed terms.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChecker, type ConfigBundle, type Problem } from '../../src/config/check';
import { configSource, loadSchemas, loadWidgetSchemas, type Drafts } from '../../src/config/source/index';
import { EN, WORD_AREAS, type Said } from '../../src/config/words/index';
import { englishLeft } from '../config/english';
import { readJsonText, JsonSyntaxError } from '../../src/config/json-text';
import { ZH_AREAS, zhOf } from '../../studio/ui/problem-words/index';
import { wordsFor } from '../../studio/ui/words';

const root = path.resolve(__dirname, '..', '..');
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a config file as a test edits it
let check: (b: ConfigBundle) => Problem[];
beforeAll(async () => {
  check = createChecker(loadSchemas(root), await loadWidgetSchemas(root));
});

/** the product's config with files changed (a function of the file's JSON, or a text that is not JSON) */
function product(change: Record<string, ((j: Json) => void) | string>): Problem[] {
  const b = structuredClone(configSource({ root }).productBundle());
  const entries = [b.app, b.messages, b.routes, ...Object.values(b.screens), ...Object.values(b.forms)];
  for (const [name, c] of Object.entries(change)) {
    const e = entries.find((x) => x.file === `screens.config/${name}`);
    if (!e) throw new Error(`no ${name}`);
    if (typeof c === 'string') {
      const r = readJsonText(c);
      e.json = r.ok ? r.json : new JsonSyntaxError(e.file, r.problem);
    } else c(e.json as Json);
  }
  return check(b);
}
/** the jinsha brand with its overlay's files replaced by drafts */
const brand = (drafts: Drafts): Problem[] => {
  // what the merge could not apply, then what the check finds in the merged config (as check:config and the studio list them)
  const merged = configSource({ root }).brand('jinsha', { drafts });
  return [...merged.problems, ...check(merged.bundle)];
};

/** the first object in a JSON value that `is` takes */
function first(v: unknown, is: (o: Json) => boolean): Json {
  const walk = (x: unknown): Json | undefined => {
    if (!x || typeof x !== 'object') return undefined;
    if (!Array.isArray(x) && is(x as Json)) return x as Json;
    for (const y of Object.values(x)) {
      const hit = walk(y);
      if (hit) return hit;
    }
    return undefined;
  };
  const hit = walk(v);
  if (!hit) throw new Error('no such object');
  return hit;
}

/** one mistake of each kind an operator makes, in the product's files and in a brand's */
const MISTAKES: [name: string, problems: () => Problem[]][] = [
  ['a minimum above its maximum', () => product({ 'app.json': (j) => (j.constants.withdrawMin = 2000000) })],
  ['a number typed as text', () => product({ 'app.json': (j) => (j.constants.withdrawMin = '100') })],
  ['a misspelt key', () => product({ 'app.json': (j) => (j.brand.sitName = j.brand.siteName) })],
  ['a colour players cannot read', () => product({ 'app.json': (j) => (j.theme.primary = '#b8860b') })],
  ['a name the top bar cuts', () => product({ 'app.json': (j) => (j.brand.siteName = '威尼斯人娱乐城官方网站') })],
  ['a constant that does not exist', () => product({ 'forms/recharge-wechat.json': (j) => (j.rules[0].min = '{{const.depositMinWechatt}}') })],
  ['a number typed into a rule', () => product({ 'forms/recharge-wechat.json': (j) => (j.rules[0].min = 123) })],
  ['a rule of no kind', () => product({ 'forms/recharge-wechat.json': (j) => (j.rules[0].type = 'rnage') })],
  ['a rule on no field', () => product({ 'forms/recharge-wechat.json': (j) => (j.rules[0].field = 'amuont') })],
  ['a message key that is gone', () => product({ 'messages.json': (j) => delete j.messages['nav.alreadyHere'] })],
  ['a message of no key', () => product({ 'forms/recharge-wechat.json': (j) => (j.rules[0].message = '@recharge.nope') })],
  ['a route to no screen', () => product({ 'routes.json': (j) => (j.routes[0].screen = 'hmoe') })],
  ['a call of no endpoint', () => product({ 'screens/fanshui.json': (j) => (Object.values(j.data as Json)[0].endpoint = 'getRecods') })],
  ['an address of another site where a route goes', () => product({ 'screens/mine.json': (j) => (first(j, (o) => o.to === '/recharge').to = 'https://pay.example.com/deposit') })],
  ['HTML\'s underscore in a value', () => product({ 'screens/appDownload.json': (j) => (first(j, (o) => o.type === 'openUrl').target = '_blank') })],
  ['a field the reply does not have', () => product({ 'screens/mine.json': (j) => (first(j, (o) => o.text === '{{user.username}}').text = '{{user.usernmae}}') })],
  ['a file that is not JSON', () => product({ 'app.json': '{ "constants": { "withdrawMin": 100, } }' })],
  ['a brand\'s minimum above the product\'s maximum', () => brand({ 'app.json': { constants: { withdrawMin: 2000000 } } })],
  ['a brand\'s patch of nothing', () => brand({ 'app.json': { brand: { $patch: 'delete' } } })],
  ['a brand\'s key of the language', () => brand({ 'app.json': JSON.parse('{"brand": {"__proto__": {"siteName": "x"}}}') })],
  ['a brand\'s item of no product item', () => brand({ 'routes.json': { routes: [{ path: '/nowhere', $patch: 'delete' }] } })],
];

describe('the Chinese table answers every message of the English one', () => {
  it('the same ids, area by area, and no id in two areas', () => {
    for (const [area, en] of Object.entries(WORD_AREAS)) expect(Object.keys(ZH_AREAS[area as keyof typeof ZH_AREAS]).sort(), area).toEqual(Object.keys(en).sort());
    const all = Object.values(WORD_AREAS).flatMap((t) => Object.keys(t));
    expect(all.length).toBe(new Set(all).size);
    expect(Object.keys(EN).length).toBe(all.length);
  });

  // (a problem's words at run.add and run.warn are a Said: TypeScript refuses a string there)
  it('every id is said somewhere in the check (no entry left over), and no problem is built with words of its own', () => {
    const files = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(path.join(dir, n)).isDirectory() ? files(path.join(dir, n)) : n.endsWith('.ts') ? [path.join(dir, n)] : []));
    const src = files(path.join(root, 'src', 'config')).filter((f) => !f.includes(`${path.sep}words${path.sep}`));
    const text = src.map((f) => readFileSync(f, 'utf8')).join('\n');
    for (const id of Object.keys(EN)) expect(text, id).toMatch(new RegExp(`\\bsay\\('${id}'`));
    const plain = src.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => [`${path.relative(root, f)}:${i + 1}`, line] as const)
        .filter(([, line]) => /\bmessage: [`'"]/.test(line) && !/^\s*(\*|\/\/)/.test(line)),
    );
    expect(plain.map(([at]) => at)).toEqual([]);
  });
});

describe('every kind of mistake comes out in Chinese', () => {
  it.each(MISTAKES)('%s', (_name, problems) => {
    const found = problems();
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) {
      expect(p.said, p.message).toBeDefined();
      const said = p.said!;
      expect(said.text).toBe(p.message);
      // the parts are JSON: the page gets what the server said
      const sent = JSON.parse(JSON.stringify(said)) as Said;
      expect(sent).toEqual(said);
      const zh = zhOf(sent);
      expect(zh).toBe(zhOf(said));
      expect(zh, said.id).not.toBe(said.text);
      expect(zh, said.id).toMatch(/[\u4e00-\u9fff]/);
      expect(englishLeft(said), `${said.id}: ${zh}`).toEqual([]);
    }
  });
});

describe('the studio words a problem in the language picked', () => {
  it('Chinese by default; English as check:config prints it', () => {
    const [p] = product({ 'app.json': (j) => (j.constants.withdrawMin = 2000000) }).filter((x) => x.path === '/constants/withdrawMin');
    expect(wordsFor('en').problem(p)).toBe(p.message);
    expect(wordsFor('zh').problem(p)).toBe(zhOf(p.said!));
    expect(wordsFor('zh').problem(p)).toContain('withdrawMin');
    expect(wordsFor('zh').problem(p)).toContain('2000000');
    // a problem without an id (a server older than the page) keeps its English
    expect(wordsFor('zh').problem({ message: 'plain words' })).toBe('plain words');
  });
});
