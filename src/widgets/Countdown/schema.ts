import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { actionsRef, type Templates } from '../../config/schema-refs';

const bindable = { type: ['string', 'number'], description: 'A number or a binding' } as const;

/**
 * Time left until `from` + `durationMs`, ticking every second (mm:ss, minutes counted past 59
 * when the duration is longer than an hour: HH:mm:ss). `from` is a time string or epoch ms; a
 * 'YYYY-MM-DD HH:mm:ss' string without a zone is read in the zone `utcOffsetHours` ahead of UTC
 * (the server's clock), or in the device's zone when that is absent.
 */
export const propsSchema = {
  type: 'object',
  description: 'Time left until a server time plus a duration, ticking every second (mm:ss or HH:mm:ss).',
  additionalProperties: false,
  required: ['from', 'durationMs'],
  properties: {
    from: { type: 'string', description: 'Start, a binding such as {{data.order.info.created_at}}' },
    durationMs: bindable,
    utcOffsetHours: bindable,
    label: { type: 'string' },
    expiredText: { type: 'string', description: 'Shown once the time is up' },
    onExpire: { ...actionsRef, description: 'Actions run once the time is up (also when the page opens after it), e.g. a setState that disables a form' },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
