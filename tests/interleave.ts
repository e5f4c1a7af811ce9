/**
 * The order in which vitest hands files to its two workers (vitest.config.ts).
 *
 * Vitest's own order runs one project after the other (browser files, then unit files), each the
 * longest first by this machine's last runs, else the largest file first. Two things went wrong on a
 * fresh clone: with no history, a short file that opens every route (a11y, layout) or builds a copy
 * of the project (add-one) started late and ran on alone at the end; and the browser files, which
 * wait on pages part of their time, ran beside each other while the unit files, busy the whole
 * time, ran beside each other at the end.
 *
 * So: the longest first, by this machine's last runs, else by tests/durations.json (the seconds of
 * a full run, `npm run test:durations` writes it; a file missing from it comes after, largest
 * first), and the projects in turns (the longest browser file, the longest unit file, …), so that a
 * file that waits runs beside one that computes. Only the order changes, never what runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const DURATIONS_FILE = path.join(import.meta.dirname, 'durations.json');

/** "project:path from the root" -> seconds, as tests/durations.json has them */
export function readDurations(file = DURATIONS_FILE): Record<string, number> {
  if (!existsSync(file)) return {};
  return (JSON.parse(readFileSync(file, 'utf8')) as { seconds?: Record<string, number> }).seconds ?? {};
}

/**
 * `items` (in the order to keep among equals) the heaviest first, then taken from each group in
 * turns: [e2e 100 s, unit 60 s, e2e 5 s, unit unknown]. A weight below 0 is unknown: after the rest.
 */
export function inTurns<T>(items: T[], group: (item: T) => string, weight: (item: T) => number): T[] {
  const ranked = [...items].sort((a, b) => weight(b) - weight(a));
  const groups = new Map<string, T[]>();
  for (const item of ranked) groups.set(group(item), [...(groups.get(group(item)) ?? []), item]);
  const queues = [...groups.values()];
  const out: T[] = [];
  while (queues.some((q) => q.length)) for (const q of queues) if (q.length) out.push(q.shift()!);
  return out;
}

/** the kind of a project's files: the browser files ('e2e') or the unit files ('unit', and 'unit-isolated': vitest.config.ts) */
export const kindOf = (project: string): string => (project.startsWith('unit') ? 'unit' : project);

export class InterleaveSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const hints = readDurations();
    const key = (f: TestSpecification) => `${f.project.name}:${path.relative(this.ctx.config.root, f.moduleId)}`;
    // (a unit file recorded before it moved between the two unit projects: its kind's key)
    const hint = (f: TestSpecification) => hints[key(f)] ?? hints[`${kindOf(f.project.name)}:${path.relative(this.ctx.config.root, f.moduleId)}`];
    const weight = (f: TestSpecification) => this.ctx.cache.getFileTestResults(key(f))?.duration ?? (hint(f) ?? -1) * 1000;
    // among files with neither, vitest's order (the largest first) stays
    return inTurns(await super.sort(files), (f) => kindOf(f.project.name), weight);
  }
}
