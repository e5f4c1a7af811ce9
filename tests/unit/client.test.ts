import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call, callShared, configureClient } from '../../src/api/client';

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
    config: () => undefined,
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

describe('a call app.json answers itself where it sets the value (catalogue fromConfig)', () => {
  it('getservicerurl with brand.serviceUrl set: that address, no request, offline too, shared read or not; empty or absent: the backend\'s', async () => {
    const backend = ok({ url: 'https://backend.example.com/kefu' });
    const own = { ok: true, code: 200, message: '', data: { url: 'https://kefu.jinsha.example.com/chat?site=2' } };
    setup(backend as unknown as typeof fetch, { config: () => ({ brand: { serviceUrl: 'https://kefu.jinsha.example.com/chat?site=2' } }) });
    expect(await call('getservicerurl', {}, { loading: true })).toEqual(own);
    expect(await callShared('getservicerurl')).toEqual(own);
    setup(backend as unknown as typeof fetch, { config: () => ({ brand: { serviceUrl: 'https://kefu.jinsha.example.com/chat?site=2' } }), isOffline: () => true });
    expect(await call('getservicerurl', {}, { loading: true })).toEqual(own);
    expect(backend).not.toHaveBeenCalled();
    expect(events).toEqual([]);
    // another call is the backend's, whatever app.json says
    setup(backend as unknown as typeof fetch, { config: () => ({ brand: { serviceUrl: 'https://kefu.jinsha.example.com/chat?site=2' } }) });
    await call('getAgentLoginUrl');
    expect(backend).toHaveBeenCalledTimes(1);
    for (const serviceUrl of ['', undefined]) {
      setup(backend as unknown as typeof fetch, { config: () => ({ brand: { serviceUrl } }) });
      expect((await call('getservicerurl')).data).toEqual({ url: 'https://backend.example.com/kefu' });
      expect(lastRequest?.url).toBe('http://api.test/api/getservicerurl');
    }
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

describe('a money call that got no answer is the same request when made again (issue 39)', () => {
  const keyOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
  type Answer = 'drop' | 'timeout' | '500' | 'html' | 'ok' | 'refused';

  /** a backend answering each request as the next entry of `answers` says, recording the keys */
  function backend(answers: Answer[], token = () => 'tok-123') {
    const keys: (string | undefined)[] = [];
    setup(
      ((_u: string, init: RequestInit) => {
        keys.push(keyOf(init));
        switch (answers.shift()) {
          case 'drop':
            return Promise.reject(new TypeError('Failed to fetch'));
          case 'timeout':
            return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
          case '500':
            return Promise.resolve(reply({ code: 500, message: '服务器异常，请稍后再试', data: null }, 500));
          case 'html':
            return Promise.resolve(new Response('<html>502 Bad Gateway</html>', { status: 502 }));
          case 'refused':
            return Promise.resolve(reply({ code: 210, message: '余额不足', data: null }));
          default:
            return Promise.resolve(reply({ code: 200, message: '提交成功，等待后台审核', data: null }));
        }
      }) as unknown as typeof fetch,
      { getToken: token },
    );
    return keys;
  }

  it('a dropped connection, a timeout, a 5xx or a reply that is not the envelope keep the key; the answer ends it', async () => {
    const keys = backend(['drop', 'timeout', '500', 'html', 'ok', 'ok']);
    const deposit = { paytype: 'bank', amount: 501, bank_owner: '张三', bank: '招商银行', bank_no: '6225880100001234', bank_address: '深圳分行' };
    for (let i = 0; i < 5; i++) await call('recharge', deposit, { loading: true });
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.slice(0, 5)).toEqual(Array(5).fill(keys[0]));
    // answered: the same form sent again is a new deposit
    await call('recharge', deposit, { loading: true });
    expect(keys[5]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[5]).not.toBe(keys[0]);
  });

  it('a business answer (a refusal) ends it too: the next tap is a new request', async () => {
    const keys = backend(['drop', 'refused', 'ok']);
    const withdrawal = { amount: 150, bank: 3, password: '123456' };
    for (let i = 0; i < 3; i++) await call('withdraw', withdrawal);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('a changed payload, or the same one by another member, is another request with a new key', async () => {
    let token = 'tok-a';
    const keys = backend(['drop', 'drop', 'drop', 'ok', 'ok'], () => token);
    await call('withdraw', { amount: 150, bank: 3, password: '123456' });
    await call('withdraw', { amount: 160, bank: 3, password: '123456' });
    token = 'tok-b';
    await call('withdraw', { amount: 150, bank: 3, password: '123456' });
    expect(new Set(keys).size).toBe(3);
    // the first member's unanswered withdrawal is still that request
    token = 'tok-a';
    await call('withdraw', { amount: 150, bank: 3, password: '123456' });
    expect(keys[3]).toBe(keys[0]);
  });

  it('a key the caller gives is sent as it is and not remembered; a call that is not about money has none', async () => {
    const keys = backend(['drop', 'drop', 'drop']);
    await call('transfer', { amount: 1, sourcetype: 'userbalance', targettype: 'pg' }, { idempotencyKey: 'tap-7' });
    await call('transfer', { amount: 1, sourcetype: 'userbalance', targettype: 'pg' });
    await call('balance');
    expect(keys[0]).toBe('tap-7');
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).toBeUndefined();
  });

  it('quietTransient (a form submit says it itself): no toast for a 5xx, the toast for a business answer', async () => {
    backend(['500', 'refused']);
    const transfer = { amount: 2, sourcetype: 'userbalance', targettype: 'ky' };
    expect(await call('transfer', transfer, { quietTransient: true })).toMatchObject({ ok: false, code: 500, transient: true });
    expect(events).toEqual([]);
    await call('transfer', transfer, { quietTransient: true });
    expect(events).toEqual(['error:210:余额不足']);
  });
});
