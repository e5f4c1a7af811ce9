/**
 * What an operator can pick: the constants and switches, the brand and colour, the messages, the
 * maps, the tab bar and top bar, a route, a screen, a form, each named as the operator knows it (a
 * screen by its title, a form by the screen and tab that show it: names.ts). A place is a list of
 * sections; a section is one form over one part of one file, made from the schema of that part (a
 * JSON Pointer into the bundled schemas of studio/schemas.ts), and says what where-used key a field
 * of it has. Screens and forms are an outline of their parts; picking one gives its sections.
 */
import { pointerOf, type Segment } from '../../src/config/pointer';
import type { Scope } from '../../src/engine/bindings';
import { segmentsOf } from '../json-edit';
import { getIn } from './model';
import { baseName, nodeHint, type Names } from './names';
import { widgetName, type Words } from './words';

export interface Section {
  title: string;
  file: string;
  /** the part of the file the form edits */
  path: Segment[];
  /** JSON Pointer of its schema in the bundle (/definitions/app.schema.json/properties/constants) */
  schema: string;
  /** only these keys of the object at path (the messages a search found) */
  keys?: string[];
  /** the `npm run where` key of a field (its path below `path`), if it has one */
  where?: (sub: readonly Segment[]) => string | undefined;
}

export type Group = 'settings' | 'text' | 'routes' | 'screens' | 'forms';
export const GROUPS: readonly Group[] = ['settings', 'text', 'routes', 'screens', 'forms'];

export interface Place {
  id: string;
  group: Group;
  label: string;
  /** the file's name or id, shown small beside an operator's name (recharge) */
  id2?: string;
  file: string;
  kind: 'sections' | 'messages' | 'routes' | 'screen' | 'form';
}

const APP = '/definitions/app.schema.json/properties';
const appSection = (key: string, where?: Section['where']): Section => ({ title: key, file: 'app.json', path: [key], schema: `${APP}/${key}`, ...(where ? { where } : {}) });

/** The settings places: parts of app.json. */
export const SETTINGS: { id: keyof Words['settings']; sections: Section[] }[] = [
  { id: 'constants', sections: [appSection('constants', (sub) => (sub.length ? `const.${sub.join('.')}` : undefined)), appSection('features')] },
  { id: 'brand', sections: [appSection('brand'), appSection('theme'), appSection('webApp')] },
  { id: 'bars', sections: [appSection('tabBar'), appSection('topBar')] },
  { id: 'maps', sections: [appSection('maps', (sub) => (sub.length ? `map:${String(sub[0])}` : undefined))] },
  { id: 'more', sections: [appSection('patterns'), appSection('inAppBrowser'), appSection('placeholders')] },
];

/** The sections of a settings place (none for another id). */
export const settingsSections = (id: string): Section[] => SETTINGS.find((s) => s.id === id)?.sections ?? [];

export function placesOf(files: readonly string[], w: Words, names: Names): Place[] {
  const out: Place[] = SETTINGS.map((s) => ({ id: s.id, group: 'settings', label: w.settings[s.id], file: 'app.json', kind: 'sections' }));
  out.push({ id: 'messages', group: 'text', label: w.places.messages, file: 'messages.json', kind: 'messages' });
  out.push({ id: 'routes', group: 'routes', label: w.places.routes, file: 'routes.json', kind: 'routes' });
  const byLabel = (a: Place, b: Place) => a.label.localeCompare(b.label, 'zh-Hans-CN');
  const of = (kind: 'screen' | 'form') =>
    files
      .filter((f) => f.startsWith(kind === 'screen' ? 'screens/' : 'forms/') && f.endsWith('.json'))
      .map((f): Place => ({ id: f, group: kind === 'screen' ? 'screens' : 'forms', label: names.file(f), id2: baseName(f), file: f, kind }))
      .sort(byLabel);
  return [...out, ...of('screen'), ...of('form')];
}

/** The messages a search finds (by key or by text), in the file's order. */
export function messageKeys(messages: unknown, search: string, limit = 60): string[] {
  const all = messages && typeof messages === 'object' ? Object.entries(messages as Record<string, unknown>) : [];
  const q = search.trim().toLowerCase();
  return all.filter(([k, v]) => !q || k.toLowerCase().includes(q) || String(v).toLowerCase().includes(q)).slice(0, limit).map(([k]) => k);
}

export const messagesSection = (keys: string[], w: Words): Section => ({
  title: w.section.messages,
  file: 'messages.json',
  path: ['messages'],
  schema: '/definitions/messages.schema.json/properties/messages',
  keys,
  where: (sub) => (sub.length ? `@${String(sub[0])}` : undefined),
});

export const routeSection = (i: number, path: string, w: Words): Section => ({ title: w.section.route(path), file: 'routes.json', path: ['routes', i], schema: '/definitions/routes.schema.json/properties/routes/items' });

/** One node of an outline: a widget node, a tab, a field, a rule, or the screen's or form's own settings. */
export interface OutlineItem {
  id: string;
  depth: number;
  label: string;
  sections: Section[];
}

const W = '/definitions/widgets.schema.json/definitions';
/** the schema of a tab of a Tabs or SideTabs widget */
const TAB_SCHEMA: Record<string, string> = { Tabs: `${W}/Tabs/properties/tabs/items`, SideTabs: `${W}/SideTabs/properties/tabs/items` };

/** A screen as an outline: its settings, then every widget node and tab in their nesting (props and when of each). */
export function screenOutline(file: string, screen: unknown, w: Words, scope: Scope): OutlineItem[] {
  const S = '/definitions/screen.schema.json/properties';
  const keys = ['title', 'state', 'data', 'onEnter'] as const;
  const out: OutlineItem[] = [{ id: 'screen', depth: 0, label: w.outlineScreen, sections: keys.map((k) => ({ title: w.section[k], file, path: [k], schema: `${S}/${k}` })) }];
  const walk = (nodes: unknown, at: Segment[], depth: number) => {
    if (!Array.isArray(nodes)) return;
    nodes.forEach((n, i) => {
      const node = (n && typeof n === 'object' ? n : {}) as Record<string, unknown>;
      const path = [...at, i];
      const type = typeof node.type === 'string' ? node.type : '';
      const sections: Section[] = [];
      if (type) sections.push({ title: w.section.props(widgetName(w, type)), file, path: [...path, 'props'], schema: `${W}/${type}` });
      sections.push({ title: w.section.when, file, path: [...path, 'when'], schema: '/definitions/common.schema.json/definitions/condition' });
      const hint = nodeHint(node, scope, 40);
      out.push({ id: pointerOf(path), depth, label: `${widgetName(w, type)}${hint ? `「${hint}」` : ''}${node.when === false ? ` ${w.off}` : ''}`, sections });
      walk(node.children, [...path, 'children'], depth + 1);
      const props = (node.props && typeof node.props === 'object' ? node.props : {}) as Record<string, unknown>;
      walk(props.children, [...path, 'props', 'children'], depth + 1);
      if (!Array.isArray(props.tabs) || !TAB_SCHEMA[type]) return;
      props.tabs.forEach((t, k) => {
        const tab = (t && typeof t === 'object' ? t : {}) as Record<string, unknown>;
        const tabPath = [...path, 'props', 'tabs', k];
        out.push({ id: pointerOf(tabPath), depth: depth + 1, label: w.tab(String(tab.title ?? tab.key ?? k)), sections: [{ title: w.section.tab, file, path: tabPath, schema: TAB_SCHEMA[type] }] });
        walk(tab.children, [...tabPath, 'children'], depth + 2);
      });
    });
  };
  walk(getIn(screen, ['body']), ['body'], 1);
  return out;
}

/** A form as an outline: its settings and submit, each field, each rule (in their order: the first failing rule is shown). */
export function formOutline(file: string, form: unknown, w: Words): OutlineItem[] {
  const F = '/definitions/form.schema.json';
  const out: OutlineItem[] = [
    { id: 'settings', depth: 0, label: w.outlineForm, sections: [{ title: w.section.submitText, file, path: ['submitText'], schema: `${F}/properties/submitText` }, { title: w.section.submit, file, path: ['submit'], schema: `${F}/properties/submit` }] },
  ];
  const fields = getIn(form, ['fields']);
  out.push({ id: 'fields', depth: 0, label: w.outlineFields, sections: [] });
  if (Array.isArray(fields)) {
    fields.forEach((x, i) => {
      const f = (x ?? {}) as Record<string, unknown>;
      out.push({ id: `/fields/${i}`, depth: 1, label: `${String(f.label ?? f.name)}（${String(f.name)}）`, sections: [{ title: w.section.field(String(f.name)), file, path: ['fields', i], schema: `${F}/definitions/field` }] });
    });
  }
  const rules = getIn(form, ['rules']);
  out.push({ id: 'rules', depth: 0, label: w.outlineRules, sections: [] });
  if (Array.isArray(rules)) {
    rules.forEach((x, i) => {
      const r = (x ?? {}) as Record<string, unknown>;
      out.push({ id: `/rules/${i}`, depth: 1, label: w.ruleLabel(i + 1, w.ruleKinds[String(r.type)] ?? String(r.type), String(r.field)), sections: [{ title: w.section.rule(i + 1), file, path: ['rules', i], schema: `${F}/definitions/rule` }] });
    });
  }
  return out;
}

/** The outline item that holds a place of a file: the deepest whose sections contain it (undefined: none). */
export function itemOf(outline: readonly OutlineItem[], file: string, pointer: string): OutlineItem | undefined {
  const segs = segmentsOf(pointer);
  const holds = (s: Section) => s.file === file && s.path.length <= segs.length && s.path.every((x, i) => String(x) === segs[i]);
  let best: { item: OutlineItem; depth: number } | undefined;
  for (const item of outline) for (const s of item.sections) if (holds(s) && (!best || s.path.length > best.depth)) best = { item, depth: s.path.length };
  return best?.item;
}
