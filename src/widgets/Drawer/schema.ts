import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/**
 * A side menu: a button that slides a panel in from the side with the child nodes in it.
 * The panel closes on the mask, on its close button and whenever the route changes.
 */
export const propsSchema = {
  type: 'object',
  description: 'A button that slides in a side panel holding its child nodes; closes on the mask, its close button and a route change.',
  additionalProperties: false,
  required: ['label'],
  properties: {
    label: { type: 'string', description: 'Accessible name of the open button (and the panel)' },
    icon: { type: 'string', description: 'Icon of the open button (default record)' },
    side: { type: 'string', enum: ['left', 'right'] },
    closeLabel: { type: 'string' },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
