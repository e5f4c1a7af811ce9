import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/** A small pill of text (a level badge, a status), optionally with an icon. */
export const propsSchema = {
  type: 'object',
  description: 'A small pill of text (a level badge, a status), optionally with an icon.',
  additionalProperties: false,
  required: ['text'],
  properties: {
    text: { type: 'string' },
    icon: { type: 'string' },
    tone: { type: 'string', enum: ['primary', 'gold', 'success', 'warning', 'danger', 'onBrand'] },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
