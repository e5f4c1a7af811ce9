/**
 * The values the backend decides: a text or a rule bound to a screen's data source before the config
 * ("{{data.rangeWechat.min_price | or:const.depositMinWechat}}": the reply of getPayRange wins, the
 * constant is used only when the backend gives none). The page says so at the field, the constant's
 * and the binding's, with what the backend sends now (the preview's mock, asked through the studio).
 */
import { bindingExpressions, parseExpression, resolveDeep, type Scope } from '../../src/engine/bindings';
import { isObject } from '../../src/config/json';
import { joinPointer } from '../../src/config/pointer';
import { nodesOf } from './names';

/** A call of the backend whose reply a screen reads (a data source), and the field of it read. */
export interface BackendRead {
  /** the screen's file that declares the data source */
  screen: string;
  source: string;
  endpoint: string;
  payload: Record<string, unknown>;
  /** the path read below the reply: min_price */
  field: string;
  /** the config values used when the reply has none, in order: const.depositMinWechat */
  fallbacks: string[];
}

/**
 * The data sources' reads and fallbacks of one binding text, by the screen's `data` (name -> {endpoint,
 * payload}); a payload's bindings filled from `scope` (the screen's state as it starts: USDT's protocol).
 */
export function readsOf(text: string, screen: string, data: unknown, scope: Scope = {}): BackendRead[] {
  if (typeof text !== 'string' || !text.includes('{{') || !isObject(data)) return [];
  const out: BackendRead[] = [];
  for (const expr of bindingExpressions(text)) {
    const { head, filters } = parseExpression(expr);
    const m = head.kind === 'path' ? /^data\.([^.[\]]+)\.?(.*)$/.exec(head.path) : null;
    const def = m ? data[m[1]] : undefined;
    if (!m || !isObject(def) || typeof def.endpoint !== 'string') continue;
    const fallbacks = filters.filter((f) => f.name === 'or' && f.arg).map((f) => f.arg!);
    const payload = isObject(def.payload) ? (resolveDeep(def.payload, scope) as Record<string, unknown>) : {};
    out.push({ screen, source: m[1], endpoint: def.endpoint, payload, field: m[2], fallbacks });
  }
  return out;
}

/**
 * Every backend read of the config, by the place that reads it (file, pointer): the texts of each
 * screen, and of each form through the screens that show it (a form's `data.` is its screen's).
 */
export function backendReads(json: (file: string) => unknown, files: readonly string[], scope: Scope = {}): { file: string; pointer: string; read: BackendRead }[] {
  const out: { file: string; pointer: string; read: BackendRead }[] = [];
  let here: Scope = scope;
  const walk = (file: string, v: unknown, at: string, screen: string, data: unknown) => {
    if (typeof v === 'string') for (const read of readsOf(v, screen, data, here)) out.push({ file, pointer: at, read });
    else if (Array.isArray(v)) v.forEach((x, i) => walk(file, x, `${at}/${i}`, screen, data));
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) if (k !== 'data') walk(file, x, joinPointer(at, k), screen, data);
  };
  const formsSeen = new Set<string>();
  for (const screen of files.filter((f) => f.startsWith('screens/'))) {
    const j = json(screen);
    if (!isObject(j) || !isObject(j.data)) continue;
    const data = j.data;
    here = { ...scope, state: isObject(j.state) ? j.state : {} };
    walk(screen, j, '', screen, data);
    for (const { node } of nodesOf(j)) {
      const form = node.type === 'Form' && isObject(node.props) && typeof node.props.form === 'string' ? node.props.form : undefined;
      const file = form ? `forms/${form}.json` : undefined;
      if (!file || formsSeen.has(file) || !files.includes(file)) continue;
      formsSeen.add(file);
      walk(file, json(file), '', screen, data);
    }
  }
  return out;
}

/** The reads a constant is the fallback of (const.depositMinWechat), by its name. */
export function fallbackOf(reads: ReturnType<typeof backendReads>, constant: string): ReturnType<typeof backendReads> {
  return reads.filter((r) => r.read.fallbacks.includes(`const.${constant}`));
}

/** The key of a call the page asks the mock about: one per endpoint and payload. */
export const callKey = (r: Pick<BackendRead, 'endpoint' | 'payload'>): string => `${r.endpoint} ${JSON.stringify(r.payload)}`;

