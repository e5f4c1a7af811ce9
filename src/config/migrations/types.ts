/**
 * A migration of the config format (src/config/migrations/index.ts lists them in order): what one
 * engine change needs of the config files written before it. Like Renovate's config migrations,
 * one change per file with its own test (tests/config/migrations/), and like Storybook's
 * automigrate fixes, each says what it looks for and what it does, so a dry run can list it.
 */
import type { SchemaFileKind } from '../overlay/schema-cursor';

/** a JSON path, as its parts */
export type Path = (string | number)[];

/** one old use in a file and what it becomes */
export type Change =
  /** the property at `path` is renamed `to` (its value, and its place in the text, kept) */
  { kind: 'rename'; path: Path; to: string; message: string };

export interface Migration {
  /** its name, as `npm run migrate` reports it (kebab-case, the file's name) */
  id: string;
  /** the config format it brings a file to: the migrations run in this order, 2, 3, … */
  format: number;
  /** what changed in the engine, in an operator's words */
  title: string;
  /** the files it reads */
  kinds: readonly SchemaFileKind[];
  /**
   * The old uses in one file's document. For a brand's overlay it is given the document merged
   * over the product (a node the overlay names only by its id has the product's type), and the
   * changes the overlay's own values need are kept (src/config/migrations/index.ts).
   */
  find(doc: unknown, kind: SchemaFileKind): Change[];
}
