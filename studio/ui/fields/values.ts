/**
 * A value as an operator types it into a text box and back: 100 is a number, true and false are
 * switches, null is nothing, [..] and {..} are JSON, anything else (a binding {{user.vip}}, a word)
 * is text. The fields that take any value (a condition's, a payload's) read and write through these.
 */
export function parseTyped(text: string): unknown {
  const t = text.trim();
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  if (t === 'true') return true;
  if (t === 'false') return false;
  if (t === 'null') return null;
  if ((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'))) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** How a value shows in a text box (parseTyped reads it back the same). */
export function showTyped(v: unknown): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}
