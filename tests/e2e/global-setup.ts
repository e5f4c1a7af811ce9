/**
 * Builds the app in test mode (production bundle, captcha data-code kept) and serves it with
 * the mock API and the production CSP on a loopback port for the browser tests.
 * E2E_NO_BUILD=1 reuses an existing dist-test/; E2E_BASE points the tests at a running server instead.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const E2E_PORT = Number(process.env.E2E_PORT) || 4599;
const DIST = process.env.E2E_DIST ?? 'dist-test';

let server: ChildProcess | undefined;

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(url, { method: 'POST' });
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer at ${url}`);
}

export async function setup() {
  if (process.env.E2E_BASE) return;
  if (!process.env.E2E_NO_BUILD) {
    const r = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--mode', 'test', '--outDir', DIST, '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      // vitest sets NODE_ENV=test; the browser tests must run the production React build
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) throw new Error('vite build --mode test failed');
  }
  server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'scripts', 'serve.ts')], {
    cwd: root,
    env: { ...process.env, DIST, PORT: String(E2E_PORT), HOST: '127.0.0.1', MOCK_CONTROL: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${E2E_PORT}/api/app`, 30000);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
  }
}
