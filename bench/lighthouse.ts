/**
 * Lighthouse (mobile preset: phone screen emulation, simulated slow-4G throttling and 4x CPU
 * slowdown) against Debian Chromium started with --remote-debugging-port, no chrome-launcher.
 * Each run gets a fresh browser and profile; the figures are the median of the runs.
 * A repeat-visit run first opens the page in that profile until the service worker holds its
 * files (bench/browser.ts warmWorker), then lets Lighthouse load it again without clearing storage.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { warmWorker } from './browser';
import { CHROMIUM, CHROMIUM_FLAGS, median, round, screenOf } from './lib';

export interface LighthouseFigures {
  url: string;
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** audits of the accessibility category that failed in the median-performance run */
  failedA11y: string[];
  /** best-practices audits that failed */
  failedBestPractices: string[];
}

async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-lh-'));
  const child = spawn(CHROMIUM, [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not open its debugging port: ${err}`)), 30000);
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`chromium exited (${code}): ${err}`));
    });
  });
  return {
    port,
    stop: async () => {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once('exit', r));
        try {
          process.kill(-child.pid, 'SIGTERM'); // the browser and its own helper processes
        } catch {
          child.kill('SIGTERM');
        }
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** one Lighthouse run: the figures without the url and the run count */
type Run = Omit<LighthouseFigures, 'url' | 'runs'>;

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function failed(lhr: Lhr, category: string): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score !== null && (lhr.audits[r.id]?.score ?? 1) < 1)
    .map((r) => {
      const a = lhr.audits[r.id];
      const items = (a.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
      const where = items
        .map((i) => i.node?.snippet)
        .filter(Boolean)
        .slice(0, 3)
        .join(' ');
      return where ? `${r.id}: ${where}` : r.id;
    });
}

/** the first visit in the Lighthouse browser's own profile, through the same debugging port */
async function firstVisit(port: number, url: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const route = new URL(url).hash.replace(/^#/, '') || '/';
    await warmWorker(page, route, screenOf(route.split('?')[0]));
    await page.close();
  } finally {
    await browser.close();
  }
}

async function runOnce(url: string, repeat: boolean): Promise<Run> {
  const chrome = await startChromium();
  try {
    if (repeat) await firstVisit(chrome.port, url);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: repeat,
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const num = (a: string) => lhr.audits[a]?.numericValue ?? NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      failedA11y: failed(lhr, 'accessibility'),
      failedBestPractices: failed(lhr, 'best-practices'),
    };
  } finally {
    await chrome.stop();
  }
}

/** `repeat`: the repeat visit (a second load in a profile where the service worker is installed) */
export async function measureLighthouse(url: string, runs: number, repeat = false): Promise<LighthouseFigures> {
  const all: Run[] = [];
  for (let i = 0; i < runs; i++) all.push(await runOnce(url, repeat));
  const mid = (k: keyof Omit<Run, 'failedA11y' | 'failedBestPractices'>) => median(all.map((r) => r[k]));
  // the failing audits of the run whose performance score is the median one
  const byPerf = [...all].sort((a, b) => a.performance - b.performance)[Math.floor(all.length / 2)];
  return {
    url,
    runs,
    performance: mid('performance'),
    accessibility: mid('accessibility'),
    bestPractices: mid('bestPractices'),
    fcpMs: round(mid('fcpMs')),
    lcpMs: round(mid('lcpMs')),
    tbtMs: round(mid('tbtMs')),
    cls: round(mid('cls'), 3),
    failedA11y: byPerf.failedA11y,
    failedBestPractices: byPerf.failedBestPractices,
  };
}
