/**
 * engine/perf.ts: what waits for the first screen's data (the shell's late chunk, the service
 * worker, the idle preloads) is told once, from markScreenData itself: not from the Performance
 * timeline, which Playwright's clock leaves empty and old engines cannot watch (before, those
 * waited for a timeout), and never before the caller holds what cancels it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Perf = typeof import('../../src/engine/perf');
let perf: Perf;

beforeEach(async () => {
  vi.resetModules();
  perf = await import('../../src/engine/perf');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the first screen with its data', () => {
  it('onFirstScreenData: told once, at the first screen that shows its data, not at later ones', () => {
    const fn = vi.fn();
    perf.onFirstScreenData(fn);
    expect(fn).not.toHaveBeenCalled();
    perf.markScreenData('home');
    expect(fn).toHaveBeenCalledTimes(1);
    perf.markScreenData('mine');
    expect(fn).toHaveBeenCalledTimes(1);
    expect(performance.getEntriesByName('screen-data:home').length).toBeGreaterThan(0);
  });

  it('onFirstScreenData after it: on a microtask (the caller holds its cancel first); cancelled, never', async () => {
    perf.markScreenData('home');
    const fn = vi.fn();
    perf.onFirstScreenData(fn);
    expect(fn).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(fn).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    perf.onFirstScreenData(other)();
    await Promise.resolve();
    expect(other).not.toHaveBeenCalled();
  });

  it('afterScreenData: the data runs it once and the fallback timer is dropped', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    perf.afterScreenData(fn, 3000);
    vi.advanceTimersByTime(1000);
    perf.markScreenData('home');
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('afterScreenData: a screen that never shows data, the fallback runs it once; cancelled, nothing runs', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    perf.afterScreenData(fn, 3000);
    vi.advanceTimersByTime(2999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    perf.markScreenData('late');
    expect(fn).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    perf.afterScreenData(other, 3000)();
    vi.advanceTimersByTime(5000);
    expect(other).not.toHaveBeenCalled();
  });
});
