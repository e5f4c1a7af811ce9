/**
 * The mock backend as an Express app. createApp() builds a fresh, seeded state each time (tests
 * create many). The app answers /api/*, /__mock/* and /mock-assets/*, and calls next() for
 * anything else, so that Vite's dev server or a static server can serve the SPA after it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { apiRouter, bodyErrorReply, send } from './api';
import { assetsRouter } from './assets';
import { controlRouter, pagesOnlyRouter } from './control';
import { gameRouter } from './game';
import { fail } from './http';
import { handlers } from './routes';
import { rumRouter } from './rum';
import { envBrand, type MockBrand } from './brand';
import { MockState, profileNames, type ProfileName } from './state';

export interface MockOptions {
  /** delay before every /api reply, ms; defaults to MOCK_LATENCY_MS, else 0 */
  latencyMs?: number;
  /**
   * Mount the /__mock/ control surface (tokens without a password, member patches, faults).
   * A development tool: only when asked for; defaults to MOCK_CONTROL=1.
   */
  control?: boolean;
  /** Other origins allowed to call /api (CORS); defaults to MOCK_CORS_ORIGINS (comma-separated), else none. */
  corsOrigins?: readonly string[];
  /**
   * The origin the absolute urls the mock hands out start with (service, game, visit pages);
   * defaults to MOCK_PUBLIC_ORIGIN, else the address the request came in on (never the Host header).
   */
  publicOrigin?: string;
  /**
   * The reply profile (mock-server/profiles.ts) the mock starts with and a reset returns to:
   * `default`, or `laravel` (every call in the Laravel original's shapes); defaults to MOCK_SHAPES, else default.
   */
  shapes?: ProfileName;
  /**
   * The brand the mock speaks as (mock-server/brand.ts): the names of the config it serves, so a
   * brand's preview never shows another brand's name; defaults to the config folder of
   * SCREENS_CONFIG_DIR, else screens.config/ (brandOfConfig reads one).
   */
  brand?: MockBrand;
  /**
   * The file field data's reports are appended to, one JSON line each (POST /rum, mock-server/rum.ts);
   * defaults to RUM_LOG; without one each report is a short line on the terminal.
   */
  rumLog?: string;
}

/** An origin such as https://app.example.com or http://127.0.0.1:5173, or null. */
export function parseOrigin(raw: string): string | null {
  try {
    const u = new URL(raw.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin === raw.trim().replace(/\/$/, '') ? u.origin : null;
  } catch {
    return null;
  }
}

function envOrigins(): string[] {
  const list = (process.env.MOCK_CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const good = list.map(parseOrigin).filter((o): o is string => o !== null);
  if (good.length !== list.length) console.warn('[mock] MOCK_CORS_ORIGINS: entries that are not origins (https://host[:port]) are ignored');
  return good;
}

function envPublicOrigin(): string | undefined {
  const raw = process.env.MOCK_PUBLIC_ORIGIN;
  if (!raw) return undefined;
  const o = parseOrigin(raw);
  if (!o) console.warn('[mock] MOCK_PUBLIC_ORIGIN ignored: not an origin such as https://app.example.com');
  return o ?? undefined;
}

/** The reply profile of MOCK_SHAPES: default when unset; a wrong value is named once and ignored. */
export function envProfile(): ProfileName {
  const raw = (process.env.MOCK_SHAPES ?? '').trim();
  if (!raw) return 'default';
  const found = profileNames.find((p) => p === raw);
  if (!found) console.warn(`[mock] MOCK_SHAPES ignored: expected one of ${profileNames.join(', ')}, found "${raw}"`);
  return found ?? 'default';
}

function envLatency(): number {
  const n = Number(process.env.MOCK_LATENCY_MS ?? 0);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 60_000) : 0;
}

export function createApp(options: MockOptions = {}): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  const state = new MockState(options.shapes ?? envProfile(), options.brand ?? envBrand());
  const latency = { ms: options.latencyMs ?? envLatency() };
  const control = options.control ?? process.env.MOCK_CONTROL === '1';
  const corsOrigins = new Set((options.corsOrigins ?? envOrigins()).map((o) => parseOrigin(o)).filter((o): o is string => o !== null));
  const publicOrigin = options.publicOrigin !== undefined ? (parseOrigin(options.publicOrigin) ?? undefined) : envPublicOrigin();

  app.use('/api', apiRouter(state, handlers, latency, { corsOrigins, publicOrigin }));
  // field data's beacons (src/rum/), as deploy/nginx takes them
  app.use('/rum', rumRouter({ log: options.rumLog ?? (process.env.RUM_LOG || undefined) }));
  // The mock game (its page, script, state and spin) answers with or without the control surface,
  // like the frame pages: getGameUrl hands out its url. Its calls carry a launch ticket, never a
  // token, and it runs in a sandboxed frame without allow-same-origin (an opaque origin), so it
  // answers CORS for any origin without credentials: the ticket is the only key.
  app.use('/__mock/game', gameCors, gameRouter(state), (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    const known = bodyErrorReply(err); // a broken JSON body: a JSON 400, never the 500 below
    if (known) return send(res, known.body, known.status);
    next(err);
  });
  if (control) app.use('/__mock', controlRouter(state, latency));
  // Without the control surface its frame pages (service, game, visit...) stay: the urls /api hands out point there.
  else app.use('/__mock', pagesOnlyRouter(state));
  app.use('/mock-assets', assetsRouter(state));

  // Last resort: an error nobody handled is still a JSON reply, never the HTML error page.
  app.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    console.error(`[mock] ${req.method} ${req.originalUrl}:`, err);
    send(res, fail(500, '服务器异常，请稍后再试'), 500);
  });

  restorePrototypesOnPassThrough(app);
  return app;
}

type Handle = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * Express swaps the prototypes of req and res for its own while it handles a request, and puts
 * them back only when it is mounted inside another Express app. Used directly as a connect
 * middleware (Vite's dev server), a request this app passes on would keep Express's getters
 * (req.query, req.path...) for the middlewares after it; so put the originals back on next().
 */
function restorePrototypesOnPassThrough(app: express.Express): void {
  const target = app as unknown as { handle: Handle };
  const handle = target.handle.bind(app);
  target.handle = (req, res, next) => {
    const reqProto: object | null = Object.getPrototypeOf(req);
    const resProto: object | null = Object.getPrototypeOf(res);
    handle(req, res, (err?: unknown) => {
      Object.setPrototypeOf(req, reqProto);
      Object.setPrototypeOf(res, resProto);
      next(err);
    });
  };
}

/** CORS for the mock game's calls: any origin (the sandboxed frame's is "null"), no credentials. */
function gameCors(req: Request, res: Response, next: NextFunction): void {
  res.set('Access-Control-Allow-Origin', '*');
  res.set('Access-Control-Allow-Headers', 'Content-Type');
  res.set('Access-Control-Allow-Methods', 'GET, POST');
  res.set('Cache-Control', 'no-store');
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  next();
}
