import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { actionsRef, type Templates } from '../../config/schema-refs';

/**
 * A floating button fixed above the page (a red packet, a service bubble…) that runs actions
 * when tapped, with an optional close button; once closed it stays hidden for the browser session
 * when sessionKey is set, otherwise until the screen is left. Use the node's `when` to show it
 * only while a switch is on.
 */
export const propsSchema = {
  type: 'object',
  description: 'A floating button above the page (a red packet, a service bubble) that runs actions, with an optional close button.',
  additionalProperties: false,
  required: ['label', 'onTap'],
  properties: {
    label: { type: 'string', description: 'Accessible name (and caption when caption is true)' },
    caption: { type: 'boolean', description: 'Show the label under the icon' },
    src: { type: 'string', description: 'A picture instead of the drawn icon' },
    icon: { type: 'string', description: 'Icon name (src/engine/icons.tsx)' },
    variant: { type: 'string', enum: ['redpacket', 'primary'] },
    position: { type: 'string', enum: ['right', 'left'] },
    bottom: { type: 'integer', minimum: 0, maximum: 600, description: 'Distance from the bottom in px (default 150)' },
    onTap: { ...actionsRef },
    closable: { type: 'boolean' },
    closeLabel: { type: 'string' },
    sessionKey: { type: 'string', description: 'Remember the close for the browser session under this key' },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
