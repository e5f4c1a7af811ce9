/**
 * src/engine/release.ts: which errors are a chunk gone, when the page learns of another release
 * (version.json against its own <meta name="app-build">), and the guard that lets a page reload
 * into a release once per build (never a loop).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const OWN = 'aaaaaaaaaaaaaaaa';
let served: unknown;
let reloads = 0;
let store: Map<string, string>;

beforeEach(() => {
  vi.resetModules();
  served = { build: OWN, required: false };
  reloads = 0;
  store = new Map();
  vi.stubGlobal('document', { querySelector: (sel: string) => (sel === 'meta[name=app-build]' ? { content: OWN } : null) });
  vi.stubGlobal('window', { location: { reload: () => void reloads++ } });
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('sessionStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    expect(url).toBe('/version.json');
    expect(init.cache).toBe('no-store');
    return served === 404 ? new Response('', { status: 404 }) : new Response(typeof served === 'string' ? served : JSON.stringify(served), { status: 200 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const load = () => import('../../src/engine/release');

describe('isChunkLoadError', () => {
  it('knows the engines\' wordings of a module or stylesheet that could not be fetched, and nothing else', async () => {
    const { isChunkLoadError } = await load();
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://m.example.com/assets/activity-C3onbXx5.js'))).toBe(true); // Chromium
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://m.example.com/assets/x.js'))).toBe(true); // Firefox
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/activity-C3onbXx5.css'))).toBe(true); // Vite's preload helper
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError(new Error('test fault: widget:NoticeBar'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('checkRelease', () => {
  it('is false while the site serves this page\'s build, a missing file or one that is not a release', async () => {
    const { checkRelease, newerRelease } = await load();
    expect(await checkRelease()).toBe(false);
    served = 404;
    expect(await checkRelease()).toBe(false);
    served = '<!doctype html><html></html>';
    expect(await checkRelease()).toBe(false);
    served = { build: '' };
    expect(await checkRelease()).toBe(false);
    expect(newerRelease()).toBeNull();
  });

  it('remembers another build and tells the listeners once per change; required only when it says true', async () => {
    const { checkRelease, newerRelease, onRelease } = await load();
    const told: unknown[] = [];
    onRelease(() => told.push(newerRelease()));
    served = { build: 'bbbbbbbbbbbbbbbb', required: 'yes' };
    expect(await checkRelease()).toBe(true);
    expect(await checkRelease()).toBe(true);
    served = { build: 'bbbbbbbbbbbbbbbb', required: true };
    await checkRelease();
    expect(told).toEqual([
      { build: 'bbbbbbbbbbbbbbbb', required: false },
      { build: 'bbbbbbbbbbbbbbbb', required: true },
    ]);
  });
});

describe('recoverFromChunkError', () => {
  const gone = new TypeError('Failed to fetch dynamically imported module: /assets/activity-C3onbXx5.js');

  it('reloads into another build once per build of the page, never in a loop', async () => {
    const { recoverFromChunkError } = await load();
    served = { build: 'bbbbbbbbbbbbbbbb', required: false };
    expect(await recoverFromChunkError(gone)).toBe(true);
    expect(reloads).toBe(1);
    expect(store.get('release.reloadedFrom')).toBe(OWN);
    // the reload landed on the same build (a cache in front): no second reload, the failure shows
    expect(await recoverFromChunkError(gone)).toBe(false);
    expect(reloads).toBe(1);
  });

  it('does not reload for the same build, offline, or for an error that is not a chunk', async () => {
    const { recoverFromChunkError } = await load();
    expect(await recoverFromChunkError(gone)).toBe(false);
    served = { build: 'bbbbbbbbbbbbbbbb', required: false };
    expect(await recoverFromChunkError(new TypeError('x is not a function'))).toBe(false);
    vi.stubGlobal('navigator', { onLine: false });
    expect(await recoverFromChunkError(gone)).toBe(false);
    expect(reloads).toBe(0);
  });

  it('does nothing in the development server (no build id)', async () => {
    vi.stubGlobal('document', { querySelector: () => null });
    const { checkRelease, recoverFromChunkError } = await load();
    served = { build: 'bbbbbbbbbbbbbbbb', required: false };
    expect(await checkRelease()).toBe(false);
    expect(await recoverFromChunkError(gone)).toBe(false);
    expect(reloads).toBe(0);
  });
});
