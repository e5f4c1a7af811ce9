-- p75 and p95 of every metric per route, per brand, per engine and per release (a release is a
-- brand's build: its id with its brand; brand by brand in the order they went out), with the page
-- views that sent them.
SELECT
  CASE WHEN grouping(route) = 0 THEN 'route' WHEN grouping(engine) = 0 THEN 'engine' WHEN grouping(release) = 0 THEN 'release' ELSE 'brand' END AS dimension,
  CASE WHEN grouping(route) = 0 THEN route WHEN grouping(engine) = 0 THEN engine WHEN grouping(release) = 0 THEN brand || ' ' || left(release, 8) ELSE brand END AS "group",
  count(DISTINCT view)::INTEGER AS views,
  min(ts)::VARCHAR AS first,
  quantile_cont(value, 0.75) FILTER (WHERE metric = 'LCP') AS lcp_p75,
  quantile_cont(value, 0.95) FILTER (WHERE metric = 'LCP') AS lcp_p95,
  quantile_cont(value, 0.75) FILTER (WHERE metric = 'INP') AS inp_p75,
  quantile_cont(value, 0.95) FILTER (WHERE metric = 'INP') AS inp_p95,
  quantile_cont(value, 0.75) FILTER (WHERE metric = 'CLS') AS cls_p75,
  quantile_cont(value, 0.95) FILTER (WHERE metric = 'CLS') AS cls_p95,
  quantile_cont(value, 0.75) FILTER (WHERE metric = 'FCP') AS fcp_p75,
  quantile_cont(value, 0.95) FILTER (WHERE metric = 'FCP') AS fcp_p95,
  quantile_cont(value, 0.75) FILTER (WHERE metric = 'TTFB') AS ttfb_p75,
  quantile_cont(value, 0.95) FILTER (WHERE metric = 'TTFB') AS ttfb_p95
FROM vitals
GROUP BY GROUPING SETS ((route), (brand), (engine), (brand, release))
ORDER BY dimension, CASE WHEN grouping(release) = 0 THEN brand END, CASE WHEN grouping(release) = 0 THEN min(ts) END, views DESC, "group";
