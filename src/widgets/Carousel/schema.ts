import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { actionsRef, type Templates } from '../../config/schema-refs';

/**
 * Banner carousel: one picture per entry of an array, swiped (scroll snap) or auto-played,
 * with a "current / total" indicator counting the banners shown. SPEC.md's "fixed total of 4" is
 * read as the most banners shown (`max`): the original had four; a backend with two shows 1/2, 2/2.
 * `image` and `alt` are bindings read with the entry as `item`.
 */
export const propsSchema = {
  type: 'object',
  description: 'A banner carousel: one picture per entry of a list, swiped or auto-played, with a current / total indicator.',
  additionalProperties: false,
  required: ['items', 'image', 'alt', 'width', 'height'],
  properties: {
    items: { type: 'string', description: 'A binding to an array, e.g. {{data.banners}}' },
    image: {
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }],
      description: 'Picture url per entry, or a list of bindings of which the first non-empty wins, e.g. ["{{item.src}}", "{{item.pic}}"]',
    },
    alt: { type: 'string', description: 'Text alternative per entry' },
    width: { type: 'integer', minimum: 1, description: 'Intrinsic picture width (sets the ratio)' },
    height: { type: 'integer', minimum: 1, description: 'Intrinsic picture height' },
    intervalMs: { anyOf: [{ type: 'number', minimum: 0 }, { type: 'string' }], description: 'Auto-play interval; 0 = off' },
    max: { anyOf: [{ type: 'number', minimum: 1 }, { type: 'string' }], description: 'The most entries shown (default: all); the indicator counts the entries shown' },
    label: { type: 'string', description: 'Accessible name of the carousel' },
    onTap: { ...actionsRef, description: 'Actions run with the tapped entry as item' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): props read per entry with the names given. */
export const templates = { image: ['item', 'index'], alt: ['item', 'index'], onTap: ['item'] } as const satisfies Templates;
/** The prop naming the list this widget shows: its entries are `item` (the config check reads their fields from the reply schemas). */
export const itemsFrom = 'items';

export type Props = FromSchema<typeof propsSchema>;
