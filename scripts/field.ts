/**
 * npm run field -- report FILE... [--html OUT] [--min-views N]
 *
 * Reads field data's JSON lines (deploy/nginx's RUM_LOG, the mock's; gzip'd or not, files or quoted
 * globs such as 'logs/rum-*.jsonl.gz') with DuckDB, where they lie, and prints: p75 and p95 of every
 * metric per route, brand, engine and release; the config nodes with the slowest INP; the errors by
 * message and config node with their count per release. `--html OUT` also writes a page with charts
 * (every brand on every route, each brand's releases over time) that works offline. Each report is
 * one SQL file of scripts/field/, run in that order; docs/OPERATING.md (*Field data*) says what each
 * figure means, docs/BENCH.md how long it takes and how the same SQL runs on more than one machine.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { fieldPage } from './field-page';
import { BUDGETS, figure, METRICS, type FieldReport, type Row, type Summary } from './field-figures';

const SQL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'field');
const sql = (name: string) => readFileSync(path.join(SQL_DIR, `${name}.sql`), 'utf8');

const quoteSql = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Runs every report of scripts/field/ over the files (paths or globs). */
export async function fieldReport(files: string[], minViews = 20): Promise<FieldReport> {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  try {
    await c.run(`SET VARIABLE files = [${files.map(quoteSql).join(', ')}]`);
    await c.run(`SET VARIABLE min_views = ${Math.max(1, Math.floor(minViews))}`);
    const rows = async (name: string) => (await c.runAndReadAll(sql(name))).getRowObjectsJson() as Row[];
    const [summary] = (await rows('lines')) as unknown as Summary[];
    return { files, summary, groups: await rows('by-group'), nodes: await rows('slow-nodes'), errors: await rows('errors'), brandRoutes: await rows('brand-route'), releases: await rows('releases'), ms: 0 };
  } finally {
    c.closeSync();
    db.closeSync();
  }
}

const padStart = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
const width = (s: string) => [...s].reduce((n, ch) => n + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1), 0);
const padWide = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - width(s)));

function table(head: string[], body: string[][], leftColumns = 1): string {
  const widths = head.map((h, i) => Math.max(width(h), ...body.map((r) => width(r[i] ?? ''))));
  const line = (cells: string[]) => cells.map((c, i) => (i < leftColumns ? padWide(c, widths[i]) : padStart(c, widths[i]))).join('  ').trimEnd();
  return [line(head), ...body.map(line)].join('\n');
}

/** The report as text: what was read, the budgets, then each table. */
export function formatReport(r: FieldReport): string {
  const out: string[] = [];
  const s = r.summary;
  out.push(`field data: ${s.lines.toLocaleString('en')} lines, ${s.views.toLocaleString('en')} page views, ${s.first ?? '-'} to ${s.last ?? '-'}; brands: ${s.brands ?? '-'}`);
  out.push(`p75 budgets: ${METRICS.map((m) => `${m} ${BUDGETS[m].ours}${BUDGETS[m].unit}${BUDGETS[m].good !== BUDGETS[m].ours ? ` (Google's good: ${BUDGETS[m].good}${BUDGETS[m].unit})` : ''}`).join(', ')}; * over ours, ** over Google's good too`);
  for (const dimension of ['route', 'brand', 'engine', 'release']) {
    const rows = r.groups.filter((g) => g.dimension === dimension);
    if (!rows.length) continue;
    const head = [`per ${dimension}`, 'views', ...METRICS.flatMap((m) => [`${m} p75`, 'p95'])];
    out.push('', table(head, rows.map((g) => [String(g.group ?? '(none)'), String(g.views), ...METRICS.flatMap((m) => [figure(m, g[`${m.toLowerCase()}_p75`]), figure(m, g[`${m.toLowerCase()}_p95`], false)])])));
  }
  out.push('', 'slowest config nodes by INP (p75)');
  out.push(r.nodes.length ? table(['file', 'JSON path', 'widget', 'views', 'INP p75', 'p95', 'brands'], r.nodes.map((n) => [String(n.file), String(n.path), String(n.widget ?? ''), String(n.views), figure('INP', n.inp_p75), figure('INP', n.inp_p95, false), String(n.brands ?? '')]), 3) : '  (no INP with a config node)');
  out.push('', 'errors by message and config node');
  out.push(r.errors.length ? r.errors.map((e) => `${padStart(String(e.count), 7)}  ${e.source}: ${e.message}${e.file ? `  [${e.file} ${e.path}]` : ''}\n         per release: ${e.per_release}`).join('\n') : '  (none)');
  out.push('', `read in ${(r.ms / 1000).toFixed(1)} s`);
  return out.join('\n');
}

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('usage: npm run field -- report FILE... [--html OUT] [--min-views N]\n  FILE: JSON lines of field data (RUM_LOG), .gz too; a quoted glob reads every file it matches');
  process.exit(1);
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (command !== 'report') usage(command ? `unknown command "${command}"` : undefined);
  const files: string[] = [];
  let html: string | undefined;
  let minViews = 20;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--html') html = rest[++i] ?? usage('--html needs a file to write');
    else if (rest[i] === '--min-views') minViews = Number(rest[++i]);
    else if (rest[i].startsWith('--')) usage(`unknown option ${rest[i]}`);
    else files.push(rest[i]);
  }
  if (!files.length) usage('no file to read');
  if (!Number.isFinite(minViews) || minViews < 1) usage('--min-views needs a number of at least 1');
  for (const f of files) if (!/[*?[]/.test(f) && !existsSync(f)) usage(`no such file: ${f}`);
  const started = Date.now();
  const report = await fieldReport(files.map((f) => path.resolve(f)), minViews);
  report.ms = Date.now() - started;
  console.log(formatReport(report));
  if (html) {
    writeFileSync(html, fieldPage(report));
    console.log(`wrote ${html}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
