-- p75 of INP and LCP of each brand on each route (the page's charts: every brand on every route).
SELECT
  brand,
  route,
  count(DISTINCT view)::INTEGER AS views,
  quantile_cont(value, 0.75) FILTER (WHERE metric = 'INP') AS inp_p75,
  quantile_cont(value, 0.75) FILTER (WHERE metric = 'LCP') AS lcp_p75
FROM vitals
WHERE route IS NOT NULL AND brand IS NOT NULL
GROUP BY brand, route
ORDER BY brand, route;
