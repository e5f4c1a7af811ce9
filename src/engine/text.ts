import { type Scope } from './bindings';
import { configValue } from './props';

/**
 * The text of a config string in a scope: "@key" is a message of messages.json (from
 * scope.messages), bindings are resolved. For config only: a value that is already resolved
 * (a widget's props, a reply's field) is shown with asText, never read as config again.
 */
export function text(value: unknown, scope: Scope): string {
  return asText(typeof value === 'string' ? configValue(value, scope) : value);
}

/** A resolved value as it is shown: nothing for null and undefined, else its string. */
export function asText(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}
