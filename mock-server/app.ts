/**
 * The mock backend as an Express app. createApp() builds a fresh, seeded state each time (tests
 * create many). The app answers /api/*, /__mock/* and /mock-assets/*, and calls next() for
 * anything else, so that Vite's dev server or a static server can serve the SPA after it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { apiRouter, send } from './api';
import { assetsRouter } from './assets';
import { controlRouter } from './control';
import { fail } from './http';
import { handlers } from './routes';
import { MockState } from './state';

export interface MockOptions {
  /** delay before every /api reply, ms; defaults to MOCK_LATENCY_MS, else 0 */
  latencyMs?: number;
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
  const state = new MockState();
  const latency = { ms: options.latencyMs ?? envLatency() };

  app.use('/api', apiRouter(state, handlers, latency));
  app.use('/__mock', controlRouter(state, latency));
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
