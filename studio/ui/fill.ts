/**
 * A config text as the app shows it: its bindings filled in by the app's own binding code
 * (src/engine/bindings.ts) from what the config knows (app.json constants, brand, theme, maps), so
 * an operator reads "密码至少6位" beside the template "密码至少{{const.passwordMin}}位". A binding
 * the config alone cannot fill (the backend's data, the member, the form's values) stays as written.
 */
import { bindingExpressions, evalExpression, type Scope } from '../../src/engine/bindings';
import { isObject } from '../../src/config/json';

/** What a text of this config can be filled from: the parts of app.json the app reads in bindings. */
export function scopeOf(app: unknown, extra: Scope = {}): Scope {
  const a = isObject(app) ? app : {};
  return { const: a.constants ?? {}, brand: a.brand ?? {}, theme: a.theme ?? {}, maps: a.maps ?? {}, ...extra };
}

/** The text with each binding the scope can fill filled; `filled` says whether any was. */
export function fillText(text: string, scope: Scope): { text: string; filled: boolean } {
  let filled = false;
  const out = text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, expr: string) => {
    let v: unknown;
    try {
      v = evalExpression(expr, scope);
    } catch {
      v = undefined;
    }
    if (v === undefined || v === null || v === '' || typeof v === 'object') return whole;
    filled = true;
    return String(v);
  });
  return { text: out, filled };
}

/** Whether a text has bindings at all. */
export const hasBindings = (text: string): boolean => bindingExpressions(text).length > 0;
