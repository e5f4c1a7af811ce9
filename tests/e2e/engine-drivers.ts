/**
 * One small interface over the browsers of the engines test (tests/e2e/engines.e2e.ts), which
 * playwright-core cannot drive: old headless Chromium builds (scripts/old-chromium.ts) and the
 * current Debian Chromium over the DevTools protocol (the `ws` package), and WebKitGTK (Debian's
 * WebKitWebDriver with its MiniBrowser under xvfb-run) over W3C WebDriver (plain HTTP).
 *
 * Everything run in the page is a string of ES5, so that an engine too old for the app still runs
 * the test's own probes. Waiting is always polling the page for a condition, never a fixed sleep.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { installCommand, miniBrowserPath } from '../../scripts/check-browser';

export interface EngineDriver {
  /** what the engine says it is (Browser.getVersion, WebDriver's browserVersion) */
  readonly version: string;
  /** the page's layout viewport, as the app sees it */
  viewport(): Promise<{ width: number; height: number }>;
  /** loads `url` (a full load, or a hash change within the loaded app) */
  goto(url: string): Promise<void>;
  /** the value of an ES5 expression in the page (JSON-serialisable) */
  evaluate<T>(expression: string): Promise<T>;
  /** polls the page until the ES5 expression is truthy and returns its value; `what` names it in the timeout error */
  waitFor<T>(expression: string, what: string, timeoutMs?: number): Promise<T>;
  /** types `text` into the element that `selector` finds, as keystrokes into the focused field */
  type(selector: string, text: string): Promise<void>;
  /** clicks the element (element.click(), which also works under WebKit's zoomed window) */
  click(selector: string): Promise<void>;
  /** every uncaught exception, unhandled rejection and console error so far, in order */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

/** The harness's flags against network noise (tests/e2e/harness.ts) */
const QUIET_FLAGS = ['--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const VIEWPORT = { width: 375, height: 812 };

/** A phone's user agent naming the engine's real version. */
export const androidUA = (chromeVersion: string) =>
  `Mozilla/5.0 (Linux; Android 10; HMA-AL00) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/${chromeVersion} Mobile Safari/537.36`;
export const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1';

/**
 * Records, in the page, what a player is told (toasts, as the harness's init script does) and,
 * where the driver has no event for it (WebDriver), uncaught errors and console errors.
 */
const RECORDER = `(function () {
  if (window.__engineProbe) return;
  window.__engineProbe = true;
  window.__toasts = [];
  window.__engineErrors = window.__engineErrors || [];
  window.addEventListener('error', function (e) {
    window.__engineErrors.push('uncaught: ' + (e.error && e.error.stack ? String(e.error.stack).split('\\n')[0] : e.message) + (e.filename ? ' (' + e.filename + ':' + e.lineno + ')' : ''));
  });
  window.addEventListener('unhandledrejection', function (e) {
    var r = e.reason;
    window.__engineErrors.push('unhandled rejection: ' + (r && r.message ? r.message : String(r)));
  });
  var consoleError = console.error;
  console.error = function () {
    window.__engineErrors.push('console: ' + Array.prototype.map.call(arguments, String).join(' '));
    return consoleError.apply(console, arguments);
  };
  document.addEventListener('securitypolicyviolation', function (e) {
    window.__engineErrors.push('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI);
  });
  new MutationObserver(function () {
    Array.prototype.forEach.call(document.querySelectorAll('.ui-toast-main'), function (el) {
      if (el.querySelector('.ui-toast-loading')) return;
      var t = el.innerText.trim();
      if (t && el.getAttribute('data-seen') !== t) {
        el.setAttribute('data-seen', t);
        window.__toasts.push(t);
      }
    });
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

const js = (v: unknown) => JSON.stringify(v);

/**
 * Polls `read` until it is truthy. An uncaught error in the page ends the wait at once: the test
 * fails on it anyway, and an engine that cannot run the app should not wait out the timeout.
 */
async function poll<T>(read: () => Promise<T>, what: string, timeoutMs: number, errors: () => Promise<string[]>): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await read();
      if (v) return v;
    } catch (e) {
      last = e; // the page between two documents, or not ready: ask again
    }
    const seen = await errors().catch(() => []);
    if (seen.length) throw new Error(`${what} did not show; errors in the page: ${seen.join(' | ')}`);
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last: ${(last as Error).message})` : ''}; no error in the page`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return Promise.resolve();
  }
  const hard = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, 5000);
  return exited.finally(() => clearTimeout(hard));
}

async function untilHttp<T>(url: string, ok: (r: Response) => Promise<T | undefined>, timeoutMs: number, child: ChildProcess, log: () => string): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    // no pid: it could not be started at all (the 'error' listener put why into the log)
    if (child.exitCode !== null || child.pid === undefined) throw new Error(`the browser exited (${child.exitCode ?? 'not started'}) before it answered at ${url}: ${log()}`);
    try {
      const v = await ok(await fetch(url));
      if (v !== undefined) return v;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing answered at ${url} within ${timeoutMs} ms: ${log()}`);
}

// ---------------------------------------------------------------- Chromium, DevTools protocol

class Cdp {
  private next = 1;
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; method: string }>();
  private listeners = new Map<string, ((params: Record<string, unknown>) => void)[]>();
  constructor(private ws: WebSocket) {
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: { message: string }; method?: string; params?: Record<string, unknown> };
      if (msg.id !== undefined) {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.error) p?.reject(new Error(`${p.method}: ${msg.error.message}`));
        else p?.resolve(msg.result);
      } else if (msg.method) {
        for (const l of this.listeners.get(msg.method) ?? []) l(msg.params ?? {});
      }
    });
    ws.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error(`${p.method}: the DevTools connection closed`));
      this.pending.clear();
    });
  }
  static connect(url: string): Promise<Cdp> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.once('open', () => resolve(new Cdp(ws)));
      ws.once('error', reject);
    });
  }
  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, method });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }
  on(method: string, listener: (params: Record<string, unknown>) => void) {
    this.listeners.set(method, [...(this.listeners.get(method) ?? []), listener]);
  }
  close() {
    this.ws.close();
  }
}

interface RemoteObject {
  type: string;
  value?: unknown;
  description?: string;
}
interface ExceptionDetails {
  text: string;
  exception?: RemoteObject;
  url?: string;
  lineNumber?: number;
}

const describeException = (d: ExceptionDetails) =>
  `uncaught: ${d.exception?.description?.split('\n')[0] ?? (d.exception?.value !== undefined ? String(d.exception.value) : d.text)}${d.url ? ` (${d.url}:${(d.lineNumber ?? 0) + 1})` : ''}`;

export interface ChromiumOptions {
  binary: string;
  /** swiftshader's libraries lie beside the binary (chrome-aws-lambda 2.x on) */
  swiftshader?: boolean;
  /** the DevTools port (one of the test's own ports) */
  port: number;
}

/** A browser left over on the port would answer in place of the one started now. */
async function expectFreePort(url: string) {
  const answer = await fetch(url).then(
    (r) => r.status,
    () => null,
  );
  if (answer !== null) throw new Error(`something already answers at ${url} (a browser left over from an interrupted run?): stop it first`);
}

export async function openChromium({ binary, swiftshader, port }: ChromiumOptions): Promise<EngineDriver> {
  await expectFreePort(`http://127.0.0.1:${port}/json/version`);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'engines-chromium-'));
  const args = [
    '--headless',
    '--no-sandbox',
    '--no-zygote',
    '--disable-gpu',
    ...(swiftshader ? ['--use-gl=swiftshader'] : []),
    ...QUIET_FLAGS,
    '--lang=zh-CN',
    `--user-data-dir=${profile}`,
    `--remote-debugging-port=${port}`,
    `--window-size=${VIEWPORT.width},${VIEWPORT.height}`,
    'about:blank',
  ];
  const child = spawn(binary, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  child.on('error', (e) => (stderr += `\n${e.message}`));
  const cleanup = async () => {
    await killGroup(child);
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const targets = await untilHttp(
      `http://127.0.0.1:${port}/json`,
      async (r) => {
        const list = (await r.json()) as { type: string; webSocketDebuggerUrl?: string }[];
        return list.find((t) => t.type === 'page' && t.webSocketDebuggerUrl);
      },
      30000,
      child,
      () => stderr,
    );
    const cdp = await Cdp.connect(targets.webSocketDebuggerUrl!);
    const seen: string[] = [];
    cdp.on('Runtime.exceptionThrown', (p) => seen.push(describeException(p.exceptionDetails as ExceptionDetails)));
    cdp.on('Runtime.consoleAPICalled', (p) => {
      if (p.type !== 'error') return;
      const args = (p.args as RemoteObject[]).map((a) => (a.value !== undefined ? String(a.value) : (a.description ?? a.type)));
      seen.push(`console: ${args.join(' ')}`);
    });
    const { product } = await cdp.send<{ product: string }>('Browser.getVersion');
    const version = product.replace(/^[^/]*\//, '');
    await cdp.send('Runtime.enable');
    await cdp.send('Page.enable');
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: RECORDER });
    // Chromium 66 applies the override only with the Network domain on
    await cdp.send('Network.enable');
    await cdp.send('Network.setUserAgentOverride', { userAgent: androidUA(version), acceptLanguage: 'zh-CN' });
    await cdp.send('Emulation.setDeviceMetricsOverride', { ...VIEWPORT, deviceScaleFactor: 1, mobile: true });
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });

    const evaluate = async <T>(expression: string): Promise<T> => {
      const r = await cdp.send<{ result: RemoteObject; exceptionDetails?: ExceptionDetails }>('Runtime.evaluate', { expression, returnByValue: true });
      if (r.exceptionDetails) throw new Error(`the page threw: ${describeException(r.exceptionDetails)}`);
      return r.result.value as T;
    };
    const errors = async () => [...seen];
    return {
      version: `Chromium ${version}`,
      viewport: () => evaluate('({ width: window.innerWidth, height: window.innerHeight })'),
      async goto(url) {
        const r = await cdp.send<{ errorText?: string }>('Page.navigate', { url });
        if (r.errorText) throw new Error(`navigating to ${url}: ${r.errorText}`);
      },
      evaluate,
      waitFor: (expression, what, timeoutMs = 20000) => poll(() => evaluate(expression), what, timeoutMs, errors),
      async type(selector, text) {
        await poll(() => evaluate(`(function () { var el = document.querySelector(${js(selector)}); if (!el) return false; el.focus(); return document.activeElement === el; })()`), `a field ${selector} to type into`, 20000, errors);
        // a key's character per keystroke (Input.insertText is newer than Chromium 66)
        for (const ch of text) await cdp.send('Input.dispatchKeyEvent', { type: 'char', text: ch, unmodifiedText: ch });
      },
      async click(selector) {
        await poll(() => evaluate(`(function () { var el = document.querySelector(${js(selector)}); if (!el) return false; el.click(); return true; })()`), `${selector} to click`, 20000, errors);
      },
      errors,
      async close() {
        await cdp.send('Browser.close').catch(() => undefined);
        cdp.close();
        await cleanup();
      },
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

// ---------------------------------------------------------------- WebKitGTK, W3C WebDriver

/** WebKitGTK's window is never narrower than this; GDK_DPI_SCALE zooms the page into a phone's width */
const WEBKIT_MIN_WIDTH = 447;
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

export async function openWebKit({ port }: { port: number }): Promise<EngineDriver> {
  await expectFreePort(`http://127.0.0.1:${port}/status`);
  const miniBrowser = miniBrowserPath();
  if (!miniBrowser) throw new Error(`WebKitGTK's MiniBrowser is not installed (tsx scripts/check-browser.ts installs it, or run: ${installCommand(['webkit2gtk-driver', 'xvfb'])})`);
  const scale = WEBKIT_MIN_WIDTH / VIEWPORT.width;
  const child = spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x1280x24', 'WebKitWebDriver', `--port=${port}`, '--host=127.0.0.1'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, GDK_DPI_SCALE: String(scale), WEBKIT_DISABLE_COMPOSITING_MODE: '1' },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  child.on('error', (e) => (stderr += `\n${e.message}`));
  const base = `http://127.0.0.1:${port}`;
  let session = '';
  const cleanup = async () => {
    if (session) await fetch(`${base}/session/${session}`, { method: 'DELETE' }).catch(() => undefined);
    await killGroup(child);
  };
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${base}/session/${session}${route}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await r.json()) as { value: T & { error?: string; message?: string } };
    if (!r.ok) throw new Error(`WebDriver ${method} ${route}: ${json.value?.error ?? r.status} ${json.value?.message ?? ''}`);
    return json.value;
  };
  try {
    await untilHttp(`${base}/status`, async (r) => ((await r.json()) as { value: { ready: boolean } }).value.ready || undefined, 30000, child, () => stderr);
    const created = await fetch(`${base}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        capabilities: {
          alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation', `--user-agent=${IPHONE_UA}`] } },
        },
      }),
    });
    const { value } = (await created.json()) as { value: { sessionId?: string; capabilities?: { browserVersion?: string }; message?: string } };
    if (!value.sessionId) throw new Error(`WebKitWebDriver made no session: ${value.message ?? JSON.stringify(value)}; ${stderr}`);
    session = value.sessionId;
    const evaluate = <T>(expression: string) => call<T>('POST', '/execute/sync', { script: `return (${expression});`, args: [] });
    // the window's height includes its frame: grow it until the page is a phone's height
    let height = Math.round(VIEWPORT.height * scale);
    await call('POST', '/window/rect', { width: WEBKIT_MIN_WIDTH, height });
    const short = VIEWPORT.height - (await evaluate<number>('window.innerHeight'));
    if (short > 0) await call('POST', '/window/rect', { width: WEBKIT_MIN_WIDTH, height: (height += Math.ceil(short * scale)) });
    /** the recorder runs after each full load (WebDriver has no script that runs before the page's) */
    const install = () => evaluate(`(function () { ${RECORDER} return true; })()`);
    const errors = async () => {
      await install().catch(() => undefined);
      return evaluate<string[]>('window.__engineErrors.slice()');
    };
    return {
      version: `WebKitGTK ${value.capabilities?.browserVersion ?? '?'}`,
      viewport: () => evaluate('({ width: window.innerWidth, height: window.innerHeight })'),
      async goto(url) {
        await call('POST', '/url', { url });
        await install();
      },
      evaluate,
      waitFor: (expression, what, timeoutMs = 20000) => poll(() => evaluate(expression), what, timeoutMs, errors),
      async type(selector, text) {
        const found = await poll(() => call<Record<string, string>>('POST', '/element', { using: 'css selector', value: selector }), `a field ${selector} to type into`, 20000, errors);
        await call('POST', `/element/${found[ELEMENT]}/value`, { text });
      },
      async click(selector) {
        await poll(() => evaluate(`(function () { var el = document.querySelector(${js(selector)}); if (!el) return false; el.click(); return true; })()`), `${selector} to click`, 20000, errors);
      },
      errors,
      async close() {
        await cleanup();
      },
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}
