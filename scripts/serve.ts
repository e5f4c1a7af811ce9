/**
 * npm run serve — the production build (dist/; a brand's dist-<id>/ with BRAND=<id>; or DIST) with
 * the mock API on one port (PORT, default 4173), behind the Content-Security-Policy the product ships with.
 * Every other path is answered as nginx answers it (deploy/nginx/bet-h5.conf, `siteAnswer`), so what
 * works here works behind nginx: tests/unit/serve-like-nginx.test.ts asks both the same paths.
 * The pages' field data (POST /rum) goes to the file RUM_LOG names, one JSON line per report.
 */
import { existsSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import express from 'express';
import { createApp } from '../mock-server/app';
import { gzipStatic } from './compress';
import { distOf } from '../src/config/source/index';
import { brandOrExit } from './brand-arg';
import { securityHeaders } from './security-headers';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What nginx answers for a path of the site (not /api/, not the mock's): a file with its headers, or a 404. */
export interface SiteAnswer {
  status: 200 | 404;
  /** the file sent (absolute) */
  file?: string;
  cacheControl?: string;
  /** a type the server sets itself (nginx: default_type in its location) */
  type?: string;
}

/** a file (not a folder) of the build at a request path; undefined when there is none or the path leaves the build */
function fileIn(dist: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = path.join(dist, decoded);
  if (!file.startsWith(dist + path.sep)) return undefined;
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * deploy/nginx/bet-h5.conf's locations, in the order nginx picks them: a dotfile (/.git/, /.env;
 * /.well-known/ is served) is a 404; /assets/ is the file, immutable, or a 404 never cached (never
 * index.html: HTML where a script is expected breaks the app silently); /manifest.webmanifest and
 * /version.json the file or a 404; any other path the file when the build has one (a folder is not
 * one), else index.html: the app. Revalidated on every visit (no-cache) but the hashed files.
 */
export function siteAnswer(dist: string, urlPath: string): SiteAnswer {
  if (/\/\.(?!well-known\/)/.test(urlPath)) return { status: 404 };
  const file = fileIn(dist, urlPath);
  if (urlPath.startsWith('/assets/')) return file ? { status: 200, file, cacheControl: IMMUTABLE } : { status: 404, cacheControl: 'no-store' };
  const own: Record<string, string> = { '/manifest.webmanifest': 'application/manifest+json', '/version.json': 'application/json' };
  if (own[urlPath]) return file ? { status: 200, file, cacheControl: 'no-cache', type: own[urlPath] } : { status: 404 };
  return { status: 200, file: file ?? path.join(dist, 'index.html'), cacheControl: 'no-cache' };
}

/** The site of a build: the mock's API and pages, then every other path as nginx answers it. */
export function createServer(dist: string) {
  const server = express();
  server.disable('x-powered-by');
  server.use(securityHeaders);
  server.use(createApp({ latencyMs: Number(process.env.MOCK_LATENCY_MS) || 0 }));
  const gzip = gzipStatic(dist);
  server.use((req, res, next) => {
    const answer = siteAnswer(dist, req.path);
    if (answer.status === 404) {
      if (answer.cacheControl) res.setHeader('Cache-Control', answer.cacheControl);
      res.status(404).type('text/plain').send('404 Not Found');
      return;
    }
    // nginx serves a file to GET and HEAD only
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).type('text/plain').send('405 Not Allowed');
      return;
    }
    const file = answer.file!;
    // a client that takes gzip gets it (nginx: the .gz the build wrote beside the file)
    req.url = `/${path.relative(dist, file).split(path.sep).join('/')}`;
    gzip(req, res, () => {
      res.sendFile(file, { dotfiles: 'allow', cacheControl: false, headers: { 'Cache-Control': answer.cacheControl!, ...(answer.type ? { 'Content-Type': answer.type } : {}) } }, (err) => err && next(err));
    });
  });
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const brand = brandOrExit(root);
  const dist = path.resolve(root, distOf(brand));
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error(`No build in ${path.relative(root, dist) || '.'}: run \`${brand && !process.env.DIST ? `BRAND=${brand} ` : ''}npm run build\` first.`);
    process.exit(1);
  }
  const port = Number(process.env.PORT) || 4173;
  const host = process.env.HOST ?? '127.0.0.1';
  const listener = createServer(dist).listen(port, host, () => {
    // the address it listens on, as the system gave it (127.0.0.1 is not localhost when localhost is ::1)
    const a = listener.address() as AddressInfo;
    console.log(`serving ${path.relative(root, dist)} with the mock API on http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`);
    // field data (POST /rum, mock-server/rum.ts)
    console.log(process.env.RUM_LOG ? `field data appended to ${path.resolve(process.env.RUM_LOG)}` : 'field data: one line per report here (RUM_LOG=FILE appends them to a file)');
  });
  const stop = () => listener.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
