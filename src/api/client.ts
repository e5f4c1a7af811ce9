/**
 * The HTTP client: every call goes through `call()`, typed by the endpoint catalogue.
 *
 * - timeout from config (30 s), bearer token from the session, JSON bodies, or multipart for
 *   an upload (catalogue flag `multipart`: each payload entry a part, a File/Blob as a file);
 * - an Idempotency-Key on every money call (catalogue flag `idempotent`): new for each call, except
 *   that a call which got no answer (a network failure, a timeout, a 5xx) is the same request when
 *   it is made again with the same payload by the same member, and keeps its key until answered;
 * - body code 401 and HTTP 401 alike: the auth-failure hook (a dialog, or for the balance poll
 *   a silent sign-out);
 * - any other non-200 reply: the error hook shows the server message as a danger toast, from
 *   this one place, unless the caller handles it (`quiet`);
 * - a network failure or timeout only hides the loading indicator (SPEC.md section 8);
 * - with the device offline no request is sent: an action (one with the loading indicator) gets
 *   the offline hook (the shell's offline message) at once instead of a spinner;
 * - a failed reply says whether the backend itself failed (`transient`: HTTP 5xx, a 5xx code, a
 *   reply that is not the envelope; a network failure or timeout is `network`): polls back off on it;
 * - `callShared()` is a read that identical reads share (one request): while it is in flight, or
 *   once after a read started ahead (`ahead`), by the policy of reuse.ts;
 * - a call app.json answers where it sets the value (catalogue `fromConfig`: a brand's customer
 *   service address) is answered from it, with no request.
 *
 * The UI side (toasts, dialogs, navigation) is plugged in by the shell with configureClient(),
 * so this module runs in Node tests as it is.
 */
import type { EndpointName, Envelope, ReplyOf } from './catalogue';
import { wireOf } from './wire';
import { takeEarly } from './early';
import { readReply } from './read';
import { buildRequest, configReply, type BuiltRequest } from './request';
import { Held, requestKey, REUSE_TTL_MS } from './reuse';

export type CallResult<T> =
  | { ok: true; code: 200; message: string; data: T }
  /** errorData: the data a failed reply still carries (a 501 game launch sends the url to look around with) */
  | { ok: false; code: number; message: string; data: null; network?: false; errorData?: unknown; transient?: true }
  | { ok: false; code: 0; message: string; data: null; network: true };

/** a call that got no answer: the network, a timeout, or the backend itself failing (5xx, not the envelope); the backend may have done it */
export const unanswered = (r: CallResult<unknown>): boolean => !r.ok && (r.network === true || r.transient === true);

export interface CallOptions {
  /** do not toast a non-200 reply; the caller handles it */
  quiet?: boolean;
  /** a 401 signs out without the dialog (the balance poll) */
  silentAuth?: boolean;
  /** show the loading indicator while in flight */
  loading?: boolean;
  signal?: AbortSignal;
  /**
   * A money call's Idempotency-Key (catalogue flag `idempotent`). Left out, a call gets a new one
   * (one call per tap of a submit button, so one key per tap), unless the same call with the same
   * payload and token got no answer (see `unanswered`): then it is that request again, with its key.
   * A request the browser resends on its own carries the same headers, so the same key. Give one
   * to send a request again on purpose.
   */
  idempotencyKey?: string;
  /** no toast for a failure that is not an answer (5xx, not the envelope): the caller says it (a form's submit) */
  quietTransient?: boolean;
}

/** A new Idempotency-Key: 128 random bits (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface ClientHooks {
  baseUrl: string;
  timeoutMs: number;
  getToken: () => string | null;
  onAuthFailure: (silent: boolean) => void;
  onError: (message: string, code: number, endpoint: EndpointName) => void;
  showLoading: () => void;
  hideLoading: () => void;
  /** the device has no network (navigator.onLine is false) */
  isOffline: () => boolean;
  /** an action was refused for want of network */
  onOffline: () => void;
  fetch: typeof fetch;
  /** app.json, for the calls it answers itself where it sets their value (request.ts configReply) */
  config: () => unknown;
}

const hooks: ClientHooks = {
  baseUrl: '',
  timeoutMs: 30000,
  getToken: () => null,
  onAuthFailure: () => {},
  onError: () => {},
  showLoading: () => {},
  hideLoading: () => {},
  isOffline: () => typeof navigator !== 'undefined' && navigator.onLine === false,
  onOffline: () => {},
  fetch: (...args) => globalThis.fetch(...args),
  config: () => undefined,
};

export function configureClient(patch: Partial<ClientHooks>): void {
  Object.assign(hooks, patch);
}

function isEnvelope(v: unknown): v is Envelope {
  return !!v && typeof v === 'object' && 'code' in v;
}

let loadingCount = 0;
function loadingOn() {
  if (loadingCount++ === 0) hooks.showLoading();
}
function loadingOff() {
  if (loadingCount > 0 && --loadingCount === 0) {
    hooks.hideLoading();
    for (const fn of [...settledListeners]) fn();
  }
}

/**
 * Submits in flight: the calls made with the loading indicator (form submits, money calls). Code
 * that must not interrupt a submit (the reality check of src/responsible/) waits for them to settle.
 */
const settledListeners = new Set<() => void>();
export function submitsInFlight(): number {
  return loadingCount;
}
/** Call `fn` each time the last submit in flight ends; returns the unsubscribe. */
export function onSubmitsSettled(fn: () => void): () => void {
  settledListeners.add(fn);
  return () => settledListeners.delete(fn);
}

/**
 * Every call that is not a shared read moves this on when it ends: a read asked for after a
 * command (a transfer, a form) never joins a request that was sent before the command was done.
 */
let generation = 0;

/**
 * Money calls sent and not answered (a network failure, a timeout, a 5xx: the backend may have done
 * it), by request (reuse.ts requestKey: call, payload and token): their Idempotency-Key. The same
 * call again is the same request, so it carries the same key and the backend answers it once; any
 * answer ends it, and another payload (a changed form) or another member is another request with a
 * new key. Memory only.
 */
const pending = new Held<string>();

/**
 * A call: a command (a form's submit, a money call) or a read that is not shared. A money call's
 * Idempotency-Key is made here, and only here (one per call, kept while it goes unanswered).
 */
export async function call<K extends EndpointName>(name: K, payload?: Record<string, unknown>, options: CallOptions = {}): Promise<CallResult<ReplyOf<K>>> {
  const own = fromConfig(name);
  if (own) return own;
  const ep = wireOf(name);
  const token = hooks.getToken();
  let key = options.idempotencyKey;
  let same: string | undefined;
  if (ep.idempotent && !key) {
    const { url, init } = buildRequest(ep, payload, token, hooks.baseUrl);
    same = requestKey(init.method, url, init.body, token);
    key = (same && pending.peek(same)) || newIdempotencyKey();
  }
  try {
    const r = await send(name, buildRequest(ep, payload, token, hooks.baseUrl, key), options);
    if (same && key) {
      if (unanswered(r)) pending.hold(same, key);
      else pending.drop(same);
    }
    return r;
  } finally {
    generation += 1;
  }
}

type SharedRead = { generation: number; options: CallOptions; reply: Promise<CallResult<unknown>> };
/** shared reads in flight, by request */
const inFlight = new Held<SharedRead>();
/** reads started ahead of their reader (`ahead`): each answers the next identical read once, while fresh */
const ahead = new Held<SharedRead>(REUSE_TTL_MS);
const dropped = { ok: false, code: 0, message: '', data: null, network: true } as const;

/**
 * A read (a screen's data, a poll, the session's loads) shared by identical reads (reuse.ts): the same
 * request (call, payload, token) while one is in flight, or once after one started `ahead` (a
 * screen's first data, started with its config), gets that request's reply instead of a new request,
 * as long as no command ended since it was sent. The reply toasts a failure or shows the auth dialog
 * unless every sharer asked for `quiet` / `silentAuth`. A sharer's `signal` only stops its own wait:
 * the request goes on for the others (or until its timeout), and a late sharer may still join it.
 */
export function callShared<K extends EndpointName>(
  name: K,
  payload: Record<string, unknown> = {},
  options: Pick<CallOptions, 'quiet' | 'silentAuth' | 'signal'> & { ahead?: true } = {},
): Promise<CallResult<ReplyOf<K>>> {
  const own = fromConfig(name);
  if (own) return Promise.resolve(own);
  const token = hooks.getToken();
  const built = buildRequest(wireOf(name), payload, token, hooks.baseUrl);
  const key = requestKey(built.init.method, built.url, built.init.body, token);
  // a body that is not text (an upload) is never shared
  if (key === undefined) return send(name, built, options);
  const current = (r: SharedRead | undefined) => (r && r.generation === generation ? r : undefined);
  let read = current(ahead.take(key)) ?? current(inFlight.peek(key));
  if (read) {
    read.options.quiet &&= options.quiet;
    read.options.silentAuth &&= options.silentAuth;
  } else {
    const own: SharedRead = { generation, options: { quiet: options.quiet, silentAuth: options.silentAuth }, reply: Promise.resolve<CallResult<unknown>>(dropped) };
    own.reply = send(name, built, own.options).finally(() => inFlight.drop(key, own));
    inFlight.drop(key);
    inFlight.hold(key, own);
    read = own;
  }
  // a read started ahead is there for its reader, however many times it is started before that
  if (options.ahead) ahead.hold(key, read);
  const reply = read.reply as Promise<CallResult<ReplyOf<K>>>;
  const { signal } = options;
  if (!signal) return reply;
  if (signal.aborted) return Promise.resolve(dropped);
  return new Promise((resolve) => {
    const stop = () => resolve(dropped);
    signal.addEventListener('abort', stop, { once: true });
    void reply.then((r) => {
      signal.removeEventListener('abort', stop);
      resolve(r);
    });
  });
}

/** The reply app.json gives a call in place of the backend's (a brand's own customer service address: no request), or undefined. */
function fromConfig<K extends EndpointName>(name: K): CallResult<ReplyOf<K>> | undefined {
  const own = configReply(wireOf(name), hooks.config());
  return own ? { ok: true, code: 200, message: '', data: readReply(name, own) as ReplyOf<K> } : undefined;
}

/** Sends one built request (buildRequest) and reads its reply as the rules above say. */
async function send<K extends EndpointName>(name: K, { url, init }: BuiltRequest, options: CallOptions): Promise<CallResult<ReplyOf<K>>> {
  if (hooks.isOffline()) {
    if (options.loading) hooks.onOffline();
    return { ok: false, code: 0, message: '', data: null, network: true };
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), hooks.timeoutMs);
  options.signal?.addEventListener('abort', () => controller.abort());
  if (options.loading) loadingOn();
  let failure: { message: string; code: number } | null = null;
  let offline = false;
  try {
    let res: Response;
    let json: unknown;
    try {
      const request = { ...init, signal: controller.signal };
      // the same read started before the app ran (src/boot.ts): its reply, not a second request
      res = await (takeEarly(url, request) ?? hooks.fetch(url, request));
      json = await res.json().catch(() => undefined);
    } catch {
      // the network went away while the request was out: an action says so
      if (options.loading && hooks.isOffline()) offline = true;
      return { ok: false, code: 0, message: '', data: null, network: true };
    }
    const env: Envelope | undefined = isEnvelope(json) ? json : undefined;
    const code = res.status === 401 ? 401 : env ? Number(env.code) : res.status === 200 ? 500 : res.status;
    const message = env && typeof env.message === 'string' ? env.message : '';
    if (code === 200) return { ok: true, code: 200, message, data: readReply(name, env?.data ?? null) as ReplyOf<K> };
    if (code === 401) {
      hooks.onAuthFailure(!!options.silentAuth);
      return { ok: false, code, message, data: null };
    }
    // the backend itself failed (not a business answer): a poll backs off
    const transient = res.status >= 500 || !env || (code >= 500 && code < 600);
    if (!options.quiet && message && !(transient && options.quietTransient)) failure = { message, code };
    return { ok: false, code, message, data: null, errorData: env?.data ?? null, ...(transient ? { transient: true as const } : {}) };
  } finally {
    clearTimeout(timer);
    if (options.loading) loadingOff();
    // the danger toast only after the loading indicator is gone: hiding it clears every toast
    if (failure) hooks.onError(failure.message, failure.code, name);
    if (offline) hooks.onOffline();
  }
}
