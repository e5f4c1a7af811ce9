/**
 * Issue 26: a developer adds a widget from docs/DEVELOPING.md alone. In a copy of the project this
 * test follows the widget recipe word for word (its files and its config node are read from the
 * guide), but first forgets `npm run gen:types`:
 * - check:config fails naming `npm run gen:types` and exactly the generated files the new widget
 *   makes stale (the new widget has an action-list prop, which the engine must leave raw);
 * - the build succeeds and leaves every generated file current;
 * - the recipe's code typechecks, and in Chromium the ring renders on /mine with the member's figure
 *   and its tap runs its actions (navigates to /vip).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPerFile, expectClean, newPage } from './harness';
import { workerPort } from './ports';

const root = path.resolve(__dirname, '..', '..');
const PORT = workerPort(3);
const BASE = `http://127.0.0.1:${PORT}`;
const env = browserPerFile();
let copy: string;
let server: ChildProcess | undefined;

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, timeout: 240000 });

/** The recipe as the guide writes it: each `File \`path\`:` block, and the node to add to mine.json. */
function recipe(): { files: { file: string; text: string }[]; node: Record<string, unknown> } {
  const guide = readFileSync(path.join(root, 'docs', 'DEVELOPING.md'), 'utf8');
  const section = guide.slice(guide.indexOf('## Recipe: a widget'), guide.indexOf('## Recipe: a screen'));
  const files = [...section.matchAll(/^File `([^`]+)`:\n\n```\w+\n([\s\S]*?)^```$/gm)].map((m) => ({ file: m[1], text: m[2] }));
  const node = /body` of `screens\.config\/screens\/mine\.json`, as its first node:\n\n```json\n([\s\S]*?)^```$/m.exec(section);
  if (!node) throw new Error('the recipe has no node for mine.json');
  return { files, node: JSON.parse(node[1]) as Record<string, unknown> };
}

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'new-widget-'));
  // (deploy/: the mock's collector of field data is deploy/nginx/rum.js, the one nginx runs)
  for (const entry of ['package.json', 'tsconfig.json', 'vite.config.ts', 'index.html', 'src', 'scripts', 'screens.config', 'docs', 'mock-server', 'deploy']) {
    cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  const { files, node } = recipe();
  expect(files.map((f) => f.file)).toEqual(['src/widgets/ProgressRing/schema.ts', 'src/widgets/ProgressRing/index.tsx', 'src/widgets/ProgressRing/style.css']);
  for (const f of files) {
    mkdirSync(path.dirname(path.join(copy, f.file)), { recursive: true });
    writeFileSync(path.join(copy, f.file), f.text);
  }
  const minePath = path.join(copy, 'screens.config', 'screens', 'mine.json');
  const mine = JSON.parse(readFileSync(minePath, 'utf8')) as { body: unknown[] };
  mine.body.unshift(node);
  writeFileSync(minePath, `${JSON.stringify(mine, null, 2)}\n`);
}, 60000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('a new widget from the guide, without npm run gen:types', () => {
  it('check:config fails naming npm run gen:types and every generated file the widget made stale', () => {
    const r = run(process.execPath, ['scripts/bundled.mjs', 'scripts/check-config.ts']);
    expect(r.status).toBe(1);
    const stale = r.stderr.split('\n').filter((l) => l.includes('stale:')).map((l) => l.slice(0, l.indexOf(':')));
    expect(stale.sort()).toEqual(['docs/WIDGETS.md', 'screens.config/schema/refs.schema.json', 'screens.config/schema/widgets.schema.json', 'src/engine/raw-props.gen.ts']);
    expect(r.stderr.split('\n').filter((l) => l.includes('stale:')).every((l) => l.includes('run `npm run gen:types`'))).toBe(true);
    // nothing else is wrong: the recipe's config node is valid
    expect(r.stderr).toMatch(/\n4 problem\(s\) in screens\.config\//);
  });

  it('the build leaves every generated file current, the engine leaving onTap raw', () => {
    const b = run(path.join(copy, 'node_modules', '.bin', 'vite'), ['build', '--outDir', 'dist-new', '--logLevel', 'warn']);
    expect(b.status, b.stderr).toBe(0);
    const check = run(tsx, ['scripts/gen-config-types.ts', '--check']);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(readFileSync(path.join(copy, 'src/engine/raw-props.gen.ts'), 'utf8')).toContain("  ProgressRing: ['onTap'],");
    expect(readFileSync(path.join(copy, 'docs/WIDGETS.md'), 'utf8')).toContain('### ProgressRing');
    expect(run(process.execPath, ['scripts/bundled.mjs', 'scripts/check-config.ts']).status).toBe(0);
  }, 240000);

  it('the recipe\'s code typechecks (strict)', () => {
    writeFileSync(path.join(copy, 'tsconfig.recipe.json'), JSON.stringify({ extends: './tsconfig.json', include: ['src/widgets/ProgressRing', 'src/virtual.d.ts'] }));
    const t = run(path.join(copy, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', 'tsconfig.recipe.json']);
    expect(t.stdout + t.stderr).toBe('');
    expect(t.status).toBe(0);
  }, 240000);

  it('renders on /mine with the member\'s figure, and its tap runs its actions', async () => {
    server = spawn(tsx, [path.join(copy, 'scripts', 'serve.ts')], {
      cwd: copy,
      env: { ...process.env, DIST: 'dist-new', PORT: String(PORT), HOST: '127.0.0.1', MOCK_CONTROL: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      server?.stdout?.on('data', (d: Buffer) => d.toString().includes(`127.0.0.1:${PORT}`) && resolve());
      server?.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
    });
    const { page } = await newPage(env.browser);
    // log in as the seeded member, as the guide says (its /__mock/login shortcut), then open /mine
    const login = (await (await fetch(`${BASE}/__mock/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).json()) as { data: { api_token: string } };
    await page.goto(`${BASE}/#/`);
    await page.evaluate((t) => sessionStorage.setItem('token', t), login.data.api_token);
    await page.reload();
    await page.goto(`${BASE}/#/mine`);
    // the seeded member: paysum 12600 of 20000
    const ring = page.locator('button.w-ring');
    await ring.waitFor();
    expect(await ring.getAttribute('aria-label')).toBe('累计存款 63%');
    expect(await ring.locator('.w-ring-percent').innerText()).toBe('63%');
    const box = await ring.boundingBox();
    expect(box && box.width >= 44 && box.height >= 44).toBe(true);
    if (process.env.NEW_WIDGET_SHOT) await page.screenshot({ path: process.env.NEW_WIDGET_SHOT });
    await ring.click();
    await page.waitForURL(`${BASE}/#/vip`);
    expectClean(page);
  }, 60000);
});
