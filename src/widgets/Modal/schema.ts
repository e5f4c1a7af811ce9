import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { actionsRef, type Templates } from '../../config/schema-refs';

/**
 * A modal opened by itself when the widget appears (a start-up notice, for example), showing its
 * child nodes (server HTML goes through an Html child, so it is sanitised). With onceKey it opens at
 * most once per browser session. Use the node's `when` for the switch that turns it on.
 */
export const propsSchema = {
  type: 'object',
  description: 'A dialog that opens by itself when the widget appears (a start-up notice) with its child nodes; with onceKey once per session.',
  additionalProperties: false,
  required: ['confirmText'],
  properties: {
    title: { type: 'string' },
    confirmText: { type: 'string' },
    onConfirm: { ...actionsRef, description: 'Actions after the confirm button closed the modal' },
    onceKey: { type: 'string', description: 'Open at most once per browser session under this key' },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
