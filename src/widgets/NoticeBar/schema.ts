import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { actionsRef, type Templates } from '../../config/schema-refs';

/**
 * A one-line scrolling announcement bar. Tapping it opens a popup listing every announcement,
 * with a button (moreText) that runs onMore, for example a navigation to the full list.
 * Children, when given, are shown at the start of the bar (a menu button, for instance).
 */
export const propsSchema = {
  type: 'object',
  description: 'A one-line scrolling announcement bar; a tap opens every announcement in a popup.',
  additionalProperties: false,
  required: ['items', 'popupTitle', 'moreText'],
  properties: {
    items: { type: 'string', description: 'A binding to an array of strings, e.g. {{data.notices}}' },
    label: { type: 'string', description: 'Accessible name of the bar' },
    icon: { type: 'string', description: 'Icon name (src/engine/icons.tsx), default sound' },
    popupTitle: { type: 'string' },
    moreText: { type: 'string' },
    onMore: { ...actionsRef, description: 'Actions of the more button (the popup closes first)' },
    closeText: { type: 'string', description: 'Accessible name of the popup close button' },
    speed: { type: 'number', minimum: 10, maximum: 400, description: 'Scroll speed in px per second (default 50)' },
    emptyText: { type: 'string', description: 'Shown when there is no announcement' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
