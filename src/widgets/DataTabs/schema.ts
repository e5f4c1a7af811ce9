import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/**
 * A row of tabs whose entries are `options` from config (such as an All tab) followed by one per
 * entry of a list in scope (`optionsFrom`, as in FilterBar and form fields: such as the server's
 * promotion types). The chosen value goes to
 * screen state (stateKey) or to the url query (queryParam, so a link can open a tab). Data
 * sources whose payload reads that value reload by themselves.
 */
export const propsSchema = {
  type: 'object',
  description: 'A row of tabs from fixed options and the entries of a list in scope, writing the chosen value to screen state or the url query.',
  additionalProperties: false,
  properties: {
    options: {
      type: 'array',
      description: 'Entries before those from the list, e.g. one for all types: [{ "value": "", "label": <its text or @message key> }]',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'label'],
        properties: { value: { type: 'string' }, label: { type: 'string' } },
      },
    },
    optionsFrom: {
      type: 'object',
      additionalProperties: false,
      required: ['path', 'label', 'value'],
      description: 'Entries from a list in scope (src/engine/options.ts): path to the list (e.g. data.types), the field or a text over item for the label, the field for the value',
      properties: { path: { type: 'string' }, label: { type: 'string' }, value: { type: 'string' } },
    },
    stateKey: { type: 'string' },
    queryParam: { type: 'string' },
    defaultValue: { type: 'string', description: 'Chosen when state / query hold nothing (default: the first entry)' },
    label: { type: 'string', description: 'Accessible name of the tab list' },
    sticky: { type: 'boolean' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): optionsFrom's label and value are read per entry of the list. */
export const templates = { optionsFrom: ['item'] } as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
