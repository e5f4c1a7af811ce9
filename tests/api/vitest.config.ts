/**
 * Config for running the API suite on its own: `vitest run --config tests/api/vitest.config.ts`.
 * It keeps the suite independent of vite.config.ts (whose dev-server plugins are not needed here).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig({
  root,
  test: {
    environment: 'node',
    include: ['tests/api/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
