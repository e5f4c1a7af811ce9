import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/** Renders its children once per entry of an array in scope, with the entry as `item` (and `index`); while the data source it reads loads for the first time, a loading line instead of its emptyText. */
export const propsSchema = {
  type: 'object',
  description: 'Its children once per entry of a list in scope, the entry as item (and index); a loading line while the list\'s data source loads.',
  additionalProperties: false,
  required: ['items'],
  properties: {
    items: { type: 'string', description: 'A binding to an array, e.g. {{data.vip}}' },
    as: { type: 'string', description: 'Name of the entry in scope (default item)' },
    limit: { type: 'integer', minimum: 1 },
    layout: { type: 'string', enum: ['column', 'grid2', 'grid3', 'grid4', 'row'] },
    emptyText: { type: 'string', description: 'Text when the array is empty' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;
/** The prop naming the list this widget shows: its entries are `item` (the config check reads their fields from the reply schemas). */
export const itemsFrom = 'items';

export type Props = FromSchema<typeof propsSchema>;
