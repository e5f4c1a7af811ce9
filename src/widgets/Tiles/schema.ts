import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { actionsRef, conditionRef, type Templates } from '../../config/schema-refs';

/**
 * A grid of tappable tiles, one per entry of an array in scope (or of a fixed list in config):
 * a picture with a caption, or, without a picture, a coloured tile with the caption on it.
 * image / title / subtitle / testId are bindings read with the entry as `item`; `filter` is a
 * condition on `item` (for example app_state 1); onTap runs with `item` in scope.
 */
export const propsSchema = {
  type: 'object',
  description: 'A grid of tappable tiles, one per entry of a list in scope or of a fixed list: a picture with a caption, or a coloured tile.',
  additionalProperties: false,
  required: ['items', 'title'],
  properties: {
    items: {
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'object' } }],
      description: 'A binding to an array ({{games.realbet}}) or a fixed list of objects',
    },
    image: { type: 'string', description: 'Picture url, e.g. {{item.mobile_img}}; leave out for coloured text tiles' },
    title: { type: 'string' },
    subtitle: { type: 'string' },
    filter: { ...conditionRef, description: 'A condition each entry must meet, with the entry as item' },
    columns: { type: 'integer', minimum: 1, maximum: 4 },
    width: { type: 'integer', minimum: 1, description: 'Intrinsic picture width (sets the ratio)' },
    height: { type: 'integer', minimum: 1, description: 'Intrinsic picture height' },
    eager: { type: 'integer', minimum: 0, description: 'How many first pictures load at once (above the fold); the rest are lazy' },
    variant: { type: 'string', enum: ['card', 'banner', 'text'] },
    onTap: { ...actionsRef, description: 'Actions, with the entry as item' },
    emptyText: { type: 'string', description: 'Text when there is no entry' },
    label: { type: 'string', description: 'Accessible name of the list' },
    testId: { type: 'string', description: 'Per tile, e.g. tile-{{item.game_code}}' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): props read per entry with the names given. */
export const templates = { title: ['item', 'index'], subtitle: ['item', 'index'], image: ['item', 'index'], testId: ['item', 'index'], filter: ['item', 'index'], onTap: ['item', 'index'] } as const satisfies Templates;
/** The prop naming the list this widget shows: its entries are `item` (the config check reads their fields from the reply schemas). */
export const itemsFrom = 'items';

export type Props = FromSchema<typeof propsSchema>;
