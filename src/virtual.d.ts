/** scripts/vite/screen-index.ts: per screen, the widgets it needs to paint, its forms and their field types, and its binding-free data sources. */
declare module 'virtual:screen-index' {
  const index: Record<string, { widgets: string[]; forms: string[]; fields: string[]; data: [source: string, endpoint: string, payload: Record<string, unknown>, quiet: boolean][] }>;
  export default index;
}
