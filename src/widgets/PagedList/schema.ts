import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { conditionRef, pagedSourceRef, type Templates } from '../../config/schema-refs';

/**
 * The records of a paged data source of the screen (its `data` entry with `paged`), as a list:
 * later pages load as the player scrolls; loading stops past last_page. Shows @common.noMore at
 * the end, @common.empty when empty, a retry after a failed page; pull down to refresh (page 1
 * again). Children are the item template, with `item` and `index` in scope.
 */
export const propsSchema = {
  type: 'object',
  description: 'The records of a paged data source: more load as the player scrolls, pull to refresh, a retry after a failed page.',
  additionalProperties: false,
  required: ['source'],
  properties: {
    source: { ...pagedSourceRef, description: 'Name of a paged data source of the screen (its "data" entry with "paged")' },
    title: { type: 'string', description: 'Heading above the list' },
    emptyText: { type: 'string', description: 'Default @common.empty' },
    noMoreText: { type: 'string', description: 'Default @common.noMore' },
    pullToRefresh: { type: 'boolean', description: 'Default true' },
    variant: { type: 'string', enum: ['cards', 'plain'], description: 'cards: each item on its own card (default); plain: items as they are' },
    threshold: { type: ['integer', 'string'], description: 'Distance from the end (px) at which the next page loads, e.g. {{const.messageScrollOffset}}' },
    keep: {
      ...conditionRef,
      description: 'The records shown: those for which this condition holds, with the record as item (a backend that ignores a filter asked for, e.g. the Laravel original\'s noticeList and its type); default all',
    },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): `keep` is read per record (the children are the item template, a node list). */
export const templates = { keep: ['item', 'index'] } as const satisfies Templates;
/** The prop naming the list this widget shows: its entries are `item` (the config check reads their fields from the reply schemas). */
export const itemsFrom = 'source';

// FromSchema cannot follow the reference (it would make the required `source` never): typed as the string it is
type Typed = Omit<typeof propsSchema, 'properties'> & { properties: Omit<typeof propsSchema.properties, 'source'> & { source: { type: 'string' } } };
export type Props = FromSchema<Typed>;
