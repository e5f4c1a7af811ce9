/**
 * gzip for the built files served by scripts/serve.ts, as any production host (nginx, a CDN)
 * would send them: each file is compressed once and kept in memory (refreshed when it changes).
 * Without it the bench's Lighthouse runs would simulate a 4G phone downloading the JS and CSS
 * three times larger than it really arrives.
 */
import { statSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

export function gzipStatic(dist: string) {
  const root = path.resolve(dist);
  const cache = new Map<string, { mtimeMs: number; body: Buffer }>();
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (urlPath === '/') urlPath = '/index.html';
    const type = TYPES[path.extname(urlPath)];
    const file = path.join(root, urlPath);
    if (!type || !file.startsWith(root + path.sep)) return next();
    let mtimeMs: number;
    try {
      const st = statSync(file);
      if (!st.isFile()) return next();
      mtimeMs = st.mtimeMs;
    } catch {
      return next();
    }
    let hit = cache.get(file);
    if (!hit || hit.mtimeMs !== mtimeMs) {
      hit = { mtimeMs, body: gzipSync(readFileSync(file)) };
      cache.set(file, hit);
    }
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Length', String(hit.body.length));
    // hashed assets are immutable; index.html must always be fresh (as serve.ts says for the plain files)
    res.setHeader('Cache-Control', urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : hit.body);
  };
}
