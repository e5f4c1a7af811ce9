/**
 * Choices from loaded data (config `optionsFrom`), shared by form fields and FilterBar: for each
 * item of the list at `path`, its value at the path `value` and a label that is either a path in
 * the item ("name") or a text with bindings over `item` ("{{item.bank}} {{item.bank_no | last4}}").
 */
import { getPath, resolveText, type Scope } from './bindings';
import { withNames } from './scope';

export interface OptionsFrom {
  path: string;
  label: string;
  value: string;
}

export function optionsFrom(from: OptionsFrom | undefined, scope: Scope): { label: string; value: unknown }[] {
  const list = from ? getPath(scope, from.path) : undefined;
  if (!from || !Array.isArray(list)) return [];
  return list.map((item: unknown) => {
    const value = getPath(item, from.value);
    const label = from.label.includes('{{') ? resolveText(from.label, withNames(scope, { item })) : String(getPath(item, from.label) ?? value ?? '');
    return { label, value };
  });
}
