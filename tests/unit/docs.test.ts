/**
 * Docs that cannot drift (issue 26): the widget and filter lists of docs/WIDGETS.md are exactly the
 * widget folders and FILTERS, ENGINE.md's file table is exactly src/engine/, and every binding filter
 * and every repository path the docs write exists. Issue 31: every relative link of the docs
 * resolves (file and heading), every `npm run` script they name exists, README stays a front page.
 * Issue 40: the repository stands alone: no file of it (docs, code and its comments, config, tests)
 * names a path outside it (tests/unit/paths-outside.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bindingExpressions, FILTERS, parseExpression } from '../../src/engine/bindings';
import { pathsOutside } from './paths-outside';

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
        if (made.test(m[1]) || existsSync(path.join(root, m[1]))) continue;
        // an output a command writes (bench/results.json) is in .gitignore, so a clean clone has none
        expect(spawnSync('git', ['check-ignore', '-q', m[1]], { cwd: root }).status, `${f}: ${m[1]} (no such file)`).toBe(0);
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
        if (path.relative(root, abs).startsWith('..')) broken.push(`${f}: ${target} (outside the repository)`);
        else if (!existsSync(abs)) broken.push(`${f}: ${target} (no such file)`);
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

/** Every text file of the repository and its text: tracked, and new ones not ignored (a clone, or a copy with a fresh `git init`). */
function repositoryTexts(): Map<string, string> {
  const git = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  expect(git.status, git.stderr).toBe(0);
  const texts = new Map<string, string>();
  for (const f of git.stdout.split('\0').filter(Boolean)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(root, f));
    } catch {
      continue; // deleted from the work tree, or a link to a folder (node_modules in a copy)
    }
    if (!bytes.includes(0)) texts.set(f, bytes.toString('utf8')); // not a picture or a font
  }
  return texts;
}

describe('the repository stands alone (issue 40)', () => {
  it('no file names a path outside the repository', () => {
    const texts = repositoryTexts();
    expect(texts.size).toBeGreaterThan(300);
    const files = new Set(texts.keys());
    const found: string[] = [];
    for (const [f, text] of texts) for (const p of pathsOutside(f, text, files)) found.push(`${p.file}:${p.line}: ${p.text}`);
    expect(found).toEqual([]);
  });

  // written so that this file names no path out of the repository itself
  const pieces = (n: number) => Array(n).fill("'..'").join(', ');
  const up = (n: number) => '../'.repeat(n);
  const files = new Set(['README.md', 'docs/DEVELOPING.md', 'src/engine/bindings.ts', 'src/widgets/Text/index.tsx', 'screens.config/schema/screen.schema.json']);
  it.each([
    ['README.md', `The product is specified in \`${up(1)}shared/SPEC.md\`.`, [`README.md:1: ${up(1)}shared/SPEC.md`]],
    ['docs/DEVELOPING.md', `Read [the spec](${up(2)}shared/SPEC.md#7).`, [`docs/DEVELOPING.md:1: ${up(2)}shared/SPEC.md#7`]],
    ['docs/DEVELOPING.md', `\`\`\`sh\ncat ${up(2)}shared/SPEC.md\n\`\`\``, [`docs/DEVELOPING.md:2: ${up(2)}shared/SPEC.md`]],
    ['src/api/read.ts', `/**\n * Real backends (${up(3)}shared/API-SHAPES.md)\n */`, [`src/api/read.ts:2: ${up(3)}shared/API-SHAPES.md`]],
    // outside a code block a doc's link is the doc's own, even when it would name a file from another folder
    ['docs/DEVELOPING.md', `[README](${up(2)}README.md)`, [`docs/DEVELOPING.md:1: ${up(2)}README.md`]],
    ['tests/api/catalogue.test.ts', `path.resolve(__dirname, ${pieces(3)}, 'shared', 'SPEC.md')`, [`tests/api/catalogue.test.ts:1: __dirname, ${pieces(3)}`]],
    ['tests/config/add-one.test.ts', `path.resolve(root, ${pieces(1)}, 'shared', 'SPEC.md')`, [`tests/config/add-one.test.ts:1: root, ${pieces(1)}`]],
  ])('finds the path out of the repository in %s', (file, text, expected) => {
    expect(pathsOutside(file, text, files).map((p) => `${p.file}:${p.line}: ${p.text}`)).toEqual(expected);
  });

  it('passes paths that stay inside, examples written for another folder, and dots that are no path of the repository', () => {
    const inside = [
      ['docs/DEVELOPING.md', `[mock-server/README.md](${up(1)}mock-server/README.md#seed), "$schema": "${up(1)}schema/screen.schema.json"`],
      // a widget's imports, in a doc: they name src/engine/bindings.ts from src/widgets/<Type>/
      ['docs/DEVELOPING.md', `\`\`\`tsx\nimport { asNumber } from '${up(2)}engine/bindings';\n\`\`\``],
      ['tests/unit/x.test.ts', `import { a } from '${up(2)}src/engine/bindings';\nconst root = path.resolve(__dirname, ${pieces(2)});`],
      ['scripts/vite/browser-floor.ts', `const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), ${pieces(2)});`],
      ['tests/api/bad-input.test.ts', "for (const p of ['/api/../etc/passwd', '/..//evil.com', 'a/../../b']) {}"],
      ['src/api/replies.ts', 'export const banner = { .../* @__PURE__ */ obj({}) };'],
      ['scripts/vite/browser-floor.ts', "code.replace(re, `$1../${name}$1`)"],
    ];
    for (const [file, text] of inside) expect(pathsOutside(file, text, files), text).toEqual([]);
  });
});
