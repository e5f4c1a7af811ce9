/**
 * What check:config says of the config format: each old use (with what it became and the command,
 * or what to write by hand), an old name typed into a file of the format that changed it, a file
 * written for a newer engine. Pure.
 */
import { CURRENT_FORMAT, formatOf, MIGRATE } from '../migrations/index.ts';
import type { Entry, Pending } from './old-uses.ts';

/** a problem of check:config for each old use */
export function pendingProblems(pending: Pending[]): { file: string; path: string; message: string }[] {
  // a change with no edits says itself what to write by hand
  return pending.map((p) => ({ file: p.file, path: p.path, message: p.change.edits.length ? `${p.change.message}; run \`${MIGRATE}\`, which rewrites it in screens.config/ and every brand's overlay` : p.change.message }));
}

/** Files written for a format the engine does not know yet (from a newer engine). */
export function tooNew(files: Entry[]): { file: string; path: string; message: string }[] {
  return files
    .filter((f) => formatOf(f.json) > CURRENT_FORMAT)
    .map((f) => ({ file: f.file, path: '/$format', message: `written for config format ${formatOf(f.json)}; this engine reads format ${CURRENT_FORMAT} at most: update the engine, or write the file for format ${CURRENT_FORMAT}` }));
}


/** problems at a late old use, each with what the old use became */
export function withLateHints<P extends { file: string; path: string; message: string }>(problems: P[], late: Pending[]): P[] {
  if (!late.length) return problems;
  const at = new Map(late.map((p) => [`${p.file}|${p.path}`, p]));
  return problems.map((p) => {
    const use = at.get(`${p.file}|${p.path}`);
    return use ? { ...p, message: `${p.message}; ${use.change.message}${use.change.edits.length ? `: write it so here (\`${MIGRATE}\` rewrites only files older than format ${use.migration.format})` : ''}` } : p;
  });
}

