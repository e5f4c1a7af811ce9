/**
 * What check:config says of the config format: each old use (with what it became and the command,
 * or what to write by hand), an old name typed into a file of the format that changed it, a file
 * written for a newer engine. Pure.
 */
import { CURRENT_FORMAT, formatOf, MIGRATE } from '../migrations/index.ts';
import { say, worded, type Said } from '../words/index.ts';
import type { Entry, Pending } from './old-uses.ts';

type Worded = { file: string; path: string; message: string; said?: Said };

/** a problem of check:config for each old use */
export function pendingProblems(pending: Pending[]): Worded[] {
  // a change with no edits says itself what to write by hand
  return pending.map((p) => ({
    file: p.file,
    path: p.path,
    ...worded(p.change.edits.length ? say('migrateRewrites', { change: p.change.said, command: MIGRATE }) : p.change.said),
  }));
}

/** Files written for a format the engine does not know yet (from a newer engine). */
export function tooNew(files: Entry[]): Worded[] {
  return files.filter((f) => formatOf(f.json) > CURRENT_FORMAT).map((f) => ({ file: f.file, path: '/$format', ...worded(say('formatTooNew', { format: formatOf(f.json), current: CURRENT_FORMAT })) }));
}


/** problems at a late old use, each with what the old use became */
export function withLateHints<P extends Worded>(problems: P[], late: Pending[]): P[] {
  if (!late.length) return problems;
  const at = new Map(late.map((p) => [`${p.file}|${p.path}`, p]));
  return problems.map((p) => {
    const use = at.get(`${p.file}|${p.path}`);
    if (!use) return p;
    // a problem without an id (a developer tool's own) stands in by its English, and the whole keeps only its text
    const s = say('lateOldUse', { problem: p.said ?? { id: '', parts: {}, text: p.message }, change: use.change.said, rewrites: use.change.edits.length > 0, command: MIGRATE, format: use.migration.format });
    return p.said ? { ...p, ...worded(s) } : { ...p, message: s.text };
  });
}

