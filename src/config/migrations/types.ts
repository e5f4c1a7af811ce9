/**
 * A migration of the config format (src/config/migrations/index.ts lists them in order): what one
 * engine change needs of the config files written before it. Like Renovate's config migrations,
 * one change per file with its own test (tests/config/migrations/), and like Storybook's
 * automigrate fixes, each says what it looks for and what it does, so a dry run can list it.
 */
import type { SchemaFileKind } from '../overlay/schema-cursor';
import type { Said } from '../words/said.ts';

/** a JSON path, as its parts */
export type Path = (string | number)[];

/** One edit of a file, at a path of that file. */
export type Edit =
  /** the property at `path` is renamed `to` (its value, and its place in the text, kept) */
  | { op: 'rename'; path: Path; to: string }
  /**
   * `value` is written at `path`: in place of the value there, or as a new property (with the
   * objects on its way that the file does not have yet). A new property goes after the sibling
   * `after` when the object has it, else before the sibling `before` when it has that, else last.
   * `keep`: a value the file has at `path` already stays (written for the new format, it wins).
   */
  | { op: 'set'; path: Path; value: unknown; before?: string; after?: string; keep?: true }
  /** the property at `path` is removed, and with it each object on its way that it leaves empty */
  | { op: 'remove'; path: Path };

/**
 * One old use in a file: where it stands (check:config names it there), what it became, and the
 * edits that rewrite it, all or none (a move is a `set` at the new place and a `remove` of the
 * old). No edits: the migration cannot tell what the old use meant; the message says what to write
 * by hand, and `npm run migrate` lists it.
 */
export interface Change {
  path: Path;
  /** what the old use became, in English (`npm run migrate` lists it; check:config names it) */
  message: string;
  /** the same words as data (src/config/words/), for the studio's language */
  said: Said;
  edits: Edit[];
}

export interface Migration {
  /** its name, as `npm run migrate` reports it (kebab-case, the file's name) */
  id: string;
  /**
   * the config format it brings a file to: 2, 3, …, in the order of the registry; the migrations
   * of one engine change share its format (each file says the last format it was written for)
   */
  format: number;
  /** what changed in the engine, in an operator's words */
  title: string;
  /** the files it reads */
  kinds: readonly SchemaFileKind[];
  /**
   * The old uses in one file's document. For a brand's overlay it is given the document merged
   * over the product (a node the overlay names only by its id has the product's type), and the
   * changes the overlay's own values need are kept (src/config/migrations/index.ts); `layers` then
   * has the two files apart, for a migration that writes into a brand only what differs from the product.
   */
  find(doc: unknown, kind: SchemaFileKind, layers?: Layers): Change[];
}

/** A brand's file as its two layers: the product's document (as it is before the migration) and the overlay's own. */
export interface Layers {
  product: unknown;
  overlay: unknown;
}
