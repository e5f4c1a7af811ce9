/**
 * Central resolution of a widget's props (the Node renderer, screen.tsx): message keys and text
 * bindings become text, a string that is one whole binding ({{data.list}}) its raw value, lists
 * and objects are walked, and entries of a list that carry a `when` are kept only while it
 * holds. Left raw, for the widget to read through useScreen: action lists, conditions, node lists
 * and the widget's declared templates (raw-props.gen.ts, from each widget's schema.ts).
 *
 * A resolved value is never resolved again: a server text such as "{{user.token}}" or
 * "@auth.confirm" (a nickname, a notice title) is shown as it is.
 */
import { isObject } from '../config/json';
import { evalCondition, resolve, resolveText, type Scope } from './bindings';
import type { Condition } from '../config/types';

/** The text or value of one config string: "@key" is a message of messages.json, else bindings. */
export function configValue(value: string, scope: Scope): unknown {
  if (value.startsWith('@')) {
    const messages = (scope.messages ?? {}) as Record<string, string>;
    const key = value.slice(1);
    if (Object.prototype.hasOwnProperty.call(messages, key)) return resolveText(messages[key], scope);
  }
  return resolve(value, scope);
}


/** The entries of a list of sub-items (tabs, menu entries, details…) whose `when` holds. */
export function shownItems<T>(items: readonly T[], scope: Scope): T[] {
  return items.filter((x) => !isObject(x) || x.when === undefined || evalCondition(x.when as Condition, scope));
}

/**
 * `props` resolved against `scope`, except the dotted paths of `raw` (lists walked through) and
 * the `when` of sub-items, which have been applied.
 */
export function resolveProps(props: Record<string, unknown>, scope: Scope, raw: ReadonlySet<string>): Record<string, unknown> {
  return walk(props, '', scope, raw) as Record<string, unknown>;
}

function walk(value: unknown, path: string, scope: Scope, raw: ReadonlySet<string>): unknown {
  if (path && raw.has(path)) return value;
  if (typeof value === 'string') return configValue(value, scope);
  if (Array.isArray(value)) return shownItems(value, scope).map((x) => walk(x, path, scope, raw));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === 'when' && path ? v : walk(v, path ? `${path}.${k}` : k, scope, raw);
  return out;
}
