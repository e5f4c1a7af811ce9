/**
 * What a field report is, and the rules that keep it free of anything personal. Pure (no DOM, no
 * config): the collector (./collect.ts) builds its reports with these, the tests check them in Node.
 *
 * A beacon's body is `{ "v": 1, "ctx": {…}, "reports": [{…}, …] }`: the context every report of the
 * page shares (brand, release, engine, in-app browser, connection), then the reports. The collector
 * on the server (deploy/nginx/rum.js, the mock's /rum) writes each report as one JSON line, the
 * context and its own time (`ts`) merged in.
 *
 * Nothing personal is sent: a route is a path of routes.json (no query, no value of the address);
 * a config node is a file and a JSON path; an error's message has its numbers, e-mail addresses,
 * query strings and every known secret (the member's fields, the token, what the page's inputs
 * hold) replaced before it leaves the page; a metric names elements by config node or CSS
 * selector, never by their text or a picture's address.
 */

/** the collectors refuse a larger body (deploy/nginx rum.conf, the mock's /rum: 413) */
export const MAX_BODY_BYTES = 16 * 1024;
/** reports in one beacon (the collectors refuse more) */
export const MAX_REPORTS = 50;
/** the longest error message sent */
const MAX_MESSAGE = 300;

export interface Context {
  /** this page load, drawn at random when it starts: its reports share it (a page view, not a person) */
  view: string;
  /** the brand's id (its folder under brands/), `product` for screens.config/ */
  brand: string;
  /** the build's id (index.html's app-build, version.json), `dev` in the development server */
  release: string;
  /** the engine's family and major version: `Chromium 66`, `WebKit 15`, `Gecko 115` */
  engine: string;
  /** the in-app browser, as app.json inAppBrowser.userAgents names it (MicroMessenger is WeChat) */
  app?: string;
  /** the connection's effective type (Network Information API: 4g, 3g…) */
  net?: string;
  /** the connection's kind where the engine says it (wifi, cellular) */
  conn?: string;
}

/** The config node a report concerns: the file and the JSON path in it, and the widget's or field's type. */
export interface NodeRef {
  file: string;
  path: string;
  widget: string;
}

export type MetricName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';

export interface VitalReport extends Partial<NodeRef> {
  kind: 'vital';
  name: MetricName;
  /** milliseconds, rounded; CLS unitless, four decimals */
  value: number;
  rating: string;
  /** the metric's id (web-vitals): the same page view's later, larger value of it has the same id */
  id: string;
  route: string;
  /** how the page was reached: navigate, reload, back-forward, back-forward-cache, prerender, restore */
  nav?: string;
  /** a CSS selector of the element, where no config node is known */
  target?: string;
  /** the metric's parts, in ms (INP: inputDelay, processingDuration, presentationDelay…) */
  [part: string]: string | number | undefined;
}

export interface ErrorReport extends Partial<NodeRef> {
  kind: 'error';
  /** an uncaught error, an unhandled rejection, a widget's or the app's render error, unknown config at run time */
  source: 'error' | 'rejection' | 'render' | 'config';
  message: string;
  /** the script and position of an uncaught error (no query) */
  at?: string;
  route: string;
}

export type Report = VitalReport | ErrorReport;

/** The engine a user agent names: family and major version (WeChat's and QQ's WebViews are Chromium). */
export function engineOf(ua: string): string {
  const chromium = /(?:Chrome|Chromium|CriOS)\/(\d+)/.exec(ua);
  if (chromium && !/CriOS/.test(chromium[0])) return `Chromium ${chromium[1]}`;
  const gecko = /Firefox\/(\d+)/.exec(ua);
  if (gecko && !/FxiOS/.test(ua)) return `Gecko ${gecko[1]}`;
  if (/AppleWebKit/.test(ua)) {
    // Safari says its version; an iOS WebView (WeChat's, Chrome's, Firefox's on iOS) only the system's, which is WebKit's
    const version = /Version\/(\d+)/.exec(ua) ?? /OS (\d+)[_.]\d+(?:[_.]\d+)? like Mac OS X/.exec(ua);
    return version ? `WebKit ${version[1]}` : 'WebKit';
  }
  return 'other';
}

/** The in-app browser: the first of app.json inAppBrowser.userAgents the user agent holds, trimmed. */
export function appOf(ua: string, userAgents: readonly string[] = []): string | undefined {
  return userAgents.find((token) => ua.includes(token))?.trim() || undefined;
}

/**
 * The route of an address (`#/login?redirect=…`): the path of the routes.json route it names, as
 * `known` finds it (case and a trailing slash do not matter), or `(unknown)`. Never the query.
 */
export function routeOf(hash: string, known: (path: string) => string | undefined): string {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  return known(path) ?? '(unknown)';
}

/** An error's or a rejection's message as thrown (not yet scrubbed). */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name && error.name !== 'Error' ? `${error.name}: ` : ''}${error.message}`;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  try {
    return String(error);
  } catch {
    return 'unknown error';
  }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A text with nothing personal left: every secret (the member's fields, the token, what the page's
 * inputs hold) replaced by `[…]`, query strings and fragments cut, e-mail addresses and every number
 * (an amount, a card, an id, a phone) replaced by `#`; at most 300 characters. Secrets shorter than
 * three characters are not looked for (they would hit ordinary words).
 */
export function scrub(text: string, secrets: readonly string[] = []): string {
  let out = text;
  const found = secrets.filter((s) => typeof s === 'string' && s.trim().length >= 3).sort((a, b) => b.length - a.length);
  for (const s of found) out = out.replace(new RegExp(escapeRe(s), 'g'), '[…]');
  out = out
    .replace(/[?#][^\s"'<>()]*/g, '')
    .replace(/[^\s@"'<>()]+@[^\s@"'<>()]+\.[^\s@"'<>()]+/g, '[email]')
    .replace(/\d+(?:[.,:_-]\d+)*/g, '#');
  return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE - 1)}…` : out;
}

/** A script's url and position without its query: `https://site/assets/app-1a2b.js:1:2345`. */
export function scriptAt(file: string | undefined, line: number | undefined, column: number | undefined): string | undefined {
  if (!file) return undefined;
  return `${file.replace(/[?#].*$/, '')}:${line ?? 0}:${column ?? 0}`;
}

/** A metric's value as sent: whole milliseconds, CLS with four decimals. */
export function roundValue(name: MetricName, value: number): number {
  return name === 'CLS' ? Math.round(value * 10000) / 10000 : Math.round(value);
}

const utf8Bytes = (s: string) => {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? (i++, 4) : 3;
  }
  return n;
};

/**
 * The beacons' bodies for these reports: each a JSON document under `maxBytes` with at most
 * MAX_REPORTS reports; a report that alone would not fit is left out.
 */
export function bodies(ctx: Context, reports: readonly Report[], maxBytes = MAX_BODY_BYTES): string[] {
  const head = `{"v":1,"ctx":${JSON.stringify(ctx)},"reports":[`;
  const out: string[] = [];
  let parts: string[] = [];
  let size = utf8Bytes(head) + 2;
  const close = () => {
    if (parts.length) out.push(`${head}${parts.join(',')}]}`);
    parts = [];
    size = utf8Bytes(head) + 2;
  };
  for (const r of reports) {
    const text = JSON.stringify(r);
    const bytes = utf8Bytes(text) + 1;
    if (utf8Bytes(head) + 2 + bytes > maxBytes) continue;
    if (size + bytes > maxBytes || parts.length >= MAX_REPORTS) close();
    parts.push(text);
    size += bytes;
  }
  close();
  return out;
}
