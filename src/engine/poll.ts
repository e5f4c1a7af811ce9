/**
 * The one scheduler of every call the app repeats: the session's balance poll
 * (src/store/session.ts) and each screen data source with `poll` (data-sources.ts).
 *
 * - One at a time: the next run is timed from the end of the last one (its reply, or the client's
 *   timeout), never by setInterval, so a poll never has two requests out.
 * - Paused while the page is hidden or the device offline: a run that comes due then waits. When
 *   the page is visible and online again every waiting poll runs at once (as does every poll that
 *   is backing off), then keeps its interval.
 * - Backoff: after a failed run (network failure or timeout, a server error, a reply that is not
 *   the envelope: `outcomeOf`) the next waits the interval times `factor` per failure in a row, at
 *   most `maxMs`, shortened at random by up to `jitter` of it (so clients do not return in step);
 *   the first success restores the interval. Numbers: app.json constants.pollBackoff.
 *
 * Identical concurrent reads share one request through the client's callShared().
 */
import { unanswered, type CallResult } from '../api/client';
import { constants } from '../config';

/** what a run reports: `stop` ends the poll (signed out, screen left) */
export type Outcome = 'ok' | 'failed' | 'stop';

export interface Backoff {
  factor: number;
  maxMs: number;
  jitter: number;
}

/** A reply the backend failed to give (not a business answer such as a 401 or a refusal). */
export function outcomeOf(r: CallResult<unknown>): Outcome {
  return unanswered(r) ? 'failed' : 'ok';
}

/** The wait before the next run after `failures` failed runs in a row (`random` in [0, 1)). */
export function nextDelay(every: number, failures: number, backoff: Backoff, random: number): number {
  if (failures <= 0) return every;
  const longer = Math.min(backoff.maxMs, every * backoff.factor ** failures);
  return Math.round(longer * (1 - backoff.jitter * random));
}

export interface PollOptions {
  /** the interval while all is well, ms */
  every: number;
  /** one run (a quiet load) */
  run: () => Promise<Outcome>;
  /** a first load already under way: the poll times its first run from its end */
  first?: Promise<Outcome>;
  backoff?: Backoff;
}

interface Live {
  /** came due while hidden or offline */
  waiting: boolean;
  failures: number;
  go: () => void;
  busy: () => boolean;
}

const live = new Set<Live>();
const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Visible and online again: what waited, and what is backing off, runs now. */
function wake() {
  if (hidden() || offline()) return;
  for (const p of [...live]) if ((p.waiting || p.failures > 0) && !p.busy()) p.go();
}

function listen(on: boolean) {
  const method = on ? 'addEventListener' : 'removeEventListener';
  if (typeof document !== 'undefined') document[method]('visibilitychange', wake);
  if (typeof window !== 'undefined') window[method]('online', wake);
}

/** Starts a poll; returns its stop. */
export function startPoll({ every, run, first, backoff = constants.pollBackoff }: PollOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let stopped = false;

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    live.delete(self);
    if (live.size === 0) listen(false);
  };

  const settle = async (pending: Promise<Outcome>) => {
    inFlight = true;
    let outcome: Outcome;
    try {
      outcome = await pending;
    } catch {
      outcome = 'failed';
    }
    inFlight = false;
    if (stopped) return;
    if (outcome === 'stop') return stop();
    self.failures = outcome === 'ok' ? 0 : self.failures + 1;
    schedule();
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (hidden() || offline()) self.waiting = true;
      else self.go();
    }, nextDelay(every, self.failures, backoff, Math.random()));
  };

  const self: Live = {
    waiting: false,
    failures: 0,
    busy: () => inFlight,
    go: () => {
      if (stopped || inFlight) return;
      clearTimeout(timer);
      self.waiting = false;
      void settle(run());
    },
  };

  if (live.size === 0) listen(true);
  live.add(self);
  if (first) void settle(first);
  else schedule();
  return stop;
}
