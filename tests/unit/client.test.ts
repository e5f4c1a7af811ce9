import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call, configureClient } from '../../src/api/client';

type Hooks = Parameters<typeof configureClient>[0];

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let events: string[];
let lastRequest: { url: string; init: RequestInit } | undefined;

function setup(fetchImpl: Hooks['fetch'], extra: Hooks = {}) {
  configureClient({
    baseUrl: 'http://api.test',
    timeoutMs: 200,
    getToken: () => 'tok-123',
    onAuthFailure: (silent) => events.push(`auth:${silent ? 'silent' : 'dialog'}`),
    onError: (m, c) => events.push(`error:${c}:${m}`),
    showLoading: () => events.push('loading:on'),
    hideLoading: () => events.push('loading:off'),
    isOffline: () => false,
    onOffline: () => events.push('offline'),
    fetch: fetchImpl,
    ...extra,
  });
}

beforeEach(() => {
  events = [];
  lastRequest = undefined;
});

const ok = (data: unknown, message = '操作成功') =>
  vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    lastRequest = { url: String(url), init: init ?? {} };
    return reply({ code: 200, message, data });
  });

describe('client', () => {
  it('posts JSON with the bearer token and returns the data', async () => {
    setup(ok({ balance: 12.5 }) as unknown as typeof fetch);
    const r = await call('balance', {});
    expect(r).toEqual({ ok: true, code: 200, message: '操作成功', data: { balance: 12.5 } });
    expect(lastRequest?.url).toBe('http://api.test/api/balance');
    expect(lastRequest?.init.method).toBe('POST');
    expect((lastRequest?.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
    expect(events).toEqual([]);
  });

  it('sends an upload (catalogue flag multipart) as multipart/form-data with the file as part "file"', async () => {
    setup(ok({ path: '/uploads/a.png' }, '上传成功') as unknown as typeof fetch);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
    const r = await call('uploadimg', { file });
    expect(r).toEqual({ ok: true, code: 200, message: '上传成功', data: { path: '/uploads/a.png' } });
    const body = lastRequest?.init.body;
    expect(body).toBeInstanceOf(FormData);
    const part = (body as FormData).get('file');
    expect(part).toBeInstanceOf(File);
    expect([(part as File).name, (part as File).type, (part as File).size]).toEqual(['a.png', 'image/png', 4]);
    // no JSON Content-Type: fetch writes the multipart one with its boundary
    expect((lastRequest?.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('sends GET calls with a query string', async () => {
    setup(ok([]) as unknown as typeof fetch);
    await call('gameList', { category: 'sport' });
    expect(lastRequest?.url).toBe('http://api.test/api/game/list?category=sport');
    expect(lastRequest?.init.method).toBe('GET');
  });

  it('shows a non-200 server message as a danger toast from one place, unless quiet', async () => {
    const f = vi.fn(async () => reply({ code: 210, message: '余额不足', data: null }));
    setup(f as unknown as typeof fetch);
    const r = await call('transfer', { amount: 1, sourcetype: 'userbalance', targettype: 'ag' });
    expect(r).toMatchObject({ ok: false, code: 210, message: '余额不足' });
    expect(events).toEqual(['error:210:余额不足']);
    events = [];
    await call('transfer', { amount: 1, sourcetype: 'userbalance', targettype: 'ag' }, { quiet: true });
    expect(events).toEqual([]);
  });

  it('treats a body code 401 and an HTTP 401 alike, silently for the balance poll', async () => {
    setup((async () => reply({ code: 401, message: '请先登录', data: null })) as unknown as typeof fetch);
    await call('user');
    setup((async () => reply({ message: 'Unauthorized' }, 401)) as unknown as typeof fetch);
    await call('user');
    await call('balance', {}, { silentAuth: true });
    expect(events).toEqual(['auth:dialog', 'auth:dialog', 'auth:silent']);
  });

  it('on a network failure only hides the loading indicator', async () => {
    setup((async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    const r = await call('withdraw', { amount: 100, bank: 1, password: '123456' }, { loading: true });
    expect(r).toMatchObject({ ok: false, network: true });
    expect(events).toEqual(['loading:on', 'loading:off']);
  });

  it('gives up after the configured timeout', async () => {
    setup(((_u: string, init: RequestInit) =>
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as unknown as typeof fetch);
    const started = Date.now();
    const r = await call('user', {}, { loading: true });
    expect(r).toMatchObject({ ok: false, network: true });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(events).toEqual(['loading:on', 'loading:off']);
  });

  it('reads a reply that is not an envelope as a failure without crashing', async () => {
    setup((async () => new Response('<html>502</html>', { status: 502 })) as unknown as typeof fetch);
    const r = await call('app');
    expect(r).toMatchObject({ ok: false, code: 502 });
  });

  it('offline: sends nothing; an action gets the offline message at once, without the loading indicator', async () => {
    const f = ok({});
    setup(f as unknown as typeof fetch, { isOffline: () => true });
    const r = await call('withdraw', { amount: 100, bank: 1, password: '123456' }, { loading: true });
    expect(r).toEqual({ ok: false, code: 0, message: '', data: null, network: true });
    expect(f).not.toHaveBeenCalled();
    expect(events).toEqual(['offline']);
    // a screen's data load says nothing: the shell's banner already does
    events = [];
    await call('balance', {});
    expect(events).toEqual([]);
  });

  it('the network lost while an action was out: the offline message after the loading indicator is gone', async () => {
    let offline = false;
    setup(
      (async () => {
        offline = true;
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
      { isOffline: () => offline },
    );
    await call('withdraw', { amount: 100, bank: 1, password: '123456' }, { loading: true });
    expect(events).toEqual(['loading:on', 'loading:off', 'offline']);
  });
});

describe('Idempotency-Key (issue 10)', () => {
  const keyOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];

  it('every money call carries a new key; a call that is not about money carries none', async () => {
    const seen: (string | undefined)[] = [];
    setup(vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      seen.push(keyOf(init));
      return reply({ code: 200, message: 'ok', data: null });
    }) as unknown as typeof fetch);
    await call('withdraw', { amount: 100, bank: 1, password: '123456' });
    await call('withdraw', { amount: 100, bank: 1, password: '123456' });
    await call('transfer', { amount: 1, sourcetype: 'userbalance', targettype: 'ag' });
    await call('balance');
    expect(seen[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(seen.slice(0, 3)).size).toBe(3);
    expect(seen[3]).toBeUndefined();
  });

  it('a key given by the caller is sent as it is (the same request sent again)', async () => {
    setup(ok(null) as unknown as typeof fetch);
    await call('recharge', { paytype: 'usdt', amount: 100 }, { idempotencyKey: 'tap-1' });
    expect(keyOf(lastRequest?.init)).toBe('tap-1');
  });
});
