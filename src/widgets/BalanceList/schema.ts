import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { actionsRef, type Templates } from '../../config/schema-refs';

/**
 * Balances per wallet (venue balances of balancelist / refreshusermoney): name (with the entry's
 * icon when `iconField` names one) and amount with two decimals, collapsed to the first `collapsed` entries with a button to show them all.
 * Tapping an entry runs `onItemTap` with the entry as `item`.
 */
export const propsSchema = {
  type: 'object',
  description: 'Balances per wallet (name and amount), collapsed to the first few with a button to show all; a tap runs onItemTap with the entry as item.',
  additionalProperties: false,
  required: ['items'],
  properties: {
    items: { type: 'string', description: 'A binding to the array, e.g. {{data.venues}}' },
    title: { type: 'string' },
    labelField: { type: 'string', description: 'Default name' },
    valueField: { type: 'string', description: 'Default balance' },
    keyField: { type: 'string', description: 'Default platname; shown as data-key' },
    iconField: { type: 'string', description: 'A field holding a picture url shown before the name when an entry has it (e.g. app_icon); none by default' },
    collapsed: { type: ['integer', 'string'], description: 'Entries shown collapsed (a number or a binding such as {{const.venueCollapsedTransfer}}); all when absent' },
    columns: { type: 'integer', minimum: 1, maximum: 4, description: 'Default 2' },
    moreText: { type: 'string', description: 'Default @balance.more' },
    lessText: { type: 'string', description: 'Default @balance.less' },
    emptyText: { type: 'string', description: 'Default @common.empty' },
    onItemTap: { ...actionsRef, description: 'Actions, with item in scope' },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): props read per entry with the names given. */
export const templates = { onItemTap: ['item'] } as const satisfies Templates;
/** The prop naming the list this widget shows: its entries are `item` (the config check reads their fields from the reply schemas). */
export const itemsFrom = 'items';

export type Props = FromSchema<typeof propsSchema>;
