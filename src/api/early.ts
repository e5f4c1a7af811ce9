/**
 * Reads started before the app's code has run: src/boot.ts starts the binding-free first data of
 * the screen the page opens on (home's banners) while the app's code is still downloading, and
 * the client (client.ts) takes such a reply instead of sending the same request again: once, by a
 * request with the same method, URL, body and token, within REUSE_TTL_MS of its start (the policy of
 * src/api/reuse.ts); a read nobody takes costs one request and is forgotten.
 */
import { Held, requestKey, REUSE_TTL_MS } from './reuse';

/** how long a read started early waits for the app */
export const EARLY_TTL_MS = REUSE_TTL_MS;

const early = new Held<Promise<Response>>(EARLY_TTL_MS);

type Init = { method?: string; headers?: Record<string, string>; body?: BodyInit | null; signal?: AbortSignal | null };

/** what makes two requests the same read; undefined for a command or a body that is not text (an upload) */
function keyOf(url: string, init: Init): string | undefined {
  // src/boot.ts reads before the polyfills (src/polyfills.ts) have come: no Object.fromEntries
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(init.headers ?? {})) headers[k.toLowerCase()] = v;
  if (headers['idempotency-key']) return undefined; // a command is never sent early
  return requestKey(init.method ?? 'GET', url, init.body, headers.authorization);
}

/** Start a read now for the app to take later; returns its reply (the caller may clone it to peek). */
export function fetchEarly(url: string, init: Init): Promise<Response> | undefined {
  const key = keyOf(url, init);
  if (!key || early.peek(key)) return undefined;
  // the body is read at once: a read nobody takes (the player went on to another screen) ends
  // like any other instead of staying open with its reply unread
  const reply = fetch(url, init).then(async (res) => new Response(await res.arrayBuffer(), { status: res.status, statusText: res.statusText, headers: res.headers }));
  reply.catch(() => undefined); // a failure is the taker's to handle, or nobody's
  early.hold(key, reply);
  return reply;
}

/** The reply of the same read started early, if there is one (taken once); undefined otherwise. */
export function takeEarly(url: string, init: Init): Promise<Response> | undefined {
  const key = keyOf(url, init);
  const reply = key ? early.take(key) : undefined;
  if (!reply) return undefined;
  const signal = init.signal;
  if (!signal) return reply;
  // the taker's timeout or abort ends its own wait, as it would end its own request
  return new Promise<Response>((resolve, reject) => {
    const stop = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    reply.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/**
 * The early reads of one route, as the build writes them into index.html (scripts/vite/preload-app.ts
 * routeChunks, the route-chunks template's `e`) for src/boot.ts: its screen's binding-free first
 * reads and its onEnter's, the session's start (app info, the member), the game lists where the
 * screen shows them; which need the member's token, whether the route needs a member, and where
 * the key picture is.
 */
export interface EarlyHint {
  /** each read: method, path of the endpoint catalogue, payload, and 1 where it needs the member's token */
  r: (['GET' | 'POST', string, Record<string, unknown>] | ['GET' | 'POST', string, Record<string, unknown>, 1])[];
  /** the route needs a member: read only with a token */
  a?: 1;
  /** the first `n` reads are the screen's own (read before its chunks are fetched), the rest the session's (after) */
  n?: number;
  /** the key picture: index into `r`, and the fields of the reply's first item that may hold its address */
  p?: [number, string[]];
}
