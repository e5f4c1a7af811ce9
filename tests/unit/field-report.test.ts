/**
 * `npm run field -- report` (scripts/field.ts, the SQL of scripts/field/): figures checked against
 * lines whose answers are known. p75/p95 are DuckDB's quantile_cont (linear between the two nearest
 * values); a page view's INP counts once, at its largest; what is not a line of field data is
 * skipped; a gzip'd file reads as its text. The page it writes holds uPlot and its data inline and
 * names every brand (tests/e2e/rum.e2e.ts opens it in Chromium). The time it takes over 200,000
 * lines is the bench's (bench/field.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPage } from '../../scripts/field-page';
import { fieldReport, formatReport } from '../../scripts/field';
import { figure, type FieldReport } from '../../scripts/field-figures';

const root = path.resolve(import.meta.dirname, '..', '..');
const dir = mkdtempSync(path.join(tmpdir(), 'field-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
const ts = (day: number) => new Date(Date.UTC(2026, 10, day, 12)).toISOString();
/** one page view: its context, and a line per metric value given */
function view(brand: string, release: string, route: string, engine: string, day: number, metrics: Record<string, number>, extra: Record<string, unknown> = {}): string[] {
  const v = `view-${++n}`;
  const ctx = { ts: ts(day), view: v, brand, release, engine };
  return Object.entries(metrics).map(([name, value]) => JSON.stringify({ ...ctx, kind: 'vital', name, value, rating: 'good', id: `${v}-${name}`, route, ...(name === 'INP' ? extra : {}) }));
}

const lines: string[] = [];
// the product on /: INP 10, 20, 30, 40 (p75 = 32.5, p95 = 38.5), LCP 1000..4000
for (const [i, inp] of [10, 20, 30, 40].entries()) lines.push(...view('product', 'aaaaaaaa11111111', '/', 'Chromium 66', 21, { INP: inp, LCP: 1000 * (i + 1), TTFB: 100 }, { file: 'screens.config/screens/home.json', path: '/body/4', widget: 'SideTabs' }));
// jinsha on /login, release b then c: INP 200 twice (one sent again larger: 300 counts, not 200)
lines.push(...view('jinsha', 'bbbbbbbb22222222', '/login', 'WebKit 15', 22, { INP: 200 }, { file: 'screens.config/forms/login.json', path: '/fields/0', widget: 'text' }));
const again = JSON.parse(lines[lines.length - 1]) as Record<string, unknown>;
lines.push(JSON.stringify({ ...again, value: 300 }));
lines.push(...view('jinsha', 'cccccccc33333333', '/login', 'WebKit 15', 24, { INP: 100 }, { file: 'screens.config/forms/login.json', path: '/fields/0', widget: 'text' }));
// errors: the same render error twice in release b, once in c; a rejection once
const err = (release: string, day: number, source: string, message: string, node = {}) => JSON.stringify({ ts: ts(day), view: `e-${++n}`, brand: 'jinsha', release, engine: 'WebKit 15', kind: 'error', source, message, route: '/login', ...node });
const node = { file: 'screens.config/screens/login.json', path: '/body/1', widget: 'Tabs' };
lines.push(err('bbbbbbbb22222222', 22, 'render', "TypeError: Cannot read properties of undefined (reading 'list')", node), err('bbbbbbbb22222222', 23, 'render', "TypeError: Cannot read properties of undefined (reading 'list')", node), err('cccccccc33333333', 24, 'render', "TypeError: Cannot read properties of undefined (reading 'list')", node));
lines.push(err('cccccccc33333333', 24, 'rejection', 'NetworkError when attempting to fetch resource.'));
// what is not field data: not JSON, a value of the wrong type, an empty line
const garbage = ['not json at all', '{"kind":"vital","name":"INP","value":"fast","id":"x","view":"x","route":"/"}', ''];

let report: FieldReport;
beforeAll(async () => {
  const half = Math.floor(lines.length / 2);
  writeFileSync(path.join(dir, 'a.jsonl'), [...lines.slice(0, half), ...garbage].join('\n'));
  writeFileSync(path.join(dir, 'b.jsonl.gz'), gzipSync(lines.slice(half).join('\n')));
  report = await fieldReport([path.join(dir, 'a.jsonl'), path.join(dir, '*.gz')], 1);
});

const group = (dimension: string, name: string) => report.groups.find((g) => g.dimension === dimension && g.group === name);

describe('npm run field -- report', () => {
  it('reads every file and glob, gzip too, and skips what is not field data', () => {
    // the line whose value is not a number is read, its value missing: it counts in no figure
    expect(report.summary).toMatchObject({ lines: lines.length + 1, views: 11, brands: 'jinsha, product' });
    expect(group('route', '/')?.views).toBe(4);
  });

  it('p75 and p95 of each metric per route, brand, engine and release; a page view counts once, at its largest', () => {
    expect(group('route', '/')).toMatchObject({ views: 4, inp_p75: 32.5, inp_p95: 38.5, lcp_p75: 3250, ttfb_p75: 100 });
    expect(group('route', '/')!.lcp_p95).toBeCloseTo(3850, 6);
    expect(group('route', '/login')).toMatchObject({ inp_p75: 250, inp_p95: 290 });
    expect(group('brand', 'jinsha')).toMatchObject({ views: 2 });
    expect(group('engine', 'Chromium 66')).toMatchObject({ views: 4, inp_p75: 32.5 });
    expect(report.groups.filter((g) => g.dimension === 'release').map((g) => [g.group, g.inp_p75])).toEqual([
      ['jinsha bbbbbbbb', 300],
      ['jinsha cccccccc', 100],
      ['product aaaaaaaa', 32.5],
    ]);
  });

  it('the config nodes by INP, slowest p75 first, with the brands that saw them', () => {
    expect(report.nodes.map((x) => [x.file, x.path, x.widget, x.views, x.inp_p75, x.brands])).toEqual([
      ['screens.config/forms/login.json', '/fields/0', 'text', 2, 250, 'jinsha'],
      ['screens.config/screens/home.json', '/body/4', 'SideTabs', 4, 32.5, 'product'],
    ]);
  });

  it('the errors by message and config node, with their count per release', () => {
    expect(report.errors.map((e) => [e.source, e.count, e.file, e.path, e.per_release])).toEqual([
      ['render', 3, 'screens.config/screens/login.json', '/body/1', 'jinsha bbbbbbbb: 2, jinsha cccccccc: 1'],
      ['rejection', 1, null, null, 'jinsha cccccccc: 1'],
    ]);
  });

  it('prints the p75 of INP and LCP per route, marked against our budget and Google\'s', () => {
    const text = formatReport(report);
    const route = text.split('\n').find((l) => l.startsWith('/ '))!;
    // LCP p75 3250 is over ours and Google's (2500), INP p75 32.5 within ours (50)
    expect(route.split(/\s+/).slice(0, 6)).toEqual(['/', '4', '3250**', '3850', '33', '39']);
    expect(text).toContain('per route');
    expect(text).toMatch(/^\/login +2 +- +- +250\*\* +290/m);
    expect(figure('INP', 49)).toBe('49');
    expect(figure('INP', 51)).toBe('51*');
    expect(figure('INP', 201)).toBe('201**');
  });

  it('a page that works offline: uPlot and the data inline, every brand named', () => {
    const html = fieldPage(report);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\/[^"' ]+\.(js|css)/);
    expect(html).toContain(readFileSync(path.join(root, 'node_modules', 'uplot', 'dist', 'uPlot.iife.min.js'), 'utf8'));
    const data = JSON.parse(/const DATA = (\{.*?\});/s.exec(html)![1]) as { brands: string[]; routes: string[]; inp: (number | null)[][] };
    expect(data.brands).toEqual(['jinsha', 'product']);
    expect(data.routes).toEqual(['/', '/login']);
    expect(data.inp).toEqual([
      [null, 250],
      [33, null],
    ]);
    for (const brand of data.brands) expect(html).toContain(`<td>${brand}</td>`);
  });

  it('as a command: a missing file or an unknown command is said, exit 1', () => {
    const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'field.ts'), ...args], { cwd: root, encoding: 'utf8' });
    const missing = run('report', path.join(dir, 'nope.jsonl'));
    expect([missing.status, missing.stderr.split('\n')[0]]).toEqual([1, `no such file: ${path.join(dir, 'nope.jsonl')}`]);
    expect(run('summary').stderr).toContain('unknown command "summary"');
  });
});
