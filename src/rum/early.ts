/**
 * The part of field data in every page from its first moment (src/boot.ts imports it; kept small:
 * it is part of every first paint). It keeps what happens before the collector (./collect.ts, loaded
 * once the browser is idle) has arrived: uncaught errors, unhandled rejections, and the render errors
 * the engine's boundaries catch (src/engine/boundary.tsx, render-error.tsx call `noteError`), at most
 * 30, and hands them over when the collector takes them. Where this page reports nothing (app.json
 * `rum` off, or the load not drawn by its sample rate: ./start.ts), `stopEarly` removes the listeners
 * and forgets what was kept.
 */
import type { Where } from './where';

export interface Caught {
  source: 'error' | 'rejection' | 'render' | 'config';
  /** the Error, the rejection's reason, or a message */
  error: unknown;
  /** an uncaught error's script and position */
  file?: string;
  line?: number;
  column?: number;
  /** the config node, where the engine knows it (a config problem of a widget node) */
  where?: Where;
  /** the component that caught it (an error boundary): its config node is read from React's tree by the collector */
  owner?: unknown;
  /** the address when it happened (the collector sends only its route) */
  hash: string;
}

const MAX_KEPT = 30;
const kept: Caught[] = [];
let sink: ((caught: Caught) => void) | null = null;

/** the address the page was opened at */
export const landingHash = typeof location === 'undefined' ? '' : location.hash;

export function noteError(caught: Omit<Caught, 'hash'>): void {
  const full: Caught = { ...caught, hash: typeof location === 'undefined' ? '' : location.hash };
  if (sink) sink(full);
  else if (kept.length < MAX_KEPT) kept.push(full);
}

const onError = (e: ErrorEvent) => noteError({ source: 'error', error: e.error ?? e.message, file: e.filename, line: e.lineno, column: e.colno });
const onRejection = (e: PromiseRejectionEvent) => noteError({ source: 'rejection', error: e.reason });
if (typeof window !== 'undefined') {
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
}

/** What was kept goes to `to`, and from now on what happens goes there directly. */
export function takeErrors(to: (caught: Caught) => void): void {
  sink = to;
  kept.splice(0).forEach(to);
}

/** This page reports nothing: no listener, nothing kept. */
export function stopEarly(): void {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  kept.length = 0;
  sink = () => undefined;
}
