/**
 * `expect(migration).toMigrate(input, expected)`: a migration's test, as Renovate writes them
 * (test/to-migrate.ts there): the old document in, the migrated document out, compared whole.
 * `expected` equal to `input` asserts that the migration leaves it alone (finds nothing).
 */
import { expect } from 'vitest';
import type { ConfigBundle } from '../../../src/config/check';
import { applyToJson } from '../../../src/config/format/rewrite';
import { type Migration } from '../../../src/config/migrations/index';
import type { SchemaFileKind } from '../../../src/config/overlay/schema-cursor';

interface ToMigrate<R = unknown> {
  toMigrate(input: unknown, expected: unknown, kind?: SchemaFileKind): R;
}
declare module 'vitest' {
  // vitest's own declaration (its Matchers<T = any>), extended as its docs show
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type
  interface Matchers<T = any> extends ToMigrate<T> {}
}

expect.extend({
  toMigrate(migration: Migration, input: unknown, expected: unknown, kind: SchemaFileKind = migration.kinds[0]) {
    const changes = migration.find(input, kind);
    const migrated = applyToJson(input, changes);
    const pass = this.equals(migrated, expected);
    return {
      pass,
      message: () => `${migration.id} ${pass ? 'migrated as expected' : 'did not migrate as expected'}\n\nreceived:\n${JSON.stringify(migrated)}\n\nexpected:\n${JSON.stringify(expected)}\n\nchanges: ${JSON.stringify(changes)}`,
    };
  },
});

/** a product of the given files (the others empty, format 3): what a format-3 migration's test checks a brand over */
export function bundle(files: Partial<ConfigBundle>): ConfigBundle {
  return {
    app: { file: 'p/app.json', json: { $format: 3 } },
    messages: { file: 'p/messages.json', json: { $format: 3, messages: {} } },
    routes: { file: 'p/routes.json', json: { $format: 3, routes: [] } },
    screens: {},
    forms: {},
    ...files,
  };
}
