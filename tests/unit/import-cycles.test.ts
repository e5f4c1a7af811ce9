/**
 * Issue 31: no import circle in src/, mock-server/ or scripts/ (and vite.config.ts). A circle is a
 * place where a change in one file breaks another that "only" imported a helper back; where two
 * modules need one piece, it lives in a module below both. Every import counts: a type-only one
 * (the modules still depend on each other's text) and a dynamic `import('./x')` (a lazily loaded
 * field or chunk must not import its loader back). Widgets loaded through import.meta.glob (the
 * registry) are the plugin point of the engine and are not followed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..', '..');

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
    }
  };
  for (const dir of ['src', 'mock-server', 'scripts']) walk(path.join(root, dir));
  return [...out, path.join(root, 'vite.config.ts')];
}

/** a relative import's file: as written, or with .ts/.tsx, or the folder's index */
function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((f) => /\.tsx?$/.test(f) && existsSync(f) && statSync(f).isFile());
}

/** the project's files each file imports: static (types too), re-exports and dynamic imports */
export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const deps = new Set<string>();
    const visit = (node: ts.Node) => {
      let spec: ts.Expression | undefined;
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) spec = node.moduleSpecifier;
      else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) spec = node.arguments[0];
      else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) spec = node.argument.literal;
      if (spec && ts.isStringLiteral(spec)) {
        const dep = resolveImport(file, spec.text);
        if (dep) deps.add(dep);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    graph.set(file, [...deps]);
  }
  return graph;
}

/** the circles of a graph: its strongly connected parts of more than one file, or a file importing itself (Tarjan) */
export function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || graph.get(v)?.includes(v)) found.push(part.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

describe('import circles', () => {
  it('finds a circle of any length and a file importing itself, none in a line', () => {
    const g = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
    expect(circles(g({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
    expect(circles(g({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
    expect(circles(g({ a: ['a'] }))).toEqual([['a']]);
  });

  it('none in src/, mock-server/ and scripts/: every arrow points one way', () => {
    const graph = importGraph(sourceFiles());
    expect(graph.size).toBeGreaterThan(200);
    const shown = circles(graph).map((c) => c.map((f) => path.relative(root, f)).join(' ↔ '));
    expect(shown).toEqual([]);
  });
});
