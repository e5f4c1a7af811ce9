import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/**
 * Responsible play's settings: the reminder interval (off or one of
 * constants.responsible.reminderMinutes) and the session limit (none or one of limitHours), kept on
 * the device. A stricter choice applies at once, a looser one from the next login; the widget says
 * which. Texts: the responsible.* messages.
 */
export const propsSchema = {
  type: 'object',
  description: 'Responsible play: the member\'s reminder interval and session limit, kept on the device.',
  additionalProperties: false,
  properties: {
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
