/**
 * The studio's HTTP side: its page and `/studio-api/`, for this machine only.
 *
 * Every request, the page included, passes local-only.ts (a loopback or own peer, an IP or localhost
 * Host, no other Origin or site): the API writes the config. A call that changes or computes
 * something is a POST with an `application/json` body (a browser asks before sending that to another
 * origin, and nothing here says yes: no CORS header is ever sent); a body that does not parse is a
 * JSON 400, a body of another shape (bodies.ts: a field's type, an unknown field, JSON nested deeper
 * than any config file) a JSON 400 naming the field, a file name outside the config folders a JSON
 * 400, an unknown call a JSON 404. Nothing answers HTML but the page, and nothing answers 500 for bad
 * input. No answer names a path of the machine outside the project: a failure of the studio itself
 * is logged in its terminal and answered in words (with the error's code, such as EACCES).
 *
 * Edits travel as `layers`: per layer ("product", a brand's id) `{base, drafts}` (studio.ts).
 * The answers are data (counts, names, kinds of refusal) the page words in the operator's language;
 * an `error` (a refused request, a failure) is in English, for whoever calls the API by hand.
 *
 *   GET  /studio-api/workspace      brands, the schemas of the forms (and what a brand's merge reads of them), the preview's addresses, the routes' queries
 *   GET  /studio-api/files?brand=   the top layer's files: text and hash of each (a brand's: the product's under it too)
 *   POST /studio-api/draft          {brand, layers} -> the brand's problems, hashes on disk per layer, conflicts; the preview shows the brand with the drafts
 *   POST /studio-api/where          {brand, key, layers} -> each place that uses the key, and the `npm run where` answer
 *   POST /studio-api/review         {layers} -> per layer and file: changes (path, old, new), diff, conflict; the problems of every config the edits reach; why it may not be saved
 *   POST /studio-api/save           {layers} -> 200 written (every layer's files at once), or 422 (problems) / 409 (conflict, a write that failed) and nothing written
 *   POST /studio-api/preview        {data: normal|stress|empty, brand} -> the preview's mock reset to that data, speaking as the brand; who to log in as
 *   POST /studio-api/backend        {brand, calls: [{endpoint, payload}]} -> what the preview's mock answers now to the data sources a screen of the brand reads (a value the backend decides)
 *   POST /studio-api/phone          {on: true|false} -> the phone switch: the preview opened to this machine's network addresses (what a phone gets there: network-guard.ts), or closed to them
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { localOnly } from '../mock-server/local-only';
import { ConfigNameError } from '../src/config/source/index';
import { backendBody, brandField, draftBody, layersBody, phoneBody, previewBody, whereBody } from './bodies';
import type { MockBrand } from '../mock-server/brand';
import type { FormSchemas } from './schemas';
import { BadRequest, type Studio } from './studio';

export interface PreviewInfo {
  /** the preview on this machine */
  origin: string;
  /** the preview's addresses on the network (the page draws their QR codes); empty when it listens on this machine only */
  readonly network: string[];
  /** the phone switch: the preview opened to the network (its addresses), or this machine's only */
  phone(on: boolean): Promise<void>;
  /** switches the preview's mock to a data preset, speaking as `brand`; answers who to log in as */
  preset(name: 'normal' | 'stress' | 'empty', brand: MockBrand): Promise<{ username: string; password: string }>;
  /** what the preview's mock, speaking as `brand`, answers now to calls of the catalogue (as the preview's member) */
  ask(calls: { endpoint: string; payload: Record<string, unknown> }[], brand: MockBrand): Promise<({ data: unknown } | { error: string })[]>;
}

export interface ApiOptions {
  studio: Studio;
  schemas: FormSchemas;
  /** the route queries that bring a route to its content (scripts/screens-lib.ts QUERY) */
  queries: Record<string, string>;
  preview?: PreviewInfo;
  /** what a phone gets once the preview is open to the network (preview.ts PHONE_GETS), said in the terminal when it is turned on */
  phoneGets?: string;
}

const json = (res: Response, status: number, body: unknown) => void res.status(status).type('application/json').send(JSON.stringify(body));
const refuse = (res: Response, status: number, error: string) => json(res, status, { error });

/**
 * `{ error }` with the status for what a handler threw: bad input is 400; anything else is the
 * studio's own failure, 500, said without the error's text (it may name files of the machine: it is
 * in the terminal), with its code when it has one (`failure`, for the page to say).
 */
function failed(res: Response, err: unknown): void {
  if (err instanceof BadRequest || err instanceof ConfigNameError) return refuse(res, 400, err.message);
  console.error('[studio]', err);
  const raw = (err as { code?: unknown })?.code;
  const code = typeof raw === 'string' && /^[A-Z0-9_]{2,40}$/.test(raw) ? raw : undefined;
  json(res, 500, { error: `the studio failed${code ? ` (${code})` : ''}: the terminal it runs in says why; nothing was written`, failure: code ?? null });
}

/** The preview as the page shows it: where it is, whether phones may open it and at which addresses. */
const previewState = (preview: PreviewInfo) => ({ origin: preview.origin, network: preview.network, phone: preview.network.length > 0 });

/** Refuses what is not this machine's own page or tool (local-only.ts). */
export function thisMachineOnly(req: Request, res: Response, next: NextFunction): void {
  const why = localOnly(req);
  if (why) return refuse(res, 403, `the studio answers this machine only: ${why}`);
  res.set('Cache-Control', 'no-store');
  next();
}

export function studioApi({ studio, schemas, queries, preview, phoneGets = '' }: ApiOptions): express.Router {
  const router = express.Router();
  router.use(thisMachineOnly);
  router.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    if (req.method !== 'POST') return refuse(res, 405, `${req.method} is not a call of the studio's API`);
    const type = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') return refuse(res, 415, 'the studio\'s API takes an application/json body');
    next();
  });
  router.use(express.json({ limit: '8mb', strict: false }));
  // a body that does not parse (or is too large) is a JSON error, never Express's HTML page
  router.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    const e = err as { type?: string; status?: number };
    if (e?.type === 'entity.parse.failed') return refuse(res, 400, 'the body is not valid JSON');
    if (e?.type === 'entity.too.large') return refuse(res, 413, 'the body is too large');
    if (e?.status && e.status < 500) return refuse(res, e.status, 'the body could not be read');
    next(err);
  });
  const handle = (fn: (req: Request, res: Response) => unknown) => async (req: Request, res: Response) => {
    try {
      const out = await fn(req, res);
      if (out !== undefined) json(res, 200, out);
    } catch (err) {
      failed(res, err);
    }
  };

  router.get(
    '/workspace',
    handle(() => ({
      brands: studio.brands(),
      schemas,
      layering: studio.layering(),
      queries,
      preview: preview ? previewState(preview) : null,
    })),
  );
  router.get(
    '/files',
    handle((req) => studio.files(brandField(req.query.brand))),
  );
  router.post(
    '/draft',
    handle((req) => {
      const { brand, layers } = draftBody(req.body);
      return studio.draft(brand, layers);
    }),
  );
  router.post(
    '/where',
    handle((req) => {
      const { brand, key, layers } = whereBody(req.body);
      return studio.where(brand, key, layers);
    }),
  );
  router.post(
    '/review',
    handle((req) => {
      return studio.review(layersBody(req.body).layers);
    }),
  );
  router.post(
    '/save',
    handle((req, res) => {
      const out = studio.save(layersBody(req.body).layers);
      if (out.saved) return out;
      const { status, ...rest } = out;
      json(res, status, rest);
      return undefined;
    }),
  );
  router.post(
    '/preview',
    handle(async (req) => {
      const { data, brand } = previewBody(req.body);
      if (!preview) throw new BadRequest('this studio runs without a preview');
      return preview.preset(data, studio.mockBrand(brand));
    }),
  );
  router.post(
    '/backend',
    handle(async (req) => {
      const { brand, calls } = backendBody(req.body);
      if (!preview) throw new BadRequest('this studio runs without a preview');
      return { answers: await preview.ask(studio.dataSourceCalls(brand, calls), studio.mockBrand(brand)) };
    }),
  );
  router.post(
    '/phone',
    handle(async (req) => {
      const { on } = phoneBody(req.body);
      if (!preview) throw new BadRequest('this studio runs without a preview');
      await preview.phone(on);
      const state = previewState(preview);
      console.log(on ? `preview on the network: ${state.network.join(', ')}: ${phoneGets}` : 'preview: this machine only again');
      return state;
    }),
  );
  router.use((req, res) => refuse(res, 404, `not a call of the studio's API: ${req.method} /studio-api${req.path}`));
  return router;
}
