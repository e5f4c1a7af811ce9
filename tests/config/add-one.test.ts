/**
 * Issue 31: adding a call, a filter or a route touches no hand-kept list in tests/ or docs/. In a
 * copy of the project one of each is added the way docs/DEVELOPING.md's recipes say, in code and
 * config only (a daily check-in call beyond SPEC.md, served by the mock and absent from the
 * laravel profile; an `upper` filter; a /checkin route whose screen uses both), the generated
 * files are brought up to date (`npm run gen:types`), and then the suites that read the
 * catalogue, the filters and the routes run there and pass: the typecheck, check:config, the API
 * tests that read the whole catalogue (the specification's call table, the catalogue walk, the idempotency,
 * auth and bad-input rules, the contract runner, the OpenAPI file), the docs test, the config references and typo tests, and navigation-back's
 * rule that every route is tried. Nothing under tests/ or docs/ is edited (the generated docs are
 * rewritten by `npm run gen:types`). The typo test (mutation.test) mistypes only the references of
 * the two config files the recipes touched (MUTATE_FILES): the rest of the config is the
 * repository's, which the outer run's own mutation.test mistypes against the same check (30 CPU-s
 * here before, 7 now). The nested suites share one worker's modules (vitest --no-isolate).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** what the suites read (the docs test: every file the docs name, and what .gitignore leaves out) */
const ENTRIES = ['package.json', 'package-lock.json', '.gitignore', 'tsconfig.json', 'vite.config.ts', 'vitest.config.ts', 'eslint.config.js', 'index.html', 'README.md', '.ci', 'bench', 'deploy', 'src', 'scripts', 'screens.config', 'docs', 'mock-server', 'tests', 'studio', 'brands'];
let copy = '';

const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, {
    cwd: copy,
    encoding: 'utf8',
    timeout: 240000,
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, ...env },
  });

/** one edit of a file of the copy: `after` goes right after `anchor`, which must be there once */
function insertAfter(file: string, anchor: string, after: string) {
  const p = path.join(copy, file);
  const text = readFileSync(p, 'utf8');
  const at = text.indexOf(anchor);
  expect(at, `${file}: "${anchor}"`).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(anchor, at + 1), `${file}: "${anchor}" once`).toBe(-1);
  writeFileSync(p, text.slice(0, at + anchor.length) + after + text.slice(at + anchor.length));
}

function editJson<T>(file: string, edit: (json: T) => void) {
  const p = path.join(copy, file);
  const json = JSON.parse(readFileSync(p, 'utf8')) as T;
  edit(json);
  writeFileSync(p, `${JSON.stringify(json, null, 2)}\n`);
}

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'add-one-'));
  for (const entry of ENTRIES) cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  spawnSync('git', ['init', '-q'], { cwd: copy });

  // a call beyond SPEC.md (Recipe: an endpoint; A call beyond SPEC.md)
  insertAfter('src/api/replies.ts', "export const nothing = { type: 'null' } as const;\n", "export const checkinReply = obj({ days: { type: 'integer', minimum: 0 } }, ['days']);\n");
  insertAfter(
    'src/api/catalogue.ts',
    'export const endpoints = {\n',
    "  checkin: ep<{ days: number }>()({ method: 'POST', path: '/api/checkin', auth: true, payload: obj({ day: { type: 'integer', minimum: 1, maximum: 7 } }, ['day']), optional: true, beyondSpec: 'the daily check-in: a backend without it answers 404 and the screen says its call failed' }),\n",
  );
  insertAfter('src/api/catalogue.ts', 'export const replies = {\n', '  checkin: S.checkinReply,\n');
  insertAfter('mock-server/routes/promotions.ts', 'export const promotionHandlers = {\n', "  checkin: memberOnly<'checkin'>(({ payload }) => ok({ days: payload.day })),\n");
  insertAfter('mock-server/profiles.ts', "absent: new Set<EndpointName>(['venuelist', 'paycode'", ", 'checkin'");
  insertAfter('scripts/contract-lib.ts', "  await call('dofanshui', {}, 'claims the pending rebate if any');\n", "  await call('checkin', { day: 1 }, 'checks in for today');\n");

  // a filter (Recipe: a filter)
  insertAfter('src/engine/bindings.ts', 'export const FILTERS: Record<string, Filter> = {\n', "  upper: (v) => (typeof v === 'string' ? v.toUpperCase() : v),\n");
  insertAfter('src/engine/filter-docs.ts', 'export const FILTER_DOCS: Readonly<Record<string, { does: string; example: string }>> = {\n', "  upper: { does: 'the text in capitals', example: '{{user.username | upper}}' },\n");

  // a route and its screen (Recipe: a screen), using both
  editJson<{ routes: Record<string, unknown>[] }>('screens.config/routes.json', (r) => {
    r.routes.push({ path: '/checkin', screen: 'checkin', title: '每日签到', layout: 'page', auth: true, guard: 'redirect' });
  });
  writeFileSync(
    path.join(copy, 'screens.config', 'screens', 'checkin.json'),
    `${JSON.stringify(
      {
        $schema: '../schema/screen.schema.json',
        description: 'The daily check-in.',
        body: [
          { type: 'Text', props: { text: '{{user.username | upper}}' } },
          { type: 'Button', props: { text: '签到', onTap: [{ type: 'api', endpoint: 'checkin', payload: { day: 1 }, loading: true, successToast: 'message' }] } },
        ],
      },
      null,
      2,
    )}\n`,
  );
  const gen = run(bin('tsx'), ['scripts/gen-config-types.ts']);
  expect(gen.status, gen.stderr).toBe(0);
}, 120000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('a call, a filter and a route added by the recipes, nothing else', () => {
  it('touched no file under tests/ or docs/ but the generated API.md and WIDGETS.md', () => {
    const changed = (dir: string) => spawnSync('diff', ['-rq', path.join(root, dir), path.join(copy, dir)], { encoding: 'utf8' }).stdout.trim();
    expect(changed('tests')).toBe('');
    const docs = ['API.md', 'WIDGETS.md'].map((f) => `Files ${path.join(root, 'docs', f)} and ${path.join(copy, 'docs', f)} differ`);
    expect(changed('docs').split('\n')).toEqual(docs);
    // the new call is in the generated table of calls, with why it is beyond the specification
    const row = readFileSync(path.join(copy, 'docs', 'API.md'), 'utf8').split('\n').find((l) => l.startsWith('| `checkin` |'));
    expect(row).toBe(
      '| `checkin` | `POST /api/checkin` | yes | `day`* (whole number 1–7) | `{days}` | a backend may not serve it (404): the screen says so; ' +
        'beyond the specification: the daily check-in: a backend without it answers 404 and the screen says its call failed |',
    );
  });

  it('typechecks and passes check:config', () => {
    const tsc = run(bin('tsc'), ['--noEmit', '-p', '.']);
    expect(tsc.stdout + tsc.stderr).toBe('');
    const check = run(process.execPath, ['scripts/bundled.mjs', 'scripts/check-config.ts']);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  }, 240000);

  it('the suites that read the catalogue, the filters and the routes pass', () => {
    // the API tests that read the catalogue whole (the rest test one call's behaviour each)
    const api = ['catalogue', 'security', 'auth', 'bad-input', 'contract', 'laravel-profile', 'openapi'].map((f) => `tests/api/${f}.test.ts`);
    const suites = [...api, 'tests/unit/docs.test.ts', 'tests/config/references.test.ts', 'tests/config/mutation.test.ts'];
    // the typo test mistypes the references of the files the recipes added or changed (the others are
    // the repository's, mistyped by the outer run's own mutation.test against the same check)
    const mutate = ['screens.config/routes.json', 'screens.config/screens/checkin.json'];
    // one worker, and the ten files share its modules (--no-isolate: the mock server, the catalogue, the
    // schemas are loaded once, not once per file): 44 -> 27 CPU-s. The outer run runs each of them
    // isolated; here they are asked whether the copy's catalogue, filters and routes pass them
    const unit = run(bin('vitest'), ['run', '--project', 'unit', '--project', 'unit-isolated', '--no-isolate', '--reporter=verbose', ...suites], { TEST_WORKERS: '1', MUTATE_FILES: mutate.join(',') });
    expect(unit.status, unit.stdout.slice(-4000) + unit.stderr.slice(-2000)).toBe(0);
    // they did read the new ones: the catalogue walk called it
    expect(unit.stdout).toContain('checkin answers its method and path');
    // and a typo of the new call, of its payload key and of the new filter in the new screen is caught
    for (const kind of ['endpoint', 'payload key', 'filter', 'route screen']) expect(unit.stdout).toMatch(new RegExp(`^ {2}${kind} +(\\d+) / \\1 +100%$`, 'm'));
    // navigation-back's rule over routes.json (no browser: that test opens no page)
    const back = run(bin('vitest'), ['run', '--project', 'e2e', 'tests/e2e/navigation-back.e2e.ts', '-t', 'every route of routes.json is tried'], { E2E_BASE: 'http://127.0.0.1:9', TEST_WORKERS: '1' });
    expect(back.status, back.stdout.slice(-3000) + back.stderr.slice(-2000)).toBe(0);
    expect(back.stdout).toMatch(/1 passed/);
  }, 240000);
});
