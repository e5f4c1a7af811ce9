/**
 * References from a widget's props schema (src/widgets/<Type>/schema.ts) to the shared
 * definitions of screens.config/schema/: the config check validates an action list, a condition
 * or child nodes in props exactly as it does at the top of a screen, and walks them for
 * bindings, endpoints and state keys; a paged source's name must be one of the screen's. At the type level they stay opaque: widgets read them
 * through asActions / asCondition / asNodes (src/config/types.ts).
 */
export const actionsRef = { type: 'array', items: { $ref: 'common.schema.json#/definitions/action' } } as const;
export const conditionRef = { type: ['object', 'boolean'], $ref: 'common.schema.json#/definitions/condition' } as const;
export const nodesRef = { type: 'array', 'x-merge-key': 'id', items: { $ref: 'screen.schema.json#/definitions/node' } } as const;

/**
 * A list a brand's overlay merges item by item (docs/BRANDS.md): spread into the list's schema,
 * `...keyedBy('id')` declares the property naming an item (src/config/overlay/schema-cursor.ts
 * reads it). A list without one is replaced whole by an overlay that sets it.
 */
export const keyedBy = <K extends string>(key: K) => ({ 'x-merge-key': key }) as const;
/** an item's `id` in a list keyed by it: its name for the brands' overlays, never read by the app (the build leaves it out) */
export const overlayId = { type: 'string', pattern: '^[A-Za-z0-9_-]+$', description: "The item's name for a brand's overlay (docs/BRANDS.md): a brand changes, moves or removes it by this name; unique in its list" } as const;
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
