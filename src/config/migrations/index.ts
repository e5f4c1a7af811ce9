/**
 * The config format's migrations, in the order they run: the registry. Every config file may say
 * which format it is written in (`"$format": 2`; a file without one is format 1, the format before
 * there was a number). When an engine change renames or moves something config writes, it ships a
 * migration here (one file, with its test in tests/config/migrations/, registered below in format
 * order; the migrations of one engine change share its format). What they are used for, src/config/format/:
 * - `npm run check:config` names every old use still in the product's folder or a brand's overlay,
 *   with what it became and the command that rewrites it (old-uses.ts, messages.ts), or what to
 *   write by hand where the migration cannot tell what the old use meant;
 * - `npm run migrate` rewrites those files in place, keeping their layout (rewrite.ts: only what
 *   changes is edited), stamps each file with the current format, then checks everything.
 */
import { isObject } from '../json.ts';
import { depositDefault } from './deposit-default.ts';
import { depositLimitsPerMethod } from './deposit-limits-per-method.ts';
import { menuPerRow } from './menu-per-row.ts';
import { responsiblePlayFeature } from './responsible-play-feature.ts';
import type { Migration } from './types.ts';

export type { Change, Edit, Layers, Migration, Path } from './types.ts';

/** every migration, in the order they run (tests/config/migrations/registry.test.ts checks each file is here) */
export const MIGRATIONS: readonly Migration[] = [menuPerRow, depositLimitsPerMethod, responsiblePlayFeature, depositDefault];

/** the format the engine reads: the last migration's */
export const CURRENT_FORMAT = MIGRATIONS.reduce((n, m) => Math.max(n, m.format), 1);

/** the command that rewrites old uses */
export const MIGRATE = 'npm run migrate';

/** the format a file's JSON says it is written in (1 without `$format`) */
export function formatOf(json: unknown): number {
  return isObject(json) && typeof json.$format === 'number' ? json.$format : 1;
}
