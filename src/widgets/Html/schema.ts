import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/** Server HTML (announcements, articles, promotion content), sanitised with DOMPurify before it is shown. */
export const propsSchema = {
  type: 'object',
  description: 'Server HTML (announcements, articles, promotions), sanitised with DOMPurify before it is shown.',
  additionalProperties: false,
  required: ['html'],
  properties: {
    html: { type: 'string', description: 'A binding to the HTML, e.g. {{data.article.content}}' },
    variant: { type: 'string', enum: ['article', 'plain'] },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
