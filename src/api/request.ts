/**
 * The request a call sends, built in one place for the client (client.ts) and for the reads the
 * page starts before the app's code has run (src/boot.ts, early.ts): the same URL, method,
 * headers and body, so that the app can take such a read as its own.
 */
export interface EndpointShape {
  method: 'GET' | 'POST';
  path: string;
  idempotent?: boolean;
  multipart?: boolean;
  /** the app.json value that answers the call where it is set (src/api/catalogue.ts EndpointDef.fromConfig) */
  fromConfig?: { key: string; field: string };
}

/**
 * The reply an app.json gives a call in place of the backend (`fromConfig`: a brand's own customer
 * service address), or undefined when it leaves the call to the backend (the value empty or absent).
 */
export function configReply(ep: EndpointShape, app: unknown): Record<string, string> | undefined {
  if (!ep.fromConfig) return undefined;
  const value = ep.fromConfig.key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), app);
  return typeof value === 'string' && value.trim() ? { [ep.fromConfig.field]: value.trim() } : undefined;
}

export interface BuiltRequest {
  url: string;
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: BodyInit };
}

/** The API's origin: same-origin `/api` by default; a build for another API origin sets VITE_API_BASE (docs/DEPLOYING.md). */
export const apiBase = (): string => String(import.meta.env?.VITE_API_BASE ?? '').replace(/\/+$/, '');

/** sessionStorage key of the member's token (src/store/session.ts keeps it there) */
export const TOKEN_KEY = 'token';

export function buildRequest(ep: EndpointShape, payload: Record<string, unknown> | undefined, token: string | null, baseUrl: string, idempotencyKey?: string): BuiltRequest {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (ep.idempotent && idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  let url = baseUrl + ep.path;
  let body: BodyInit | undefined;
  if (ep.method === 'GET') {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(payload ?? {})) {
      if (v !== undefined && v !== null) params.set(k, String(v));
    }
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  } else if (ep.multipart) {
    // the browser sets the multipart Content-Type with its boundary
    const form = new FormData();
    for (const [k, v] of Object.entries(payload ?? {})) {
      if (v instanceof Blob) form.append(k, v);
      else if (v !== undefined && v !== null) form.append(k, String(v));
    }
    body = form;
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(payload ?? {});
  }
  return { url, init: { method: ep.method, headers, ...(body !== undefined ? { body } : {}) } };
}
