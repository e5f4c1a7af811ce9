/**
 * Config the engine does not understand: a widget type, an action type or a binding filter it
 * does not know. check:config stops such config before it ships; this is the second net.
 *
 * Development build: the widget is replaced by a red box naming the file, the JSON path and the
 * problem (like amis's render error), so the mistake is seen where it is made.
 * Production build: the widget renders nothing, the tap does nothing, the filter passes the value
 * through, and each distinct problem is logged once on the console.
 *
 * The texts here are developer text: the box never shows in production.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { WidgetNode } from '../config/types';
import { actionSchema } from '../config/schemas.gen';
import { bindingExpressions, FILTERS, onUnknownFilter, parseExpression } from './bindings';
import { noteError } from '../rum/early';
import type { Where } from '../rum/where';
import { isWidget } from './registry';

const logged = new Set<string>();

/** Logs a config problem the engine met at run time, once per distinct message; field data reports it (src/rum/). */
export function reportConfigError(message: string, where?: Where): void {
  if (logged.has(message)) return;
  logged.add(message);
  console.error(`[config] ${message}`);
  noteError({ source: 'config', error: message, where });
}

onUnknownFilter((name, expr) => reportConfigError(`unknown filter "${name}" in {{${expr.trim()}}}`));

/** The action types the runner knows (src/engine/actions.ts), read from the action schema (development builds only). */
let actionTypes: ReadonlySet<string> | undefined;
const knownActionType = (t: string) => (actionTypes ??= new Set(actionSchema.oneOf.map((b) => b.properties.type.const))).has(t);

/** The file whose nodes are rendered below (a screen), for the box's file and JSON path. */
const ConfigFileContext = createContext<{ file: string; json: unknown } | null>(null);

export function ConfigFile({ file, json, children }: { file: string; json: unknown; children: ReactNode }) {
  // every widget's guard reads this: a new object at each render of the screen would re-render them all
  const value = useMemo(() => ({ file, json }), [file, json]);
  return <ConfigFileContext.Provider value={value}>{children}</ConfigFileContext.Provider>;
}

/** JSON path of `target` inside `root`, found by identity (only computed for a broken node). */
export function pathOf(root: unknown, target: unknown): string | undefined {
  if (root === target) return '';
  if (!root || typeof root !== 'object') return undefined;
  for (const [k, v] of Object.entries(root)) {
    const p = pathOf(v, target);
    if (p !== undefined) return `/${k}${p}`;
  }
  return undefined;
}

interface NodeProblem {
  /** JSON path inside the node */
  at: string;
  message: string;
}

/** What in this node's own props the engine does not know: action types and filters. */
function propsProblems(v: unknown, at: string, key: string, out: NodeProblem[]): void {
  if (typeof v === 'string') {
    if (!v.includes('{{')) return;
    for (const expr of bindingExpressions(v)) {
      for (const f of parseExpression(expr).filters) {
        if (!Object.prototype.hasOwnProperty.call(FILTERS, f.name)) out.push({ at, message: `unknown filter "${f.name}" in {{${expr.trim()}}}` });
      }
    }
  } else if (Array.isArray(v)) {
    const actions = /^(on[A-Z]|before$)/.test(key);
    v.forEach((x, i) => {
      const t = actions && x && typeof x === 'object' ? (x as { type?: unknown }).type : undefined;
      if (typeof t === 'string' && !knownActionType(t)) out.push({ at: `${at}/${i}/type`, message: `unknown action type "${t}"` });
      // child nodes are checked when they render
      if (key !== 'children') propsProblems(x, `${at}/${i}`, key, out);
    });
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) propsProblems(x, `${at}/${k}`, k, out);
  }
}

const scanned = new WeakMap<WidgetNode, NodeProblem[]>();
function nodeProblems(node: WidgetNode): NodeProblem[] {
  let found = scanned.get(node);
  if (!found) {
    found = [];
    if (!isWidget(node.type)) found.push({ at: '/type', message: `unknown widget type "${node.type}"` });
    else propsProblems(node.props, '/props', 'props', found);
    scanned.set(node, found);
  }
  return found;
}

/** The red box of a development build. */
export function RenderError({ file, path, problems }: { file: string; path: string; problems: NodeProblem[] }) {
  return (
    <div role="alert" className="render-error" style={{ border: '2px solid #e53935', background: '#fff0f0', color: '#b71c1c', padding: 8, margin: 4, font: '12px/1.4 monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {problems.map((p, i) => (
        <div key={i}>{`${file}: ${path}${p.at}: ${p.message}`}</div>
      ))}
    </div>
  );
}

/**
 * Wraps one widget node. A development build checks the node's type, the action types in its
 * props and the filters of its bindings, and shows the box instead of the widget; a production
 * build only stops a widget type it does not know (nothing shown, logged once).
 */
export function NodeGuard({ node, children }: { node: WidgetNode; children: ReactNode }) {
  const source = useContext(ConfigFileContext);
  if (!import.meta.env.DEV) {
    if (isWidget(node.type)) return children;
    reportConfigError(`unknown widget type "${node.type}"${source ? ` in ${source.file}` : ''}`, source ? { file: source.file, root: source.json, node, type: node.type } : undefined);
    return null;
  }
  const problems = nodeProblems(node);
  if (!problems.length) return children;
  const file = source?.file ?? '(unknown file)';
  const path = (source && pathOf(source.json, node)) ?? '';
  for (const p of problems) reportConfigError(`${file}: ${path}${p.at}: ${p.message}`, source ? { file, root: source.json, node, type: node.type } : undefined);
  return <RenderError file={file} path={path} problems={problems} />;
}
