/**
 * The house's own rules, measured on the source (tests, generated files and fixtures aside): a
 * newcomer reads small parts, one of each helper, and comments that explain the code as it is.
 *   - no function (or component) over 120 lines;
 *   - one object guard (isObject) for every runtime, in src/config/json.ts;
 *   - JSON Pointer escaping in one file, src/config/pointer.ts;
 *   - no comment naming an issue (its history is git's);
 *   - the studio's page: App.tsx at most 250 lines, no component with more than 6 useState.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..', '..');
const SOURCE = ['src', 'studio', 'scripts', 'mock-server', 'bench'];
const files = execFileSync('git', ['ls-files', ...SOURCE.flatMap((d) => [`${d}/*.ts`, `${d}/*.tsx`]), 'vite.config.ts'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.includes('.gen.') && !f.includes('/fixtures/'));
const sourceOf = (f: string) => ts.createSourceFile(f, readFileSync(path.join(root, f), 'utf8'), ts.ScriptTarget.Latest, true, f.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
const isFunction = (n: ts.Node): n is ts.FunctionLikeDeclaration => ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isMethodDeclaration(n);
const nameOf = (n: ts.FunctionLikeDeclaration): string => {
  if (n.name) return n.name.getText();
  const p = n.parent;
  return ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) ? p.name.getText() : '(anonymous)';
};

/** every function of every source file: where, its name, its lines, and the file's tree */
function functions(): { at: string; name: string; lines: number; node: ts.FunctionLikeDeclaration; sf: ts.SourceFile }[] {
  const out: ReturnType<typeof functions> = [];
  for (const f of files) {
    const sf = sourceOf(f);
    const visit = (n: ts.Node) => {
      if (isFunction(n)) {
        const from = sf.getLineAndCharacterOfPosition(n.getStart()).line;
        const to = sf.getLineAndCharacterOfPosition(n.getEnd()).line;
        out.push({ at: `${f}:${from + 1}`, name: nameOf(n), lines: to - from + 1, node: n, sf });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

describe('the house', () => {
  const all = functions();

  it('has no function over 120 lines', () => {
    expect(all.filter((f) => f.lines > 120).map((f) => `${f.at} ${f.name}: ${f.lines} lines`)).toEqual([]);
  });

  it('defines the object guard once (src/config/json.ts), and escapes JSON Pointers in one file (src/config/pointer.ts)', () => {
    const guards: string[] = [];
    const escapes: string[] = [];
    for (const f of files) {
      const text = readFileSync(path.join(root, f), 'utf8');
      if (/(?:const|function)\s+is(?:Plain)?Object\b(?!\s*=\s*is\w*Object\b)/.test(text)) guards.push(f);
      if (/replace\(\/~\/g, '~0'\)|replace\(\/~1\/g, '\/'\)/.test(text)) escapes.push(f);
    }
    expect(guards).toEqual(['src/config/json.ts']);
    expect(escapes).toEqual(['src/config/pointer.ts']);
  });

  it('has no comment that names an issue', () => {
    const named: string[] = [];
    for (const f of files) {
      readFileSync(path.join(root, f), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/(\/\/|\/?\*).*\bissues? #?\d+/i.test(line)) named.push(`${f}:${i + 1}`);
        });
    }
    expect(named).toEqual([]);
  });

  it('keeps the studio\'s page small: App.tsx at most 250 lines, no component with more than 6 useState', () => {
    expect(readFileSync(path.join(root, 'studio', 'ui', 'App.tsx'), 'utf8').split('\n').length).toBeLessThanOrEqual(250);
    const crowded = all
      .filter((f) => f.at.startsWith('studio/ui/') || f.at.startsWith('src/'))
      .map((f) => ({ ...f, states: (f.node.body?.getText(f.sf).match(/\buseState\b/g) ?? []).length }))
      .filter((f) => f.states > 6)
      .map((f) => `${f.at} ${f.name}: ${f.states} useState`);
    expect(crowded).toEqual([]);
  });
});
