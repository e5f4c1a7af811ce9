import { resolveText, type Scope } from './bindings';

/** Text of a config string: "@key" is a message of messages.json (from scope.messages); bindings are resolved. */
export function text(value: unknown, scope: Scope): string {
  if (typeof value === 'string' && value.startsWith('@')) {
    const messages = (scope.messages ?? {}) as Record<string, string>;
    const key = value.slice(1);
    if (key in messages) return resolveText(messages[key], scope);
  }
  return resolveText(value, scope);
}
