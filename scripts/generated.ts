/**
 * Every generated file of the project, from its one source, in one place: what `npm run gen:types`
 * writes, what `npm run check:config` reports stale (naming each file and `npm run gen:types`), and
 * what the build and the dev server bring up to date before they read them (vite.config.ts).
 *
 *   screens.config/schema/refs.schema.json     names config may refer to (widgets, actions, endpoints, filters, icons)
 *   screens.config/schema/widgets.schema.json  each widget's props, for editors
 *   src/engine/raw-props.gen.ts                the props the engine leaves raw, per widget
 *   src/config/schemas.gen.ts                  screens.config/schema/*.json inlined for the derived TS types
 *   src/engine/icon-paths.gen.ts               the outlines of the icons of icon-names.ts
 *   docs/WIDGETS.md                            the widget, filter and CSS variable reference
 *   docs/API.md                                every call of the API catalogue, and the business codes
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { WidgetSchemas } from '../src/config/check';
import { loadWidgetSchemas } from '../src/config/source/index';
import { apiDoc } from './gen/api-doc';
import { schemasGen } from './gen/config-types';
import { referenceSchema, widgetsSchema } from './gen/editor-schemas';
import { iconPaths } from './gen/icons';
import { rawProps } from './gen/raw-props';
import { widgetsDoc } from './gen/widgets-doc';

export const REGENERATE = 'npm run gen:types';

export interface Generated {
  /** relative to the project root */
  file: string;
  text: string;
}

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/** The text each generated file must have. `widgets`: already loaded (check:config has them). */
export async function generatedFiles(root: string, widgets?: WidgetSchemas): Promise<Generated[]> {
  const w = widgets ?? (await loadWidgetSchemas(root));
  return [
    { file: 'screens.config/schema/refs.schema.json', text: json(referenceSchema(root, w)) },
    { file: 'screens.config/schema/widgets.schema.json', text: json(widgetsSchema(w)) },
    { file: 'src/engine/raw-props.gen.ts', text: rawProps(w) },
    { file: 'src/config/schemas.gen.ts', text: schemasGen(root) },
    { file: 'src/engine/icon-paths.gen.ts', text: iconPaths(root) },
    { file: 'docs/WIDGETS.md', text: widgetsDoc(root, w) },
    { file: 'docs/API.md', text: apiDoc() },
  ];
}

const onDisk = (root: string, file: string) => {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    return undefined; // a missing file counts as stale
  }
};

/** The generated files whose text on disk is not what their sources give. */
export function staleFiles(root: string, files: Generated[]): Generated[] {
  return files.filter((f) => onDisk(root, f.file) !== f.text);
}

/** Writes the stale ones (only those: a current file is not touched, so no watcher fires); returns them. */
export function writeStale(root: string, files: Generated[]): Generated[] {
  const stale = staleFiles(root, files);
  for (const f of stale) {
    // a partial copy of the project (tests, a deploy) may lack the folder (docs/)
    mkdirSync(path.dirname(path.join(root, f.file)), { recursive: true });
    writeFileSync(path.join(root, f.file), f.text);
  }
  return stale;
}
