/**
 * `npm run mock`: the mock API alone, on PORT or 3001, bound to HOST or 127.0.0.1. The /__mock/
 * control surface only with MOCK_CONTROL=1. MOCK_LATENCY_MS adds a delay to every
 * /api reply so loading states can be seen; MOCK_SHAPES=laravel answers as the Laravel original.
 * Anything that is not /api, /__mock or /mock-assets
 * gets a JSON 404 here (there is no SPA to fall through to).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, envProfile } from '../mock-server/app';
import { brandOrExit } from './brand-arg';

// BRAND=<id>: the mock speaks as that brand (mock-server/brand.ts); a typo gets the list of brands
brandOrExit(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));

const port = Number(process.env.PORT ?? 3001);
// loopback only unless HOST says otherwise: the mock hands out tokens and knows members' data
const host = process.env.HOST ?? '127.0.0.1';
const latencyMs = Number(process.env.MOCK_LATENCY_MS ?? 0) || 0;

const shapes = envProfile();
const app = createApp({ latencyMs, shapes });
app.use((req, res) => {
  res.status(404).json({ code: 404, message: `不存在：${req.method} ${req.path}`, data: null });
});

const server = createServer(app);
server.listen(port, host, () => {
  const control = process.env.MOCK_CONTROL === '1' ? 'control: /__mock/*' : 'control surface off (MOCK_CONTROL=1 turns it on)';
  const a = server.address() as AddressInfo;
  console.log(`[mock] http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}  (api: /api/*, ${control}, latency ${latencyMs} ms, replies: ${shapes})`);
  console.log('[mock] seeded member demo01 / demo123, pay password 123456');
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
