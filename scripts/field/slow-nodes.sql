-- The config nodes players wait on longest: INP per widget node or form field (its file and JSON
-- path), slowest p75 first, among those with at least getvariable('min_views') page views.
SELECT
  file,
  path,
  any_value(widget) AS widget,
  count(*)::INTEGER AS views,
  quantile_cont(value, 0.75) AS inp_p75,
  quantile_cont(value, 0.95) AS inp_p95,
  string_agg(DISTINCT brand, ', ' ORDER BY brand) AS brands
FROM vitals
WHERE metric = 'INP' AND file IS NOT NULL
GROUP BY file, path
HAVING count(*) >= getvariable('min_views')
ORDER BY inp_p75 DESC, views DESC
LIMIT 15;
