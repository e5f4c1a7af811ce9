-- The errors, grouped by message and config node, most frequent first, with their count in each
-- release that had them (brand by brand, oldest release first).
WITH per_release AS (
  SELECT source, message, file, path, brand, release, count(*) AS n, count(DISTINCT view) AS views, min(ts) AS first
  FROM lines
  WHERE kind = 'error'
  GROUP BY ALL
)
SELECT
  source,
  message,
  file,
  path,
  sum(n)::INTEGER AS count,
  sum(views)::INTEGER AS views,
  string_agg(brand || ' ' || left(release, 8) || ': ' || n, ', ' ORDER BY brand, first) AS per_release
FROM per_release
GROUP BY source, message, file, path
ORDER BY count DESC, message
LIMIT 20;
