import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/**
 * A small table over an array in scope (rules tables): one column per entry of `columns`, with the
 * row as `item`; a column whose value is empty in every row is not drawn.
 */
export const propsSchema = {
  type: 'object',
  description: 'A small table over a list in scope: one column per entry of columns, the row as item.',
  additionalProperties: false,
  required: ['rows', 'columns'],
  properties: {
    rows: { type: 'string', description: 'A binding to an array, e.g. {{data.info.rules}}' },
    caption: { type: 'string' },
    emptyText: { type: 'string' },
    columns: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'value'],
        properties: { title: { type: 'string' }, value: { type: 'string', description: 'Binding with the row as item' } },
      },
    },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): props read per entry with the names given. */
export const templates = { 'columns.value': ['item', 'index'] } as const satisfies Templates;
/** The prop naming the list this widget shows: its entries are `item` (the config check reads their fields from the reply schemas). */
export const itemsFrom = 'rows';

export type Props = FromSchema<typeof propsSchema>;
