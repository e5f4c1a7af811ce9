import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/** A picture with its size set (no layout shift) and lazy loading below the fold. */
export const propsSchema = {
  type: 'object',
  description: 'A picture with its size set (no layout shift), loaded lazily below the fold.',
  additionalProperties: false,
  required: ['src', 'alt'],
  properties: {
    src: { type: 'string' },
    alt: { type: 'string' },
    width: { type: 'integer', minimum: 1 },
    height: { type: 'integer', minimum: 1 },
    fit: { type: 'string', enum: ['cover', 'contain', 'fill'] },
    eager: { type: 'boolean', description: 'Above the fold: load at once' },
    rounded: { type: 'boolean' },
    block: { type: 'boolean', description: 'Full width, keeping the width:height ratio' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
