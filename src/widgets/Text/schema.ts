import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/** A line or block of text (bindings and @message keys allowed). */
export const propsSchema = {
  type: 'object',
  description: 'A line or block of text (bindings and @message keys allowed).',
  additionalProperties: false,
  required: ['text'],
  properties: {
    text: { type: 'string' },
    variant: { type: 'string', enum: ['title', 'subtitle', 'body', 'muted', 'strong', 'money', 'warning', 'hint', 'onBrand', 'onBrandMuted'] },
    align: { type: 'string', enum: ['left', 'center', 'right'] },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
