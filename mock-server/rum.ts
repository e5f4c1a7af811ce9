/**
 * POST /rum: field data's collector in development and in `npm run serve` (deploy/nginx is the one
 * in production), with nginx's rules (deploy/nginx/rum.js, the same code): a body over 16 KB is a
 * 413, one that is not a field report a 400, nothing of either written; a report is a 204 and one
 * JSON line per report in the file RUM_LOG names (appended, in arrival order), or, without one, a
 * short line per report on the terminal, so `npm start` shows them. Never a 5xx, whatever comes:
 * a file that cannot be written is said once on the terminal and the reports are dropped.
 */
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import rum from '../deploy/nginx/rum.js';
import { MAX_BODY_BYTES } from '../src/rum/report';
import { fail } from './http';

export interface RumOptions {
  /** the file each report is appended to as a JSON line; none: a line per report on the terminal */
  log?: string;
}

/** one line on the terminal for a report: what, how much, where */
export function describeLine(line: string): string {
  const r = JSON.parse(line) as Record<string, string | number | undefined>;
  const node = r.file ? ` ${r.file} ${r.path}` : r.target ? ` ${r.target}` : '';
  if (r.kind === 'error') return `[rum] ${r.brand} ${r.route} ${r.source} error: ${r.message}${node}`;
  const unit = r.name === 'CLS' ? '' : ' ms';
  return `[rum] ${r.brand} ${r.route} ${r.name} ${r.value}${unit} (${r.rating}, ${r.engine})${node}`;
}

export function rumRouter(options: RumOptions = {}): Router {
  const log = options.log ? path.resolve(options.log) : undefined;
  const router = express.Router();
  let written: Promise<void> = Promise.resolve();
  let told = false;
  router.post(
    '/',
    express.text({ type: () => true, limit: MAX_BODY_BYTES }),
    (req: Request, res: Response) => {
      const lines = rum.lines(typeof req.body === 'string' ? req.body : '', new Date().toISOString());
      if (!lines) {
        res.status(400).json(fail(400, '不是合法的现场数据上报'));
        return;
      }
      if (log) {
        written = written
          .then(() => appendFile(log, `${lines.join('\n')}\n`))
          .catch((err: unknown) => {
            if (!told) console.error(`[rum] cannot write ${log}: ${err instanceof Error ? err.message : String(err)}`);
            told = true;
          });
      } else {
        for (const line of lines) console.log(describeLine(line));
      }
      res.status(204).end();
    },
    (err: unknown, _req: Request, res: Response, next: NextFunction) => {
      if (res.headersSent) return next(err);
      const tooLarge = (err as { type?: string }).type === 'entity.too.large';
      res.status(tooLarge ? 413 : 400).json(fail(tooLarge ? 413 : 400, tooLarge ? `现场数据上报过大，上限为 ${MAX_BODY_BYTES / 1024}KB` : '不是合法的现场数据上报'));
    },
  );
  router.all('/', (_req, res) => {
    res.status(405).json(fail(405, '只接受 POST'));
  });
  return router;
}
