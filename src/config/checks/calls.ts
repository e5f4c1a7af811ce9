/**
 * Calls of the API catalogue (src/api/catalogue.ts): the endpoint exists, literal payload keys are
 * its fields with the right type, an upload sends the picked file, and a paged source's page field
 * and page path fit the endpoint's payload and reply.
 */
import { endpoints as catalogue, replies } from '../../api/catalogue';
import { isObject, literalType, nearest, type At, type JsonObject } from './util';
import { say } from '../words/index.ts';
import type { Ctx, Run } from './context.ts';
import { knownOf } from '../words/common.ts';

/** `added`: payload keys the engine adds itself (a paged source's page field). */
export function checkCall(run: Run, o: JsonObject, at: At, ctx: Ctx, added: string[] = []): void {
  if (typeof o.endpoint !== 'string') return;
  if (!run.endpointSet.has(o.endpoint)) {
    run.add(ctx.file, [...at, 'endpoint'], say('unknownEndpoint', { endpoint: o.endpoint, near: nearest(o.endpoint, run.endpointSet) }));
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
      run.add(ctx.file, [...at, 'payload', k], say('unknownPayloadKey', { key: k, endpoint: o.endpoint, expected: keys, near: nearest(k, keys) }));
      continue;
    }
    if (typeof v === 'string' && v.includes('{{')) continue;
    const types = def.type === undefined ? [] : Array.isArray(def.type) ? (def.type as string[]) : [def.type as string];
    const t = literalType(v);
    if (types.length && !types.includes(t) && !(t === 'integer' && types.includes('number'))) {
      run.add(ctx.file, [...at, 'payload', k], say('payloadKeyWrongType', { key: k, endpoint: o.endpoint, types, found: JSON.stringify(v) }));
    } else if (def.enum && !def.enum.includes(v)) {
      run.add(ctx.file, [...at, 'payload', k], say('payloadKeyNotAllowed', { key: k, endpoint: o.endpoint, allowed: def.enum.map((x) => JSON.stringify(x)), found: JSON.stringify(v) }));
    }
  }
  for (const r of schema.required ?? []) {
    if (!(r in o.payload) && !added.includes(r)) run.add(ctx.file, [...at, 'payload'], say('payloadRequiredKeyMissing', { endpoint: o.endpoint, key: r }));
  }
}

/** an upload (catalogue flag multipart) sends the picked file as part `file` (src/api/client.ts) */
function checkUpload(run: Run, o: JsonObject, at: At, ctx: Ctx): void {
  const payload = isObject(o.payload) ? o.payload : undefined;
  if (!payload || !('file' in payload)) {
    run.add(ctx.file, payload ? [...at, 'payload'] : at, say('uploadFileMissing', { endpoint: String(o.endpoint) }));
  }
  for (const [k, v] of Object.entries(payload ?? {})) {
    if (k !== 'file') run.add(ctx.file, [...at, 'payload', k], say('uploadPartUnknown', { key: k, endpoint: String(o.endpoint), near: nearest(k, ['file']) }));
    else if (typeof v !== 'string' || !/^\{\{[^{}]+\}\}$/.test(v.trim())) run.add(ctx.file, [...at, 'payload', k], say('uploadFileNotBinding', { found: JSON.stringify(v) }));
  }
}

/** a paged source's page field is a field of its call */
export function checkPageParam(run: Run, endpoint: unknown, param: string, at: At, ctx: Ctx): void {
  if (typeof endpoint !== 'string' || !run.endpointSet.has(endpoint)) return;
  const props = (catalogue[endpoint as keyof typeof catalogue].payload as { properties?: Record<string, unknown> }).properties ?? {};
  const keys = Object.keys(props);
  if (!Object.prototype.hasOwnProperty.call(props, param)) run.add(ctx.file, at, say('pagedParamMissing', { field: param, endpoint, expected: keys, near: nearest(param, keys) }));
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
      run.add(ctx.file, [...at, 'path'], say('pagePathNotInReply', { field: seg, path: String(path), endpoint, expected: keys, near: nearest(seg, keys) }));
      return;
    }
    here = next;
  }
  const isPage = (x: S) => x.type === 'array' || !!x.properties?.data;
  if (!here.some(isPage)) run.add(ctx.file, path ? [...at, 'path'] : at, say('pagePathNotAPage', { endpoint, path }));
}

/** a widget showing a paged source names one of the screen's */
export function checkPagedSource(run: Run, v: unknown, at: At, ctx: Ctx): void {
  if (typeof v !== 'string' || !ctx.screen || ctx.screen.paged.has(v)) return;
  if (ctx.screen.sources.has(v)) run.add(ctx.file, at, say('sourceNotPaged', { source: v }));
  else run.add(ctx.file, at, say('unknownPagedSource', { source: v, expected: knownOf(ctx.screen.paged), near: nearest(v, ctx.screen.paged) }));
}
