import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { actionsRef, type Templates } from '../../config/schema-refs';

/**
 * A round picture (the avatar). With `upload` it opens the file chooser: a file of the types of
 * const.avatarTypes (gif, png) up to const.avatarMaxBytes is handed to the `upload` actions as
 * `{{file}}` (others get @avatar.type / @avatar.size and no call); the picture is busy until they end.
 */
export const propsSchema = {
  type: 'object',
  description: 'The member\'s round picture; with upload, a tap picks a gif or png that goes to the upload actions as {{file}}.',
  additionalProperties: false,
  required: ['src', 'alt'],
  properties: {
    src: { type: 'string', description: 'Binding to the picture, e.g. {{user.avatar}}' },
    alt: { type: 'string' },
    size: { type: 'integer', minimum: 32, maximum: 160, description: 'Diameter in px (default 64)' },
    upload: {
      ...actionsRef,
      description:
        'What a picked file does, the file in scope as {{file}}: an api action to uploadimg with "payload": {"file": "{{file}}"} (sent as multipart), its successToast and onSuccess. Without it the picture is not editable',
    },
    label: { type: 'string', description: 'Accessible name of the upload control' },
    hint: { type: 'string', description: 'Small text under the picture' },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): the upload actions see the picked file as {{file}}. */
export const templates = { upload: ['file'] } as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
