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
          testTimeout: 60000,
          hookTimeout: 180000,
        },
      },
    ],
  },
});
