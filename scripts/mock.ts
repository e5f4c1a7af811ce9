/**
 * `npm run mock`: the mock API alone, on PORT or 3001. MOCK_LATENCY_MS adds a delay to every
 * /api reply so loading states can be seen. Anything that is not /api, /__mock or /mock-assets
 * gets a JSON 404 here (there is no SPA to fall through to).
 */
import { createServer } from 'node:http';
import { createApp } from '../mock-server/app';

const port = Number(process.env.PORT ?? 3001);
const latencyMs = Number(process.env.MOCK_LATENCY_MS ?? 0) || 0;

const app = createApp({ latencyMs });
app.use((req, res) => {
  res.status(404).json({ code: 404, message: `不存在：${req.method} ${req.path}`, data: null });
});

const server = createServer(app);
server.listen(port, () => {
  console.log(`[mock] http://localhost:${port}  (api: /api/*, control: /__mock/*, latency ${latencyMs} ms)`);
  console.log('[mock] seeded member demo01 / demo123, pay password 123456');
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
