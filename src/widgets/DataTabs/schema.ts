import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/**
 * A row of tabs whose entries are fixed entries from config (such as an All tab) followed by one per
 * entry of an array in scope (such as the server's promotion types). The chosen value goes to
 * screen state (stateKey) or to the url query (queryParam, so a link can open a tab). Data
 * sources whose payload reads that value reload by themselves.
 */
export const propsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    fixed: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'label'],
        properties: { value: { type: 'string' }, label: { type: 'string' } },
      },
    },
    options: { type: 'string', description: 'A binding to an array, e.g. {{data.types}}' },
    optionValue: { type: 'string', description: 'Value per entry, e.g. {{item.id}}' },
    optionLabel: { type: 'string', description: 'Label per entry, e.g. {{item.name}}' },
    stateKey: { type: 'string' },
    queryParam: { type: 'string' },
    defaultValue: { type: 'string', description: 'Chosen when state / query hold nothing (default: the first entry)' },
    label: { type: 'string', description: 'Accessible name of the tab list' },
    sticky: { type: 'boolean' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): props read per entry with the names given. */
export const templates = { optionValue: ['item'], optionLabel: ['item'] } as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
