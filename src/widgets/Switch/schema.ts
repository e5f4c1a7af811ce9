import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { actionsRef, type Templates } from '../../config/schema-refs';

/**
 * A labelled on/off switch. `checked` is a binding (truthy = on); a tap runs `onChange` with
 * `value` (1 to switch on, 0 to switch off) in scope, the switch busy and locked until it ends.
 * The switch shows what the bound value says, so a failed call leaves it as it was.
 */
export const propsSchema = {
  type: 'object',
  description: 'A labelled on/off switch; a tap runs onChange with value (1 on, 0 off) in scope.',
  additionalProperties: false,
  required: ['label', 'checked'],
  properties: {
    label: { type: 'string' },
    description: { type: 'string' },
    checked: { type: 'string', description: 'A binding, e.g. {{user.transferstatus}}' },
    onChange: { ...actionsRef, description: 'Actions, with value (1 or 0) in scope' },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): `onChange` runs with the new value as `value`. */
export const templates = { onChange: ['value'] } as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
