/**
 * "Where is this used?" (npm run check:config -- --where KEY): every file and JSON path of
 * screens.config/ that refers to a key, so an operator knows what an edit reaches before making it.
 *   @auth.loginRequired   a message: "@auth.loginRequired" in any text, and its entry in messages.json
 *   const.withdrawMin     a constant: {{const.withdrawMin}} or or:const.withdrawMin in any binding, and app.json
 *   map:depositState      a map (also maps.depositState): map:depositState in any binding, and app.json
 *   withdraw, BalanceList an endpoint, a widget type or any other name: every value equal to it
 *                         ("endpoint": "withdraw", "type": "BalanceList") and every property so named
 * Pure (no file access): the CLI reads the files (scripts/config-fs.ts) and also lists src/ lines.
 */
import type { ConfigBundle } from './check';

export interface Reference {
  file: string;
  /** JSON pointer inside the file, for example /body/0/props/items */
  path: string;
  /** the text that refers to the key (shortened), or "(definition)" */
  text: string;
}

export interface WhereQuery {
  /** what the key is, for the printed heading */
  kind: 'message' | 'constant' | 'map' | 'name';
  /** the token searched for inside texts (null: whole values only) */
  token: string | null;
  /** the exact value or property name searched for */
  name: string;
  /** where the key is defined: [file kind, JSON pointer] */
  definition: { in: 'messages' | 'app'; path: string } | null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pointer = (parts: (string | number)[]) => `/${parts.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

export function parseWhere(key: string): WhereQuery {
  const k = key.trim();
  if (k.startsWith('@')) return { kind: 'message', token: k, name: k, definition: { in: 'messages', path: pointer(['messages', k.slice(1)]) } };
  if (k.startsWith('const.')) return { kind: 'constant', token: k, name: k.slice(6), definition: { in: 'app', path: pointer(['constants', k.slice(6)]) } };
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

  const files = [bundle.app, bundle.messages, bundle.routes, ...Object.values(bundle.screens), ...Object.values(bundle.forms)];
  for (const f of files) {
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

export function formatReferences(key: string, refs: Reference[]): string {
  if (!refs.length) return `${key}: no reference in screens.config/`;
  const width = Math.max(...refs.map((r) => `${r.file} ${r.path}`.length));
  return [`${key}: ${refs.length} reference(s)`, ...refs.map((r) => `${`${r.file} ${r.path}`.padEnd(width)}  ${r.text}`)].join('\n');
}
