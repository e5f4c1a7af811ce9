/**
 * Builds the app in test mode (production bundle, captcha data-code kept) and serves it with
 * the mock API and the production CSP on loopback ports for the browser tests: one server per
 * worker (ports.ts), each with its own mock state and its own file of field data (RUM_LOG), so
 * that files run side by side.
 * E2E_NO_BUILD=1 reuses an existing dist-test/; E2E_BASE points the tests at a running server instead.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { rumLogOf, TEST_WORKERS, workerPort } from './ports';
import { makeLink, removeLink, type Link } from './second-host';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = process.env.E2E_DIST ?? 'dist-test';

const servers: ChildProcess[] = [];
let link: Link | undefined;

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

export async function setup(project: TestProject) {
  // the second host's link (network.e2e.ts), before any browser starts: made later, it would be a
  // network change to every Chromium running, dropping the requests they have in flight
  try {
    link = makeLink();
    project.provide('secondHost', link);
  } catch (err) {
    project.provide('secondHost', { none: (err as Error).message });
  }
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
  const ports = Array.from({ length: TEST_WORKERS }, (_, i) => workerPort(0, i + 1));
  for (const port of ports) {
    // field data's reports of the worker's pages (tests/e2e/rum.e2e.ts reads them)
    writeFileSync(rumLogOf(port), '');
    servers.push(
      spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'scripts', 'serve.ts')], {
        cwd: root,
        env: { ...process.env, DIST, PORT: String(port), HOST: '127.0.0.1', MOCK_CONTROL: '1', RUM_LOG: rumLogOf(port) },
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    );
  }
  await Promise.all(ports.map((port) => waitFor(`http://127.0.0.1:${port}/api/app`, 30000)));
}

export async function teardown() {
  if (link) removeLink(link);
  await Promise.all(
    servers.map((server) => {
      if (server.exitCode !== null) return undefined;
      server.kill('SIGTERM');
      return new Promise((r) => server.once('exit', r));
    }),
  );
}
