/**
 * Synthetic field data, for measuring `npm run field` (bench/field.ts) and for trying its page: the
 * JSON lines deploy/nginx/rum.js writes, as a week of players would send them. Page views of the
 * product and both brands, on the routes of routes.json (home most), on the engines players hold
 * (WeChat's and QQ's WebViews on old Chromium, iOS WebKit), over five releases per brand; each view
 * reports TTFB, FCP, LCP and CLS, most an INP on a real config node of its screen or form, a few an
 * error. Values are log-normal around a mid-range phone's, slower on older engines; one release of
 * one brand is slower (what the report should make plain). Deterministic for a seed.
 *
 *   tsx bench/field-lines.ts LINES [FILE] [--seed N]   write LINES lines to FILE (default: stdout)
 */
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mulberry32 } from '../src/engine/rng';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG = path.join(ROOT, 'screens.config');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(CONFIG, file), 'utf8'));

interface Target {
  file: string;
  path: string;
  widget: string;
}

/** the widget nodes of a screen (their JSON paths) and the fields of the forms it shows */
function targetsOf(screen: string): Target[] {
  const out: Target[] = [];
  const forms = new Set<string>();
  const walk = (v: unknown, at: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}/${i}`));
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.type === 'string' && /^[A-Z]/.test(o.type)) out.push({ file: `screens.config/screens/${screen}.json`, path: at, widget: o.type });
      if (o.type === 'Form' && typeof (o.props as { form?: unknown } | undefined)?.form === 'string') forms.add((o.props as { form: string }).form);
      for (const [k, x] of Object.entries(o)) walk(x, `${at}/${k}`);
    }
  };
  walk(readJson(`screens/${screen}.json`), '');
  for (const form of forms) {
    const fields = (readJson(`forms/${form}.json`) as { fields: { type: string }[] }).fields;
    fields.forEach((f, i) => f.type !== 'hidden' && out.push({ file: `screens.config/forms/${form}.json`, path: `/fields/${i}`, widget: f.type }));
  }
  return out;
}

const pick = <T>(rnd: () => number, items: readonly (readonly [T, number])[]): T => {
  const total = items.reduce((n, [, w]) => n + w, 0);
  let r = rnd() * total;
  for (const [item, w] of items) if ((r -= w) < 0) return item;
  return items[items.length - 1][0];
};
/** a log-normal value around `median` (sigma on the log scale) */
const logNormal = (rnd: () => number, median: number, sigma: number) => {
  const z = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  return median * Math.exp(sigma * z);
};
const hex = (rnd: () => number, n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');

const BRANDS = [
  ['product', 5],
  ['jinsha', 3],
  ['yinhe', 2],
] as const;
/** engine, its share, how much slower than a current phone */
const ENGINES: readonly (readonly [readonly [string, number], number])[] = [
  [['Chromium 66', 2.2], 4],
  [['Chromium 72', 2], 6],
  [['Chromium 79', 1.7], 8],
  [['Chromium 86', 1.5], 12],
  [['Chromium 92', 1.3], 10],
  [['Chromium 110', 1.1], 12],
  [['Chromium 124', 1], 18],
  [['WebKit 13', 1.6], 4],
  [['WebKit 15', 1.2], 10],
  [['WebKit 17', 1], 16],
];
const APPS = [
  ['MicroMessenger', 40],
  ['QQ/', 8],
  ['AlipayClient', 4],
  ['', 48],
] as const;
const NETS = [
  ['4g', 80],
  ['3g', 12],
  ['slow-2g', 2],
  ['', 6],
] as const;
const ERRORS = [
  ["TypeError: Cannot read properties of undefined (reading 'list')", 'render', 30],
  ['Failed to fetch dynamically imported module: https://m.example.com/assets/recharge-#.js', 'rejection', 20],
  ['NetworkError when attempting to fetch resource.', 'rejection', 12],
  ["SyntaxError: Unexpected token '<'", 'error', 6],
  ['ResizeObserver loop completed with undelivered notifications.', 'error', 10],
  ['test fault: widget:Carousel', 'render', 2],
] as const;
/** the route weights of a week: home most, then the money screens */
const ROUTE_WEIGHT: Record<string, number> = { '/': 30, '/login': 10, '/mine': 10, '/recharge': 8, '/withdrawal': 4, '/transfer': 3, '/money': 4, '/activity': 5, '/gamePage': 6, '/betRecord': 3, '/transRecord': 3 };

/** web-vitals' thresholds of good and poor */
const THRESHOLDS: Record<string, [number, number]> = { LCP: [2500, 4000], INP: [200, 500], CLS: [0.1, 0.25], FCP: [1800, 3000], TTFB: [800, 1800] };
const ratingOf = (name: string, value: number) => (value <= THRESHOLDS[name][0] ? 'good' : value <= THRESHOLDS[name][1] ? 'needs-improvement' : 'poor');

export interface FieldLines {
  lines: number;
  seed: number;
  /** the week the lines cover ends here */
  end: Date;
}

/** Writes `lines` lines to `out`, page view after page view. */
export async function writeFieldLines(out: NodeJS.WritableStream, { lines, seed, end }: FieldLines): Promise<void> {
  const rnd = mulberry32(seed);
  const routes = (readJson('routes.json') as { routes: { path: string; screen?: string }[] }).routes.filter((r) => r.screen && readdirSync(path.join(CONFIG, 'screens')).includes(`${r.screen}.json`));
  const targets = new Map(routes.map((r) => [r.path, targetsOf(r.screen!)]));
  const routeWeights = routes.map((r) => [r.path, ROUTE_WEIGHT[r.path] ?? 0.5] as const);
  const releases = Object.fromEntries(BRANDS.map(([b]) => [b, Array.from({ length: 5 }, () => hex(rnd, 16))]));
  const week = 7 * 24 * 3600 * 1000;
  const start = end.getTime() - week;
  let written = 0;
  let buffer: string[] = [];
  const put = (line: Record<string, unknown>) => {
    buffer.push(JSON.stringify(line));
    written++;
  };
  const flush = async () => {
    if (!out.write(`${buffer.join('\n')}\n`)) await new Promise((r) => out.once('drain', r));
    buffer = [];
  };
  // each brand deploys on its own days
  const shift: Record<string, number> = { product: 0, jinsha: 0.4, yinhe: 0.7 };
  while (written < lines) {
    const t = start + (week * written) / lines;
    const brand = pick(rnd, BRANDS);
    const releaseIndex = Math.min(4, Math.floor(((t - start) / week) * 4 + shift[brand]));
    const [engine, slower] = pick(rnd, ENGINES);
    const app = pick(rnd, APPS);
    const net = pick(rnd, NETS);
    const route = pick(rnd, routeWeights);
    // jinsha's fourth release made its screens slower to answer
    const regress = brand === 'jinsha' && releaseIndex === 3 ? 1.8 : 1;
    const ctx = { ts: new Date(t).toISOString(), view: `${t.toString(36)}-${hex(rnd, 8)}`, brand, release: releases[brand][releaseIndex], engine, ...(app && { app }), ...(net && { net }) };
    const vital = (name: string, value: number, rest: Record<string, unknown> = {}) => put({ ...ctx, kind: 'vital', name, value: name === 'CLS' ? Math.round(value * 10000) / 10000 : Math.round(value), rating: ratingOf(name, value), id: `v6-${t}-${hex(rnd, 13)}`, route, nav: 'navigate', ...rest });
    const ttfb = logNormal(rnd, net === '3g' ? 700 : 350, 0.5);
    vital('TTFB', ttfb);
    vital('FCP', ttfb + logNormal(rnd, 700 * slower, 0.4));
    const own = targets.get(route) ?? [];
    const lcpNode = own.find((x) => x.widget === 'Carousel' || x.widget === 'Tiles') ?? own[0];
    vital('LCP', ttfb + logNormal(rnd, 1100 * slower, 0.45), lcpNode ? { ...lcpNode } : {});
    vital('CLS', rnd() < 0.8 ? 0 : logNormal(rnd, 0.03, 1));
    if (rnd() < 0.75 && own.length) {
      const hit = own[Math.floor(rnd() * own.length)];
      // a tab bar of many panes is the heaviest tap of the app
      const heavy = hit.widget === 'SideTabs' || hit.widget === 'Tabs' ? 2.5 : 1;
      vital('INP', logNormal(rnd, 40 * slower * heavy * regress, 0.6), { ...hit, interaction: rnd() < 0.8 ? 'pointer' : 'keyboard' });
    }
    if (rnd() < 0.03) {
      const [message, source] = pick(rnd, ERRORS.map(([m, s, w]) => [[m, s], w] as const));
      // a render error is one widget's: the route's last node that is not a plain text
      const node = source === 'render' ? [...own].reverse().find((x) => x.widget !== 'Text' && x.file.includes('/screens/')) : undefined;
      put({ ...ctx, kind: 'error', source, message, route, ...node });
    }
    if (buffer.length >= 5000) await flush();
  }
  await flush();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [count, file] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const seedAt = process.argv.indexOf('--seed');
  const lines = Number(count);
  if (!Number.isInteger(lines) || lines < 1) {
    console.error('usage: tsx bench/field-lines.ts LINES [FILE] [--seed N]');
    process.exit(1);
  }
  const out = file ? createWriteStream(file) : process.stdout;
  await writeFieldLines(out, { lines, seed: seedAt > 0 ? Number(process.argv[seedAt + 1]) : 51, end: new Date('2026-11-28T00:00:00Z') });
  if (file) await new Promise<void>((resolve) => out.end(() => resolve()));
}
