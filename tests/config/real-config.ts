/**
 * The real screens.config/ and its schemas, for tests that check it with one change applied: call
 * `realConfig()` at the top of a test file (it loads the schemas once, before the tests).
 */
import path from 'node:path';
import { beforeAll } from 'vitest';
import { checkConfig, createChecker, type ConfigBundle, type Problem, type SchemaSet, type WidgetSchemas } from '../../src/config/check';
import { configSource, loadSchemas, loadWidgetSchemas } from '../../src/config/source/index';

export const root = path.resolve(__dirname, '..', '..');

/** The schemas and each widget's props schema, loaded before the file's tests (read them inside a test). */
export function realSchemas(): { readonly schemas: SchemaSet; readonly widgets: WidgetSchemas } {
  const loaded = {} as { schemas: SchemaSet; widgets: WidgetSchemas };
  beforeAll(async () => {
    loaded.schemas = loadSchemas(root);
    loaded.widgets = await loadWidgetSchemas(root);
  });
  return loaded;
}

/** One checker for the file (the schemas compiled once, as the mutation test does) and the real config as read. */
export function realChecker(): { readonly check: (b: ConfigBundle) => Problem[]; readonly real: ConfigBundle } {
  const out = {} as { check: (b: ConfigBundle) => Problem[]; real: ConfigBundle };
  beforeAll(async () => {
    out.check = createChecker(loadSchemas(root), await loadWidgetSchemas(root));
    out.real = configSource({ root }).productBundle();
  });
  return out;
}

export function realConfig(): {
  /** a copy of the real config to change */
  copy: () => ConfigBundle;
  /** check:config's problems for a bundle, as `file: path: message` lines */
  problems: (bundle: ConfigBundle) => string[];
  /** the same problems, as they are */
  problemList: (bundle: ConfigBundle) => Problem[];
} {
  const loaded = realSchemas();
  return {
    copy: () => structuredClone(configSource({ root }).productBundle()) as ConfigBundle,
    problems: (bundle) => checkConfig(bundle, loaded.schemas, loaded.widgets).map((p) => `${p.file}: ${p.path}: ${p.message}`),
    problemList: (bundle) => checkConfig(bundle, loaded.schemas, loaded.widgets),
  };
}
