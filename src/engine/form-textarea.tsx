/** The textarea field (form-fields.ts): antd-mobile's TextArea, loaded with a form that has one. */
import { TextArea } from 'antd-mobile';
import { resolveNumber, resolveText } from './bindings';
import type { FieldInputProps } from './field-input';

export default function TextAreaField({ field, id, value, onChange, scope }: FieldInputProps) {
  const maxLength = field.maxLength !== undefined ? resolveNumber(field.maxLength, scope, 32) : resolveNumber('{{const.textInputMax}}', scope, 32);
  return (
    <TextArea
      id={id}
      name={field.name}
      placeholder={resolveText(field.placeholder ?? '', scope)}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={onChange}
      maxLength={maxLength}
      rows={3}
      readOnly={field.readOnly}
    />
  );
}
