/** src/engine/icon-paths.gen.ts is what scripts/gen-icons.ts makes of icon-names.ts (run it after adding an icon). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ICON_SOURCES } from '../../src/engine/icon-names';
import { ICON_PATHS } from '../../src/engine/icon-paths.gen';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('icon outlines', () => {
  it('are current with icon-names.ts', () => {
    const r = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'scripts', 'gen-icons.ts'), '--check'], { cwd: root, encoding: 'utf8' });
    expect(r.stderr.trim()).toBe('');
    expect(r.status).toBe(0);
  });

  it('exist for every icon name, each with at least one path', () => {
    for (const [name, source] of Object.entries(ICON_SOURCES)) {
      expect(ICON_PATHS[source]?.length, name).toBeGreaterThan(0);
    }
  });
});
