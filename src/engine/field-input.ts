/**
 * What a form field's input receives from the form (form.tsx draws text, password, number, captcha
 * and hidden fields itself; form-fields.ts loads the others, each in a chunk of its own, which
 * import this type, not the loader).
 */
import type { FieldConfig } from '../config/types';
import type { Scope } from './bindings';

export interface FieldInputProps {
  field: FieldConfig;
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  scope: Scope;
  captcha: string;
  onRedraw: () => void;
}
