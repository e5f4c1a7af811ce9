/**
 * The static app shell of index.html, made at build time from screens.config/: what a
 * phone paints before any JavaScript has arrived, with the same bars the app then draws in the
 * same places (the rules of src/styles.css, which index.html carries inline).
 *
 * One document serves every route (hash routing), and no script may run before the app's own
 * (the Content-Security-Policy allows none inline), so the shell picks its frame with CSS alone:
 * the fragment `#/login` makes the element whose id is `/login` the document's `:target`. Each
 * route (and each link of the config with a fixed query, and each tab a screen opens through the
 * query) has an empty, hidden marker element carrying its frame as classes; the rules below show
 * the bars of the targeted marker's frame. Without a fragment, or with one no marker names (a
 * query made at run time), the shell shows the frame of `/`, where the app sends unknown paths.
 *
 * A frame: which bar is on top (the main top bar with the site name, a page bar with a back arrow
 * and the route's title, or none), whether the tab bar shows and which tab is active, and a
 * neutral skeleton where the screen will be. The parts of the bars that depend on who is looking
 * (the visitor's login buttons, a member's balance) are left out: the app adds them. React
 * replaces the whole shell in its first commit (createRoot clears the container), which
 * src/main.tsx makes only once the opening screen is ready to paint.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ICON_SOURCES } from '../src/engine/icon-names.ts';
import { ICON_PATHS, VIEWBOX } from '../src/engine/icon-paths.gen.ts';
import type { AppConfig, RouteConfig } from '../src/config/types.ts';
import { brandOf, fillBrandNames, type Brand, type BrandConfig, type ThemeConfig } from '../src/config/brand.ts';
import { pruneFeatures, switchedOff } from '../src/config/features.ts';

export interface AppShell {
  /** markers and the shell, to go inside the app's root element */
  markup: string;
  /** the rules that pick the frame (to go after src/styles.css) */
  css: string;
}

type Bar = 'main' | 'page' | 'none';
interface Frame {
  bar: Bar;
  tabBar: boolean;
  /** index of the active tab in app.json tabBar, -1 for none */
  tab: number;
  /** the page bar's title */
  title: string;
}

const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cssString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\a ')}"`;

/** a config file, or undefined when it cannot be read: the config check names the problem, the shell draws what it can */
const readJson = <T>(file: string): T | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
};

/** the outline of an icon name, as engine/icons.tsx draws it (data-icon: the app takes it over, src/engine/icons.tsx) */
function icon(name: string, className: string): string {
  const source = ICON_SOURCES[name as keyof typeof ICON_SOURCES];
  const paths = source ? ICON_PATHS[source] : undefined;
  if (!paths) return '';
  const d = paths.map(([p, evenOdd]) => `<path d="${p}" fill="currentColor" fill-rule="${evenOdd ? 'evenodd' : 'nonzero'}"></path>`).join('');
  return `<svg width="1em" height="1em" viewBox="${VIEWBOX}" class="antd-mobile-icon ${className}" style="vertical-align:-0.125em" aria-hidden="true" focusable="false" data-icon="${html(name)}">${d}</svg>`;
}

function frameOf(route: RouteConfig, tabs: AppConfig['tabBar'], brand?: Brand): Frame {
  const layout = route.layout ?? 'page';
  const shown = route.topBar !== false;
  return {
    bar: layout === 'main' && shown ? 'main' : layout === 'page' && shown ? 'page' : 'none',
    tabBar: layout === 'main',
    tab: layout === 'main' ? tabs.findIndex((t) => t.path === route.path) : -1,
    title: brand ? fillBrandNames(route.title, brand) : route.title,
  };
}

/** every value of `key` in a JSON tree */
function* valuesOf(tree: unknown, key: string): Generator<unknown> {
  if (Array.isArray(tree)) for (const t of tree) yield* valuesOf(t, key);
  else if (tree && typeof tree === 'object') {
    for (const [k, v] of Object.entries(tree)) {
      if (k === key) yield v;
      if (v && typeof v === 'object') yield* valuesOf(v, key);
    }
  }
}

/** the tabs a screen opens through the query (Tabs with `queryParam`): `?type=1` */
function queryTabs(screen: unknown): string[] {
  const out: string[] = [];
  const walk = (t: unknown) => {
    if (Array.isArray(t)) t.forEach(walk);
    else if (t && typeof t === 'object') {
      const o = t as { type?: unknown; props?: { queryParam?: unknown; tabs?: { key?: unknown }[] } };
      const param = o.type === 'Tabs' ? o.props?.queryParam : undefined;
      if (typeof param === 'string') for (const tab of o.props?.tabs ?? []) if (typeof tab.key === 'string') out.push(`?${param}=${tab.key}`);
      Object.values(t).forEach(walk);
    }
  };
  walk(screen);
  return out;
}

/** the widgets the shell draws as the app does (their markup below mirrors src/widgets/<type>/index.tsx) */
const LEAD_WIDGETS = ['Stack', 'Text', 'Button'] as const;
const WIDGETS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'widgets');

interface Node {
  type?: unknown;
  props?: Record<string, unknown>;
  children?: unknown;
  when?: unknown;
}

/**
 * A screen's lead: its first node when it is a static block the shell can draw exactly as the app
 * will (a Stack of Texts and link Buttons, no `when`), as HTML with the widgets' own classes; a
 * text that is bound to data (`{{app.title}}`) is a blank line of the same height, which the app
 * fills (a name of the brand, {{brand.siteName}}, is written in: it is known at build time).
 * The login screen's hero: the player reads the welcome before any JavaScript, and the
 * largest text of the screen is painted with the document, not after the app's code.
 * Undefined when the first node is anything else.
 */
export function leadOf(screen: unknown, messages: Record<string, string>, brand?: Brand): string | undefined {
  const first = (screen as { body?: unknown[] } | undefined)?.body?.[0] as Node | undefined;
  if (!first || first.type !== 'Stack') return undefined;
  const text = (v: unknown): string | undefined => {
    if (typeof v !== 'string') return '';
    const s = v.startsWith('@') ? messages[v.slice(1)] ?? v : v;
    const filled = brand ? fillBrandNames(s, brand) : s;
    return filled.includes('{{') ? undefined : filled;
  };
  const draw = (n: Node): string | undefined => {
    if (!n || n.when !== undefined || !LEAD_WIDGETS.includes(n.type as (typeof LEAD_WIDGETS)[number])) return undefined;
    const p = n.props ?? {};
    if (n.type === 'Text') {
      const variant = typeof p.variant === 'string' ? p.variant : 'body';
      const tag = variant === 'title' ? 'h1' : variant === 'subtitle' ? 'h2' : 'p';
      const align = typeof p.align === 'string' ? ` style="text-align:${html(p.align)}"` : '';
      const t = text(p.text);
      return `<${tag} class="w-text w-text-${html(variant)}"${align}${t === undefined ? ' aria-hidden="true"' : ''}>${t === undefined ? '<span class="shell-sk-blank">&nbsp;</span>' : html(t)}</${tag}>`;
    }
    if (n.type === 'Button') {
      const label = text(p.text);
      if (p.variant !== 'link' || label === undefined || (p.icon !== undefined && typeof p.icon !== 'string') || p.disabledWhen !== undefined) return undefined;
      return `<button type="button" class="w-link">${typeof p.icon === 'string' ? icon(p.icon, '') : ''}${html(label)}</button>`;
    }
    const title = text(p.title);
    if (title === undefined) return undefined;
    const children = Array.isArray(n.children) ? (n.children as Node[]).map(draw) : [];
    if (children.some((c) => c === undefined)) return undefined;
    const tag = title ? 'section' : 'div';
    const gap = typeof p.gap === 'number' ? ` style="gap:${p.gap}px"` : '';
    const cls = `w-stack w-stack-${html(String(p.direction ?? 'column'))} w-stack-${html(String(p.variant ?? 'plain'))}`;
    return `<${tag} class="${cls}"${gap}>${title ? `<h2 class="w-stack-title">${html(title)}</h2>` : ''}${children.join('')}</${tag}>`;
  };
  return draw(first);
}

/** the stylesheets of the widgets a lead draws (also in their chunks: the shell needs them before) */
const leadCss = () => LEAD_WIDGETS.map((w) => readFileSync(path.join(WIDGETS_DIR, w, 'style.css'), 'utf8')).join('\n');

/**
 * The notice an engine too old for the app's modules shows in place of the shell: it
 * runs no `type="module"` script, so the app would never come. Hidden until the page's one
 * classic script, `<script nomodule>` (scripts/vite/browser-floor.ts), which only such an engine runs,
 * marks the document `no-module`; the words are messages.json's `browser.tooOldTitle` and
 * `browser.tooOld` (nothing is drawn without them).
 */
export function nomoduleNotice(messages: Record<string, string>): string {
  const title = messages['browser.tooOldTitle'];
  const text = messages['browser.tooOld'];
  if (!title || !text) return '';
  return `<div class="shell-nomodule" role="alert"><h1>${html(title)}</h1><p>${html(text)}</p></div>`;
}
/** old engines' CSS only: no custom properties, no flex gap */
const NOMODULE_CSS =
  '.shell-nomodule{display:none;padding:64px 24px;text-align:center;line-height:1.6}.shell-nomodule h1{font-size:18px;margin:0 0 12px}.shell-nomodule p{font-size:15px;margin:0;color:#666}' +
  '.no-module .app-shell{display:none}.no-module .shell-nomodule{display:block}';

/**
 * `dir`: the config folder (screens.config/, or SCREENS_CONFIG_DIR); `app`: its app.json as the
 * build read it (scripts/vite/app-json.ts readApp). The top bar draws the brand (app.json brand, through
 * src/config/brand.ts) as src/shell/TopBar.tsx does: the logo, then the site name. What the shell
 * draws is the config as it ships: the routes and tabs of switched-off features are not there
 * (src/config/features.ts), and the names of the brand in titles and labels are written in.
 */
export function appShell(dir: string, app: { brand: BrandConfig; theme: ThemeConfig; tabBar?: AppConfig['tabBar']; features?: AppConfig['features'] }): AppShell {
  const brand = brandOf(app);
  const { siteName, logoUrl } = brand;
  const off = switchedOff(app);
  const routes = pruneFeatures(readJson<{ routes?: RouteConfig[] }>(path.join(dir, 'routes.json'))?.routes ?? [], off);
  const messages = readJson<{ messages?: Record<string, string> }>(path.join(dir, 'messages.json'))?.messages ?? {};
  const tabs = pruneFeatures(app.tabBar ?? [], off);
  const screens = new Map<string, unknown>();
  for (const f of readdirSync(path.join(dir, 'screens')).filter((n) => n.endsWith('.json'))) {
    const screen = pruneFeatures(readJson(path.join(dir, 'screens', f)), off);
    if (screen) screens.set(f.slice(0, -5), screen);
  }

  // the fragments a player can arrive with: every route, each with the tabs its screen opens through
  // the query, and every fixed link of the config that carries a query
  const byPath = new Map(routes.map((r) => [r.path, r]));
  const fragments = new Map<string, RouteConfig>();
  for (const r of routes) {
    fragments.set(r.path, r);
    for (const q of queryTabs(screens.get(r.screen))) fragments.set(`${r.path}${q}`, r);
  }
  for (const source of [app, ...screens.values()]) {
    for (const to of valuesOf(source, 'to')) {
      if (typeof to !== 'string' || to.includes('{{') || !to.includes('?')) continue;
      const r = byPath.get(to.split('?')[0]);
      if (r) fragments.set(to, r);
    }
  }

  const home = byPath.get('/');
  const fallback: Frame = home ? frameOf(home, tabs, brand) : { bar: 'none', tabBar: false, tab: -1, title: '' };
  const titles = [...new Set(routes.map((r) => fillBrandNames(r.title, brand)))];
  const same = (a: Frame, b: Frame) => a.bar === b.bar && a.tabBar === b.tabBar && a.tab === b.tab && (a.bar !== 'page' || a.title === b.title);

  // the leads the shell draws (the layout the app puts them in: a bare route's body has no padding)
  const leads: string[] = [];
  const leadIndex = new Map<string, number>();
  for (const r of routes) {
    if (r.path === '/' || (r.layout ?? 'page') !== 'bare' || leadIndex.has(r.screen)) continue;
    const lead = leadOf(screens.get(r.screen), messages, brand);
    if (lead) leadIndex.set(r.screen, leads.push(lead) - 1);
  }

  const markers: string[] = [];
  for (const [fragment, route] of fragments) {
    const f = frameOf(route, tabs, brand);
    const lead = leadIndex.get(route.screen);
    if (same(f, fallback) && lead === undefined) continue;
    const cls = [`s-${f.bar}`, f.tabBar ? 's-tabs' : 's-notabs', f.tab >= 0 ? `s-tab${f.tab}` : 's-tabnone'];
    if (f.bar === 'page') cls.push(`s-title${titles.indexOf(f.title)}`);
    if (lead !== undefined) cls.push(`s-lead${lead}`);
    markers.push(`<i id="${html(fragment)}" class="${cls.join(' ')}" hidden></i>`);
  }

  const t = (sel: string) => `:target~.app-shell ${sel}`;
  const bars: Record<Bar, string> = { main: '.shell-topbar', page: '.shell-pagebar', none: '' };
  const css: string[] = [
    // the fallback frame (no marker targeted)
    `.shell-topbar,.shell-pagebar,.shell-body,.shell-tabbar{display:none}`,
    bars[fallback.bar] ? `${bars[fallback.bar]}{display:flex}` : '',
    `.shell-body-${fallback.bar}{display:block}`,
    fallback.tabBar ? `.shell-tabbar{display:flex}` : '',
    fallback.tab >= 0 ? `.shell-tab${fallback.tab}{color:var(--adm-color-primary)}` : '',
    fallback.bar === 'page' ? `.shell-pagetitle::before{content:${cssString(fallback.title)}}` : '',
    // a marker's frame
    ...(['main', 'page', 'none'] as Bar[]).map((b) => {
      const others = (['main', 'page', 'none'] as Bar[]).filter((o) => o !== b);
      const hide = [...others.map((o) => bars[o]).filter(Boolean), ...others.map((o) => `.shell-body-${o}`)].map((sel) => `.s-${b}${t(sel)}`);
      const show = [bars[b] ? `.s-${b}${t(bars[b])}{display:flex}` : '', `.s-${b}${t(`.shell-body-${b}`)}{display:block}`];
      return `${hide.join(',')}{display:none}${show.join('')}`;
    }),
    `.s-tabs${t('.shell-tabbar')}{display:flex}.s-notabs${t('.shell-tabbar')}{display:none}`,
    `${['.s-tabnone', ...tabs.map((_, i) => `.s-tab${i}`)].map((c) => `${c}${t('.shell-tab')}`).join(',')}{color:var(--text-muted)}`,
    ...tabs.map((_, i) => `.s-tab${i}${t(`.shell-tab${i}`)}{color:var(--adm-color-primary)}`),
    ...titles.map((title, i) => (markers.some((m) => m.includes(` s-title${i}"`)) ? `.s-title${i}${t('.shell-pagetitle::before')}{content:${cssString(title)}}` : '')),
    // a route with a lead: its lead over the skeleton, in place of its frame's body
    leads.length ? `.shell-lead{display:none}${leadCss()}` : '',
    ...leads.map((_, i) => `.s-lead${i}${t('.shell-body')}{display:none}.s-lead${i}${t(`.shell-lead${i}`)}{display:block}`),
  ];

  const loading = messages['common.loading'] ? `<span class="sr-only">${html(messages['common.loading'])}</span>` : '';
  // without a bar the site name stands in the skeleton's first block: a frame must paint something
  // contentful (text), or the browser's first contentful paint waits for the app
  const hero = (bar: Bar) => (bar === 'none' ? `<span class="shell-sk-name">${html(siteName)}</span>` : '');
  const body = (bar: Bar) =>
    `<div class="shell-body shell-body-${bar}" aria-busy="true">${loading}<div class="shell-sk shell-sk-hero">${hero(bar)}</div><div class="shell-sk shell-sk-line"></div><div class="shell-sk shell-sk-card"></div><div class="shell-sk shell-sk-card"></div></div>`;
  const markup = [
    ...markers,
    `<div class="app-shell">`,
    `<header class="shell-topbar"><div class="topbar-logo">${logoUrl ? `<img src="${html(logoUrl)}" alt="" width="28" height="28">` : ''}<span class="topbar-title">${html(siteName)}</span></div></header>`,
    `<header class="shell-pagebar"><span class="shell-back">${icon('left', '')}</span><h1 class="shell-pagetitle"></h1><span class="pagebar-side"></span></header>`,
    body('main'),
    body('page'),
    body('none'),
    ...leads.map((lead, i) => `<div class="shell-lead shell-lead${i} layout-bare">${lead}<div class="shell-lead-rest" aria-busy="true">${loading}<div class="shell-sk shell-sk-line"></div><div class="shell-sk shell-sk-card"></div><div class="shell-sk shell-sk-card"></div></div></div>`),
    `<nav class="shell-tabbar">${tabs.map((tab, i) => `<a class="shell-tab shell-tab${i}" href="#${html(tab.path)}">${icon(tab.icon, 'tabbar-icon')}<span class="tabbar-label">${html(fillBrandNames(tab.label, brand))}</span></a>`).join('')}</nav>`,
    `</div>`,
    nomoduleNotice(messages),
  ].join('');
  css.push(NOMODULE_CSS);
  return { markup, css: css.filter(Boolean).join('') };
}
