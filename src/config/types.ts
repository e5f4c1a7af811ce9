/**
 * TypeScript types of screens.config/, derived from its JSON Schemas (see schemas.gen.ts).
 * Nested action lists, conditions and child nodes are typed `unknown` by the derivation
 * (FromSchema cannot follow recursive references); read them through the helpers below.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type {
  actionSchema,
  appSchema,
  conditionSchema,
  dataSourceSchema,
  fieldSchema,
  formSchema,
  messagesSchema,
  nodeSchema,
  routesSchema,
  ruleSchema,
  screenSchema,
} from './schemas.gen';

export type AppConfig = FromSchema<typeof appSchema>;
export type Constants = AppConfig['constants'];
export type ConstantName = keyof Constants;
export type MessagesConfig = FromSchema<typeof messagesSchema>;
export type RoutesConfig = FromSchema<typeof routesSchema>;
export type RouteConfig = RoutesConfig['routes'][number];
export type ScreenConfig = FromSchema<typeof screenSchema>;
export type FormConfig = FromSchema<typeof formSchema>;
export type Action = FromSchema<typeof actionSchema>;
export type ActionType = Action['type'];
export type Condition = FromSchema<typeof conditionSchema>;
export type WidgetNode = FromSchema<typeof nodeSchema>;
export type DataSource = FromSchema<typeof dataSourceSchema>;
export type FieldConfig = FromSchema<typeof fieldSchema>;
export type RuleConfig = FromSchema<typeof ruleSchema>;
export type RuleType = RuleConfig['type'];

/** Config is validated against its schema before it ships (check:config, build, tests). */
export function asActions(v: unknown): Action[] {
  return Array.isArray(v) ? (v as Action[]) : [];
}
/** a condition object, or a literal true / false (a condition as it is) */
export function asCondition(v: unknown): Condition | undefined {
  return typeof v === 'boolean' || (v && typeof v === 'object') ? (v as Condition) : undefined;
}
export function asNodes(v: unknown): WidgetNode[] {
  return Array.isArray(v) ? (v as WidgetNode[]) : [];
}
