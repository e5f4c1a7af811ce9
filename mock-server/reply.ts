/**
 * The reply envelope every call answers with ({ code, message, data }). At the bottom of the mock:
 * the state's helpers (guess.ts, idempotency.ts) answer with it as the routes do (http.ts
 * re-exports it for them).
 */
export interface Reply<T> {
  code: number;
  message: string;
  data: T | null;
}

export function ok<T>(data: T, message = '操作成功'): Reply<T> {
  return { code: 200, message, data };
}

/** A business failure: HTTP 200, the code in the body, data null unless given. */
export function fail<T = never>(code: number, message: string, data: T | null = null): Reply<T> {
  return { code, message, data };
}
