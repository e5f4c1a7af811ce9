/**
 * The small widgets nearly every screen is built from, in the groups the build puts in one chunk
 * each (vite.config.ts): one request for their scripts and one for their styles instead of two per
 * widget (on a phone each request costs a round trip), precached by the service worker with the
 * shell. The registry loads each like any widget; the first one of a group brings the others. The
 * one list.
 *   antd-base     Stack, Text, Button: with antd-mobile's Button and config provider (every first paint)
 *   list-widgets  Cell, Menu: with antd-mobile's List (most screens with one have the other)
 */
export const WIDGET_GROUPS = {
  'antd-base': ['Stack', 'Text', 'Button'],
  'list-widgets': ['Cell', 'Menu'],
} as const;

/** every widget of a group */
export const CORE_WIDGETS: readonly string[] = Object.values(WIDGET_GROUPS).flat();
