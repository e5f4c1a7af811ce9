/**
 * The small widgets nearly every screen is built from. The build puts them in one chunk
 * (`core-widgets`, vite.config.ts): one request for their scripts instead of one per widget (on a
 * phone each request costs a round trip), precached by the service worker with the shell. The
 * registry loads each like any widget; the first one loaded brings the others. The one list.
 */
export const CORE_WIDGETS = ['Stack', 'Text', 'Button', 'Cell', 'Menu', 'Image', 'Repeat', 'PageHeader', 'Tag'] as const;
