/**
 * The endpoint catalogue as the browser sends it: method, path and flags per endpoint
 * (scripts/vite/api-wire.ts derives it from ./catalogue.ts at build time, without the payload
 * schemas the browser does not use).
 */
import wire from 'virtual:api-wire';
import type { EndpointName } from './catalogue';
import type { EndpointShape } from './request';
import { expandShape } from './wire-shape';

export function wireOf(name: EndpointName): EndpointShape {
  return expandShape(name, wire[name]);
}

export function isEndpointName(name: string): name is EndpointName {
  return Object.prototype.hasOwnProperty.call(wire, name);
}
