/**
 * The names an operator knows things by, from the config itself: a screen by its route's title
 * (存款), a form by the screen and tab that show it (存款 · 微信), a place in a file by the words of
 * what it is (规则 1（数值范围）的 min, 标签「微信」› 表单), and the route a player opens to see a
 * place, with the query that picks the tab it is on (/recharge?type=wxpay).
 */
import { segmentsOf } from '../json-edit';
import { getIn } from './model';
import { fillText } from './fill';
import type { Scope } from '../../src/engine/bindings';
import { widgetName, type Words } from './words';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** a file's name in a screen's or form's place: screens/recharge.json -> recharge */
export const baseName = (file: string): string => file.replace(/^(screens|forms)\//, '').replace(/\.json$/, '');

/** Every widget node of a screen, with its pointer: the body, children, a Form's children, each tab's. */
export function* nodesOf(screen: unknown): Generator<{ node: Obj; pointer: string }> {
  function* walk(nodes: unknown, at: string): Generator<{ node: Obj; pointer: string }> {
    for (const [i, n] of list(nodes).entries()) {
      const node = obj(n);
      const here = `${at}/${i}`;
      yield { node, pointer: here };
      yield* walk(node.children, `${here}/children`);
      const props = obj(node.props);
      yield* walk(props.children, `${here}/props/children`);
      for (const [t, tab] of list(props.tabs).entries()) yield* walk(obj(tab).children, `${here}/props/tabs/${t}/children`);
    }
  }
  yield* walk(obj(screen).body, '/body');
}

/** The tabs a place of a screen is on (their titles) and the query that opens them (a Tabs with queryParam). */
export function tabsOf(screen: unknown, pointer: string): { titles: string[]; query: string[] } {
  const segs = segmentsOf(pointer);
  const titles: string[] = [];
  const query: string[] = [];
  for (let k = 2; k < segs.length; k++) {
    if (segs[k] !== 'tabs' || segs[k - 1] !== 'props') continue;
    const props = obj(getIn(screen, segs.slice(0, k)));
    const tab = obj(list(props.tabs)[Number(segs[k + 1])]);
    if (str(tab.title)) titles.push(String(tab.title));
    if (str(props.queryParam) && str(tab.key)) query.push(`${String(props.queryParam)}=${encodeURIComponent(String(tab.key))}`);
  }
  return { titles, query };
}

/** What a widget node shows, in a few words: its title, text or label (filled), else nothing. */
export function nodeHint(node: Obj, scope: Scope, max = 24): string {
  const props = obj(node.props);
  const hint = ['title', 'text', 'label', 'name', 'form'].map((k) => str(props[k])).find(Boolean);
  if (!hint) return '';
  const t = fillText(hint, scope).text;
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

export interface Names {
  /** a screen's title (its route's, else its own), by its name */
  screen(name: string): string;
  /** a form's title: the screen and the tab that show it */
  form(name: string): string;
  /** a config file's title */
  file(file: string): string;
  /** a place in a file, in words (without the file's title) */
  at(file: string, pointer: string): string;
  /** the routes a player opens to see a place (a screen's, a form's through the screens that show it), with the tab's query */
  routes(file: string, pointer?: string): string[];
}

export function namesOf(json: (file: string) => unknown, files: readonly string[], w: Words, scope: Scope): Names {
  const routes = list(obj(json('routes.json')).routes).map(obj);
  const routeTitle = (r: Obj) => fillText(String(r.title ?? ''), scope).text;
  const screenRoutes = (name: string) => routes.filter((r) => r.screen === name && typeof r.path === 'string');
  const screens = files.filter((f) => f.startsWith('screens/'));
  /** each form's hosts: the screen file and the Form node's pointer */
  const hosts = new Map<string, { file: string; pointer: string }[]>();
  for (const file of screens) {
    for (const { node, pointer } of nodesOf(json(file))) {
      const form = node.type === 'Form' ? str(obj(node.props).form) : undefined;
      if (form) hosts.set(form, [...(hosts.get(form) ?? []), { file, pointer }]);
    }
  }
  const screen = (name: string) => {
    const r = screenRoutes(name).find((x) => str(x.title));
    const own = str(obj(json(`screens/${name}.json`)).title);
    return (r ? routeTitle(r) : own ? fillText(own, scope).text : '') || name;
  };
  const form = (name: string) => {
    const host = hosts.get(name)?.[0];
    if (!host) return name;
    const tabs = tabsOf(json(host.file), host.pointer).titles;
    return [screen(baseName(host.file)), ...tabs].join(' · ');
  };
  const file = (f: string) => (f.startsWith('screens/') ? screen(baseName(f)) : f.startsWith('forms/') ? form(baseName(f)) : f);

  /** the widgets and tabs a pointer of a screen's body goes through, in words, then the key it ends at */
  const nodeTrail = (screenJson: unknown, segs: string[]) => {
    const words: string[] = [];
    let end = 0;
    for (let k = 1; k < segs.length; k++) {
      const here = segs.slice(0, k + 1);
      const parent = segs[k - 1];
      if (!/^\d+$/.test(segs[k])) continue;
      if (parent === 'body' || parent === 'children') {
        const node = obj(getIn(screenJson, here));
        const hint = nodeHint(node, scope);
        words.push(`${widgetName(w, String(node.type ?? ''))}${hint ? `「${hint}」` : ''}`);
        end = k;
      } else if (parent === 'tabs') {
        words.push(w.tab(String(obj(getIn(screenJson, here)).title ?? segs[k])));
        end = k;
      }
    }
    return `${words.join(' › ')}${keyAt(segs, end + 1)}`;
  };
  /** the key a pointer ends at below `from` (a widget's props are its keys: "props" is left out) */
  const keyAt = (segs: string[], from: number) => {
    const rest = segs.slice(from).filter((s) => s !== 'props');
    return rest.length ? w.where.key(rest.join('/')) : '';
  };

  const at = (f: string, pointer: string) => {
    const segs = segmentsOf(pointer).map(String);
    const [a, b] = segs;
    if (f === 'app.json') return a === 'constants' && b ? w.where.constant(b) : a === 'maps' && b ? w.where.map(b) : w.where.appPart(segs.join('.'));
    if (f === 'messages.json') return b ? w.where.message(b) : f;
    if (f === 'routes.json') return a === 'routes' && b ? `${w.where.route(String(obj(routes[Number(b)]).path ?? b))}${keyAt(segs, 2)}` : f;
    const j = json(f);
    if (f.startsWith('forms/')) {
      if (a === 'rules' && b) return `${w.where.rule(Number(b) + 1, w.ruleKinds[String(obj(list(obj(j).rules)[Number(b)]).type)] ?? '')}${keyAt(segs, 2)}`;
      if (a === 'fields' && b) return `${w.where.field(String(obj(list(obj(j).fields)[Number(b)]).label ?? b))}${keyAt(segs, 2)}`;
      return a === 'submit' ? `${w.section.submit}${keyAt(segs, 1)}` : `${w.outlineForm}${keyAt(segs, 0)}`;
    }
    if (a === 'body') return nodeTrail(j, segs);
    if (a === 'data' && b) return `${w.where.dataSource(b)}${keyAt(segs, 2)}`;
    return `${w.where.settings}${keyAt(segs, 0)}`;
  };

  const routesOf = (f: string, pointer = ''): string[] => {
    const inScreen = (screenFile: string, p: string) => {
      const q = tabsOf(json(screenFile), p).query;
      return screenRoutes(baseName(screenFile)).map((r) => `${String(r.path)}${q.length ? `?${q.join('&')}` : ''}`);
    };
    if (f.startsWith('screens/')) return inScreen(f, pointer);
    if (f.startsWith('forms/')) return [...new Set((hosts.get(baseName(f)) ?? []).flatMap((h) => inScreen(h.file, h.pointer)))];
    return [];
  };

  return { screen, form, file, at, routes: routesOf };
}
