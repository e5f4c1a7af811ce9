/**
 * `npm run test:durations`: writes tests/durations.json, the seconds each test file took in this
 * machine's last full run (vitest's own record, node_modules/.vite/vitest/), for the order of a
 * run on a machine without one (tests/interleave.ts). Files under 2 s are left out: they come
 * after the others anyway. Run it after `npm test` when a file has grown much longer or shorter.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'node_modules', '.vite', 'vitest');
const files = (() => {
  try {
    return readdirSync(dir).map((d) => path.join(dir, d, 'results.json'));
  } catch {
    return [];
  }
})().filter((f) => {
  try {
    return statSync(f).isFile();
  } catch {
    return false;
  }
});
if (!files.length) {
  console.error(`test:durations: no record of a run in ${path.relative(root, dir)}/: run npm test first`);
  process.exit(1);
}
const newest = files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
const results = (JSON.parse(readFileSync(newest, 'utf8')) as { results: [string, { duration: number }][] }).results;
const seconds = Object.fromEntries(
  results
    .filter(([, r]) => r.duration >= 2000)
    .sort(([, a], [, b]) => b.duration - a.duration)
    .map(([k, r]) => [k, Math.round(r.duration / 1000)]),
);
const out = path.join(root, 'tests', 'durations.json');
writeFileSync(out, `${JSON.stringify({ note: 'written by npm run test:durations: the order of a run on a machine with no record of its own (tests/interleave.ts)', seconds }, null, 2)}\n`);
console.log(`${path.relative(root, out)}: ${Object.keys(seconds).length} files of 2 s or more`);
