import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { actionsRef } from '../../config/schema-refs';

/**
 * A round picture (the avatar) that, when editable, opens the file chooser: only the types of
 * const.avatarTypes (gif, png) up to const.avatarMaxBytes are sent, as multipart field `file`
 * to uploadimg; then onSuccess runs (by default the user info is reloaded).
 */
export const propsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['src', 'alt'],
  properties: {
    src: { type: 'string', description: 'Binding to the picture, e.g. {{user.avatar}}' },
    alt: { type: 'string' },
    size: { type: 'integer', minimum: 32, maximum: 160, description: 'Diameter in px (default 64)' },
    editable: { type: 'boolean', description: 'Default true' },
    label: { type: 'string', description: 'Accessible name of the upload control' },
    hint: { type: 'string', description: 'Small text under the picture' },
    successToast: { type: 'string', description: '"message" for the server message, or a text' },
    onSuccess: { ...actionsRef, description: 'Actions after a successful upload (default refreshUser)' },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

export type Props = FromSchema<typeof propsSchema>;
