import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/**
 * A screen's own title bar (for routes where the shell shows none), with an optional back arrow;
 * with `hidden` only a level-one heading for assistive technology (screens whose top bar shows a logo).
 */
export const propsSchema = {
  type: 'object',
  description: 'A screen\'s own title bar (where the shell shows none), with an optional back arrow.',
  additionalProperties: false,
  required: ['title'],
  properties: {
    title: { type: 'string' },
    back: { type: 'boolean', description: 'Show a back arrow' },
    backLabel: { type: 'string', description: 'Accessible name of the back arrow' },
    sticky: { type: 'boolean' },
    hidden: { type: 'boolean', description: 'Only a visually hidden h1' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
