import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/**
 * "Add to home screen" for the installable web app: the browser's install prompt where it
 * offers one (Android Chromium), short steps for iOS Safari (share, then add to home screen),
 * and a line saying so when the app is already open from the home screen. Nothing on other
 * browsers.
 */
export const propsSchema = {
  type: 'object',
  description: 'Add to home screen: the browser\'s install prompt where offered, the iOS Safari steps, or a line saying the app is installed.',
  additionalProperties: false,
  required: ['title', 'buttonText', 'iosTitle', 'iosSteps', 'installedText'],
  properties: {
    title: { type: 'string', description: 'Heading above the button or the iOS steps' },
    text: { type: 'string', description: 'One line under the heading (optional)' },
    buttonText: { type: 'string', description: 'The button that opens the browser prompt' },
    iosTitle: { type: 'string' },
    iosSteps: { type: 'array', minItems: 1, items: { type: 'string' }, description: 'Numbered steps for iOS Safari' },
    installedText: { type: 'string', description: 'Shown when the app already runs from the home screen' },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
