import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { conditionRef, featureRef, type Templates } from '../../config/schema-refs';

/** Figures side by side (totals of a record screen, counts): a value over its label. */
export const propsSchema = {
  type: 'object',
  description: 'Figures side by side (the totals of a record screen): a value over its label.',
  additionalProperties: false,
  required: ['items'],
  properties: {
    variant: { type: 'string', enum: ['card', 'plain', 'onBrand'], description: 'Default card' },
    columns: { type: 'integer', minimum: 1, maximum: 4 },
    items: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['label', 'value'],
        properties: {
          label: { type: 'string' },
          value: { type: 'string' },
          tone: { type: 'string', description: 'auto | primary | success | warning | danger (bindings allowed)' },
          when: { ...conditionRef }, feature: { ...featureRef },
          testId: { type: 'string' },
        },
      },
    },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
