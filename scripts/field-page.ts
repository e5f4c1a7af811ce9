/**
 * The page of `npm run field -- report … --html OUT`: one HTML file that works offline (uPlot, its
 * stylesheet and the data inline), for an operator to read at a glance. Charts: the p75 of INP and of
 * LCP of every brand on each of the busiest routes, against our budget and Google's good; each
 * brand's releases over time, their INP p75 and their errors per 1,000 page views. Tables: every
 * figure of the printed report, and the brands each on a row of their own.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BUDGETS, figure, METRICS, type FieldReport, type Metric } from './field-figures';

const require = createRequire(import.meta.url);
const UPLOT_DIR = path.dirname(require.resolve('uplot/dist/uPlot.iife.min.js'));
/** the routes the charts show, the busiest first */
const CHART_ROUTES = 16;

const escapeHtml = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside a <script>: nothing in it may close the element or end a line of JavaScript */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

function htmlTable(head: string[], rows: unknown[][]): string {
  return `<table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

function groupTable(r: FieldReport, dimension: string): string {
  const rows = r.groups.filter((g) => g.dimension === dimension);
  return htmlTable(
    [dimension, 'views', ...METRICS.flatMap((m) => [`${m} p75`, 'p95'])],
    rows.map((g) => [g.group ?? '(none)', g.views, ...METRICS.flatMap((m: Metric) => [figure(m, g[`${m.toLowerCase()}_p75`]), figure(m, g[`${m.toLowerCase()}_p95`], false)])]),
  );
}

/** What the page's script draws with: the routes and brands, their p75s, the releases in time. */
function chartData(r: FieldReport) {
  const brands = [...new Set(r.brandRoutes.map((b) => String(b.brand)))].sort();
  const views = new Map<string, number>();
  for (const b of r.brandRoutes) views.set(String(b.route), (views.get(String(b.route)) ?? 0) + Number(b.views));
  const routes = [...views.entries()].sort((a, b) => b[1] - a[1]).slice(0, CHART_ROUTES).map(([route]) => route);
  const at = (brand: string, route: string, key: string) => {
    const row = r.brandRoutes.find((b) => b.brand === brand && b.route === route);
    return row && row[key] !== null ? Math.round(Number(row[key])) : null;
  };
  const times = [...new Set(r.releases.map((x) => Number(x.first)))].sort((a, b) => a - b);
  const release = (brand: string, key: string) => times.map((t) => {
    const row = r.releases.find((x) => x.brand === brand && Number(x.first) === t);
    return row && row[key] !== null ? Math.round(Number(row[key]) * 10) / 10 : null;
  });
  return {
    brands,
    routes,
    inp: brands.map((b) => routes.map((route) => at(b, route, 'inp_p75'))),
    lcp: brands.map((b) => routes.map((route) => at(b, route, 'lcp_p75'))),
    times,
    releaseInp: brands.map((b) => release(b, 'inp_p75')),
    releaseErrors: brands.map((b) => release(b, 'errors_per_1000')),
    budgets: BUDGETS,
  };
}

/** The page's own script: draws the four charts with uPlot from DATA. */
const DRAW = `
const COLORS = ['#1366e6', '#a3195b', '#0f9d58', '#e37400', '#7e57c2', '#d93025'];
const color = (i) => COLORS[i % COLORS.length];
const width = () => Math.min(1000, document.body.clientWidth - 32);
/** from 0 to a little above the highest value and the budget lines */
const upTo = (values, lines) => [0, Math.max(1, ...lines.map((l) => l[0]), ...values.flat().filter((v) => v !== null)) * 1.15];
function budgetLines(lines) {
  return (u) => {
    const ctx = u.ctx;
    ctx.save();
    ctx.font = Math.round(12 * devicePixelRatio) + 'px sans-serif';
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    for (const [value, label, dash] of lines) {
      const y = Math.round(u.valToPos(value, 'y', true));
      if (y < u.bbox.top || y > u.bbox.top + u.bbox.height) continue;
      ctx.strokeStyle = '#888';
      ctx.setLineDash(dash);
      ctx.beginPath();
      ctx.moveTo(u.bbox.left, y);
      ctx.lineTo(u.bbox.left + u.bbox.width, y);
      ctx.stroke();
      ctx.fillStyle = '#555';
      ctx.fillText(label, u.bbox.left + u.bbox.width - 6, y - 3);
    }
    ctx.restore();
  };
}
function byRoute(id, metric, values) {
  const b = DATA.budgets[metric];
  const lines = b.ours === b.good ? [[b.good, 'good ≤ ' + b.good + ' ms', [6, 4]]] : [[b.ours, 'ours ≤ ' + b.ours + ' ms', [2, 3]], [b.good, "Google's good ≤ " + b.good + ' ms', [6, 4]]];
  const xs = DATA.routes.map((_, i) => i);
  new uPlot({
    width: width(), height: 340,
    scales: { x: { time: false, range: [-0.5, DATA.routes.length - 0.5] }, y: { range: upTo(values, lines) } },
    axes: [
      { splits: () => xs, values: (u, splits) => splits.map((i) => DATA.routes[i] || ''), rotate: -35, size: 80, gap: 4 },
      { label: metric + ' p75 (ms)', size: 60 },
    ],
    series: [{ label: 'route', value: (u, i) => (i === null ? '' : DATA.routes[i]) }, ...DATA.brands.map((brand, i) => ({ label: brand, stroke: color(i), fill: color(i), width: 0, paths: () => null, points: { show: true, size: 10, width: 1, fill: color(i) } }))],
    hooks: { draw: [budgetLines(lines)] },
  }, [xs, ...values], document.getElementById(id));
}
function byRelease(id, label, values, budget) {
  new uPlot({
    width: width(), height: 260,
    scales: { x: { time: true }, y: { range: upTo(values, budget || []) } },
    axes: [{}, { label, size: 60 }],
    series: [{}, ...DATA.brands.map((brand, i) => ({ label: brand, stroke: color(i), width: 2, spanGaps: true, points: { show: true, size: 8, fill: color(i) } }))],
    hooks: budget ? { draw: [budgetLines(budget)] } : {},
  }, [DATA.times, ...values], document.getElementById(id));
}
byRoute('inp-route', 'INP', DATA.inp);
byRoute('lcp-route', 'LCP', DATA.lcp);
const inp = DATA.budgets.INP;
byRelease('inp-release', 'INP p75 (ms)', DATA.releaseInp, [[inp.ours, 'ours ≤ ' + inp.ours + ' ms', [2, 3]], [inp.good, "Google's good ≤ " + inp.good + ' ms', [6, 4]]]);
byRelease('errors-release', 'errors per 1,000 views', DATA.releaseErrors);
`;

const CSS = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 16px; color: #222; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; }
p.note { color: #555; margin: 4px 0; }
table { border-collapse: collapse; margin: 6px 0 12px; font-size: 13px; }
th, td { border-bottom: 1px solid #e3e3e3; padding: 3px 8px; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
td.wrap { white-space: normal; text-align: left; max-width: 560px; }
.chart { margin: 8px 0 4px; }
/* the legend names the brands; the x axis' own entry says nothing */
.u-legend .u-series:first-child { display: none; }
`;

export function fieldPage(r: FieldReport): string {
  const s = r.summary;
  const budgets = METRICS.map((m) => `${m} ${BUDGETS[m].ours}${BUDGETS[m].unit}${BUDGETS[m].good !== BUDGETS[m].ours ? ` (Google's good: ${BUDGETS[m].good}${BUDGETS[m].unit})` : ''}`).join(', ');
  const uplot = readFileSync(path.join(UPLOT_DIR, 'uPlot.iife.min.js'), 'utf8');
  const uplotCss = readFileSync(path.join(UPLOT_DIR, 'uPlot.min.css'), 'utf8');
  const errors = `<table><thead><tr><th>count</th><th>views</th><th>source</th><th>message</th><th>config node</th><th>per release</th></tr></thead><tbody>${r.errors
    .map((e) => `<tr><td>${escapeHtml(e.count)}</td><td>${escapeHtml(e.views)}</td><td>${escapeHtml(e.source)}</td><td class="wrap">${escapeHtml(e.message)}</td><td>${e.file ? `${escapeHtml(e.file)} ${escapeHtml(e.path)}` : ''}</td><td class="wrap">${escapeHtml(e.per_release)}</td></tr>`)
    .join('')}</tbody></table>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Field data: ${escapeHtml(s.brands)}</title>
<style>${uplotCss}${CSS}</style>
</head>
<body>
<h1>Field data</h1>
<p class="note">${escapeHtml(s.lines.toLocaleString('en'))} lines, ${escapeHtml(s.views.toLocaleString('en'))} page views, ${escapeHtml(s.first)} to ${escapeHtml(s.last)}. Brands: <strong>${escapeHtml(s.brands)}</strong>.</p>
<p class="note">p75 budgets: ${escapeHtml(budgets)}. In the tables, * is over ours, ** over Google's good too.</p>
<h2>INP p75 per route, every brand</h2><div class="chart" id="inp-route"></div>
<h2>LCP p75 per route, every brand</h2><div class="chart" id="lcp-route"></div>
<h2>Each brand's releases: INP p75</h2><div class="chart" id="inp-release"></div>
<h2>Each brand's releases: errors per 1,000 page views</h2><div class="chart" id="errors-release"></div>
<h2>Per brand</h2>${groupTable(r, 'brand')}
<h2>Per route</h2>${groupTable(r, 'route')}
<h2>Per engine</h2>${groupTable(r, 'engine')}
<h2>Per release</h2>${groupTable(r, 'release')}
<h2>Slowest config nodes by INP</h2>${htmlTable(['file', 'JSON path', 'widget', 'views', 'INP p75', 'p95', 'brands'], r.nodes.map((n) => [n.file, n.path, n.widget, n.views, figure('INP', n.inp_p75), figure('INP', n.inp_p95, false), n.brands]))}
<h2>Errors by message and config node</h2>${errors}
<p class="note">Files: ${r.files.map(escapeHtml).join(', ')}. Read in ${(r.ms / 1000).toFixed(1)} s.</p>
<script>${uplot}</script>
<script>const DATA = ${scriptJson(chartData(r))};${DRAW}</script>
</body>
</html>
`;
}
