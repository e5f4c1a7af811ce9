/**
 * Calls of the API catalogue (src/api/catalogue.ts): the endpoint exists, literal payload keys are
 * its fields with the right type, an upload sends the picked file, and a paged source's page field
 * and page path fit the endpoint's payload and reply.
 */
import { endpoints as catalogue, replies } from '../../api/catalogue';
import type { Run } from './run';
import type { Ctx } from './scope';
import { didYouMean, isObject, listOf, literalType, type At, type JsonObject } from './util';

/** `added`: payload keys the engine adds itself (a paged source's page field). */
export function checkCall(run: Run, o: JsonObject, at: At, ctx: Ctx, added: string[] = []): void {
  if (typeof o.endpoint !== 'string') return;
  if (!run.endpointSet.has(o.endpoint)) {
    run.add(ctx.file, [...at, 'endpoint'], `endpoint "${o.endpoint}" is not in the API catalogue (src/api/catalogue.ts)${didYouMean(o.endpoint, run.endpointSet)}`);
    return;
  }
  if ((catalogue[o.endpoint as keyof typeof catalogue] as { multipart?: boolean }).multipart) return checkUpload(run, o, at, ctx);
  if (!isObject(o.payload)) return;
  const schema = catalogue[o.endpoint as keyof typeof catalogue].payload as { properties?: Record<string, { type?: string | readonly string[]; enum?: readonly unknown[] }>; required?: readonly string[] };
  const props = schema.properties ?? {};
  const keys = Object.keys(props);
  for (const [k, v] of Object.entries(o.payload)) {
    const def = Object.prototype.hasOwnProperty.call(props, k) ? props[k] : undefined;
    if (!def) {
      run.add(ctx.file, [...at, 'payload', k], `payload key "${k}" is not a field of endpoint ${o.endpoint} (expected ${keys.length ? `one of ${keys.join(', ')}` : 'no payload'})${didYouMean(k, keys)}`);
      continue;
    }
    if (typeof v === 'string' && v.includes('{{')) continue;
    const types = def.type === undefined ? [] : Array.isArray(def.type) ? (def.type as string[]) : [def.type as string];
    const t = literalType(v);
    if (types.length && !types.includes(t) && !(t === 'integer' && types.includes('number'))) {
      run.add(ctx.file, [...at, 'payload', k], `payload key "${k}" of endpoint ${o.endpoint} expects ${types.join(' or ')}, found ${JSON.stringify(v)}`);
    } else if (def.enum && !def.enum.includes(v)) {
      run.add(ctx.file, [...at, 'payload', k], `payload key "${k}" of endpoint ${o.endpoint} expects one of ${def.enum.map((x) => JSON.stringify(x)).join(', ')}, found ${JSON.stringify(v)}`);
    }
  }
  for (const r of schema.required ?? []) {
    if (!(r in o.payload) && !added.includes(r)) run.add(ctx.file, [...at, 'payload'], `payload of endpoint ${o.endpoint} is missing required key "${r}"`);
  }
}

/** an upload (catalogue flag multipart) sends the picked file as part `file` (src/api/client.ts) */
function checkUpload(run: Run, o: JsonObject, at: At, ctx: Ctx): void {
  const payload = isObject(o.payload) ? o.payload : undefined;
  if (!payload || !('file' in payload)) {
    run.add(ctx.file, payload ? [...at, 'payload'] : at, `upload endpoint ${o.endpoint} needs "payload": {"file": "{{file}}"} (the picked file, sent as multipart)`);
  }
  for (const [k, v] of Object.entries(payload ?? {})) {
    if (k !== 'file') run.add(ctx.file, [...at, 'payload', k], `payload key "${k}" is not a part of upload endpoint ${o.endpoint} (expected file)${didYouMean(k, ['file'])}`);
    else if (typeof v !== 'string' || !/^\{\{[^{}]+\}\}$/.test(v.trim())) run.add(ctx.file, [...at, 'payload', k], `expected a binding to the picked file, such as "{{file}}", found ${JSON.stringify(v)}`);
  }
}

/** a paged source's page field is a field of its call */
export function checkPageParam(run: Run, endpoint: unknown, param: string, at: At, ctx: Ctx): void {
  if (typeof endpoint !== 'string' || !run.endpointSet.has(endpoint)) return;
  const props = (catalogue[endpoint as keyof typeof catalogue].payload as { properties?: Record<string, unknown> }).properties ?? {};
  const keys = Object.keys(props);
  if (!Object.prototype.hasOwnProperty.call(props, param)) run.add(ctx.file, at, `page field "${param}" is not a field of endpoint ${endpoint} (expected ${keys.length ? `one of ${keys.join(', ')}` : 'no payload'})${didYouMean(param, keys)}`);
}

/** a paged source's `path` leads, in the call's reply schema (src/api/catalogue.ts replies), to a page object or a list */
export function checkPagePath(run: Run, endpoint: unknown, paged: unknown, at: At, ctx: Ctx): void {
  if (typeof endpoint !== 'string' || !run.endpointSet.has(endpoint)) return;
  const path = isObject(paged) && typeof paged.path === 'string' ? paged.path : undefined;
  type S = { type?: unknown; properties?: Record<string, S>; anyOf?: S[]; items?: S };
  // the alternatives of a schema (anyOf), flattened
  const alts = (x: S | undefined): S[] => (!x ? [] : x.anyOf ? x.anyOf.flatMap(alts) : [x]);
  let here = alts(replies[endpoint as keyof typeof replies] as S);
  for (const seg of path ? path.split('.') : []) {
    const next = here.flatMap((x) => (x.properties && Object.prototype.hasOwnProperty.call(x.properties, seg) ? alts(x.properties[seg]) : []));
    if (!next.length) {
      const keys = [...new Set(here.flatMap((x) => Object.keys(x.properties ?? {})))];
      run.add(ctx.file, [...at, 'path'], `"${seg}" in page path "${path}" is not in the reply of endpoint ${endpoint} (expected one of ${keys.join(', ') || 'none'})${didYouMean(seg, keys)}`);
      return;
    }
    here = next;
  }
  const isPage = (x: S) => x.type === 'array' || !!x.properties?.data;
  if (!here.some(isPage)) run.add(ctx.file, path ? [...at, 'path'] : at, `the reply of endpoint ${endpoint}${path ? ` at "${path}"` : ''} is not a page object or a list (set "path" to where the page object is)`);
}

/** a widget showing a paged source names one of the screen's */
export function checkPagedSource(run: Run, v: unknown, at: At, ctx: Ctx): void {
  if (typeof v !== 'string' || !ctx.screen || ctx.screen.paged.has(v)) return;
  if (ctx.screen.sources.has(v)) run.add(ctx.file, at, `data source "${v}" is not paged (add "paged": true to its entry in the screen's "data")`);
  else run.add(ctx.file, at, `paged data source "${v}" is not declared in the screen's "data" (expected one of ${listOf(ctx.screen.paged) || 'none'})${didYouMean(v, ctx.screen.paged)}`);
}
