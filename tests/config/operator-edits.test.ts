/**
 * Issue 24: an operator's edit is refused with the line to fix. The mistakes an operator made
 * (a trailing comma, full-width punctuation, a number in quotes, a misspelt key, a typo in a tab's
 * defaultKey, "hidden": true) are named by file and line:column or JSON path, with what to write;
 * a text stating a constant's value is a warning; "when": false is allowed. (The edits that reach
 * the player are tests/e2e/operator-edits.e2e.ts.)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConfigArgs } from '../../scripts/check-command';
import { createChecker, formatProblems, type ConfigBundle, type Problem } from '../../src/config/check';
import { readJsonText } from '../../src/config/json-text';
import { configSource, loadSchemas, loadWidgetSchemas } from '../../src/config/source/index';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
type Json = Record<string, unknown>;

/** a copy of the real config in a temporary folder, edited by `edits` (file -> [text, replacement]) */
function copyWith(edits: Record<string, [string, string][]>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cfg-edit-'));
  cpSync(path.join(root, 'screens.config'), dir, { recursive: true });
  for (const [file, pairs] of Object.entries(edits)) {
    let text = readFileSync(path.join(dir, file), 'utf8');
    for (const [from, to] of pairs) {
      expect(text, `${file} contains ${from}`).toContain(from);
      text = text.replace(from, to);
    }
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const cli = (dir: string) => spawnSync(process.execPath, checkConfigArgs(root, ['--dir', dir]), { cwd: root, encoding: 'utf8' });

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('a syntax error says file:line:column, shows the line with a caret, and what to write', () => {
  const at = (text: string) => {
    const r = readJsonText(text);
    if (r.ok) throw new Error('expected a syntax error');
    return `${r.problem.line}:${r.problem.column}: ${r.problem.message}\n${r.problem.frame}`;
  };

  it('a comma after the last entry', () => {
    expect(at('{\n  "a": "甲",\n  "b": "乙",\n}\n')).toBe(
      ['3:11: a comma after the last entry: remove this "," (JSON allows no comma before "}")', '  2 |   "a": "甲",', '> 3 |   "b": "乙",', '    |         \u3000 ^', '  4 | }'].join('\n'),
    );
    expect(at('[1, 2,]')).toBe('1:6: a comma after the last entry: remove this "," (JSON allows no comma before "]")\n> 1 | [1, 2,]\n    |      ^');
  });

  it('a missing comma, at the end of the entry before', () => {
    expect(at('{\n  "a": 1\n  "b": 2\n}')).toBe(['2:9: a comma is missing: add "," here, after the entry before "b"', '  1 | {', '> 2 |   "a": 1', '    |         ^', '  3 |   "b": 2'].join('\n'));
  });

  it('full-width punctuation typed with a Chinese input method', () => {
    expect(at('{ "a": "甲"， "b": 1 }').split('\n')[0]).toBe('1:11: a full-width comma "，" outside quotes: write the half-width , instead (only text inside "…" may use full-width punctuation)');
    expect(at('{ "a"： 1 }').split('\n')[0]).toBe('1:6: a full-width colon "：" outside quotes: write the half-width : instead (only text inside "…" may use full-width punctuation)');
    expect(at('{ "a": “甲” }').split('\n')[0]).toBe('1:8: a full-width quote "“" outside quotes: write the half-width " instead (only text inside "…" may use full-width punctuation)');
  });

  it('single quotes and comments', () => {
    expect(at("{ 'a': 1 }").split('\n')[0]).toBe('1:3: text in single quotes: write double quotes "…"');
    expect(at('{\n  // note\n  "a": 1\n}').split('\n')[0]).toBe('2:3: comments are not allowed in JSON: remove it (a "description" property can say it)');
  });

  it('valid JSON reads as JSON.parse reads it ("__proto__" stays a plain key)', () => {
    const r = readJsonText('{ "__proto__": { "x": 1 }, "a": [1, "二"] }');
    expect(r.ok && JSON.stringify(r.json)).toBe('{"__proto__":{"x":1},"a":[1,"二"]}');
    expect(r.ok && Object.getPrototypeOf(r.json)).toBe(Object.prototype);
  });
});

describe('npm run check:config on the mistakes of issue 24', () => {
  it('names each at its file and line:column or JSON path, with the hint; exit 1', () => {
    const dir = copyWith({
      'messages.json': [['"moneyFmt.yi": "亿",\n    "moneyFmt.exactLabel": "中心钱包余额 {amount} 元，点按查看全部钱包"', '"moneyFmt.yi": "亿",\n    "moneyFmt.exactLabel": "中心钱包余额 {amount} 元，点按查看全部钱包",']],
      'routes.json': [['"title": "赞助",', '"title": "赞助"，']],
      'forms/withdraw-bank.json': [['"min": "{{const.withdrawMin}}"', '"min": "200"']],
      'screens/home.json': [['"defaultKey": "realbet"', '"defaultKey": "lotery"']],
    });
    dirs.push(dir);
    const r = cli(dir);
    expect(r.status).toBe(1);
    const lines = r.stderr.split('\n');
    const messagesLine = readFileSync(path.join(dir, 'messages.json'), 'utf8').split('\n').findIndex((l) => l.includes('"moneyFmt.exactLabel"')) + 1;
    expect(lines).toContain(`${dir}/messages.json:${messagesLine}:56: not valid JSON: a comma after the last entry: remove this "," (JSON allows no comma before "}")`);
    expect(lines).toContain(`> ${messagesLine} |     "moneyFmt.exactLabel": "中心钱包余额 {amount} 元，点按查看全部钱包",`);
    const routesLine = readFileSync(path.join(dir, 'routes.json'), 'utf8').split('\n').findIndex((l) => l.includes('"赞助"，')) + 1;
    expect(lines).toContain(`${dir}/routes.json:${routesLine}:20: not valid JSON: a full-width comma "，" outside quotes: write the half-width , instead (only text inside "…" may use full-width punctuation)`);
    expect(lines).toContain(`${dir}/forms/withdraw-bank.json: /rules/1/min: expected a number or a {{binding}}, found "200": write 200 (a number, without quotes)`);
    expect(lines).toContain(
      `${dir}/screens/home.json: /body/4/props/defaultKey: defaultKey "lotery" is not the key of a tab of this SideTabs (expected one of "realbet", "sport", "gaming", "joker", "concise", "lottery"); did you mean "lottery"?`,
    );
    expect(r.stderr).toContain(`4 problem(s) in ${dir}/`);
  }, 60_000);

  it('a text stating a constant\'s value is a warning, printed apart; the check still passes', () => {
    const dir = copyWith({ 'messages.json': [['"单笔取款不能低于{{const.withdrawMin}}元"', '"单笔取款不能低于100元"']] });
    dirs.push(dir);
    const r = cli(dir);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
      `warning: ${dir}/messages.json: /messages/withdraw.min: "单笔取款不能低于100元" states 100, the value of const.withdrawMin used where this text is shown: write {{const.withdrawMin}} instead, so the text follows the constant`,
      '',
      expect.stringMatching(new RegExp(`^${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/ is valid, with 1 warning\\(s\\) \\(\\d+ ms\\)$`)),
      '',
    ]);
  }, 60_000);
});

describe('the checker on one edited file', () => {
  let check: (b: ConfigBundle) => Problem[];
  let real: ConfigBundle;
  beforeAll(async () => {
    check = createChecker(loadSchemas(root), await loadWidgetSchemas(root));
    real = configSource({ root }).productBundle();
  });
  const edited = (kind: 'messages' | 'home', edit: (json: Json) => void): string[] => {
    const b: ConfigBundle = { ...real, screens: { ...real.screens } };
    const entry = kind === 'messages' ? real.messages : real.screens.home;
    const json = structuredClone(entry.json) as Json;
    edit(json);
    if (kind === 'messages') b.messages = { file: entry.file, json };
    else b.screens.home = { file: entry.file, json };
    return formatProblems(check(b)).split('\n').filter(Boolean);
  };
  /** home.json's floating red-packet icon */
  const redPacket = (home: Json) => (home.body as Json[]).find((n) => n.type === 'FloatingIcon') as Json;

  it('the real config has no problem and no warning', () => {
    expect(check(real)).toEqual([]);
  });

  it('a misspelt key of messages.json is named as such, where it stands', () => {
    expect(
      edited('messages', (m) => {
        const messages = m.messages as Json;
        messages['auth.loginRequird'] = messages['auth.loginRequired'];
        delete messages['auth.loginRequired'];
      }),
    ).toEqual(['screens.config/messages.json: /messages/auth.loginRequird: unknown key "auth.loginRequird"; did you mean "auth.loginRequired"? ("auth.loginRequired" is missing)']);
  });

  it('"when": false switches a node off; "hidden" is refused naming what a node accepts and how to switch it off', () => {
    expect(edited('home', (h) => (redPacket(h).when = false))).toEqual([]);
    const at = `/body/${(real.screens.home.json as { body: Json[] }).body.findIndex((n) => n.type === 'FloatingIcon')}`;
    expect(edited('home', (h) => (redPacket(h).hidden = true))).toEqual([
      `screens.config/screens/home.json: ${at}/hidden: unknown property "hidden" (expected one of children, feature, id, props, type, when); to switch it off write "when": false`,
    ]);
    expect(edited('home', (h) => ((redPacket(h).props as Json).hidden = true))).toEqual([
      `screens.config/screens/home.json: ${at}/props/hidden: FloatingIcon: unknown property "hidden" (expected one of bottom, caption, closable, closeLabel, icon, label, onTap, position, sessionKey, src, testId, variant)`,
    ]);
    expect(edited('home', (h) => ((redPacket(h).props as Json).closable = 'false'))).toEqual([
      `screens.config/screens/home.json: ${at}/props/closable: FloatingIcon: expected true or false, found "false": write false (without quotes)`,
    ]);
    expect(edited('home', (h) => (redPacket(h).when = 'false'))).toEqual([`screens.config/screens/home.json: ${at}/when: expected object or boolean, found "false": write false (without quotes)`]);
  });
});

describe('messages.schema.json', () => {
  it('requires every message key src/ names, so a misspelling of one is named', () => {
    const files = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(path.join(dir, n)).isDirectory() ? files(path.join(dir, n)) : /\.tsx?$/.test(n) ? [path.join(dir, n)] : []));
    const named = new Set<string>();
    for (const f of files(path.join(root, 'src'))) {
      for (const m of readFileSync(f, 'utf8').matchAll(/message\('([a-zA-Z][\w.]*)'\)|'@([a-zA-Z]\w*\.[\w.]+)'|messages\['([a-zA-Z][\w.]*)'\]/g)) named.add(m[1] ?? m[2] ?? m[3]);
    }
    const schema = JSON.parse(readFileSync(path.join(root, 'screens.config', 'schema', 'messages.schema.json'), 'utf8')) as { properties: { messages: { required: string[] } } };
    expect(named.size).toBeGreaterThan(20);
    expect([...named].filter((k) => !schema.properties.messages.required.includes(k)).sort()).toEqual([]);
  });
});
