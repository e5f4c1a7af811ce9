/**
 * npm run studio — the operators' studio (docs/OPERATING.md): edit the config in forms with
 * the real app beside it. A development tool like the mock's control surface: it listens on
 * 127.0.0.1 only and answers this machine only (mock-server/local-only.ts), and no production build
 * or serve contains any of it.
 *
 *   PORT                 the studio's page and API (default 5180), http://127.0.0.1:PORT/
 *   STUDIO_PREVIEW_PORT  the preview: the app on Vite's dev server with the edits (default PORT + 1),
 *                        on 127.0.0.1
 *   --phone              the phone switch on from the start (the page has it too): the preview listens
 *                        on this machine's network addresses as well, and gives a machine there the app
 *                        only (scripts/vite/network-guard.ts)
 *   SCREENS_CONFIG_DIR   the config folder edited (default screens.config/)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { configDirOf } from '../src/config/source/index';
import { QUERY } from '../scripts/screens-lib';
import { studioApi, thisMachineOnly } from './api';
import { PHONE_GETS, startPreview } from './preview';
import { formSchemas } from './schemas';
import { createStudio } from './studio';
import { buildUi } from './ui-build';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const configDir = configDirOf(root);
const port = Number(process.env.PORT) || 5180;
const previewPort = Number(process.env.STUDIO_PREVIEW_PORT) || port + 1;
const phone = process.argv.slice(2).includes('--phone');

const started = performance.now();
const [ui, preview] = await Promise.all([buildUi(root), startPreview({ root, configDir, port: previewPort, phone, studioOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`] })]);
const studio = await createStudio({ root, configDir, preview });

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.use('/studio-api', studioApi({ studio, schemas: formSchemas(path.join(root, 'screens.config', 'schema')), queries: QUERY, preview, phoneGets: PHONE_GETS }));
app.use(thisMachineOnly);
// the page: its own script and styles only; it frames the preview and nothing else. 'unsafe-eval': ajv
// compiles its validators with new Function (react-jsonschema-form's validator, choosing between the
// options of an anyOf); the page runs no script but its own, and shows config text as text
const frames = [preview.origin, `http://localhost:${previewPort}`].join(' ');
app.use((_req, res, next) => {
  res.set('Content-Security-Policy', `default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-src ${frames}; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
  res.set('X-Content-Type-Options', 'nosniff');
  res.set('Referrer-Policy', 'no-referrer');
  next();
});
app.get('/', (_req, res) => void res.type('html').send(ui.html));
app.get('/studio.js', (_req, res) => void res.type('text/javascript').send(ui.js));
app.get('/studio.css', (_req, res) => void res.type('text/css').send(ui.css));
app.get('/favicon.ico', (_req, res) => void res.status(204).end());
app.use((req, res) => void res.status(404).json({ error: `not a page of the studio: ${req.method} ${req.path}` }));

const server = app.listen(port, '127.0.0.1', () => {
  const ms = Math.round(performance.now() - started);
  console.log(`studio: http://127.0.0.1:${port}/ (${ms} ms)`);
  console.log(`preview: ${preview.origin}/${phone ? '' : ' (this machine only; npm run studio -- --phone, or the switch under the phone, opens it to phones on your network)'}`);
  if (phone) console.log(`preview on the network: ${preview.network.join(', ')}: ${PHONE_GETS}`);
});
server.on('error', (err) => {
  console.error(`studio: ${err.message}`);
  process.exit(1);
});

// Ctrl-C, SIGTERM, a closed terminal: the servers closed, the preview's scratch folder removed (preview.ts
// removes it on exit too: a second Ctrl-C, or a close that hangs, ends the process at once)
let closing = false;
const stop = () => {
  if (closing) process.exit(130);
  closing = true;
  server.close();
  setTimeout(() => process.exit(0), 5000).unref();
  void preview.close().finally(() => process.exit(0));
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
