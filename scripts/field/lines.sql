-- The lines of field data (deploy/nginx/rum.js and the mock write them), read where they lie: JSON
-- lines, gzip'd or not (by the file's name), the files and globs of getvariable('files'). A line that
-- is not JSON, or not a report (no kind), is skipped; a field of the wrong type reads as missing;
-- fields not named here are not read.
CREATE OR REPLACE TEMP TABLE lines AS
SELECT *
FROM read_json(
  getvariable('files'),
  format = 'newline_delimited',
  ignore_errors = true,
  columns = {
    ts: 'TIMESTAMPTZ', view: 'VARCHAR', brand: 'VARCHAR', release: 'VARCHAR', engine: 'VARCHAR', app: 'VARCHAR', net: 'VARCHAR',
    kind: 'VARCHAR', name: 'VARCHAR', value: 'DOUBLE', id: 'VARCHAR', route: 'VARCHAR',
    file: 'VARCHAR', path: 'VARCHAR', widget: 'VARCHAR', source: 'VARCHAR', message: 'VARCHAR'
  }
)
WHERE kind IN ('vital', 'error');

-- One value per metric of a page view: the largest it reported (a page sends INP and CLS again,
-- larger, each time it is hidden), with the config node of that report.
CREATE OR REPLACE TEMP TABLE vitals AS
SELECT
  id,
  any_value(view) AS view,
  any_value(name) AS metric,
  any_value(route) AS route,
  any_value(brand) AS brand,
  any_value(engine) AS engine,
  any_value(release) AS release,
  arg_max(file, value) AS file,
  arg_max(path, value) AS path,
  arg_max(widget, value) AS widget,
  max(value) AS value,
  min(ts) AS ts
FROM lines
WHERE kind = 'vital' AND id IS NOT NULL AND value IS NOT NULL AND name IN ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')
GROUP BY id;

-- What was read: lines, page views, the time they cover, the brands.
SELECT
  (SELECT count(*) FROM lines)::INTEGER AS lines,
  (SELECT count(DISTINCT view) FROM lines)::INTEGER AS views,
  (SELECT min(ts) FROM lines)::VARCHAR AS first,
  (SELECT max(ts) FROM lines)::VARCHAR AS last,
  (SELECT string_agg(DISTINCT brand, ', ' ORDER BY brand) FROM lines) AS brands;
