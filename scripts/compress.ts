/**
 * Compressed copies of the built files.
 *
 * - precompress(): the build (a Vite plugin step, so `npm run build`, the test build and the
 *   bench build all get it) writes `<file>.gz` and `<file>.br` next to every text file of the
 *   output (JS, CSS, HTML, SVG, the manifest, the icon), with the original's modification time,
 *   for nginx's gzip_static and brotli_static (deploy/nginx) or a CDN to send as they are.
 * - gzipStatic(): gzip for the built files served by scripts/serve.ts, as any production host
 *   (nginx, a CDN) would send them: each file is compressed once and kept in memory (refreshed
 *   when it changes). Without it the bench's Lighthouse runs would simulate a 4G phone
 *   downloading the JS and CSS three times larger than it really arrives.
 */
import { existsSync, readdirSync, statSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, gzipSync } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import type { Plugin } from 'vite';

/** the files worth compressing (images such as PNG are compressed already) */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|ico|txt|xml|map)$/;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface Compressed {
  file: string;
  bytes: number;
  gz: number | null;
  br: number | null;
}

/**
 * Writes `.gz` (zlib level 9) and `.br` (quality 11) next to each compressible file under `dir`,
 * each only when smaller than the file (a server then sends the file itself), with the file's
 * modification time (nginx's advice: Last-Modified and ETag stay those of the file).
 */
export async function precompress(dir: string): Promise<Compressed[]> {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && COMPRESSIBLE.test(e.name)) files.push(p);
    }
  };
  walk(dir);
  return Promise.all(
    files.map(async (file): Promise<Compressed> => {
      const body = readFileSync(file);
      const { mtime } = statSync(file);
      const [gz, br] = await Promise.all([
        gzipAsync(body, { level: 9 }),
        brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      ]);
      const write = (ext: string, data: Buffer): number | null => {
        if (data.length >= body.length) return null;
        writeFileSync(file + ext, data);
        utimesSync(file + ext, mtime, mtime);
        return data.length;
      };
      return { file: path.relative(dir, file), bytes: body.length, gz: write('.gz', gz), br: write('.br', br) };
    }),
  );
}

/** The build step: compressed copies once every other plugin has written its files (the service worker included). */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error || !existsSync(outDir)) return;
        await precompress(outDir);
      },
    },
  };
}

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
