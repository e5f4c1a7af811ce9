import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { conditionRef, nodesRef, type Templates } from '../../config/schema-refs';

/** A form of screens.config/forms/<form>.json: fields, ordered rules, submit call. */
export const propsSchema = {
  type: 'object',
  description: 'A form of screens.config/forms/<form>.json: its fields, ordered rules and submit call; its children show between fields and button.',
  additionalProperties: false,
  required: ['form'],
  properties: {
    form: { type: 'string', description: 'Name of a file in screens.config/forms/' },
    submitText: { type: 'string', description: 'Overrides the form submitText' },
    variant: { type: 'string', enum: ['card', 'plain'] },
    disabledWhen: { ...conditionRef, description: 'A condition: while it holds every field and the submit button are disabled' },
    disabledText: { type: 'string', description: 'Shown above the form while it is disabled (a message key or text)' },
    children: { ...nodesRef, description: 'Nodes shown between the fields and the submit button' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): `submitText` is resolved by the form (src/engine/form.tsx). */
export const templates = { submitText: [] } as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
