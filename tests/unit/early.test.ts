/**
 * Issue 23: the first screen's data read before the app has run (src/boot.ts, src/api/early.ts).
 * The client takes an early reply only for the very same read (method, URL, body, token), once,
 * while it is fresh; a command is never read early; the build finds the key picture of a screen.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, configureClient } from '../../src/api/client';
import { endpoints } from '../../src/api/catalogue';
import { fetchEarly, takeEarly } from '../../src/api/early';
import { buildRequest } from '../../src/api/request';
import { bindingFreeSources, keyPicture } from '../../src/engine/refs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

let network: ReturnType<typeof vi.fn>;
beforeEach(() => {
  network = vi.fn(async () => reply({ code: 200, message: 'early', data: [{ id: 1, src: '/b/1.png' }] }));
  vi.stubGlobal('fetch', network);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const banners = (token: string | null = null) => buildRequest(endpoints.bannerList, { type: 2 }, token, 'http://api.test');

describe('early reads', () => {
  it('the client takes the early reply of the same read instead of sending it again, once', async () => {
    const own = vi.fn(async () => reply({ code: 200, message: 'own', data: [] }));
    configureClient({ baseUrl: 'http://api.test', getToken: () => null, isOffline: () => false, fetch: own as unknown as typeof fetch });
    const { url, init } = banners();
    fetchEarly(url, init);
    expect(network).toHaveBeenCalledTimes(1);

    const first = await call('bannerList', { type: 2 });
    expect(first).toMatchObject({ ok: true, message: 'early', data: [{ id: 1, src: '/b/1.png' }] });
    expect(own).not.toHaveBeenCalled();
    // taken once: the next read is the client's own
    expect(await call('bannerList', { type: 2 })).toMatchObject({ ok: true, message: 'own' });
    expect(own).toHaveBeenCalledTimes(1);
  });

  it('is not taken by another payload, another token, or after it has gone stale', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { url, init } = banners();
    fetchEarly(url, init);
    expect(takeEarly(url, { ...init, body: JSON.stringify({ type: 3 }) })).toBeUndefined();
    expect(takeEarly(url, banners('tok').init)).toBeUndefined();
    vi.advanceTimersByTime(10001);
    expect(takeEarly(url, init)).toBeUndefined();
    // a fresh one is taken with the headers written in any letter case
    fetchEarly(url, init);
    const res = await takeEarly(url, { ...init, headers: { accept: 'application/json', 'content-type': 'application/json' } });
    expect(await res?.json()).toMatchObject({ message: 'early' });
  });

  it('never starts a command (an Idempotency-Key) or an upload, and one read at most once', () => {
    const withdraw = buildRequest(endpoints.withdraw, { amount: 100 }, 'tok', '', 'key-1');
    expect(fetchEarly(withdraw.url, withdraw.init)).toBeUndefined();
    const upload = buildRequest(endpoints.uploadimg, { file: new Blob(['x']) }, 'tok', '');
    expect(fetchEarly(upload.url, upload.init)).toBeUndefined();
    const { url, init } = banners('again');
    expect(fetchEarly(url, init)).toBeDefined();
    expect(fetchEarly(url, init)).toBeUndefined();
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('reads the body at once, so a read nobody takes does not stay open', async () => {
    const sent = reply({ code: 200, message: 'early', data: [] });
    network.mockImplementation(async () => sent);
    const { url, init } = banners('unread');
    await fetchEarly(url, init);
    expect(sent.bodyUsed).toBe(true);
    // and the taker still reads it whole
    expect(await (await takeEarly(url, init))?.json()).toMatchObject({ message: 'early' });
  });

  it("the taker's abort (its timeout) ends its wait with an AbortError", async () => {
    network.mockImplementation(() => new Promise<Response>(() => undefined));
    const { url, init } = banners('slow');
    fetchEarly(url, init);
    const controller = new AbortController();
    const taken = takeEarly(url, { ...init, signal: controller.signal });
    controller.abort();
    await expect(taken).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the key picture', () => {
  const read = (f: string) => JSON.parse(readFileSync(path.join(root, 'screens.config', 'screens', f), 'utf8')) as { body: unknown; data?: Parameters<typeof bindingFreeSources>[0] };

  it("home's is the first banner's src or pic", () => {
    const home = read('home.json');
    expect(keyPicture(home.body, bindingFreeSources(home.data).map(([s]) => s))).toEqual(['banners', ['src', 'pic']]);
  });

  it('none when the carousel reads a source that needs a binding, sits under a when, or filters its picture', () => {
    const carousel = (props: Record<string, unknown>, extra: Record<string, unknown> = {}) => [{ type: 'Stack', children: [{ type: 'Carousel', props, ...extra }] }];
    expect(keyPicture(carousel({ items: '{{data.banners}}', image: '{{item.src}}' }), ['banners'])).toEqual(['banners', ['src']]);
    expect(keyPicture(carousel({ items: '{{data.banners}}', image: '{{item.src}}' }), ['notices'])).toBeUndefined();
    expect(keyPicture(carousel({ items: '{{data.banners}}', image: '{{item.src}}' }, { when: '{{user}}' }), ['banners'])).toBeUndefined();
    expect(keyPicture(carousel({ items: '{{data.banners}}', image: '{{item.src | default:x}}' }), ['banners'])).toBeUndefined();
  });
});
