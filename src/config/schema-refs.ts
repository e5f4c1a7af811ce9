/**
 * References from a widget's props schema (src/widgets/<Type>/schema.ts) to the shared
 * definitions of screens.config/schema/: the config check validates an action list, a condition
 * or child nodes in props exactly as it does at the top of a screen, and walks them for
 * bindings, endpoints and state keys; a paged source's name must be one of the screen's. At the type level they stay opaque: widgets read them
 * through asActions / asCondition / asNodes (src/config/types.ts).
 */
export const actionsRef = { type: 'array', items: { $ref: 'common.schema.json#/definitions/action' } } as const;
export const conditionRef = { type: 'object', $ref: 'common.schema.json#/definitions/condition' } as const;
export const nodesRef = { type: 'array', items: { $ref: 'screen.schema.json#/definitions/node' } } as const;
export const pagedSourceRef = { type: 'string', $ref: 'common.schema.json#/definitions/pagedSource' } as const;
