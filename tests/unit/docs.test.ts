/**
 * Docs that cannot drift (issue 26): the widget and filter lists of docs/WIDGETS.md are exactly the
 * widget folders and FILTERS, ENGINE.md's file table is exactly src/engine/, and every binding filter
 * and every repository path the docs write exists. Issue 31: every relative link of the docs
 * resolves (file and heading), every `npm run` script they name exists, README stays a front page.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bindingExpressions, FILTERS, parseExpression } from '../../src/engine/bindings';

const root = path.resolve(__dirname, '..', '..');
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');
/** every Markdown file of the docs: README.md, docs/ and the mock's README */
const DOCS = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`), 'mock-server/README.md'];
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
    // an example of check:config's output lists the filters as the check does: the first and the
    // last of FILTERS in order, the middle as "…" (so a new filter touches no doc but WIDGETS.md)
    const sorted = Object.keys(FILTERS).sort();
    for (const f of DOCS) {
      for (const m of read(f).matchAll(/unknown filter "\w+" in \{\{[^}]*\}\} \(expected one of ([^)]*)\)/g)) {
        const shown = m[1].split(', ');
        const cut = shown.indexOf('…');
        expect(cut, `${f}: ${m[1]}`).toBeGreaterThan(0);
        expect(shown.slice(0, cut), f).toEqual(sorted.slice(0, cut));
        expect(shown.slice(cut + 1), f).toEqual(sorted.slice(sorted.length - (shown.length - cut - 1)));
      }
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

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens; a repeated one gets -1, -2… */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = m[1].trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  return out;
}

describe('links and commands of the docs (issue 31)', () => {
  it('every relative link of README and docs/ names a file that exists, and a heading of it that exists', () => {
    const broken: string[] = [];
    let links = 0;
    for (const f of DOCS) {
      const text = read(f).replace(/^```[\s\S]*?^```/gm, '');
      const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g), ...text.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);
      for (const target of targets) {
        if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
        links++;
        const [file, anchor] = target.split('#');
        const abs = file ? path.resolve(path.dirname(path.join(root, f)), file) : path.join(root, f);
        if (!existsSync(abs)) broken.push(`${f}: ${target} (no such file)`);
        else if (anchor && abs.endsWith('.md') && !anchorsOf(readFileSync(abs, 'utf8')).has(anchor)) broken.push(`${f}: ${target} (no such heading)`);
      }
    }
    expect(links).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });

  it('the heading anchors are GitHub\'s', () => {
    expect([...anchorsOf('# A (`npm run x`)\n## Before going live on a Laravel-style backend (`MOCK_SHAPES=laravel`)\n## A (`npm run x`)')]).toEqual(['a-npm-run-x', 'before-going-live-on-a-laravel-style-backend-mock_shapeslaravel', 'a-npm-run-x-1']);
  });

  it('every `npm run` script the docs name is a script of package.json', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const named = new Set(DOCS.flatMap((f) => [...read(f).matchAll(/npm run ([\w:-]+)/g)].map((m) => `${f}: ${m[1]}`)));
    expect(named.size).toBeGreaterThan(10);
    for (const n of named) expect(scripts, n).toContain(n.split(': ')[1]);
  });

  it('README is a front page: at most 12,000 characters, one link per audience', () => {
    const readme = read('README.md');
    expect(readme.length).toBeLessThanOrEqual(12000);
    for (const doc of ['docs/OPERATING.md', 'docs/DEPLOYING.md', 'docs/DEVELOPING.md', 'docs/ENGINE.md', 'docs/BENCH.md']) expect(readme).toContain(`](${doc})`);
  });
});
