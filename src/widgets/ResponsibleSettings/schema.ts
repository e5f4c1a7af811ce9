import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * Responsible play's settings (issue 16): the reminder interval (off or one of
 * constants.responsible.reminderMinutes) and the session limit (none or one of limitHours), kept on
 * the device. A stricter choice applies at once, a looser one from the next login; the widget says
 * which. Texts: the responsible.* messages.
 */
export const propsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

export type Props = FromSchema<typeof propsSchema>;
