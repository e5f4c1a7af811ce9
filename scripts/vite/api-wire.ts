/**
 * `virtual:api-wire`: what the browser needs of the endpoint catalogue (src/api/catalogue.ts) to
 * send a call: per endpoint its method, path and the idempotent and multipart flags (written as
 * src/api/wire-shape.ts says). The catalogue also holds every payload's JSON Schema, for the mock
 * server, the contract runner and the payload types; the app never validates a payload, so those
 * schemas (about 1 KB gzipped of every first paint) stay out of the browser's code. The table is
 * derived from the catalogue at each build: adding a call to the catalogue is all it takes.
 */
import type { Plugin } from 'vite';
import { endpoints } from '../../src/api/catalogue.ts';
import type { EndpointShape } from '../../src/api/request.ts';
import { compactShape } from '../../src/api/wire-shape.ts';

/** the module's source: endpoint name to what its request differs in from the default */
export function apiWireModule(table: Readonly<Record<string, Readonly<EndpointShape>>> = endpoints): string {
  const out = Object.fromEntries(Object.entries(table).map(([name, ep]) => [name, compactShape(name, ep)]));
  return `export default ${JSON.stringify(out)};`;
}

export function apiWire(): Plugin {
  const id = 'virtual:api-wire';
  const resolved = `\0${id}`;
  return {
    name: 'api-wire',
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (i) => (i === resolved ? apiWireModule() : undefined),
  };
}
