/** The order of a run (tests/interleave.ts): the longest first, browser and unit files in turns. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DURATIONS_FILE, inTurns, readDurations } from '../interleave';

type File = { name: string; project: string; seconds: number };
const f = (project: string, name: string, seconds: number): File => ({ project, name, seconds });

describe('the order of a run', () => {
  it('takes the heaviest first, one project after the other in turns, the unknown last in their given order', () => {
    const files = [f('e2e', 'small', 5), f('unit', 'tiny-a', -1), f('e2e', 'walk', 100), f('unit', 'copy', 60), f('unit', 'tiny-b', -1), f('e2e', 'forms', 30)];
    const order = inTurns(files, (x) => x.project, (x) => x.seconds).map((x) => x.name);
    expect(order).toEqual(['walk', 'copy', 'forms', 'tiny-a', 'small', 'tiny-b']);
  });

  it('reads the seconds of tests/durations.json, and nothing from a file that is not there', () => {
    const shipped = readDurations(DURATIONS_FILE);
    expect(Object.keys(shipped).length).toBeGreaterThan(0);
    for (const [key, s] of Object.entries(shipped)) {
      expect(key).toMatch(/^(e2e|unit|unit-isolated):tests\//);
      expect(s).toBeGreaterThan(0);
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'durations-'));
    expect(readDurations(path.join(dir, 'none.json'))).toEqual({});
    writeFileSync(path.join(dir, 'd.json'), JSON.stringify({ seconds: { 'e2e:tests/e2e/a.e2e.ts': 12 } }));
    expect(readDurations(path.join(dir, 'd.json'))).toEqual({ 'e2e:tests/e2e/a.e2e.ts': 12 });
  });
});
