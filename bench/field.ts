/**
 * `npm run field -- report` timed as an operator runs it (the whole command's wall time, node's
 * start included, with --html), over synthetic lines (bench/field-lines.ts): 200,000 lines, and ten
 * times as many (not with BENCH_QUICK) to see how the time grows. The lines are written to a
 * temporary folder, removed after.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeFieldLines } from './field-lines';
import { ROOT, round } from './lib';

export interface FieldTiming {
  lines: number;
  megabytes: number;
  wallMs: number;
  ok: boolean;
}

async function timeReport(dir: string, lines: number): Promise<FieldTiming> {
  const file = path.join(dir, `rum-${lines}.jsonl`);
  const out = createWriteStream(file);
  await writeFieldLines(out, { lines, seed: 51, end: new Date('2026-11-28T00:00:00Z') });
  await new Promise<void>((resolve) => out.end(() => resolve()));
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'field.ts'), 'report', file, '--html', path.join(dir, 'field.html')], { cwd: ROOT, encoding: 'utf8' });
  return { lines, megabytes: round(statSync(file).size / 1e6, 1), wallMs: round(performance.now() - started), ok: r.status === 0 && /^\/ +\d+/m.test(r.stdout) };
}

export async function measureField(quick: boolean): Promise<FieldTiming[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-field-'));
  try {
    const out = [await timeReport(dir, 200_000)];
    if (!quick) out.push(await timeReport(dir, 2_000_000));
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
