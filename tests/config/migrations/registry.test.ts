/**
 * The migrations of the config format (src/config/migrations/): every migration file is in the
 * ordered registry, once, in the order of its format (2, 3, …), and has a test of its own beside
 * this one (Renovate's migrations-service.spec.ts checks the same of its migrations).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURRENT_FORMAT, MIGRATIONS, type Migration } from '../../../src/config/migrations/index';

const root = path.resolve(__dirname, '..', '..', '..');
const dir = path.join(root, 'src', 'config', 'migrations');
const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts' && f !== 'types.ts');

describe('the registry of migrations', () => {
  it('holds every migration file once, named as its file, each with its own test', async () => {
    const exported: Migration[] = [];
    for (const f of files) {
      const mod = (await import(path.join(dir, f))) as Record<string, unknown>;
      const ms = Object.values(mod).filter((v): v is Migration => !!v && typeof v === 'object' && typeof (v as Migration).find === 'function');
      expect(ms, `${f} exports one migration`).toHaveLength(1);
      expect(ms[0].id, f).toBe(f.slice(0, -3));
      expect(existsSync(path.join(__dirname, `${ms[0].id}.test.ts`)), `tests/config/migrations/${ms[0].id}.test.ts`).toBe(true);
      exported.push(ms[0]);
    }
    expect([...MIGRATIONS].sort((a, b) => a.id.localeCompare(b.id))).toEqual(exported.sort((a, b) => a.id.localeCompare(b.id)));
  });

  it('runs them in the order of their formats, 2, 3, …; the engine reads the last', () => {
    expect(MIGRATIONS.map((m) => m.format)).toEqual(MIGRATIONS.map((_, i) => i + 2));
    expect(CURRENT_FORMAT).toBe(MIGRATIONS.length + 1);
  });
});
