import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { actionsRef, conditionRef, featureRef, type Templates } from '../../config/schema-refs';

/**
 * One row of a record or a setting: an optional picture, a title and a description on the left,
 * a value and a note on the right, optional label/value lines below (a line whose value is empty is
 * not drawn); taps run actions. Tones colour the value and the note: `auto` colours a number by its sign.
 */
const tone = { type: 'string', description: 'auto | primary | success | warning | danger | muted (bindings allowed, e.g. {{item.state | map:depositTone}})' } as const;

export const propsSchema = {
  type: 'object',
  description: 'One row of a record or a setting: picture, title and description on the left, value and note on the right, detail lines below; a tap runs actions or goes to a route.',
  additionalProperties: false,
  required: ['title'],
  properties: {
    title: { type: 'string' },
    description: { type: 'string' },
    value: { type: 'string' },
    valueTone: tone,
    note: { type: 'string' },
    noteTone: tone,
    image: { type: 'string', description: 'Picture url (an icon of 36px)' },
    imageAlt: { type: 'string' },
    icon: { type: 'string', description: 'An icon name instead of a picture' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['label', 'value'],
        properties: { label: { type: 'string' }, value: { type: 'string', description: 'Not drawn when it resolves to nothing' }, when: { ...conditionRef }, feature: { ...featureRef } },
      },
    },
    onTap: { ...actionsRef, description: 'Actions' },
    to: { type: 'string', description: 'Shorthand for a navigate action' },
    arrow: { type: 'boolean' },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): `to` is the navigate action's own target (resolved when the action runs). */
export const templates = { to: [] } as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
