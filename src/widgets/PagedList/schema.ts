import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * A paged record list over one call of the catalogue. The payload (bindings over screen state,
 * query…) is sent with `page` from 1; any change of the resolved payload restarts at page 1 and
 * replaces the list; later pages append as the player scrolls; loading stops past last_page.
 * Shows @common.noMore at the end, @common.empty when empty; pull down to refresh. Children are the item
 * template, with `item` and `index` in scope.
 */
export const propsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['endpoint'],
  properties: {
    endpoint: { type: 'string', description: 'A call of the API catalogue' },
    title: { type: 'string', description: 'Heading above the list' },
    payload: { type: 'object', description: 'Request fields (bindings allowed); the page number is added' },
    pageParam: { type: 'string', description: 'Name of the page field (default page)' },
    pagePath: { type: 'string', description: 'Path of the page object inside the reply data, e.g. list (getfanshui) or lists (venuelist); default the data itself' },
    assign: { type: 'string', description: 'Screen state key that receives the whole reply data of page 1 (totals beside the list)' },
    name: { type: 'string', description: 'Source name: the action { "type": "reload", "source": name } restarts the list at page 1' },
    emptyText: { type: 'string', description: 'Default @common.empty' },
    noMoreText: { type: 'string', description: 'Default @common.noMore' },
    pullToRefresh: { type: 'boolean', description: 'Default true' },
    variant: { type: 'string', enum: ['cards', 'plain'], description: 'cards: each item on its own card (default); plain: items as they are' },
    quiet: { type: 'boolean', description: 'Do not toast a failed load' },
    threshold: { type: ['integer', 'string'], description: 'Distance from the end (px) at which the next page loads, e.g. {{const.messageScrollOffset}}' },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

export type Props = FromSchema<typeof propsSchema>;
