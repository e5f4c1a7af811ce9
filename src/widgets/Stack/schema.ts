import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/** A container: children in a column (or a row), with a visual variant. */
export const propsSchema = {
  type: 'object',
  description: 'A container: children in a column (or a row), with a visual variant.',
  additionalProperties: false,
  properties: {
    direction: { type: 'string', enum: ['column', 'row'] },
    variant: { type: 'string', enum: ['plain', 'card', 'section', 'padded', 'hero', 'center', 'between'] },
    gap: { type: 'integer', minimum: 0, maximum: 48 },
    title: { type: 'string', description: 'Optional section heading' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
