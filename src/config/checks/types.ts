/** What the config check reads and reports (its public types, re-exported by src/config/check.ts). */
import type { Templates } from '../schema-refs';
import type { Said } from '../words/said.ts';

export interface Problem {
  file: string;
  path: string;
  /** the English words (check:config prints them) */
  message: string;
  /**
   * the same words as data (src/config/words/): the studio words them in its operator's language;
   * every problem of the config has them (a developer tool's own, such as a stale generated file, may not)
   */
  said?: Said;
  /** a warning does not fail the check (check:config exits 0, the build goes on); absent: an error */
  severity?: 'warning';
  /**
   * other JSON paths of the same file the problem is about (a minimum above its maximum: the maximum),
   * where an editor shows it too (the studio shows it at both fields)
   */
  also?: string[];
  /** a syntax error: where in the file's text (1-based), and the line with a caret under the place */
  line?: number;
  column?: number;
  frame?: string;
}

export interface ConfigBundle {
  /** file name relative to the project root -> parsed JSON (or a parse error) */
  app: { file: string; json: unknown };
  messages: { file: string; json: unknown };
  routes: { file: string; json: unknown };
  screens: Record<string, { file: string; json: unknown }>;
  forms: Record<string, { file: string; json: unknown }>;
  /** the file names of the config's assets/ folder (absent: not known, not checked) */
  assets?: string[];
  /** what reading the folders found (src/config/source/disk.ts): a link leading out, a folder where a file belongs; listed first by the check */
  problems?: Problem[];
  /**
   * the config folders the files come from, as messages name them: a brand's overlay first, then
   * the product's (['brands/jinsha', 'screens.config']); absent: the folder of app.json
   */
  folders?: string[];
  /**
   * a brand's config (src/config/overlay/layers.ts): the layer's file and the JSON pointer in it
   * that set the value at `path` of a merged file; every problem is named by it
   */
  origin?: (file: string, path: string) => { file: string; path: string };
}

export interface SchemaSet {
  common: object;
  /** refs.schema.json (generated): the names config refers to, as enums for editors */
  refs: object;
  app: object;
  messages: object;
  routes: object;
  screen: object;
  form: object;
}

/**
 * widget type -> JSON Schema of its props, its templates (src/config/schema-refs.ts) and, for a
 * widget that shows a list, the prop naming that list (`itemsFrom`: its entries are `item`)
 */
export type WidgetSchemas = Record<string, { propsSchema: object; templates: Templates; itemsFrom?: string }>;
