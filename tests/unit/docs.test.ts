/**
 * Docs that cannot drift (issue 26): the widget and filter lists of docs/WIDGETS.md are exactly the
 * widget folders and FILTERS, ENGINE.md's file table is exactly src/engine/, and every binding filter
 * and every repository path the docs write exists.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bindingExpressions, FILTERS, parseExpression } from '../../src/engine/bindings';

const root = path.resolve(__dirname, '..', '..');
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');
const DOCS = ['README.md', 'docs/ENGINE.md', 'docs/DEVELOPING.md', 'docs/BENCH.md', 'docs/WIDGETS.md', 'docs/BRANDS.md', 'mock-server/README.md'];
const widgetFolders = readdirSync(path.join(root, 'src', 'widgets'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(root, 'src', 'widgets', d.name, 'schema.ts')))
  .map((d) => d.name)
  .sort();

describe('docs/WIDGETS.md', () => {
  const doc = read('docs/WIDGETS.md');
  it('has a section for every widget folder and for nothing else', () => {
    expect([...doc.matchAll(/^### (\w+)$/gm)].map((m) => m[1]).sort()).toEqual(widgetFolders);
    expect([...doc.matchAll(/^\| \[(\w+)\]\(#\w+\) \|/gm)].map((m) => m[1]).sort()).toEqual(widgetFolders);
  });
  it('lists every filter of FILTERS and nothing else', () => {
    const filters = doc.slice(doc.indexOf('## Filters'), doc.indexOf('## CSS custom properties'));
    expect([...filters.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]).sort()).toEqual(Object.keys(FILTERS).sort());
  });
  it('lists every CSS custom property of src/styles.css html:root', () => {
    const css = read('src/styles.css');
    const block = /html:root\s*\{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
    const vars = [...block.matchAll(/^\s*(--[\w-]+):/gm)].map((m) => m[1]);
    expect(vars.length).toBeGreaterThan(10);
    for (const v of vars) expect(doc, v).toContain(`| \`${v}\` |`);
  });
});

describe('the other docs', () => {
  it('ENGINE.md\'s file table names every file of src/engine and no other', () => {
    const engine = read('docs/ENGINE.md');
    const table = engine.slice(engine.indexOf('| file | its one job |'), engine.indexOf('## The life of a screen'));
    const firstCells = [...table.matchAll(/^\| ([^|]+) \|/gm)].map((m) => m[1]);
    const named = firstCells.flatMap((c) => [...c.matchAll(/`([\w.-]+\.(?:tsx?|css))`/g)].map((m) => m[1])).sort();
    expect(named).toEqual(readdirSync(path.join(root, 'src', 'engine')).sort());
  });

  it('use only filters that exist in their bindings, and README keeps no filter list of its own', () => {
    for (const f of DOCS) {
      for (const expr of bindingExpressions(read(f).replace(/\\\|/g, '|'))) {
        for (const { name } of parseExpression(expr).filters) {
          if (name === 'filter') continue; // the placeholder of {{path | filter:arg}}
          // a typo shown on purpose, in an example of what check:config prints
          if (new RegExp(`unknown filter "${name}"`).test(read(f))) continue;
          expect(Object.hasOwn(FILTERS, name), `${f}: {{${expr}}}`).toBe(true);
        }
      }
    }
    // an example of check:config's output lists the filters as the check does
    for (const f of DOCS) {
      for (const m of read(f).matchAll(/unknown filter "\w+" in \{\{[^}]*\}\} \(expected one of ([^)]*)\)/g)) expect(m[1].split(', '), f).toEqual(Object.keys(FILTERS).sort());
    }
    expect(read('README.md')).toContain('docs/WIDGETS.md');
  });

  it('name only repository files that exist', () => {
    // the recipe's own files, which the reader creates
    const made = /ProgressRing|screens\/banks\.json|routes\/<domain>\.ts/;
    for (const f of DOCS) {
      for (const m of read(f).matchAll(/`((?:src|scripts|screens\.config|tests|docs|mock-server|bench)\/[\w./-]+\.(?:ts|tsx|json|md|css))`/g)) {
        if (made.test(m[1])) continue;
        // an output a command writes (bench/results.json) is in .gitignore, so a clean clone has none
        if (spawnSync('git', ['check-ignore', '-q', m[1]], { cwd: root }).status === 0) continue;
        expect(existsSync(path.join(root, m[1])), `${f}: ${m[1]}`).toBe(true);
      }
    }
  });
});
