/**
 * A number has one home (a warning, not an error): a text a player reads that states the value of
 * a constant its own screen or form uses ("单笔取款不能低于100元" where the form's rule reads
 * {{const.withdrawMin}}) says the old number once an operator changes the constant. The text
 * should take it from the constant ({{const.withdrawMin}}), so the next edit cannot miss it.
 *
 * For each screen (with the forms it shows) and each form: the numeric constants it refers to
 * ({{const.X}}, or:const.X), and the texts it shows: its own strings with Chinese in them and the
 * messages it names (@key). A text states a value when the number stands alone in it (not part of
 * a longer number), outside its {{bindings}}. 0 and 1 are left out: they are everywhere in copy
 * ("1. 晋级标准").
 */
import { bindingExpressions, parseExpression } from '../../engine/bindings';
import { isObject, walkStrings, type At, type JsonObject } from './util';
import type { Run } from './context.ts';
import { say } from '../words/index.ts';
import type { DoubledText } from '../words/limits.ts';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
/** keys of a file whose strings are notes for the operator, not shown to a player (a widget's `description`, deeper down, is shown) */
const NOT_SHOWN = new Set(['description', '$schema']);
const isNote = (at: At) => at.length === 1 && typeof at[0] === 'string' && NOT_SHOWN.has(at[0]);

/** The constants a string refers to: const.X.Y in any binding, as the head or an or: argument. */
function constantsIn(s: string, out: Set<string>): void {
  if (!s.includes('const.')) return;
  for (const expr of bindingExpressions(s)) {
    const { head, filters } = parseExpression(expr);
    const paths = [head.kind === 'path' ? head.path : '', ...filters.filter((f) => f.name === 'or' && f.arg).map((f) => f.arg ?? '')];
    for (const p of paths) if (p.startsWith('const.')) out.add(p.slice(6));
  }
  // a condition path (no braces): "data.list | len" compared with "{{const.maxBankCards}}" is covered above
}

/** A constant's numeric value by its dotted name, or undefined. */
function valueOf(constants: JsonObject, name: string): number | undefined {
  let v: unknown = constants;
  for (const k of name.split('.')) v = isObject(v) && Object.prototype.hasOwnProperty.call(v, k) ? v[k] : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** the text with its bindings taken out (a number inside {{…}} is not stated to the player) */
const withoutBindings = (s: string) => s.replace(/\{\{[^{}]*\}\}/g, ' ');


export function checkLiteralConstants(run: Run): void {
  const constants = run.constants;
  if (!constants) return;
  const messages = run.messages ?? {};
  const { bundle } = run;
  const places = [
    ...Object.entries(bundle.screens).filter(([name]) => run.ok.screens[name]).map(([, s]) => s),
    ...Object.entries(bundle.forms).filter(([name]) => run.ok.forms[name]).map(([, f]) => f),
  ];
  for (const place of places) {
    run.once(place.json, 'literals', [place.file, bundle.app.json, bundle.messages.json], () => checkPlace(run, place, constants, messages));
  }
}

/**
 * The constants a text is nearest to: for a form field's text (label, placeholder) the constants
 * of the rules on that field; for a rule's message the rule's own. A text states a value of these
 * first; when none matches, any constant the place uses.
 */
function nearConstants(json: unknown, at: At): Set<string> {
  const out = new Set<string>();
  // a screen's text: the widget node holding it (its when and props; not its children)
  let node: JsonObject | undefined;
  let v: unknown = json;
  for (const k of at) {
    v = Array.isArray(v) ? v[Number(k)] : isObject(v) ? v[k] : undefined;
    if (isObject(v) && typeof v.type === 'string' && (v.props !== undefined || v.when !== undefined)) node = v;
  }
  if (node) walkStrings({ when: node.when, props: node.props }, [], (s) => constantsIn(s, out));
  if (!isObject(json) || typeof at[1] !== 'number') return out;
  const rules = Array.isArray(json.rules) ? json.rules.filter(isObject) : [];
  const fromRules = (list: JsonObject[]) => list.forEach((r) => walkStrings(r, [], (s) => constantsIn(s, out)));
  if (at[0] === 'rules' && isObject(rules[at[1]])) fromRules([rules[at[1]]]);
  if (at[0] === 'fields' && Array.isArray(json.fields) && isObject(json.fields[at[1]])) {
    const name = (json.fields[at[1]] as JsonObject).name;
    fromRules(rules.filter((r) => r.field === name));
  }
  return out;
}

/** One screen or form: its texts and the messages it names, against the constants it refers to. */
function checkPlace(run: Run, place: { file: string; json: unknown }, constants: JsonObject, messages: JsonObject): void {
  const used = new Set<string>();
  const texts = new Map<string, { file: string; at: At; text: string; near: Set<string> }>();
  const text = (file: string, at: At, s: string, near: Set<string>) => {
    const id = `${file}|${at.join('/')}`;
    const t = texts.get(id);
    if (t) near.forEach((n) => t.near.add(n));
    else texts.set(id, { file, at, text: s, near });
  };
  walkStrings(place.json, [], (s, at) => {
    if (isNote(at)) return;
    constantsIn(s, used);
    if (/^@[a-zA-Z][\w.]*$/.test(s)) {
      const key = s.slice(1);
      if (typeof messages[key] === 'string') text(run.bundle.messages.file, ['messages', key], messages[key], nearConstants(place.json, at));
    } else if (CJK.test(s)) text(place.file, at, s, nearConstants(place.json, at));
  });
  const values = [...used].map((name) => ({ name, value: valueOf(constants, name) })).filter((c): c is { name: string; value: number } => c.value !== undefined && c.value !== 0 && c.value !== 1);
  for (const t of texts.values()) {
    const shown = withoutBindings(t.text);
    const stated = values.filter(({ value }) => new RegExp(`(?<![\\d.])${escape(String(value))}(?![\\d]|\\.\\d)`).test(shown));
    const near = stated.filter((c) => t.near.has(c.name));
    const byValue = new Map<number, string[]>();
    for (const c of near.length ? near : stated) byValue.set(c.value, [...(byValue.get(c.value) ?? []), c.name]);
    for (const [value, names] of byValue) run.warn(t.file, t.at, say('textStatesConstant', { text: t.text, value, constants: names }));
  }
}

/** The names of the brand a text may show by key (app.json brand; src/config/brand.ts). */
const BRAND_TEXT_NAMES = ['siteName', 'shortName', 'serviceName'] as const;

/**
 * A name has one home too (a warning): a text that writes out a name of the brand (the site's name,
 * the short name, customer service's 客服) instead of its key ({{brand.serviceName}}) keeps the old
 * name once the brand is renamed, or in another brand (the trial renamed 客服 in 5 places and 存款
 * still said 人工客服存款). Read where the app resolves bindings: the texts of screens and forms and
 * the messages they show, the routes' titles and the tab bar's labels.
 */
export function checkLiteralNames(run: Run): void {
  const brand = run.app && isObject(run.app.brand) ? run.app.brand : undefined;
  if (!brand) return;
  const names = BRAND_TEXT_NAMES.map((key) => ({ key, value: brand[key] })).filter((n): n is { key: (typeof BRAND_TEXT_NAMES)[number]; value: string } => typeof n.value === 'string' && n.value !== '');
  // the longest first: 星耀娱乐 is named before 星耀, which it holds; equal values are one name with two keys
  const byValue = new Map<string, string[]>();
  for (const n of [...names].sort((a, b) => b.value.length - a.value.length)) byValue.set(n.value, [...(byValue.get(n.value) ?? []), n.key]);
  const messages = run.messages ?? {};
  const { bundle } = run;
  const warnText = (file: string, at: At, text: string) => {
    let shown = withoutBindings(text);
    for (const [value, keys] of byValue) {
      if (!shown.includes(value)) continue;
      shown = shown.split(value).join(' ');
      run.warn(file, at, say('textWritesBrandName', { text, name: value, keys }));
    }
  };
  const texts = (file: string, json: unknown, at: At) =>
    walkStrings(json, at, (s, where) => {
      if (isNote(where)) return;
      if (/^@[a-zA-Z][\w.]*$/.test(s)) {
        const key = s.slice(1);
        if (typeof messages[key] === 'string') warnText(bundle.messages.file, ['messages', key], messages[key]);
      } else if (CJK.test(s)) warnText(file, where, s);
    });
  const places = [
    ...Object.entries(bundle.screens).filter(([name]) => run.ok.screens[name]).map(([, s]) => s),
    ...Object.entries(bundle.forms).filter(([name]) => run.ok.forms[name]).map(([, f]) => f),
  ];
  for (const place of places) run.once(place.json, 'names', [place.file, bundle.app.json, bundle.messages.json], () => texts(place.file, place.json, []));
  if (run.ok.routes) {
    (bundle.routes.json as { routes: JsonObject[] }).routes.forEach((r, i) => {
      if (typeof r.title === 'string' && CJK.test(r.title)) warnText(bundle.routes.file, ['routes', i, 'title'], r.title);
    });
  }
  if (Array.isArray(run.app?.tabBar)) {
    run.app.tabBar.forEach((t, i) => {
      if (isObject(t) && typeof t.label === 'string' && CJK.test(t.label)) warnText(bundle.app.file, ['tabBar', i, 'label'], t.label);
    });
  }
}

/** {{brand.siteName}}, {{brand.shortName}}, {{brand.serviceName}} as a text writes it (no filter) */
const NAME_BINDING = /\{\{\s*brand\.(siteName|shortName|serviceName)\s*\}\}/g;

/**
 * The longest word (2 characters or more) that both ends `before` and begins `name`; with `end`,
 * that both ends `name` and begins `after`. "在线" for 在线{{brand.serviceName}} when the name is 在线管家.
 */
function overlap(text: string, name: string, end: boolean): string {
  for (let k = Math.min(text.length, name.length); k >= 2; k--) {
    const word = end ? name.slice(-k) : name.slice(0, k);
    if (end ? text.startsWith(word) : text.endsWith(word)) return word;
  }
  return '';
}

/**
 * A name the texts write a word beside (a warning): customer service's name is the short one (客服)
 * and texts write 在线{{brand.serviceName}} for its full title. A brand that names it 在线管家 would
 * read 在线在线管家 on the page (a doubled word the schema cannot see): one warning per name, at the
 * name, listing the texts that double it. Read where checkLiteralNames reads.
 */
export function checkNameJoins(run: Run): void {
  const brand = run.app && isObject(run.app.brand) ? run.app.brand : undefined;
  if (!brand) return;
  const messages = run.messages ?? {};
  const { bundle } = run;
  /** per name and doubled word: the texts that double it */
  const found = new Map<string, { key: string; word: string; end: boolean; reads: string; places: Map<string, DoubledText> }>();
  const seen = new Set<string>();
  const check = (file: string, at: At, text: string) => {
    const id = `${file}|${at.join('/')}`;
    if (seen.has(id) || !text.includes('brand.')) return;
    seen.add(id);
    for (const m of text.matchAll(NAME_BINDING)) {
      const key = m[1];
      const name = brand[key];
      if (typeof name !== 'string' || name === '') continue;
      const before = text.slice(0, m.index).replace(/^[\s\S]*\}\}/, '');
      const after = text.slice(m.index + m[0].length).replace(/\{\{[\s\S]*$/, '');
      for (const end of [false, true]) {
        const word = overlap(end ? after : before, name, end);
        if (!word) continue;
        const f = found.get(`${key}|${end}|${word}`) ?? { key, word, end, reads: end ? `${name}${word}` : `${word}${name}`, places: new Map<string, DoubledText>() };
        // one entry per place and text (a text met twice at one place is listed once)
        const place = run.shown(file, at);
        f.places.set(`${place} "${text}"`, { place, text });
        found.set(`${key}|${end}|${word}`, f);
      }
    }
  };
  const texts = (file: string, json: unknown) =>
    walkStrings(json, [], (s, where) => {
      if (isNote(where)) return;
      if (/^@[a-zA-Z][\w.]*$/.test(s)) {
        const key = s.slice(1);
        if (typeof messages[key] === 'string') check(bundle.messages.file, ['messages', key], messages[key]);
      } else check(file, where, s);
    });
  for (const [name, s] of Object.entries(bundle.screens)) if (run.ok.screens[name]) texts(s.file, s.json);
  for (const [name, f] of Object.entries(bundle.forms)) if (run.ok.forms[name]) texts(f.file, f.json);
  if (run.ok.routes) {
    (bundle.routes.json as { routes: JsonObject[] }).routes.forEach((r, i) => typeof r.title === 'string' && check(bundle.routes.file, ['routes', i, 'title'], r.title));
  }
  if (Array.isArray(run.app?.tabBar)) {
    run.app.tabBar.forEach((t, i) => isObject(t) && typeof t.label === 'string' && check(bundle.app.file, ['tabBar', i, 'label'], t.label));
  }
  for (const { key, word, end, reads, places } of found.values()) {
    run.warn(bundle.app.file, ['brand', key], say('brandNameDoubled', { key, name: String(brand[key]), word, end, reads, texts: [...places.values()] }));
  }
}
