/** Issue 16: the client counts the submits in flight (calls with the loading indicator) for the reality check to wait on. */
import { describe, expect, it } from 'vitest';
import { call, configureClient, onSubmitsSettled, submitsInFlight } from '../../src/api/client';

function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}
const reply = () => new Response(JSON.stringify({ code: 200, message: '', data: null }), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('submits in flight', () => {
  it('counts loading calls only, and tells subscribers once the last one has ended', async () => {
    const pending: ReturnType<typeof deferred>[] = [];
    configureClient({ baseUrl: 'http://api.test', timeoutMs: 5000, getToken: () => 't', fetch: () => { const d = deferred(); pending.push(d); return d.promise; } });
    const settled: number[] = [];
    const off = onSubmitsSettled(() => settled.push(submitsInFlight()));

    const background = call('balance', {}, { quiet: true });
    expect(submitsInFlight()).toBe(0);
    const a = call('transall', {}, { loading: true });
    const b = call('dofanshui', {}, { loading: true });
    expect(submitsInFlight()).toBe(2);

    pending[1].resolve(reply());
    await a;
    expect(submitsInFlight()).toBe(1);
    expect(settled).toEqual([]);
    pending[0].resolve(reply());
    await background;
    expect(settled).toEqual([]);
    pending[2].resolve(reply());
    await b;
    expect(submitsInFlight()).toBe(0);
    expect(settled).toEqual([0]);

    off();
    const c = call('transall', {}, { loading: true });
    pending[3].resolve(reply());
    await c;
    expect(settled).toEqual([0]);
  });

  it('a failed submit (network) ends too', async () => {
    configureClient({ baseUrl: 'http://api.test', timeoutMs: 5000, getToken: () => 't', fetch: () => Promise.reject(new TypeError('offline')) });
    let calls = 0;
    const off = onSubmitsSettled(() => (calls += 1));
    const r = await call('transall', {}, { loading: true });
    expect(r).toMatchObject({ ok: false, network: true });
    expect(submitsInFlight()).toBe(0);
    expect(calls).toBe(1);
    off();
  });
});
