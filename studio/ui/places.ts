/**
 * What an operator can pick (issue 37, point 1): the constants and switches, the brand and colour,
 * the messages, the maps, the tab bar and top bar, a route, a screen, a form. A place is a list of
 * sections; a section is one form over one part of one file, made from the schema of that part
 * (a JSON Pointer into the bundled schemas of studio/schemas.ts), and says what where-used key a
 * field of it has. Screens and forms are an outline of their parts; picking one gives its sections.
 */
import type { Segment } from '../json-edit';
import { getIn } from './model';

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

export interface Place {
  id: string;
  group: 'Settings' | 'Text' | 'Routes' | 'Screens' | 'Forms';
  label: string;
  file: string;
  kind: 'sections' | 'messages' | 'routes' | 'screen' | 'form';
}

const APP = '/definitions/app.schema.json/properties';
const appSection = (title: string, key: string, where?: Section['where']): Section => ({ title, file: 'app.json', path: [key], schema: `${APP}/${key}`, ...(where ? { where } : {}) });

/** The settings places: parts of app.json. */
export const SETTINGS: { id: string; label: string; sections: Section[] }[] = [
  { id: 'constants', label: 'Constants and switches', sections: [appSection('constants', 'constants', (sub) => (sub.length ? `const.${sub.join('.')}` : undefined))] },
  { id: 'brand', label: 'Brand and colour', sections: [appSection('brand', 'brand'), appSection('theme', 'theme'), appSection('webApp', 'webApp')] },
  { id: 'bars', label: 'Tab bar and top bar', sections: [appSection('tabBar', 'tabBar'), appSection('topBar', 'topBar')] },
  { id: 'maps', label: 'Maps (code to word)', sections: [appSection('maps', 'maps', (sub) => (sub.length ? `map:${String(sub[0])}` : undefined))] },
  { id: 'more', label: 'Patterns and more', sections: [appSection('patterns', 'patterns'), appSection('inAppBrowser', 'inAppBrowser'), appSection('placeholders', 'placeholders')] },
];

export function placesOf(files: readonly string[]): Place[] {
  const out: Place[] = SETTINGS.map((s) => ({ id: s.id, group: 'Settings', label: s.label, file: 'app.json', kind: 'sections' }));
  out.push({ id: 'messages', group: 'Text', label: 'Messages', file: 'messages.json', kind: 'messages' });
  out.push({ id: 'routes', group: 'Routes', label: 'Routes', file: 'routes.json', kind: 'routes' });
  for (const f of files) {
    const m = /^(screens|forms)\/(.+)\.json$/.exec(f);
    if (m) out.push({ id: f, group: m[1] === 'screens' ? 'Screens' : 'Forms', label: m[2], file: f, kind: m[1] === 'screens' ? 'screen' : 'form' });
  }
  return out;
}

/** The messages a search finds (by key or by text), in the file's order. */
export function messageKeys(messages: unknown, search: string, limit = 60): string[] {
  const all = messages && typeof messages === 'object' ? Object.entries(messages as Record<string, unknown>) : [];
  const q = search.trim().toLowerCase();
  return all.filter(([k, v]) => !q || k.toLowerCase().includes(q) || String(v).toLowerCase().includes(q)).slice(0, limit).map(([k]) => k);
}

export const messagesSection = (keys: string[]): Section => ({
  title: 'messages',
  file: 'messages.json',
  path: ['messages'],
  schema: '/definitions/messages.schema.json/properties/messages',
  keys,
  where: (sub) => (sub.length ? `@${String(sub[0])}` : undefined),
});

export const routeSection = (i: number): Section => ({ title: `route ${i}`, file: 'routes.json', path: ['routes', i], schema: '/definitions/routes.schema.json/properties/routes/items' });

/** One node of a screen's outline: a widget node, or the screen's own settings. */
export interface OutlineItem {
  id: string;
  depth: number;
  label: string;
  sections: Section[];
}

const nodeLabel = (node: Record<string, unknown>) => {
  const props = (node.props ?? {}) as Record<string, unknown>;
  const hint = ['title', 'text', 'label', 'form', 'name', 'source', 'items'].map((k) => props[k]).find((v) => typeof v === 'string');
  return `${String(node.type)}${hint ? `  ${String(hint).slice(0, 40)}` : ''}${node.when === false ? '  (off)' : ''}`;
};

/** A screen as an outline: its settings, then every widget node (props and when of each). */
export function screenOutline(file: string, screen: unknown): OutlineItem[] {
  const S = '/definitions/screen.schema.json/properties';
  const out: OutlineItem[] = [
    {
      id: 'screen',
      depth: 0,
      label: 'Screen: title, state, data, onEnter',
      sections: ['title', 'state', 'data', 'onEnter'].map((k) => ({ title: k, file, path: [k], schema: `${S}/${k}` })),
    },
  ];
  const walk = (nodes: unknown, at: Segment[], depth: number) => {
    if (!Array.isArray(nodes)) return;
    nodes.forEach((n, i) => {
      if (!n || typeof n !== 'object') return;
      const node = n as Record<string, unknown>;
      const path = [...at, i];
      const sections: Section[] = [];
      if (typeof node.type === 'string') sections.push({ title: `${node.type} props`, file, path: [...path, 'props'], schema: `/definitions/widgets.schema.json/definitions/${node.type}` });
      sections.push({ title: 'when', file, path: [...path, 'when'], schema: '/definitions/common.schema.json/definitions/condition' });
      out.push({ id: path.join('/'), depth, label: nodeLabel(node), sections });
      walk(node.children, [...path, 'children'], depth + 1);
    });
  };
  walk(getIn(screen, ['body']), ['body'], 1);
  return out;
}

/** A form as an outline: its settings and submit, each field, each rule (in their order: the first failing rule is shown). */
export function formOutline(file: string, form: unknown): OutlineItem[] {
  const F = '/definitions/form.schema.json';
  const out: OutlineItem[] = [
    { id: 'settings', depth: 0, label: 'Form: submit text and call', sections: [{ title: 'submitText', file, path: ['submitText'], schema: `${F}/properties/submitText` }, { title: 'submit', file, path: ['submit'], schema: `${F}/properties/submit` }] },
  ];
  const list = (key: 'fields' | 'rules', def: string, label: (x: Record<string, unknown>, i: number) => string) => {
    const items = getIn(form, [key]);
    out.push({ id: key, depth: 0, label: key === 'fields' ? 'Fields' : 'Rules (in order: the first that fails is shown)', sections: [] });
    if (Array.isArray(items)) items.forEach((x, i) => out.push({ id: `${key}/${i}`, depth: 1, label: label((x ?? {}) as Record<string, unknown>, i), sections: [{ title: `${key}/${i}`, file, path: [key, i], schema: `${F}/definitions/${def}` }] }));
  };
  list('fields', 'field', (f) => `${String(f.name)}  ${String(f.type ?? '')}  ${String(f.label ?? '')}`);
  list('rules', 'rule', (r, i) => `${i + 1}. ${String(r.field)} ${String(r.type)}  ${String(r.message ?? '')}`);
  return out;
}
