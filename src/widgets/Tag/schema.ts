import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/** A small pill of text (a level badge, a status), optionally with an icon. */
export const propsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: {
    text: { type: 'string' },
    icon: { type: 'string' },
    tone: { type: 'string', enum: ['primary', 'gold', 'success', 'warning', 'danger', 'onBrand'] },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

export type Props = FromSchema<typeof propsSchema>;
