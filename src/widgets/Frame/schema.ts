import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/**
 * An embedded page (game, customer service, sponsorship, download) in a sandboxed iframe. Only
 * http and https urls are ever loaded; a url on the app's own origin (or a relative one) is framed
 * without allow-same-origin, whatever the sandbox says. Its height is the window height minus `offset` (the bars
 * around it), kept in step with the window; `hidden` frames (a download trigger) may be removed
 * after removeAfterMs.
 */
export const propsSchema = {
  type: 'object',
  description: 'An embedded page (game, customer service, sponsorship) in a sandboxed iframe; http and https urls only.',
  additionalProperties: false,
  required: ['src', 'title'],
  properties: {
    src: { type: 'string', description: 'A binding to the url, e.g. {{data.service.url}}' },
    title: { type: 'string', description: 'Accessible name of the frame' },
    offset: { anyOf: [{ type: 'number', minimum: 0 }, { type: 'string' }], description: 'Pixels taken by the bars: height = window height - offset' },
    hidden: { type: 'boolean', description: 'Load the page without showing it' },
    removeAfterMs: { anyOf: [{ type: 'number', minimum: 0 }, { type: 'string' }], description: 'Remove the frame this long after it appeared' },
    sandbox: { type: 'string', description: 'The iframe sandbox tokens (default: scripts, same-origin, forms, popups)' },
    loadingText: { type: 'string', description: 'Shown until the page has loaded' },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
