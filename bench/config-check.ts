/**
 * `npm run check:config` timed as an operator runs it (wall time of the whole command, the
 * median of three), over the real config and over a generated config ten times larger. The
 * check's own time (printed by the script) shows whether its cost grows about linearly.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { generateLargeConfig } from './gen-config';
import { ROOT, median, round } from './lib';
import { checkConfigArgs } from '../scripts/check-command';

export interface CheckTiming {
  wallMs: number;
  checkMs: number;
  ok: boolean;
  output: string;
}

function timeCheck(dir?: string): CheckTiming {
  const walls: number[] = [];
  const checks: number[] = [];
  let ok = true;
  let output = '';
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    // as package.json's check:config runs it (node with the check's bundle)
    const r = spawnSync(process.execPath, checkConfigArgs(ROOT, dir ? ['--dir', dir] : []), { cwd: ROOT, encoding: 'utf8' });
    walls.push(performance.now() - started);
    output = `${r.stdout}${r.stderr}`.trim();
    ok = r.status === 0;
    const m = /\((\d+) ms\)/.exec(r.stdout);
    if (m) checks.push(Number(m[1]));
  }
  return { wallMs: round(median(walls)), checkMs: round(median(checks)), ok, output: output.split('\n').slice(-3).join(' | ') };
}

export interface ConfigFigures {
  real: CheckTiming;
  large: CheckTiming;
  factor: number;
  /** check time over the large config divided by the check time over the real one */
  growth: number;
}

export function measureConfigCheck(factor = 10): ConfigFigures {
  const real = timeCheck();
  const dir = generateLargeConfig(factor);
  try {
    const large = timeCheck(dir);
    return { real, large, factor, growth: round(large.checkMs / Math.max(real.checkMs, 1), 1) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
