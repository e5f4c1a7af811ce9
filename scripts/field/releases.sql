-- Each brand's releases in the order they went out (first seen): p75 of INP and LCP, and the errors
-- per 1,000 page views (the page's charts over time).
WITH views AS (
  SELECT brand, release, count(DISTINCT view) AS views, min(ts) AS first
  FROM lines
  WHERE brand IS NOT NULL AND release IS NOT NULL
  GROUP BY ALL
), errors AS (
  SELECT brand, release, count(*) AS errors FROM lines WHERE kind = 'error' GROUP BY ALL
), vital AS (
  SELECT
    brand,
    release,
    quantile_cont(value, 0.75) FILTER (WHERE metric = 'INP') AS inp_p75,
    quantile_cont(value, 0.75) FILTER (WHERE metric = 'LCP') AS lcp_p75
  FROM vitals
  GROUP BY ALL
)
SELECT
  v.brand,
  v.release,
  epoch(v.first) AS first,
  v.views::INTEGER AS views,
  vital.inp_p75,
  vital.lcp_p75,
  1000.0 * coalesce(e.errors, 0) / v.views AS errors_per_1000
FROM views v
LEFT JOIN vital USING (brand, release)
LEFT JOIN errors e USING (brand, release)
ORDER BY v.first;
