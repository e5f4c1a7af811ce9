import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/** Server HTML (announcements, articles, promotion content), sanitised with DOMPurify before it is shown. */
export const propsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['html'],
  properties: {
    html: { type: 'string', description: 'A binding to the HTML, e.g. {{data.article.content}}' },
    variant: { type: 'string', enum: ['article', 'plain'] },
  },
} as const satisfies JSONSchema;

export type Props = FromSchema<typeof propsSchema>;
