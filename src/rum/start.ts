/**
 * Whether this page load reports field data: app.json `rum` switched on, and the load drawn by its
 * sample rate. Where it does, the collector (./collect.ts, with web-vitals: a chunk of its own) is
 * loaded once the first screen has shown its data and the browser is idle; where it does not,
 * nothing more runs and what ./early.ts kept is dropped. This and ./early.ts are all of field data
 * a first paint carries.
 */
import { appConfig } from '../config';
import { whenIdle } from '../engine/idle';
import { afterScreenData } from '../engine/perf';
import { stopEarly } from './early';

/** the collector waits at most this long for a screen's data, then for an idle moment */
const WAIT_FOR_SCREEN_MS = 5000;
const IDLE_TIMEOUT_MS = 3000;
const NO_IDLE_CALLBACK_MS = 1000;

export function startRum(): void {
  const rum = appConfig.rum ?? {};
  if (rum.enabled === false || !(Math.random() < (rum.sampleRate ?? 1)) || typeof fetch !== 'function') {
    stopEarly();
    return;
  }
  const load = () => {
    import('./collect').then(
      (m) => m.collect(rum.endpoint ?? '/rum'),
      () => undefined, // offline, or a release removed the chunk: this page reports nothing
    );
  };
  afterScreenData(() => whenIdle(load, IDLE_TIMEOUT_MS, NO_IDLE_CALLBACK_MS), WAIT_FOR_SCREEN_MS);
}
