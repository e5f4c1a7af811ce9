import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { conditionRef, featureRef, keyedBy, nodesRef, type Templates } from '../../config/schema-refs';

/**
 * Vertical tabs: a column of tab buttons on the side and the chosen tab's child nodes beside it
 * (the home game categories). The chosen key lives in screen state (stateKey) when given, so
 * other widgets may read it; otherwise inside the widget.
 */
export const propsSchema = {
  type: 'object',
  description: 'Vertical tabs: a column of tab buttons and the chosen tab\'s child nodes beside it.',
  additionalProperties: false,
  required: ['tabs'],
  properties: {
    label: { type: 'string', description: 'Accessible name of the tab list' },
    stateKey: { type: 'string' },
    defaultKey: { type: 'string' },
    tabs: {
      type: 'array',
      ...keyedBy('key'),
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'title'],
        properties: {
          key: { type: 'string' },
          title: { type: 'string' },
          icon: { type: 'string' },
          when: { ...conditionRef }, feature: { ...featureRef },
          testId: { type: 'string' },
          children: { ...nodesRef },
        },
      },
    },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
