/**
 * The browser tests run two files at a time (vitest.config.ts `maxWorkers`, TEST_WORKERS): each
 * worker has a mock server of its own (global-setup.ts), since a file changes the mock's state
 * (presets, faults, settings) for the test it runs. Worker k (VITEST_POOL_ID, 1-based) is served
 * on E2E_PORT + (k - 1) * PORT_STRIDE; the servers a file starts itself (a release copy, an old
 * engine's DevTools port…) take the ports just after its worker's (`workerPort(offset)`).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT) || 4599;
export const PORT_STRIDE = 10;
/** files run at once (vitest's workers), and so mock servers started; E2E_BASE (one running server) means one */
export const TEST_WORKERS = process.env.E2E_BASE ? 1 : Math.max(1, Number(process.env.TEST_WORKERS) || 2);

/** the port of this worker's mock server (offset 0), or of a server a test file starts itself (offset 1 to PORT_STRIDE - 1) */
export function workerPort(offset = 0, poolId = Number(process.env.VITEST_POOL_ID) || 1): number {
  if (offset < 0 || offset >= PORT_STRIDE) throw new Error(`a worker has ${PORT_STRIDE} ports: offset ${offset}`);
  return E2E_PORT + (poolId - 1) * PORT_STRIDE + offset;
}

/** this worker's mock server, or E2E_BASE */
export const BASE = process.env.E2E_BASE ?? `http://127.0.0.1:${workerPort()}`;

/** the file a worker's server appends field data's reports to (RUM_LOG of scripts/serve.ts), emptied as the tests start */
export const rumLogOf = (port: number): string => path.join(tmpdir(), `bet-h5-e2e-rum-${port}.jsonl`);
