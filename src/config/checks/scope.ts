/**
 * What a place in the config has in scope: the names a binding may read there (the engine's
 * scopes: src/engine/screen.tsx useBaseScope and the screen scope), and what the screen (or the
 * screens hosting a form) declares: data sources, state keys.
 */
import { isObject } from './util.ts';
import { LOCAL_WHERE_WORDS, type LocalRoot } from '../words/bindings.ts';
import type { Ctx, ScreenInfo, Shape } from './context.ts';

export type { Ctx, ScreenInfo } from './context.ts';

/** Names every binding may read, whatever the place (src/engine/screen.tsx useBaseScope and the screen scope). */
export const BASE_ROOTS = ['app', 'user', 'token', 'loggedIn', 'venues', 'games', 'query', 'path', 'fullPath', 'const', 'maps', 'messages', 'brand'];
export const SCREEN_ROOTS = ['state', 'data', 'loading', 'failed'];
/**
 * Names in scope only at some places (an item inside a list widget, a reply inside an api call's
 * actions), each with where: a binding elsewhere that reads one is told where (its words, in
 * English and the studio's languages, are the message's: src/config/words/bindings.ts).
 */
export const LOCAL_WHERE: Readonly<Record<LocalRoot, string>> = LOCAL_WHERE_WORDS;
/** a name that is in scope only at some places (LOCAL_WHERE) */
export const isLocalRoot = (name: string): name is LocalRoot => Object.prototype.hasOwnProperty.call(LOCAL_WHERE, name);
/** Names that code in src/ gives the messages of a group (by key prefix) besides the usual scope. */
export const MESSAGE_LOCALS: Record<string, string[]> = {
  // src/responsible/: minutes, hours, a choice's number and the text of a pending choice
  'responsible.': ['n', 'h', 'm', 'text'],
};

/** The place with more local names: each gets the shape given (or none, hiding an outer name's). */
export const withRoots = (ctx: Ctx, more: readonly string[], shapes: Record<string, Shape | undefined> = {}): Ctx =>
  more.length
    ? { ...ctx, roots: new Set([...ctx.roots, ...more]), shapes: { ...ctx.shapes, ...Object.fromEntries(more.map((n) => [n, Object.prototype.hasOwnProperty.call(shapes, n) ? shapes[n] : undefined])) } }
    : ctx;

/** The data sources and state keys of a screen (the first JSON) and the forms it hosts. */
export function collectScreenInfo(jsons: unknown[]): ScreenInfo {
  const info: ScreenInfo = { sources: new Set(), paged: new Set(), dataNames: new Set(), declared: new Set(), set: new Set(), read: new Set(), calls: {} };
  jsons.forEach((json, i) => {
    if (i === 0 && isObject(json)) {
      if (isObject(json.data)) {
        for (const [k, d] of Object.entries(json.data)) {
          [info.sources, info.dataNames].forEach((x) => x.add(k));
          if (isObject(d) && d.paged !== undefined) info.paged.add(k);
          if (isObject(d) && typeof d.endpoint === 'string') {
            const path = isObject(d.paged) && typeof d.paged.path === 'string' ? d.paged.path : undefined;
            info.calls[k] = { endpoint: d.endpoint, paged: d.paged !== undefined, ...(path ? { path } : {}) };
          }
        }
      }
      if (isObject(json.state)) for (const k of Object.keys(json.state)) info.declared.add(k);
    }
    const visit = (v: unknown): void => {
      if (typeof v === 'string') {
        if (v.includes('state.')) for (const m of v.matchAll(/\bstate\.([A-Za-z_$][\w$]*)/g)) info.read.add(m[1]);
      } else if (Array.isArray(v)) {
        for (const x of v) visit(x);
      } else if (isObject(v)) {
        if (v.type === 'setState' && typeof v.key === 'string') info.set.add(v.key);
        if (typeof v.assign === 'string') info.set.add(v.assign);
        if (typeof v.stateKey === 'string') info.set.add(v.stateKey);
        for (const x of Object.values(v)) visit(x);
      }
    };
    visit(json);
  });
  return info;
}

/** The forms a screen's Form widgets show. */
export function formsOf(body: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) visit(x);
    else if (isObject(v)) {
      if (v.type === 'Form' && isObject(v.props) && typeof v.props.form === 'string') out.push(v.props.form);
      for (const x of Object.values(v)) visit(x);
    }
  };
  visit(body);
  return out;
}

/** A form shown by several screens sees what any of them declares. */
export function mergeInfo(infos: ScreenInfo[]): ScreenInfo | undefined {
  if (!infos.length) return undefined;
  const u = (k: Exclude<keyof ScreenInfo, 'calls'>) => new Set(infos.flatMap((i) => [...i[k]]));
  const calls: ScreenInfo['calls'] = {};
  for (const info of infos) {
    for (const [name, c] of Object.entries(info.calls)) {
      const had = calls[name];
      calls[name] = had === undefined ? c : had && c && had.endpoint === c.endpoint && had.path === c.path ? had : null;
    }
  }
  return { sources: u('sources'), paged: u('paged'), dataNames: u('dataNames'), declared: u('declared'), set: u('set'), read: u('read'), calls };
}

