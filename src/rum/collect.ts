/**
 * The collector of field data (docs/OPERATING.md, Field data): a chunk of its own, loaded by
 * ./start.ts once the first screen has shown its data and the browser is idle. From then on, the start
 * of each interaction (a pointerdown, a keydown) is noted with its time, its address and the config
 * node it hit (./where.ts, references only: a tap that leaves the screen takes the tapped elements'
 * records with it before the interaction's timing is known). web-vitals' attribution
 * build reports LCP, INP, CLS, FCP and TTFB (reportAllChanges off: a metric is reported when it is
 * final, or when the page is hidden), ./early.ts hands over the page's errors; each becomes a report
 * (./report.ts: nothing personal) queued until the page is hidden (visibilitychange, pagehide) or
 * the player goes to another screen, then sent in beacons under the collectors' limit
 * (navigator.sendBeacon; fetch with keepalive where there is none). Every report carries the
 * route; the page's context (brand, release, engine, in-app browser, connection) goes once per beacon.
 *
 * The config node: an interaction's is the one noted as it began (matched by the event's time, the
 * Event Timing entry's startTime), else its target's as web-vitals finds it (`generateTarget`: an
 * interaction before this chunk arrived); the LCP's and the largest layout shift's are their
 * elements'; a render error's is its boundary's. The JSON path is found when the report is made, by
 * identity in the file's document (pathOf), never on the tap's path.
 *
 * Nothing here may throw on an engine of the floor: web-vitals observes only what the engine
 * supports, and gets the two array methods it calls from ./polyfills.ts where they are missing.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricType } from 'web-vitals/attribution';
import { appConfig, routeFor } from '../config';
import { onScreen } from '../engine/perf';
import { currentBuild } from '../engine/release';
import { pathOf } from '../engine/render-error';
import { session } from '../store/session';
import { landingHash, takeErrors, type Caught } from './early';
import { appOf, bodies, engineOf, MAX_REPORTS, messageOf, roundValue, routeOf, scriptAt, scrub, type Context, type ErrorReport, type NodeRef, type Report, type VitalReport } from './report';
import { whereOf, whereOfComponent, type Where } from './where';

/** An interaction's start: its event's time (the Event Timing entry's startTime), target, address, config node. */
interface Tap {
  t: number;
  el: EventTarget | null;
  hash: string;
  where: Where | null;
}
type Kind = 'pointer' | 'keyboard';

/** the Performance mark set once the collector listens (its polyfills loaded where an old engine needs them) */
export const COLLECTING_MARK = 'rum:collecting';

/** the interactions of each kind kept to be matched (INP is one of the page's slowest) */
const MAX_TAPS = 100;
/** how close an interaction's start must be to a noted event's time (both are the event's timeStamp) */
const TAP_MATCH_MS = 2;
/** at most this many error reports per page load (a failure in a loop says so once, not thousands of times) */
const MAX_ERRORS = 25;
/** what separates file, path, widget and address in a target string made by generateTarget (none of them holds it) */
const SEP = '\n';

const known = (path: string) => routeFor(path)?.path;
/** this page load's id (Context.view) */
const view = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export async function collect(endpoint: string): Promise<void> {
  if (!('at' in Array.prototype) || !('findLast' in Array.prototype)) await import('./polyfills');
  const { generateTarget, tapAt } = noteInteractions();
  const queue: Report[] = [];
  const flush = () => {
    if (queue.length === 0) return;
    for (const body of bodies(context(), queue.splice(0))) send(endpoint, body);
  };
  const add = (r: Report) => {
    queue.push(r);
    if (queue.length >= MAX_REPORTS) flush();
  };
  // after web-vitals' own listeners (capture, on window): the metrics it finalises on hiding are queued by then
  window.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  window.addEventListener('pagehide', flush);
  // and as the player goes to another screen, what the page holds so far (its load's TTFB and FCP):
  // an old engine may drop a beacon sent as the page unloads, and a WebView may be killed without one
  onScreen(() => setTimeout(flush));

  reportErrors(add);
  onINP(
    (m) => {
      const a = m.attribution;
      // the node web-vitals' target had; else (its element gone: a tap that left the screen) the one noted as it began
      const { hash, ...found } = targetRef(a.interactionTarget);
      const tap = found.file ? undefined : tapAt(a.interactionType, a.interactionTime);
      const node = tap?.where ? nodeRef(tap.where) : found;
      add(vital(m, hash ?? tap?.hash ?? landingHash, node, { interaction: a.interactionType, inputDelay: a.inputDelay, processing: a.processingDuration, presentation: a.presentationDelay, loadState: a.loadState }));
    },
    { generateTarget },
  );
  // the page's first load: the route it was opened at
  onLCP((m) => {
    const a = m.attribution;
    add(vital(m, landingHash, nodeOnly(a.target), { ttfb: a.timeToFirstByte, loadDelay: a.resourceLoadDelay, loadDuration: a.resourceLoadDuration, renderDelay: a.elementRenderDelay }));
  }, { generateTarget });
  onCLS((m) => add(vital(m, landingHash, nodeOnly(m.attribution.largestShiftTarget), { loadState: m.attribution.loadState })), { generateTarget });
  onFCP((m) => add(vital(m, landingHash, {}, { ttfb: m.attribution.timeToFirstByte, loadState: m.attribution.loadState })));
  onTTFB((m) => add(vital(m, landingHash, {}, {})));
  // the page's reports are collected from here on (what the bench and the tests wait for before
  // leaving): a task queued after web-vitals' own (its TTFB is read in a task after the load event)
  setTimeout(() => performance.mark(COLLECTING_MARK));
}

/**
 * The page's errors as reports, each once: a repeat, and any past MAX_ERRORS, is dropped. A render
 * error its boundary caught reaches the window too (React renders a failed concurrent render again at
 * once, and hands the first attempt's error to reportError): one report, the boundary's, with its node.
 */
function reportErrors(add: (r: Report) => void): void {
  const seen = new Set<string>();
  const thrown = new Map<string, ErrorReport>();
  takeErrors((caught) => {
    const r = errorReport(caught);
    const both = r.source === 'render' || r.source === 'error';
    const twin = both ? thrown.get(`${r.route}${SEP}${r.message}`) : undefined;
    if (twin && twin.source !== r.source) {
      if (r.source === 'render') Object.assign(twin, r);
      return;
    }
    const key = `${r.source}${SEP}${r.message}${SEP}${r.file ?? ''}${SEP}${r.path ?? ''}`;
    if (seen.size >= MAX_ERRORS || seen.has(key)) return;
    seen.add(key);
    if (both) thrown.set(`${r.route}${SEP}${r.message}`, r);
    add(r);
  });
}

/**
 * From now on, the start of each interaction (pointerdown, keydown: capture, passive) is noted with
 * its config node; `generateTarget` (web-vitals asks it for a metric's element, as it processes the
 * entry) answers with the node of the interaction that began on that element, else the element's own,
 * and the address; `tapAt` finds a noted start by its kind and time.
 */
function noteInteractions() {
  const rings: Record<Kind, Tap[]> = { pointer: [], keyboard: [] };
  const next: Record<Kind, number> = { pointer: 0, keyboard: 0 };
  const note = (kind: Kind) => (e: Event) => {
    rings[kind][next[kind]] = { t: e.timeStamp, el: e.target, hash: window.location.hash, where: whereOf(e.target) };
    next[kind] = (next[kind] + 1) % MAX_TAPS;
  };
  window.addEventListener('pointerdown', note('pointer'), { capture: true, passive: true });
  window.addEventListener('keydown', note('keyboard'), { capture: true, passive: true });
  const generateTarget = (el: Node | null) => {
    let tap: Tap | undefined;
    for (const t of [...rings.pointer, ...rings.keyboard]) if (t.el === el && (!tap || t.t > tap.t)) tap = t;
    const where = tap?.where ?? whereOf(el);
    if (!where) return undefined;
    const ref = nodeRef(where);
    return [ref.file, ref.path, ref.widget, tap?.hash ?? window.location.hash].join(SEP);
  };
  const tapAt = (kind: Kind | undefined, t: number | undefined): Tap | undefined => {
    let best: Tap | undefined;
    if (!kind || t === undefined) return best;
    for (const tap of rings[kind]) if (Math.abs(tap.t - t) <= TAP_MATCH_MS && (!best || Math.abs(tap.t - t) < Math.abs(best.t - t))) best = tap;
    return best;
  };
  return { generateTarget, tapAt };
}

/** The page's context, as of now (the connection may change while the page is open). */
function context(): Context {
  const ua = navigator.userAgent;
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string; type?: string } }).connection;
  const ctx: Context = { view, brand: import.meta.env.BRAND ?? 'product', release: currentBuild() ?? 'dev', engine: engineOf(ua) };
  const app = appOf(ua, appConfig.inAppBrowser?.userAgents);
  if (app) ctx.app = app;
  if (connection?.effectiveType) ctx.net = connection.effectiveType;
  if (connection?.type) ctx.conn = connection.type;
  return ctx;
}

function send(endpoint: string, body: string): void {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(endpoint, body)) return;
  } catch {
    // a refused beacon (too large for the engine's queue, a policy): fetch below
  }
  try {
    fetch(endpoint, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => undefined);
  } catch {
    // nothing more to try: field data never breaks the page
  }
}

function nodeRef(w: Where): NodeRef {
  return { file: w.file, path: pathOf(w.root, w.node) ?? '', widget: w.type };
}

/** A target string: a config node and the address made by generateTarget, or web-vitals' CSS selector. */
function targetRef(target: string | undefined): Partial<NodeRef> & { target?: string; hash?: string } {
  if (!target) return {};
  const [file, path, widget, hash] = target.split(SEP);
  return target.startsWith('screens.config/') && hash !== undefined ? { file, path, widget, hash } : { target };
}

/** The config node (or selector) of a target string, without its address. */
function nodeOnly(target: string | undefined): Partial<NodeRef> & { target?: string } {
  const { hash: _hash, ...node } = targetRef(target);
  return node;
}

function vital(m: MetricType, hash: string, node: Partial<NodeRef> & { target?: string }, parts: Record<string, number | string | undefined>): VitalReport {
  const r: VitalReport = { kind: 'vital', name: m.name, value: roundValue(m.name, m.value), rating: m.rating, id: m.id, route: routeOf(hash, known), nav: m.navigationType, ...node };
  for (const [k, v] of Object.entries(parts)) if (v !== undefined) r[k] = typeof v === 'number' ? Math.round(v) : v;
  return r;
}

function errorReport(c: Caught): ErrorReport {
  // the engine's own words about the config (file, JSON path, widget type): nothing a player typed or owns
  const message = c.source === 'config' ? messageOf(c.error).slice(0, 300) : scrub(messageOf(c.error), secrets());
  const r: ErrorReport = { kind: 'error', source: c.source, message, route: routeOf(c.hash, known) };
  const at = scriptAt(c.file, c.line, c.column);
  if (at) r.at = at;
  const where = c.where ?? (c.owner ? whereOfComponent(c.owner) : null);
  return where ? { ...r, ...nodeRef(where) } : r;
}

/** What must never leave the page in a message: the member's fields, the token, what the inputs hold. */
function secrets(): string[] {
  const out: string[] = session.token ? [session.token] : [];
  for (const v of Object.values(session.user ?? {})) if (typeof v === 'string' || typeof v === 'number') out.push(String(v));
  document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea').forEach((el) => {
    if (el.value) out.push(el.value);
  });
  return out;
}
