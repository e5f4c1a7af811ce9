import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { apiWire } from './scripts/vite/api-wire.ts';
import { TEST_WORKERS } from './tests/e2e/ports.ts';
import { InterleaveSequencer } from './tests/interleave.ts';

// the config folder the app imports as @config/ (vite.config.ts); the tests read the real one
const resolve = { alias: { '@config': path.join(path.dirname(fileURLToPath(import.meta.url)), 'screens.config') } };

export default defineConfig({
  test: {
    // two files at a time (TEST_WORKERS), browser tests too: each worker has its own mock server
    // (tests/e2e/ports.ts). vitest's default on 2 cores is one: the browser tests mostly wait
    maxWorkers: TEST_WORKERS,
    // browser and unit files in turns, the longest first (tests/interleave.ts)
    sequence: { sequencer: InterleaveSequencer },
    projects: [
      {
        resolve,
        // virtual:api-wire (src/api/wire.ts), as the build has it
        plugins: [apiWire()],
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/config/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/studio/**/*.test.ts'],
          testTimeout: 20000,
          // a setup that starts a server or copies the project waits on a busy machine (two cores, a browser beside it)
          hookTimeout: 60000,
        },
      },
      {
        resolve,
        // virtual:api-wire (src/api/wire.ts), as the build has it
        plugins: [apiWire()],
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // a worker's files share its loaded modules (playwright-core, the harness): each file's
          // state is its own browser and pages, closed by its hooks, and a fresh import per file cost
          // about a CPU-second each (32 files passing together so, 2026-11-27)
          isolate: false,
          testTimeout: 60000,
          hookTimeout: 180000,
          // expect.poll waits for what the page shows after a call or a render: vitest's 1 s default is
          // shorter than a busy two-core machine takes to answer; a poll still ends as soon as it holds
          expect: { poll: { timeout: 10000 } },
        },
      },
    ],
  },
});
