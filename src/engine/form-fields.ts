/**
 * A form loads only what its fields use: text, password, number, captcha and hidden
 * fields are drawn by form.tsx itself; a textarea, and the choice fields (select and date with
 * their pickers, radio), come in chunks of their own, loaded with the form that has one (the
 * screen's preload waits for them, so the form paints whole). The login form pays for neither.
 */
import type { ComponentType } from 'react';
import type { FieldConfig } from '../config/types';
import type { FieldInputProps } from './field-input';

export type { FieldInputProps } from './field-input';

type FieldComponent = ComponentType<FieldInputProps>;

const MODULES: Record<string, () => Promise<{ default: FieldComponent }>> = {
  textarea: () => import('./form-textarea'),
  select: () => import('./form-choice'),
  date: () => import('./form-choice'),
  radio: () => import('./form-choice'),
};

const loaded = new Map<string, FieldComponent>();

/** the field types of these forms that need a chunk of their own, not yet loaded */
const missing = (types: Iterable<string>) => [...new Set(types)].filter((t) => t in MODULES && !loaded.has(t));

export function fieldsReady(fields: readonly FieldConfig[]): boolean {
  return missing(fields.map((f) => f.type)).length === 0;
}

export async function loadFieldTypes(types: Iterable<string>): Promise<void> {
  await Promise.all(missing(types).map(async (t) => loaded.set(t, (await MODULES[t]()).default)));
}

/** the component of a field type that has a chunk of its own, once loaded (undefined: form.tsx draws it) */
export function fieldComponent(type: string): FieldComponent | undefined {
  return loaded.get(type);
}
