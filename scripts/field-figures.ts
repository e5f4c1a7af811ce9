/**
 * What `npm run field` reports (scripts/field.ts prints it, scripts/field-page.ts draws it): the
 * metrics, the budget each p75 is held to, how a figure is shown, and the report's shape.
 */
export type Metric = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';
export const METRICS: readonly Metric[] = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'];

/**
 * The p75 each metric is held to: ours, and Google's "good" (web.dev). Ours is Google's but for INP:
 * every tap answered within 50 ms, the budget of `npm run bench` (docs/BENCH.md).
 */
export const BUDGETS: Record<Metric, { ours: number; good: number; unit: string }> = {
  LCP: { ours: 2500, good: 2500, unit: 'ms' },
  INP: { ours: 50, good: 200, unit: 'ms' },
  CLS: { ours: 0.1, good: 0.1, unit: '' },
  FCP: { ours: 1800, good: 1800, unit: 'ms' },
  TTFB: { ours: 800, good: 800, unit: 'ms' },
};

export type Row = Record<string, string | number | null>;
export interface Summary {
  lines: number;
  views: number;
  first: string | null;
  last: string | null;
  brands: string | null;
}
export interface FieldReport {
  files: string[];
  summary: Summary;
  /** route, brand, engine, release rows: views and p75/p95 of each metric (lcp_p75, inp_p95…) */
  groups: Row[];
  nodes: Row[];
  errors: Row[];
  brandRoutes: Row[];
  releases: Row[];
  ms: number;
}

/** A figure as the report shows it: ms rounded, CLS to three decimals; `*` over our budget, `**` over Google's good too. */
export function figure(metric: Metric, value: number | string | null, marked = true): string {
  if (value === null || value === undefined) return '-';
  const v = Number(value);
  const text = metric === 'CLS' ? v.toFixed(3) : String(Math.round(v));
  if (!marked) return text;
  const { ours, good } = BUDGETS[metric];
  return v > good ? `${text}**` : v > ours ? `${text}*` : text;
}
