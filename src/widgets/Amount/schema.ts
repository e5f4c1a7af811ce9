import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Templates } from '../../config/schema-refs';

const bindable = { type: ['string', 'number'], description: 'A number or a binding' } as const;

/**
 * A money figure computed with src/engine/money.ts and shown with two decimals, rounded down:
 * `value` a single amount, `sum` of several (total assets), `toUsdt` an amount at a rate,
 * `usdtFee` the fixed fee of a protocol, `usdtReceived` the USDT left after that fee.
 * Inputs are bindings, so it follows what is typed in a form (`form.<field>` in a form footer).
 */
export const propsSchema = {
  type: 'object',
  description: 'A money figure computed with money.ts (a value, a sum, an amount in USDT, a fee, what is received), two decimals rounded down.',
  additionalProperties: false,
  properties: {
    op: { type: 'string', enum: ['value', 'sum', 'toUsdt', 'usdtFee', 'usdtReceived'], description: 'Default value' },
    label: { type: 'string' },
    value: bindable,
    values: { type: 'array', items: bindable, description: 'Amounts added up (op sum)' },
    amount: bindable,
    rate: bindable,
    protocol: { type: 'string', description: 'TRC20 or ERC20 (op usdtFee, usdtReceived); the fees are read from the user info' },
    prefix: { type: 'string', description: 'Text before the figure, e.g. ¥' },
    unit: { type: 'string', description: 'Text after the figure, e.g. USDT or the currency word' },
    placeholder: { type: 'string', description: 'Shown when an input is missing (default --)' },
    variant: { type: 'string', enum: ['hero', 'stat', 'row', 'inline'], description: 'Default row' },
    tone: { type: 'string', enum: ['default', 'primary', 'danger', 'onBrand'] },
    testId: { type: 'string' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): none: every prop but actions, conditions and nodes arrives resolved. */
export const templates = {} as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
