/**
 * "Where is this used?" (npm run check:config -- --where KEY): every file and JSON path of
 * screens.config/ that refers to a key, so an operator knows what an edit reaches before making it.
 *   @auth.loginRequired   a message: "@auth.loginRequired" in any text, and its entry in messages.json
 *   const.withdrawMin     a constant: {{const.withdrawMin}} or or:const.withdrawMin in any binding, and app.json
 *   map:depositState      a map (also maps.depositState): map:depositState in any binding, and app.json
 *   brand.serviceUrl      a value of app.json brand: {{brand.serviceUrl}} in any binding, and app.json
 *   withdraw, BalanceList an endpoint, a widget type or any other name: every value equal to it
 *                         ("endpoint": "withdraw", "type": "BalanceList") and every property so named
 *   赞助, 单笔取款          plain text (findText): every string of the config containing it, Chinese
 *                         included; a message found so is followed to the places that show it (@key)
 * Each line also names the route(s) a player opens to see it (routesOf: a screen's routes, a form's
 * through the screens that show it).
 * Pure (no file access): the CLI reads the files (src/config/source) and also lists src/ lines.
 */
import type { ConfigBundle } from './check.ts';
import { shownPointerOf, unescapeSegment } from './pointer.ts';
import { formsOf } from './checks/scope.ts';

export interface Reference {
  file: string;
  /** JSON pointer inside the file, for example /body/0/props/items */
  path: string;
  /** the text that refers to the key (shortened), or "(definition)" */
  text: string;
}

export interface WhereQuery {
  /** what the key is, for the printed heading */
  kind: 'message' | 'constant' | 'map' | 'brand' | 'name';
  /** the token searched for inside texts (null: whole values only) */
  token: string | null;
  /** the exact value or property name searched for */
  name: string;
  /** where the key is defined: [file kind, JSON pointer] */
  definition: { in: 'messages' | 'app'; path: string } | null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pointer = shownPointerOf;

export function parseWhere(key: string): WhereQuery {
  const k = key.trim();
  if (k.startsWith('@')) return { kind: 'message', token: k, name: k, definition: { in: 'messages', path: pointer(['messages', k.slice(1)]) } };
  if (k.startsWith('const.')) return { kind: 'constant', token: k, name: k.slice(6), definition: { in: 'app', path: pointer(['constants', k.slice(6)]) } };
  const brand = /^brand\.(\w+)$/.exec(k);
  if (brand) return { kind: 'brand', token: k, name: brand[1], definition: { in: 'app', path: pointer(['brand', brand[1]]) } };
  const map = /^(?:map:|maps\.)(.+)$/.exec(k);
  if (map) return { kind: 'map', token: `map:${map[1]}`, name: map[1], definition: { in: 'app', path: pointer(['maps', map[1]]) } };
  return { kind: 'name', token: null, name: k, definition: null };
}

/** Every reference to `key` in the bundle, file by file in a stable order (app, messages, routes, screens, forms). */
export function findReferences(bundle: ConfigBundle, key: string): Reference[] {
  const q = parseWhere(key);
  const tokenRe = q.token ? new RegExp(`(?<![\\w.@])${escape(q.token)}(?![\\w.-])`) : null;
  const out: Reference[] = [];
  const short = (s: string) => (s.length > 90 ? `${s.slice(0, 87)}...` : s);

  const walk = (file: string, node: unknown, at: (string | number)[]) => {
    if (typeof node === 'string') {
      if (tokenRe ? tokenRe.test(node) : node === q.name) out.push({ file, path: pointer(at), text: short(node) });
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((v, i) => walk(file, v, [...at, i]));
      return;
    }
    if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (!tokenRe && k === q.name) out.push({ file, path: pointer([...at, k]), text: '(property)' });
        walk(file, v, [...at, k]);
      }
    }
  };

  for (const f of files(bundle)) {
    if (f.json instanceof Error) continue;
    if (q.definition && f === bundle[q.definition.in]) {
      const parts = q.definition.path.slice(1).split('/');
      let v: unknown = f.json;
      for (const p of parts) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
      if (v !== undefined) out.push({ file: f.file, path: q.definition.path, text: '(definition)' });
    }
    walk(f.file, f.json, []);
  }
  return out;
}

/**
 * Every string of the config that contains `needle` (letters compared without case), then the
 * places that show a message found so (its @key). For an operator who knows what the player reads,
 * not what the config calls it: `--where 赞助`.
 */
export function findText(bundle: ConfigBundle, needle: string): Reference[] {
  const want = needle.trim().toLowerCase();
  const out: Reference[] = [];
  if (!want) return out;
  const short = (s: string) => (s.length > 90 ? `${s.slice(0, 87)}...` : s);
  const keys: string[] = [];
  const walk = (file: string, node: unknown, at: (string | number)[]) => {
    if (typeof node === 'string') {
      if (at[0] !== '$schema' && node.toLowerCase().includes(want)) {
        out.push({ file, path: pointer(at), text: short(node) });
        if (file === bundle.messages.file && at[0] === 'messages' && at.length === 2) keys.push(String(at[1]));
      }
    } else if (Array.isArray(node)) node.forEach((v, i) => walk(file, v, [...at, i]));
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(file, v, [...at, k]);
  };
  for (const f of files(bundle)) if (!(f.json instanceof Error)) walk(f.file, f.json, []);
  for (const key of keys) {
    for (const r of findReferences(bundle, `@${key}`)) if (r.text !== '(definition)') out.push({ ...r, text: `${r.text} (shows "${short(String((bundle.messages.json as { messages: Record<string, unknown> }).messages[key]))}")` });
  }
  return out;
}

/**
 * The web addresses of the config by host (sponsor.xingyao.example.com: app.json /maps/sponsorUrl/1,
 * …): a brand's own domains, which a search for its name (brand.siteName) does not find; `--where` lists them after a text.
 */
export function findHosts(bundle: ConfigBundle): { host: string; refs: Reference[] }[] {
  const byHost = new Map<string, Reference[]>();
  const walk = (file: string, node: unknown, at: (string | number)[]) => {
    if (typeof node === 'string') {
      for (const m of node.matchAll(/\b(?:https?:)?\/\/([a-z0-9.-]+\.[a-z]{2,})(?::\d+)?/gi)) {
        const host = m[1].toLowerCase();
        byHost.set(host, [...(byHost.get(host) ?? []), { file, path: pointer(at), text: node }]);
      }
    } else if (Array.isArray(node)) node.forEach((v, i) => walk(file, v, [...at, i]));
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) if (k !== '$schema') walk(file, v, [...at, k]);
  };
  for (const f of files(bundle)) if (!(f.json instanceof Error)) walk(f.file, f.json, []);
  return [...byHost].map(([host, refs]) => ({ host, refs: refs.filter((r, i) => refs.findIndex((o) => o.file === r.file && o.path === r.path) === i) }));
}

/** the host of a web address typed as the key (https://sponsor.example.com/x -> sponsor.example.com), or null */
export function hostOf(key: string): string | null {
  try {
    const u = new URL(key.trim());
    return /^https?:$/.test(u.protocol) ? u.hostname : null;
  } catch {
    return null;
  }
}

const files = (bundle: ConfigBundle) => [bundle.app, bundle.messages, bundle.routes, ...Object.values(bundle.screens), ...Object.values(bundle.forms)];

/** file -> the route paths a player opens to see it: a screen's routes, a form's through the screens showing it, a route entry's own path. */
export function routesOf(bundle: ConfigBundle): (file: string, path: string) => string[] {
  const json = bundle.routes.json;
  const list = json && typeof json === 'object' && !(json instanceof Error) ? (json as { routes?: unknown }).routes : undefined;
  const routes = (Array.isArray(list) ? list : []) as ({ path?: unknown; screen?: unknown } | null)[];
  const byScreen = new Map<string, string[]>();
  for (const r of routes) {
    if (typeof r?.screen === 'string' && typeof r.path === 'string') byScreen.set(r.screen, [...(byScreen.get(r.screen) ?? []), r.path]);
  }
  const byFile = new Map<string, string[]>();
  for (const [name, s] of Object.entries(bundle.screens)) {
    const paths = byScreen.get(name) ?? [];
    byFile.set(s.file, paths);
    const body = s.json && typeof s.json === 'object' && !(s.json instanceof Error) ? (s.json as { body?: unknown }).body : undefined;
    for (const form of formsOf(body)) {
      const f = bundle.forms[form];
      if (f) byFile.set(f.file, [...new Set([...(byFile.get(f.file) ?? []), ...paths])]);
    }
  }
  const ofFile = (file: string, at: string): string[] => {
    if (file === bundle.routes.file) {
      const m = /^\/routes\/(\d+)/.exec(at);
      const r = m ? routes[Number(m[1])] : undefined;
      return typeof r?.path === 'string' ? [r.path] : [];
    }
    // a message: where the places that show it are
    const key = file === bundle.messages.file ? /^\/messages\/([^/]+)$/.exec(at)?.[1] : undefined;
    if (key) {
      const users = findReferences(bundle, `@${unescapeSegment(key)}`).filter((r) => r.file !== bundle.messages.file);
      return [...new Set(users.flatMap((r) => ofFile(r.file, r.path)))];
    }
    return byFile.get(file) ?? [];
  };
  return ofFile;
}

/** One line per reference: file and JSON path, the route(s) it shows on, the text. */
export function formatReferences(key: string, refs: Reference[], routes?: (file: string, path: string) => string[], heading?: string, folder = 'screens.config/'): string {
  if (!refs.length) return `${key}: no reference in ${folder}`;
  const where = refs.map((r) => `${r.file} ${r.path}`);
  const on = refs.map((r) => (routes ? routes(r.file, r.path).join(',') : ''));
  const width = Math.max(...where.map((w) => w.length));
  const onWidth = Math.max(...on.map((o) => o.length));
  const lines = refs.map((r, i) => `${where[i].padEnd(width)}  ${onWidth ? `${on[i].padEnd(onWidth)}  ` : ''}${r.text}`);
  return [heading ?? `${key}: ${refs.length} reference(s) in ${folder}`, ...lines].join('\n');
}
