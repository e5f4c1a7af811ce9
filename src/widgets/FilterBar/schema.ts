import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

/**
 * A row of record filters that write screen state (period, venue, type…). Each filter's
 * options come from a map of app.json (`map`, e.g. period), from a list in scope (`optionsFrom`,
 * e.g. the venues of balancelist) or are given (`options`); `all` puts an entry first
 * (all platforms, with an empty value). A filter opens a sheet to choose from, or shows its options
 * as chips in a row (`display: chips`). The initial value is the state's initial value.
 */
export const propsSchema = {
  type: 'object',
  description: 'A row of record filters (period, venue, type...) writing screen state, as a sheet or as chips.',
  additionalProperties: false,
  required: ['filters'],
  properties: {
    sticky: { type: 'boolean' },
    filters: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['stateKey', 'label'],
        properties: {
          stateKey: { type: 'string', description: 'Screen state key the chosen value is written to' },
          label: { type: 'string', description: 'What the filter is (shown in the sheet title, read by screen readers)' },
          display: { type: 'string', enum: ['sheet', 'chips'] },
          map: { type: 'string', description: 'A map of app.json maps: its keys are the values (numeric keys become numbers), its words the labels' },
          optionsFrom: {
            type: 'object',
            additionalProperties: false,
            required: ['path', 'label', 'value'],
            properties: { path: { type: 'string' }, label: { type: 'string' }, value: { type: 'string' } },
          },
          options: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['label', 'value'],
              properties: { label: { type: 'string' }, value: { type: ['string', 'number'] } },
            },
          },
          all: {
            type: 'object',
            additionalProperties: false,
            required: ['label', 'value'],
            properties: { label: { type: 'string' }, value: { type: ['string', 'number'] } },
          },
          testId: { type: 'string' },
        },
      },
    },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): optionsFrom's label and value are read per entry of the list. */
export const templates = { 'filters.optionsFrom': ['item'] } as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
