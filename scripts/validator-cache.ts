/**
 * The config check's compiled validators, kept between runs (src/config/checks/schema.ts,
 * ValidatorCache): ajv's standalone code of every schema, one CommonJS file per source under
 * node_modules/.cache/config-validators/, named by the sha256 of what it was made from (the
 * schemas, the widgets' props schemas, ajv's options and version). A schema edited, a widget added
 * or ajv upgraded is another name, compiled once. Written whole (a file beside it, renamed in), so
 * a run killed while writing leaves no half file; a file that does not load is compiled again and
 * replaced. The few used last are kept (a test's changed copy of the schemas makes its own).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { ValidatorCache } from '../src/config/check';

/** how many sources' code the folder keeps (each about 1.5 MB) */
const KEEP = 4;

export function validatorCache(root: string, dir = path.join(root, 'node_modules', '.cache', 'config-validators')): ValidatorCache {
  const require = createRequire(path.join(root, 'package.json'));
  const ajvVersion = (JSON.parse(readFileSync(require.resolve('ajv/package.json'), 'utf8')) as { version: string }).version;
  const fileOf = (source: string) => path.join(dir, `${createHash('sha256').update(`ajv ${ajvVersion}\n`).update(source).digest('hex').slice(0, 24)}.cjs`);
  return {
    load(source: string) {
      const file = fileOf(source);
      if (!existsSync(file)) return undefined;
      try {
        // run as a CommonJS module whose requires (ajv's runtime helpers) are the project's, wherever the folder is
        const module = { exports: {} as Record<string, ValidateFunction> };
        new Function('require', 'module', 'exports', readFileSync(file, 'utf8'))(require, module, module.exports);
        const exported = module.exports;
        const now = new Date();
        utimesSync(file, now, now); // used last: kept
        return exported;
      } catch {
        return undefined;
      }
    },
    save(source: string, code: string) {
      try {
        mkdirSync(dir, { recursive: true });
        const file = fileOf(source);
        const part = `${file}.${process.pid}.part`;
        writeFileSync(part, code);
        renameSync(part, file);
        const byAge = readdirSync(dir)
          .filter((n) => n.endsWith('.cjs'))
          .map((n) => ({ file: path.join(dir, n), used: statSync(path.join(dir, n)).mtimeMs }))
          .sort((a, b) => b.used - a.used);
        for (const old of byAge.slice(KEEP)) rmSync(old.file, { force: true });
      } catch {
        // a read-only checkout: compiled on every run, as before
      }
    },
  };
}
