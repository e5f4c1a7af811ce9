import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { apiWire } from './scripts/vite/api-wire.ts';
import { TEST_WORKERS } from './tests/e2e/ports.ts';
import { InterleaveSequencer } from './tests/interleave.ts';

// the config folder the app imports as @config/ (vite.config.ts); the tests read the real one
const root = path.dirname(fileURLToPath(import.meta.url));
const resolve = { alias: { '@config': path.join(root, 'screens.config') } };

/**
 * The unit files share their worker's loaded modules (isolate: false): each file imported the
 * catalogue, the schemas, ajv and the mock afresh, about 67 of the unit files' 319 CPU-s
 * (2026-11-27). A file that replaces a module or a global (vi.mock, vi.stubGlobal, fake timers…)
 * would see, or leave, another file's copy of it: those run in modules of their own
 * ('unit-isolated'), found here by what they call, so a new one needs no list kept by hand.
 */
const UNIT_DIRS = ['tests/unit', 'tests/config', 'tests/api', 'tests/studio'];
const OWN_MODULES = /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules|useFakeTimers)\b/;
const unitFiles = UNIT_DIRS.flatMap((dir) =>
  (readdirSync(path.join(root, dir), { recursive: true }) as string[]).filter((f) => f.endsWith('.test.ts')).map((f) => `${dir}/${f.split(path.sep).join('/')}`),
);
const ownModules = unitFiles.filter((f) => OWN_MODULES.test(readFileSync(path.join(root, f), 'utf8')));
const unitTest = {
  environment: 'node',
  testTimeout: 20000,
  // a setup that starts a server or copies the project waits on a busy machine (two cores, a browser beside it)
  hookTimeout: 60000,
} as const;

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
        test: { ...unitTest, name: 'unit', include: UNIT_DIRS.map((d) => `${d}/**/*.test.ts`), exclude: [...configDefaults.exclude, ...ownModules], isolate: false },
      },
      {
        resolve,
        plugins: [apiWire()],
        test: { ...unitTest, name: 'unit-isolated', include: ownModules },
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
