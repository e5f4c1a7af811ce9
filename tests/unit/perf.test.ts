/**
 * engine/perf.ts: what waits for the first screen is told once, and never before the caller holds
 * its `stop` (WebKit hands buffered entries over inside observe(): a caller that stops in its
 * callback threw "Cannot access uninitialized variable" there, found by tests/e2e/engines.e2e.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterScreenData, onFirstScreenData } from '../../src/engine/perf';

const entry = (name: string) => ({ name, entryType: 'mark', startTime: 1, duration: 0 }) as PerformanceEntry;

/** a PerformanceObserver that, like WebKit's, delivers the buffered entries during observe() */
function webkitLike(buffered: PerformanceEntry[]) {
  const disconnected: boolean[] = [];
  class FakeObserver {
    constructor(private cb: (list: { getEntries: () => PerformanceEntry[] }) => void) {}
    observe() {
      this.cb({ getEntries: () => buffered });
    }
    disconnect() {
      disconnected.push(true);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return disconnected;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('waiting for the first screen', () => {
  it('onFirstScreenData: a mark already set is told once, after the call returns, and the observer stops', async () => {
    const disconnected = webkitLike([entry('screen:home'), entry('screen-data:home')]);
    const fn = vi.fn();
    expect(() => onFirstScreenData(fn)).not.toThrow();
    expect(fn).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(disconnected.length).toBeGreaterThan(0);
  });

  it('afterScreenData: a mark already set runs it once and cancels the fallback timer', async () => {
    vi.useFakeTimers();
    webkitLike([entry('screen-data:mine')]);
    const fn = vi.fn();
    expect(() => afterScreenData(fn, 3000)).not.toThrow();
    await Promise.resolve();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('afterScreenData: no screen marks, the fallback runs it once; cancelled, nothing runs', () => {
    vi.useFakeTimers();
    webkitLike([entry('screen:placeholder')]);
    const fn = vi.fn();
    afterScreenData(fn, 3000);
    vi.advanceTimersByTime(2999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    afterScreenData(other, 3000)();
    vi.advanceTimersByTime(5000);
    expect(other).not.toHaveBeenCalled();
  });
});
