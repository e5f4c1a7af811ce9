import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/**
 * What hands the player to a download (an app package, a download page), wrapped: in an in-app
 * browser that does not download or open such links (WeChat, QQ… known by their user agent:
 * app.json inAppBrowser.userAgents) the player sees the guidance to open the page in the system
 * browser (app.json inAppBrowser.title and steps) instead of a button that silently does nothing.
 * Everywhere else the children show as they are.
 */
export const propsSchema = {
  type: 'object',
  description: 'Children that start a download, replaced in an in-app browser (app.json inAppBrowser) by the guidance to open the page in the system browser.',
  additionalProperties: false,
  properties: {
    silent: { type: 'boolean', description: 'In an in-app browser show nothing (another OpenInBrowser on the screen shows the guidance)' },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
