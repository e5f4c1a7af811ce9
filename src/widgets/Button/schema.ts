import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { actionsRef, conditionRef, type Templates } from '../../config/schema-refs';

/** A button or a text link that runs actions; disabled while they run (no double submission). */
export const propsSchema = {
  type: 'object',
  description: 'A button or a text link that runs actions; disabled while they run (no double submission).',
  additionalProperties: false,
  required: ['text'],
  properties: {
    text: { type: 'string' },
    variant: { type: 'string', enum: ['primary', 'default', 'danger', 'link', 'ghost'] },
    size: { type: 'string', enum: ['small', 'middle', 'large'] },
    block: { type: 'boolean' },
    icon: { type: 'string' },
    onTap: { ...actionsRef, description: 'Actions' },
    disabledWhen: { ...conditionRef, description: 'A condition' },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
