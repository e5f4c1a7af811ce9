/**
 * Every one-token typo an operator can make in the real config is reported at its file and JSON
 * path. The test finds the references on its own (it does not ask the check where they are):
 * widget and action types, endpoints, payload keys, condition operators, widget prop keys,
 * @message keys, and inside every {{binding}} (parsed by the engine's own parser) the scope root,
 * the const./data./state./maps. name and every filter and filter argument; a reload source, a
 * paged source and its page path, a setState key, a form rule's field and type, a form field's
 * type, a route's screen and guard, an icon, a feature tag and a feature switch; a key naming a sibling (a tab's defaultKey, the
 * initial state of a tab row or filter) and a key of messages.json the app needs; a route a `to`
 * goes to; the field read of the user (user.x), of a list entry (item.x) and of a data source's
 * reply (data.source.x). For each it swaps two neighbouring letters in an
 * in-memory copy, runs the check (schemas compiled once) and expects a problem at exactly that place,
 * worded in the studio's Chinese too (a message id with its Chinese). It prints how many of each kind it tried and caught.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpointNames } from '../../src/api/catalogue';
import { createChecker, type ConfigBundle, type Problem } from '../../src/config/check';
import { bindingExpressions, FILTERS, parseExpression } from '../../src/engine/bindings';
import { ICON_SOURCES } from '../../src/engine/icon-names';
import { configSource, loadSchemas, loadWidgetSchemas } from '../../src/config/source/index';
import { zhOf } from '../../studio/ui/problem-words/index';
import { englishLeft } from './english';

const root = path.resolve(__dirname, '..', '..');
type Json = { [k: string]: unknown };
type At = (string | number)[];
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const pointer = (at: At) => (at.length ? '/' + at.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/') : '/');

/** One typo: where it is written, what it changes, where the check must report it. */
interface Mutation {
  kind: string;
  file: string;
  /** path to the string, or to the object whose key is renamed */
  at: At;
  /** a string value replaced, or a key renamed */
  change: { value: string } | { fromKey: string; toKey: string };
  /** the JSON path the check must name */
  expect: string;
}

let check: (b: ConfigBundle) => Problem[];
let bundle: ConfigBundle;
let words: Set<string>;
let actionTypes: Set<string>;
let widgetTypes: Set<string>;
let messageKeys: Set<string>;
/** the keys messages.json must have (messages.schema.json required) */
let requiredMessages: string[];

beforeAll(async () => {
  const schemas = loadSchemas(root);
  const widgets = await loadWidgetSchemas(root);
  check = createChecker(schemas, widgets);
  bundle = configSource({ root }).productBundle();
  widgetTypes = new Set(Object.keys(widgets));
  const actionDef = (schemas.common as { definitions: { action: { oneOf: { properties: { type: { const: string } } }[] } } }).definitions.action;
  actionTypes = new Set(actionDef.oneOf.map((b) => b.properties.type.const));
  messageKeys = new Set(Object.keys((bundle.messages.json as { messages: Json }).messages));
  requiredMessages = (schemas.messages as { properties: { messages: { required: string[] } } }).properties.messages.required;
  // every word anywhere in the config and the catalogue: a typo must not land on one of them
  const all = JSON.stringify([bundle, endpointNames, Object.keys(FILTERS), Object.keys(ICON_SOURCES), [...widgetTypes]]);
  words = new Set(all.match(/[A-Za-z_$][\w$]*/g) ?? []);
});

/** Swaps two neighbouring different letters ("navigate" -> "nvaigate"), avoiding every real word. */
function typo(word: string, extraAvoid: Set<string> = new Set()): string | undefined {
  for (const i of [1, 0, 2, 3, 4, 5, 6, 7, 8].filter((n) => n < word.length - 1)) {
    if (word[i] === word[i + 1]) continue;
    const t = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    if (!words.has(t) && !extraAvoid.has(t) && !t.startsWith('.') && !/^\d/.test(t)) return t;
  }
  return undefined;
}

/** The tokens of one binding expression with their offsets: root, second path segment, filters and arguments. */
function tokens(expr: string): { kind: string; start: number; text: string }[] {
  const out: { kind: string; start: number; text: string }[] = [];
  const parsed = parseExpression(expr);
  const pieces: { text: string; start: number }[] = [];
  let offset = 0;
  for (const piece of expr.split('|')) {
    pieces.push({ text: piece, start: offset });
    offset += piece.length + 1;
  }
  const pathTokens = (p: string, start: number, rootKind: string) => {
    const m = /^([A-Za-z_$][\w$]*)(?:\.([A-Za-z_$][\w$]*))?(?:\.([A-Za-z_$][\w$]*))?/.exec(p);
    if (!m) return;
    out.push({ kind: rootKind, start, text: m[1] });
    const named: Record<string, string> = { const: 'const. name', data: 'data. source', state: 'state. key', maps: 'maps. name', brand: 'brand. name', user: 'user. field', app: 'app. field', item: 'item. field' };
    if (m[2] && named[m[1]]) out.push({ kind: named[m[1]], start: start + m[1].length + 1, text: m[2] });
    // the field read of a data source's reply: data.<source>.<field>
    if (m[1] === 'data' && m[2] && m[3]) out.push({ kind: 'data. field', start: start + m[1].length + m[2].length + 2, text: m[3] });
  };
  if (parsed.head.kind === 'path') {
    const p = pieces[0];
    pathTokens(parsed.head.path, p.start + p.text.indexOf(parsed.head.path), 'binding root');
  }
  parsed.filters.forEach((f, i) => {
    const p = pieces[i + 1];
    const nameAt = p.start + p.text.indexOf(f.name);
    out.push({ kind: 'filter', start: nameAt, text: f.name });
    if (f.arg === undefined) return;
    const argAt = p.start + p.text.indexOf(':') + 1 + (p.text.slice(p.text.indexOf(':') + 1).length - p.text.slice(p.text.indexOf(':') + 1).trimStart().length);
    if (f.name === 'map') out.push({ kind: 'map: name', start: argAt, text: f.arg });
    if (f.name === 'or' || f.name === 'lookup') pathTokens(f.arg, argAt, 'filter path argument');
  });
  return out;
}

/** Typos inside one string: @message key, and the tokens of each binding or condition path. */
function stringMutations(file: string, at: At, s: string, asExpression: boolean): Mutation[] {
  const out: Mutation[] = [];
  const where = pointer(at);
  if (/^@[a-zA-Z][\w.]*$/.test(s) && messageKeys.has(s.slice(1))) {
    const key = s.slice(1);
    const last = key.split('.').pop() ?? key;
    const t = typo(last);
    if (t) out.push({ kind: '@message key', file, at, change: { value: `@${key.slice(0, key.length - last.length)}${t}` }, expect: where });
  }
  const exprs: { expr: string; start: number }[] = [];
  if (asExpression) exprs.push({ expr: s, start: 0 });
  else {
    let cursor = 0;
    for (const expr of bindingExpressions(s)) {
      const start = s.indexOf(expr, cursor);
      exprs.push({ expr, start });
      cursor = start + expr.length;
    }
  }
  for (const { expr, start } of exprs) {
    for (const tok of tokens(expr)) {
      const t = typo(tok.text);
      if (!t) continue;
      const pos = start + tok.start;
      expect(s.slice(pos, pos + tok.text.length)).toBe(tok.text);
      out.push({ kind: tok.kind, file, at, change: { value: s.slice(0, pos) + t + s.slice(pos + tok.text.length) }, expect: where });
    }
  }
  return out;
}

const CONDITION_KEYS = ['path', 'eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'truthy', 'empty', 'all', 'any', 'not'];
const isCondition = (o: Json) => Object.keys(o).length > 0 && Object.keys(o).every((k) => CONDITION_KEYS.includes(k));

/** Every reference of every kind in one file. */
function fileMutations(file: string, json: unknown, fileKind: 'app' | 'messages' | 'routes' | 'screen' | 'form'): Mutation[] {
  const out: Mutation[] = [];
  const rename = (kind: string, at: At, key: string) => {
    const t = typo(key);
    if (t) out.push({ kind, file, at, change: { fromKey: key, toKey: t }, expect: pointer([...at, t]) });
  };
  const value = (kind: string, at: At, v: string, avoid?: Set<string>) => {
    const t = typo(v, avoid);
    if (t) out.push({ kind, file, at, change: { value: t }, expect: pointer(at) });
  };
  const walk = (v: unknown, at: At, parentKey: string | number | undefined) => {
    if (typeof v === 'string') {
      if (at[0] === '$schema') return;
      const conditionPath = parentKey === 'path' && at.length > 1;
      out.push(...stringMutations(file, at, v, false));
      // a route a navigate action, menu entry or cell goes to (its query kept): "/wallet?type=1" -> "/walelt?type=1"
      const route = /^\/([A-Za-z][\w-]*)(?=$|[?#])/.exec(v);
      if ((parentKey === 'to' || parentKey === 'balanceTarget') && route) {
        const t = typo(route[1]);
        if (t) out.push({ kind: 'route to', file, at, change: { value: `/${t}${v.slice(route[0].length)}` }, expect: pointer(at) });
      }
      if (conditionPath && !v.includes('{{')) out.push(...stringMutations(file, at, v, true));
      return;
    }
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, [...at, i], i));
    if (!isObject(v)) return;
    const t = v.type;
    if (typeof t === 'string' && widgetTypes.has(t) && typeof at[at.length - 1] === 'number') {
      value('widget type', [...at, 'type'], t);
      if ((t === 'Tabs' || t === 'SideTabs') && isObject(v.props) && typeof v.props.defaultKey === 'string') value('tab defaultKey', [...at, 'props', 'defaultKey'], v.props.defaultKey);
      if (isObject(v.props)) for (const k of Object.keys(v.props)) rename('widget prop key', [...at, 'props'], k);
      if (t === 'PagedList' && isObject(v.props) && typeof v.props.source === 'string') value('paged source', [...at, 'props', 'source'], v.props.source);
    }
    if (typeof t === 'string' && actionTypes.has(t) && typeof at[at.length - 1] === 'number') {
      value('action type', [...at, 'type'], t);
      if (t === 'reload' && typeof v.source === 'string') value('reload source', [...at, 'source'], v.source);
      if (t === 'setState' && typeof v.key === 'string') value('setState key', [...at, 'key'], v.key);
    }
    if (typeof v.endpoint === 'string') {
      value('endpoint', [...at, 'endpoint'], v.endpoint);
      if (isObject(v.payload)) for (const k of Object.keys(v.payload)) rename('payload key', [...at, 'payload'], k);
    }
    if (typeof v.icon === 'string' && Object.hasOwn(ICON_SOURCES, v.icon)) value('icon', [...at, 'icon'], v.icon);
    // the feature a part belongs to (app.json features), and a switch's own name there
    if (typeof v.feature === 'string') value('feature tag', [...at, 'feature'], v.feature);
    if (fileKind === 'app' && at.length === 1 && at[0] === 'features') for (const k of Object.keys(v)) rename('feature switch', at, k);
    if (fileKind === 'screen' && at.length === 3 && at[0] === 'data' && at[2] === 'paged' && typeof v.path === 'string') value('page path', [...at, 'path'], v.path);
    if (isCondition(v) && at.length > 0) for (const k of Object.keys(v)) rename('condition operator', at, k);
    if (fileKind === 'form' && at.length === 2 && at[0] === 'rules' && typeof v.field === 'string') value('form rule field', [...at, 'field'], v.field);
    if (fileKind === 'form' && at.length === 2 && at[0] === 'rules' && typeof v.type === 'string') value('form rule type', [...at, 'type'], v.type);
    if (fileKind === 'form' && at.length === 2 && at[0] === 'fields' && typeof v.type === 'string') value('form field type', [...at, 'type'], v.type);
    if (fileKind === 'routes' && at.length === 2 && at[0] === 'routes') {
      if (typeof v.screen === 'string') value('route screen', [...at, 'screen'], v.screen);
      if (typeof v.guard === 'string') value('route guard', [...at, 'guard'], v.guard);
    }
    for (const [k, x] of Object.entries(v)) walk(x, [...at, k], k);
  };
  walk(json, [], undefined);
  // messages.json: a key the app needs, misspelt where it is defined
  if (fileKind === 'messages' && isObject(json) && isObject(json.messages)) {
    for (const k of Object.keys(json.messages)) if (requiredMessages.includes(k)) rename('messages.json key', ['messages'], k);
  }
  // a screen's state that a tab row or a filter writes starts at one of its choices (a literal initial value)
  if (fileKind === 'screen' && isObject(json) && isObject(json.state)) {
    const written = new Set<string>();
    JSON.stringify(json.body, (_key, x: unknown) => {
      if (isObject(x) && ['Tabs', 'SideTabs', 'DataTabs', 'FilterBar'].includes(String(x.type)) && isObject(x.props)) {
        const props = x.props;
        if (typeof props.stateKey === 'string' && props.optionsFrom === undefined) written.add(props.stateKey);
        for (const f of Array.isArray(props.filters) ? props.filters.filter(isObject) : []) if (typeof f.stateKey === 'string' && f.optionsFrom === undefined) written.add(f.stateKey);
      }
      return x;
    });
    for (const [k, x] of Object.entries(json.state)) if (written.has(k) && typeof x === 'string' && x !== '' && !x.includes('{{')) value('tab/filter state', ['state', k], x);
  }
  return out;
}

/**
 * MUTATE_FILES (a comma-separated list of files as the bundle names them, screens.config/…): only
 * those files' references are mistyped, against the whole config. tests/config/add-one.test.ts
 * sets it in its copy of the project to the files its recipes added or changed: every other file
 * is the repository's, whose typos this file's own run tries against the same check.
 */
const only = process.env.MUTATE_FILES ? new Set(process.env.MUTATE_FILES.split(',')) : undefined;

function allMutations(): Mutation[] {
  const all = [
    ...fileMutations(bundle.app.file, bundle.app.json, 'app'),
    ...fileMutations(bundle.messages.file, bundle.messages.json, 'messages'),
    ...fileMutations(bundle.routes.file, bundle.routes.json, 'routes'),
    ...Object.values(bundle.screens).flatMap((s) => fileMutations(s.file, s.json, 'screen')),
    ...Object.values(bundle.forms).flatMap((f) => fileMutations(f.file, f.json, 'form')),
  ];
  if (!only) return all;
  for (const file of only) expect(all.some((m) => m.file === file), `MUTATE_FILES: ${file} has a reference to mistype`).toBe(true);
  return all.filter((m) => only.has(m.file));
}

/** The real bundle with the one file of the mutation copied and changed. */
function mutated(m: Mutation): ConfigBundle {
  const copyOf = (e: { file: string; json: unknown }) => (e.file === m.file ? { file: e.file, json: structuredClone(e.json) } : e);
  const b: ConfigBundle = {
    app: copyOf(bundle.app),
    messages: copyOf(bundle.messages),
    routes: copyOf(bundle.routes),
    screens: Object.fromEntries(Object.entries(bundle.screens).map(([k, e]) => [k, copyOf(e)])),
    forms: Object.fromEntries(Object.entries(bundle.forms).map(([k, e]) => [k, copyOf(e)])),
  };
  const entry = [b.app, b.messages, b.routes, ...Object.values(b.screens), ...Object.values(b.forms)].find((e) => e.file === m.file);
  if (!entry) throw new Error(`no file ${m.file}`);
  const target = 'value' in m.change ? m.at.slice(0, -1) : m.at;
  let holder = entry.json as Json;
  for (const k of target) holder = (holder as Record<string | number, unknown>)[k] as Json;
  if ('value' in m.change) {
    holder[m.at[m.at.length - 1]] = m.change.value;
  } else {
    // rename the key where it stands (order kept)
    const entries = Object.entries(holder).map(([k, v]) => [k === (m.change as { fromKey: string }).fromKey ? (m.change as { toKey: string }).toKey : k, v] as const);
    for (const k of Object.keys(holder)) delete holder[k];
    for (const [k, v] of entries) holder[k] = v;
  }
  return b;
}

describe('check:config catches one-token typos', () => {
  it('the real config is clean, so every problem below comes from the typo', () => {
    expect(check(bundle)).toEqual([]);
  });

  it('reports every typo of every kind at its file and JSON path', () => {
    const started = performance.now();
    const mutations = allMutations();
    const counts = new Map<string, { tried: number; caught: number }>();
    const missed: string[] = [];
    const unworded = new Set<string>();
    for (const m of mutations) {
      const c = counts.get(m.kind) ?? { tried: 0, caught: 0 };
      counts.set(m.kind, c);
      c.tried++;
      // a warning (a literal limit in a text, checks/literals.ts) is not a catch
      const problems = check(mutated(m)).filter((p) => p.severity !== 'warning');
      // and each in the studio's language: its words have an id, and the Chinese of that id adds no English of its own
      for (const p of problems) if (!p.said || !/[\u4e00-\u9fff]/.test(zhOf(p.said)) || englishLeft(p.said).length) unworded.add(`${m.kind}: ${p.said ? `${zhOf(p.said)} (${englishLeft(p.said).join(' ')})` : p.message}`);
      if (problems.some((p) => p.file === m.file && p.path === m.expect)) c.caught++;
      else missed.push(`${m.kind}: ${m.file} ${m.expect} ${JSON.stringify(m.change)} -> ${problems.map((p) => `${p.path}: ${p.message}`).join(' | ') || 'no problem'}`);
    }
    const table = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([kind, c]) => `  ${kind.padEnd(22)} ${String(c.caught).padStart(4)} / ${String(c.tried).padEnd(4)} ${Math.round((100 * c.caught) / c.tried)}%`);
    console.log(`one-token typos caught, per kind (${mutations.length} checks in ${Math.round(performance.now() - started)} ms):\n${table.join('\n')}`);
    expect(missed.slice(0, 30)).toEqual([]);
    expect([...unworded].slice(0, 30)).toEqual([]);
    // every kind the issue names occurs in the real config (the whole of it: not with MUTATE_FILES)
    if (!only) for (const kind of ['widget type', 'action type', 'endpoint', 'payload key', 'condition operator', 'widget prop key', '@message key', 'binding root', 'filter', 'const. name', 'data. source', 'state. key', 'map: name', 'reload source', 'paged source', 'page path', 'setState key', 'form rule field', 'form rule type', 'form field type', 'route screen', 'route guard', 'icon', 'tab defaultKey', 'tab/filter state', 'messages.json key', 'route to', 'user. field', 'item. field', 'data. field']) {
      expect(counts.get(kind)?.tried ?? 0, kind).toBeGreaterThan(0);
    }
    // the shell's action list (app.json topBar.recycle) and an upload's payload are places like any other
    if (!only) for (const kind of ['action type', 'endpoint']) expect(mutations.some((m) => m.file === bundle.app.file && m.kind === kind), `app.json ${kind}`).toBe(true);
    if (!only) expect(mutations.some((m) => m.kind === 'payload key' && 'fromKey' in m.change && m.change.fromKey === 'file'), 'an upload\'s payload key').toBe(true);
    // about 3 s on an idle machine; the 2 shared cores of this workplace can be many times slower
  }, 120000);
});
