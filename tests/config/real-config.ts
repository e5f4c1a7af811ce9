/**
 * The real screens.config/ and its schemas, for tests that check it with one change applied: call
 * `realConfig()` at the top of a test file (it loads the schemas once, before the tests).
 */
import path from 'node:path';
import { beforeAll } from 'vitest';
import { checkConfig, type ConfigBundle, type Problem, type SchemaSet, type WidgetSchemas } from '../../src/config/check';
import { configSource, loadSchemas, loadWidgetSchemas } from '../../src/config/source/index';

export const root = path.resolve(__dirname, '..', '..');

export function realConfig(): {
  /** a copy of the real config to change */
  copy: () => ConfigBundle;
  /** check:config's problems for a bundle, as `file: path: message` lines */
  problems: (bundle: ConfigBundle) => string[];
  /** the same problems, as they are */
  problemList: (bundle: ConfigBundle) => Problem[];
} {
  let schemas: SchemaSet;
  let widgets: WidgetSchemas;
  beforeAll(async () => {
    schemas = loadSchemas(root);
    widgets = await loadWidgetSchemas(root);
  });
  return {
    copy: () => structuredClone(configSource({ root }).productBundle()) as ConfigBundle,
    problems: (bundle) => checkConfig(bundle, schemas, widgets).map((p) => `${p.file}: ${p.path}: ${p.message}`),
    problemList: (bundle) => checkConfig(bundle, schemas, widgets),
  };
}
