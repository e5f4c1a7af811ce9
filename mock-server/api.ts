/**
 * The /api router: one dispatcher driven by the endpoint catalogue. For each request, in order:
 * find the call by path (404 JSON if none, or if the reply profile's backend lacks it), check the method (405), apply global latency and any
 * injected fault, parse the body (JSON or form, 64 KB; multipart only for uploads), answer 401 for
 * member calls without a valid token, validate the payload (422 with a Chinese message naming the
 * field), then run the handler and shape its reply as the reply profile says (profiles.ts). Every
 * answer is JSON; nothing falls through to HTML.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { endpoints, type EndpointDef, type EndpointName, type ReplyOf } from '../src/api/catalogue';
import { fail, originOf, type Ctx, type HandlerMap, type Reply } from './http';
import type { FaultRule, MockState } from './state';
import { IDEMPOTENCY_KEY } from './idempotency';
import { finishReply, profiles, refusal, reshapeReply } from './profiles';
import { validatePayload } from './validate';

export const BODY_LIMIT = '64kb';
export const UPLOAD_LIMIT_BYTES = 2 * 1024 * 1024;

const byPath = new Map<string, EndpointName>(
  (Object.keys(endpoints) as EndpointName[]).map((name) => [endpoints[name].path.toLowerCase(), name]),
);

interface Locals {
  name: EndpointName;
  def: EndpointDef;
  /** the dropAfter fault is on for this request */
  dropAfter?: boolean;
}

const DEFAULT_FAULT_MESSAGES: Record<number, string> = {
  401: '您的账号登陆过期，请重新登陆',
  422: '参数错误',
  500: '服务器异常，请稍后再试',
  501: '您的中心钱包余额不足，请先转账或充值',
  502: '网关错误，请稍后再试',
  503: '服务暂不可用，请稍后再试',
  504: '网关超时，请稍后再试',
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function send(res: Response, body: Reply<unknown>, status = 200): void {
  if (res.headersSent || res.destroyed) return;
  res.status(status).json(body);
}

function bearer(req: Request): string | null {
  const header = req.get('authorization');
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  return m ? m[1] : null;
}

/** Body-parser and multer errors as the JSON replies of a real API. */
export function bodyErrorReply(err: unknown): { status: number; body: Reply<null> } | null {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return { status: 413, body: fail(413, '上传的图片不能超过2MB') };
    if (err.code === 'LIMIT_UNEXPECTED_FILE') return { status: 200, body: fail(422, `参数错误：图片请使用字段 file 上传`) };
    return { status: 400, body: fail(400, `上传数据格式错误（${err.code}）`) };
  }
  const e = err as { type?: string; status?: number; message?: string };
  switch (e?.type) {
    case 'entity.too.large':
      return { status: 413, body: fail(413, `请求体过大，上限为 ${BODY_LIMIT.toUpperCase()}`) };
    case 'entity.parse.failed':
      return { status: 400, body: fail(400, '请求体不是合法的 JSON') };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, body: fail(415, '不支持的请求编码') };
    case 'request.aborted':
      return { status: 400, body: fail(400, '请求被中断') };
    case 'parameters.too.many':
      return { status: 413, body: fail(413, '请求参数过多') };
  }
  if (e && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    return { status: e.status, body: fail(e.status, '请求格式错误') };
  }
  if (e?.message && /multipart|boundary|Unexpected end of form|Malformed/i.test(e.message)) {
    return { status: 400, body: fail(400, '上传数据格式错误') };
  }
  return null;
}

/** A request that carries a body (a chunked one, or a Content-Length above 0). */
export function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function isJson(req: Request): boolean {
  return Boolean(req.is('application/json'));
}
function isMultipart(req: Request): boolean {
  return Boolean(req.is('multipart/form-data'));
}

export interface ApiOptions {
  /** other origins allowed to call /api from a browser (CORS); same-origin calls need none */
  corsOrigins: ReadonlySet<string>;
  /** the origin of absolute urls handed out; undefined: the address the request came in on */
  publicOrigin?: string;
}

export function apiRouter(state: MockState, handlers: HandlerMap, latency: { ms: number }, options: ApiOptions = { corsOrigins: new Set() }): express.Router {
  const router = express.Router();

  // CORS only for the origins on the list (MOCK_CORS_ORIGINS): a page elsewhere may not call /api
  // with a member's token nor read a reply. Same-origin calls need no header at all.
  router.use((req, res, next) => {
    res.set('Cache-Control', 'no-store');
    res.vary('Origin');
    const origin = req.get('origin');
    const allowed = origin !== undefined && options.corsOrigins.has(origin);
    if (allowed) {
      res.set('Access-Control-Allow-Origin', origin);
      res.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key');
      res.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    }
    if (req.method === 'OPTIONS') {
      if (allowed) res.status(204).end();
      else send(res, fail(403, '不允许的跨域请求'), 403);
      return;
    }
    next();
  });

  // Which call is this, and is it asked the right way?
  router.use((req, res, next) => {
    const path = `/api${req.path}`;
    // without regard to case: real backends serve /api/noticelist and /api/activityapplylog (README.md)
    const name = byPath.get(path.toLowerCase());
    // a call the reply profile's backend does not serve (the Laravel original has no venuelist) is as unknown
    if (!name || profiles[state.settings.shapes.profile].absent.has(name)) return send(res, fail(404, `接口不存在：${path}`), 404);
    const def = endpoints[name] as EndpointDef;
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (method !== def.method) {
      res.set('Allow', def.method);
      return send(res, fail(405, `请求方法错误：${path} 只支持 ${def.method}`), 405);
    }
    (res.locals as Locals).name = name;
    (res.locals as Locals).def = def;
    next();
  });

  // Global latency, then any fault injected for this path through /__mock/fault.
  router.use(async (req, res, next) => {
    if (latency.ms > 0) await sleep(latency.ms);
    const path = (res.locals as Locals).def.path; // the catalogue's spelling, whichever case was asked
    const rule = state.faults.get(path);
    if (!rule) return next();
    rule.remaining -= 1;
    if (rule.remaining <= 0) state.faults.delete(path);
    await applyFault(rule, req, res, next);
  });

  // A body is JSON, or multipart for an upload; nothing else (a form or text/plain post is what a
  // page on another origin can send without asking first).
  router.use((req, res, next) => {
    if (!hasBody(req)) return next();
    const multipart = (res.locals as Locals).def.multipart === true;
    if (isJson(req) || (multipart && isMultipart(req))) return next();
    const expected = multipart ? 'multipart/form-data' : 'application/json';
    send(res, fail(415, `不支持的请求格式：请使用 ${expected}`), 415);
  });
  router.use(express.json({ limit: BODY_LIMIT, type: (req) => isJson(req as Request) }));
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 20, parts: 25, fieldSize: 1024 },
  }).single('file');
  router.use((req, res, next) => (isMultipart(req) ? upload(req, res, next) : next()));

  router.use(async (req, res) => {
    const { name, def } = res.locals as Locals;
    const token = bearer(req);
    const member = state.memberByToken(token) ?? null;
    const shapes = state.settings.shapes.profile;
    const profile = profiles[shapes];
    if ((def.auth || profile.members.has(name)) && !member) return send(res, profile.unauthorized.reply, profile.unauthorized.status);

    const source: unknown = def.method === 'GET' ? req.query : (req.body ?? {});
    const checked = validatePayload(name, source);
    if (!checked.ok) return send(res, fail(profile.invalidCode, checked.message));

    const ctx = {
      name,
      payload: checked.payload,
      state,
      member,
      token,
      req,
      origin: originOf(req, options.publicOrigin),
    } as Ctx<typeof name>;
    const handler = handlers[name] as (c: typeof ctx) => Reply<unknown> | Promise<Reply<unknown>>;
    // the handler's reply in the shapes of the reply profile (profiles.ts)
    // the profile's backend may answer before the handler (its own checks and bugs, with their HTTP status)
    const refused = refusal(shapes, name, ctx);
    if (refused) return send(res, refused.reply, refused.status);
    const run = async (): Promise<Reply<unknown>> => reshapeReply(shapes, name, (await handler(ctx)) as Reply<ReplyOf<EndpointName>>, ctx);
    // A money call with an Idempotency-Key runs once per member and key; a repeat gets the first reply.
    const key = def.idempotent ? req.get('idempotency-key') : undefined;
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) return send(res, fail(422, '参数错误：Idempotency-Key 格式不正确'));
    const reply = key && member ? await state.idempotency.once(member.id, key, `${name}\u0000${JSON.stringify(checked.payload)}`, run) : await run();
    if ((res.locals as Locals).dropAfter) {
      // the dropAfter fault: processed, then the connection goes away without a reply
      req.socket.destroy();
      return;
    }
    const out = finishReply(shapes, name, reply);
    send(res, out.reply, out.status);
  });

  // Anything thrown above: JSON, never the HTML error page.
  router.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    const known = bodyErrorReply(err);
    if (known) return send(res, known.body, known.status);
    next(err);
  });

  return router;
}

async function applyFault(rule: FaultRule, req: Request, res: Response, next: NextFunction): Promise<void> {
  if (rule.delayMs && rule.delayMs > 0) await sleep(rule.delayMs);
  if (rule.drop) {
    req.socket.destroy();
    return;
  }
  if (rule.dropAfter) {
    (res.locals as Locals).dropAfter = true;
    return next();
  }
  if (rule.code === undefined && rule.status === undefined) return next();
  const code = rule.code ?? rule.status ?? 500;
  const message = rule.message ?? DEFAULT_FAULT_MESSAGES[code] ?? `模拟错误（${code}）`;
  send(res, fail(code, message), rule.status ?? 200);
}
