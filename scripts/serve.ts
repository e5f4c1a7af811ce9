/**
 * npm run serve — the production build (dist/; a brand's dist-<id>/ with BRAND=<id>; or DIST) with
 * the mock API on one port (PORT, default 4173), behind the Content-Security-Policy the product ships with.
 * The pages' field data (POST /rum) goes to the file RUM_LOG names, one JSON line per report.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { createApp } from '../mock-server/app';
import { gzipStatic } from './compress';
import { brandOf, distOf } from '../src/config/source/index';
import { securityHeaders } from './security-headers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const brand = brandOf();
const dist = path.resolve(root, distOf(brand));
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`No build in ${path.relative(root, dist) || '.'}: run \`${brand && !process.env.DIST ? `BRAND=${brand} ` : ''}npm run build\` first.`);
  process.exit(1);
}

export function createServer() {
  const server = express();
  server.disable('x-powered-by');
  server.use(securityHeaders);
  server.use(createApp({ latencyMs: Number(process.env.MOCK_LATENCY_MS) || 0 }));
  server.use(gzipStatic(dist));
  server.use(
    express.static(dist, {
      index: 'index.html',
      setHeaders(res, file) {
        // hashed assets are immutable; index.html must always be fresh
        res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  return server;
}

const port = Number(process.env.PORT) || 4173;
const host = process.env.HOST ?? '127.0.0.1';
const listener = createServer().listen(port, host, () => {
  // the address it listens on, as the system gave it (127.0.0.1 is not localhost when localhost is ::1)
  const a = listener.address() as AddressInfo;
  console.log(`serving ${path.relative(root, dist)} with the mock API on http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`);
  // field data (POST /rum, mock-server/rum.ts)
  console.log(process.env.RUM_LOG ? `field data appended to ${path.resolve(process.env.RUM_LOG)}` : 'field data: one line per report here (RUM_LOG=FILE appends them to a file)');
});
const stop = () => listener.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
