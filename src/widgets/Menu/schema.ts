import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { actionsRef, conditionRef, featureRef, keyedBy, overlayId, type Templates } from '../../config/schema-refs';

/** A list of entries (icon, title, extra text, arrow) that run actions when tapped; a grid of shortcuts when variant is grid. */
export const propsSchema = {
  type: 'object',
  description: 'A list of entries (icon, title, extra text, arrow) that run actions or go to a route; a grid of shortcuts with variant grid.',
  additionalProperties: false,
  required: ['items'],
  properties: {
    title: { type: 'string' },
    variant: { type: 'string', enum: ['list', 'grid'] },
    perRow: { type: 'integer', minimum: 2, maximum: 5, description: 'Entries per row of a grid (variant grid); default 4' },
    items: {
      type: 'array',
      ...keyedBy('id'),
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title'],
        properties: {
          id: overlayId,
          title: { type: 'string' },
          icon: { type: 'string' },
          extra: { type: 'string' },
          description: { type: 'string' },
          when: { ...conditionRef }, feature: { ...featureRef },
          onTap: { ...actionsRef },
          to: { type: 'string', description: 'Shorthand for a navigate action' },
          testId: { type: 'string' },
        },
      },
    },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): an entry's `to` is the navigate action's own target (resolved when the action runs). */
export const templates = { 'items.to': [] } as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
