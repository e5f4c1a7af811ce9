/** scripts/vite/screen-index.ts: per screen, the widgets it needs to paint, its forms and their field types, its binding-free data sources, and whether it shows the game lists. */
declare module 'virtual:screen-index' {
  const index: Record<string, { widgets: string[]; forms: string[]; fields: string[]; data: [source: string, endpoint: string, payload: Record<string, unknown>, quiet: boolean][]; games?: 1 }>;
  export default index;
}
/** scripts/vite/api-wire.ts: per endpoint of the catalogue, what its request differs in from a POST to /api/<name> (src/api/wire-shape.ts); no payload schemas. */
declare module 'virtual:api-wire' {
  const wire: Record<import('./api/catalogue').EndpointName, import('./api/wire-shape').WireEntry>;
  export default wire;
}
/** vite.config.ts `define`: the brand the build is of (its folder under brands/), `product` for screens.config/ */
interface ImportMetaEnv {
  readonly BRAND?: string;
}
