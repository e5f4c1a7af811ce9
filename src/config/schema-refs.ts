/**
 * References from a widget's props schema (src/widgets/<Type>/schema.ts) to the shared
 * definitions of screens.config/schema/: the config check validates an action list, a condition
 * or child nodes in props exactly as it does at the top of a screen, and walks them for
 * bindings, endpoints and state keys; a paged source's name must be one of the screen's. At the type level they stay opaque: widgets read them
 * through asActions / asCondition / asNodes (src/config/types.ts).
 */
export const actionsRef = { type: 'array', items: { $ref: 'common.schema.json#/definitions/action' } } as const;
export const conditionRef = { type: ['object', 'boolean'], $ref: 'common.schema.json#/definitions/condition' } as const;
export const nodesRef = { type: 'array', items: { $ref: 'screen.schema.json#/definitions/node' } } as const;
export const pagedSourceRef = { type: 'string', $ref: 'common.schema.json#/definitions/pagedSource' } as const;
/** The feature (app.json features) a sub-item belongs to, beside its `when`: switched off there, the build leaves the item out (src/config/features.ts). */
export const featureRef = { type: 'string', $ref: 'common.schema.json#/definitions/feature' } as const;

/**
 * The props of a widget that are templates: read per entry or per local value by the widget
 * itself (a tile's title with the entry as `item`), so the engine hands them over unresolved.
 * Each widget's schema.ts exports one such list as `templates`, beside `propsSchema`: a prop's
 * dotted path (lists are walked through: `columns.value` is the value of every column) and the
 * names the template reads besides the screen's scope. The config check gives a template those
 * names; the engine (src/engine/props.ts, through raw-props.gen.ts) leaves it and the action
 * lists, conditions and node lists above raw and resolves every other prop before the widget
 * renders. Every widget exports `templates` (`{}` when it has none); the config tools name a
 * widget that does not.
 */
export type Templates = { readonly [propPath: string]: readonly string[] };
