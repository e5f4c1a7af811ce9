/**
 * docs/WIDGETS.md: every widget (its one line and its props, from src/widgets/<Type>/schema.ts),
 * every binding filter (FILTERS of src/engine/bindings.ts, words from src/engine/filter-docs.ts)
 * and the CSS custom properties a widget may use (the theme's of src/config/brand.ts and html:root of
 * src/styles.css, with their comments).
 * Written from those sources only, so the list cannot drift from them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { themeVars } from '../../src/config/brand';
import type { WidgetSchemas } from '../../src/config/check';
import { FILTER_ARGS, FILTERS, type FilterArg } from '../../src/engine/bindings';
import { FILTER_DOCS } from '../../src/engine/filter-docs';

type S = {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  $ref?: string;
  items?: S;
  properties?: Record<string, S>;
  required?: string[];
  anyOf?: S[];
  oneOf?: S[];
  additionalProperties?: boolean | S;
};

/** A problem of the sources the doc is written from (a widget without its one line, a filter without words). */
export class DocSourceError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const REF_WORDS: Record<string, string> = { action: 'actions', actions: 'actions', condition: 'condition', node: 'nodes', pagedSource: 'paged source name' };

function typeWords(s: S | undefined): string {
  if (!s) return '';
  const ref = (s.$ref ?? s.items?.$ref ?? '').split('/').pop() ?? '';
  if (REF_WORDS[ref]) return REF_WORDS[ref];
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.map(typeWords).join(' or ');
  const t = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  return t
    .map((x) => (x === 'string' ? 'text' : x === 'boolean' ? 'true/false' : x === 'array' ? `list${s.items ? ` of ${typeWords(s.items) || 'values'}` : ''}` : x))
    .join(' or ');
}

/** The rows of a props schema, nested objects and lists of objects as `a.b` and `a[].b`. */
function propRows(s: S, prefix = ''): string[] {
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).flatMap(([name, p]) => {
    const at = `${prefix}${name}`;
    const row = `| \`${at}\`${required.has(name) ? ' (required)' : ''} | ${cell(typeWords(p))} | ${cell(p.description ?? '')} |`;
    const inner = p.properties ? propRows(p, `${at}.`) : p.items?.properties ? propRows(p.items, `${at}[].`) : [];
    return [row, ...inner];
  });
}

const ARG_WORDS: Record<FilterArg, string> = {
  none: '',
  literal: 'text or number',
  short: '`short` (optional)',
  map: 'a map of app.json',
  path: 'a path',
  lookup: '`listPath,key[,field]`',
};

/** What each brand colour of src/config/brand.ts themeVars is for. */
const THEME_NOTES: Record<string, string> = {
  '--adm-color-primary': 'the brand colour (app.json theme.primary): links, active tabs, primary buttons',
  '--primary-dark': 'a darker shade: text on --primary-soft, the start of the hero gradient',
  '--primary-light': 'a lighter shade: the end of the hero gradient',
  '--primary-soft': 'a pale tint for backgrounds (selected chips, badges)',
  '--primary-shadow': 'a translucent tint for shadows under brand-coloured things',
  '--hero-gradient': "the member header's background",
};

/**
 * The brand colours (themeVars of src/config/brand.ts, from app.json theme; inline in index.html,
 * scripts/vite/app-shell-html.ts), then the `--name: value; /* what it is *\/` lines of src/styles.css html:root.
 */
function cssVariables(root: string): { name: string; value: string; note: string }[] {
  const app = JSON.parse(readFileSync(path.join(root, 'screens.config', 'app.json'), 'utf8')) as { theme: { primary: string } };
  const theme = Object.entries(themeVars(app.theme)).map(([name, value]) => ({ name, value, note: THEME_NOTES[name] ?? '' }));
  const css = readFileSync(path.join(root, 'src', 'styles.css'), 'utf8');
  const block = /html:root\s*\{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
  const plain = [...block.matchAll(/^\s*(--[\w-]+):\s*([^;]+);\s*(?:\/\*\s*(.*?)\s*\*\/)?\s*$/gm)].map((m) => ({ name: m[1], value: m[2].trim(), note: m[3] ?? '' }));
  return [...theme, ...plain];
}

export function widgetsDoc(root: string, widgets: WidgetSchemas): string {
  const types = Object.keys(widgets).sort();
  const line = (t: string) => {
    const d = (widgets[t].propsSchema as S).description;
    if (!d) throw new DocSourceError(`src/widgets/${t}/schema.ts`, `propsSchema has no "description" (one line: what the widget shows), for docs/WIDGETS.md and editors`);
    return d;
  };
  const filters = Object.keys(FILTERS);
  const missing = filters.filter((f) => !Object.hasOwn(FILTER_DOCS, f));
  const extra = Object.keys(FILTER_DOCS).filter((f) => !Object.hasOwn(FILTERS, f));
  if (missing.length) throw new DocSourceError('src/engine/filter-docs.ts', `no entry for filter ${missing.join(', ')} of FILTERS (src/engine/bindings.ts)`);
  if (extra.length) throw new DocSourceError('src/engine/filter-docs.ts', `an entry for ${extra.join(', ')}, which FILTERS (src/engine/bindings.ts) does not have`);

  const out: string[] = [
    '# Widgets, filters and CSS variables',
    '',
    '<!-- Generated by `npm run gen:types` (scripts/gen/widgets-doc.ts). Do not edit: `npm run check:config`, the build and `npm test` notice when it is stale. -->',
    '',
    'Written from the sources: each `src/widgets/<Type>/schema.ts` (its `description` and props), `FILTERS` of',
    '`src/engine/bindings.ts` (words in `src/engine/filter-docs.ts`) and the `html:root` block of `src/styles.css`.',
    'How to add one: [DEVELOPING.md](DEVELOPING.md). Screens and bindings: [ENGINE.md](ENGINE.md).',
    '',
    '## Widgets',
    '',
    `${types.length} widgets, one folder each under \`src/widgets/\`.`,
    '',
    '| widget | what it shows |',
    '| --- | --- |',
    ...types.map((t) => `| [${t}](#${t.toLowerCase()}) | ${cell(line(t))} |`),
    '',
  ];
  for (const t of types) {
    const w = widgets[t];
    out.push(`### ${t}`, '', line(t), '');
    const notes: string[] = [];
    if (w.itemsFrom) notes.push(`Each entry of \`${w.itemsFrom}\` is \`item\` for its templates and children.`);
    const templates = Object.entries(w.templates);
    if (templates.length) notes.push(`Read by the widget itself, per entry (templates, with the names they add): ${templates.map(([p, names]) => `\`${p}\`${names.length ? ` (${names.join(', ')})` : ''}`).join(', ')}.`);
    if (notes.length) out.push(notes.join(' '), '');
    const rows = propRows(w.propsSchema as S);
    if (rows.length) out.push('| prop | type | |', '| --- | --- | --- |', ...rows, '');
    else out.push('No props.', '');
  }
  out.push(
    '## Filters',
    '',
    `${filters.length} filters. In a binding after \`|\`: \`{{user.balance | money}}\`; an argument follows a colon: \`{{item.state | map:depositState}}\`.`,
    '',
    '| filter | argument | what it gives | example |',
    '| --- | --- | --- | --- |',
    ...filters.map((f) => {
      const arg = (FILTER_ARGS as Record<string, FilterArg | undefined>)[f] ?? 'none';
      return `| \`${f}\` | ${ARG_WORDS[arg]} | ${cell(FILTER_DOCS[f].does)} | \`${cell(FILTER_DOCS[f].example)}\` |`;
    }),
    '',
    '## CSS custom properties',
    '',
    "A widget's `style.css` uses these (`color: var(--text-muted)`), never a colour of its own, so the theme",
    "(app.json `theme.primary`, from which `src/config/brand.ts` derives the brand colours; defaults below are",
    'from the current app.json) and the contrast rules of `src/styles.css` reach it.',
    '',
    '| property | default | what it is for |',
    '| --- | --- | --- |',
    ...cssVariables(root).map((v) => `| \`${v.name}\` | \`${cell(v.value)}\` | ${cell(v.note)} |`),
    '',
  );
  return out.join('\n');
}
