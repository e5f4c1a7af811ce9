import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { conditionRef, type Templates } from '../../config/schema-refs';

/**
 * The VIP programme: a chooser of every level, the chosen level's deposit and turnover
 * requirements with reached / not reached (reached when the member's level is at least the
 * chosen one), the member's progress (src/engine/money.ts vipProgress: paysum over the deposit
 * requirement of the entry at the index equal to the current level), the chosen level's rebate
 * percentages per game type, and a table of every level's requirements. Every text comes from props.
 */
const text = { type: 'string' } as const;
export const propsSchema = {
  type: 'object',
  description: 'The VIP programme: each level\'s requirements and rewards, and the member\'s progress to the next level.',
  additionalProperties: false,
  required: ['levels', 'level', 'paysum', 'labels', 'rebates'],
  properties: {
    levels: { type: 'string', description: 'A binding to the level list, e.g. {{data.vip}}' },
    level: { type: 'string', description: "A binding to the member's level number, e.g. {{user.vip}} (0 or empty for a visitor)" },
    paysum: { type: 'string', description: "A binding to the member's cumulative deposit" },
    showProgress: { ...conditionRef, description: 'A condition for showing the progress card (e.g. logged in)' },
    labels: {
      type: 'object',
      additionalProperties: false,
      required: ['reached', 'notReached', 'deposit', 'flow', 'progress', 'current', 'rebates', 'table', 'level', 'chooser'],
      properties: {
        reached: text,
        notReached: text,
        deposit: text,
        flow: text,
        progress: { type: 'string', description: 'Bindings: current, need, paysum, percent' },
        current: { type: 'string', description: 'Bindings: level (the member level name)' },
        rebates: text,
        table: text,
        level: text,
        chooser: text,
        visitor: { type: 'string', description: 'Shown instead of the progress to a visitor' },
      },
    },
    rebates: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'label'],
        properties: { field: text, label: text, icon: text },
      },
    },
    suffix: { type: 'string', description: 'After each rebate number (default %)' },
  },
} as const satisfies JSONSchema;

/** Templates (src/config/schema-refs.ts): each label reads the figures it shows as locals. */
export const templates = { labels: ['current', 'need', 'paysum', 'percent', 'level'] } as const satisfies Templates;

export type Props = FromSchema<typeof propsSchema>;
