/**
 * Issue 36: a failed build leaves its output folder exactly as it was (scripts/vite/atomic-out-dir.ts).
 * The plugin's hooks driven as Vite drives them, on real folders: the build writes beside the output
 * folder; a failure removes what it wrote; success swaps the new folder in whole. (A real build made
 * to fail late, after its files were written: tests/config/brands.test.ts.)
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UserConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { atomicOutDir, stagingOf } from '../../scripts/vite/atomic-out-dir';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function project(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'atomic-'));
  dirs.push(d);
  return d;
}
/** every file under `dir`: relative name -> text */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}
const write = (dir: string, tree: Record<string, string>) => {
  for (const [f, t] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), t);
  }
};

/**
 * Vite's side: the config hook, then the build writing into the outDir it was given, then the last
 * hooks. `unseen`: the build failed at its start, and another plugin's buildEnd threw the error again
 * before this one's ran (vite-plugin-pwa's does): closeBundle comes alone, with no error, nothing written.
 */
function build(root: string, config: UserConfig, written: Record<string, string>, fail?: 'buildEnd' | 'unseen' | 'closeBundle') {
  const plugin = atomicOutDir() as unknown as { config: (c: UserConfig) => UserConfig | undefined; buildEnd: (e?: Error) => void; writeBundle: () => void; closeBundle: { handler: (e?: Error) => void } };
  const out = plugin.config({ root, ...config })?.build?.outDir;
  if (fail === 'buildEnd') return plugin.buildEnd(new Error('a config problem'));
  if (fail === 'unseen') return plugin.closeBundle.handler();
  plugin.buildEnd();
  write(out!, written);
  plugin.writeBundle();
  plugin.closeBundle.handler(fail === 'closeBundle' ? new Error('the icons failed') : undefined);
}

describe('the output folder is replaced whole, or left as it was', () => {
  const before = { 'index.html': 'old page', 'sw.js': 'old worker', 'assets/app-1.js': 'old code' };

  it('a build that fails after writing its files leaves the folder byte-identical, and nothing beside it', () => {
    const root = project();
    write(path.join(root, 'dist'), before);
    build(root, { build: { outDir: 'dist' } }, { 'index.html': 'new page', 'sw.js': 'new worker' }, 'closeBundle');
    expect(files(path.join(root, 'dist'))).toEqual(before);
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('a build that fails before writing leaves it too', () => {
    const root = project();
    write(path.join(root, 'dist'), before);
    build(root, { build: { outDir: 'dist' } }, {}, 'buildEnd');
    expect(files(path.join(root, 'dist'))).toEqual(before);
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('a build that failed at its start, its closeBundle coming without the error, leaves it too (and no error of its own)', () => {
    const root = project();
    write(path.join(root, 'dist'), before);
    expect(() => build(root, { build: { outDir: 'dist' } }, {}, 'unseen')).not.toThrow();
    expect(files(path.join(root, 'dist'))).toEqual(before);
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('a build that succeeds puts its folder in place whole: no file of the old build stays', () => {
    const root = project();
    write(path.join(root, 'dist-test'), before);
    build(root, { build: { outDir: 'dist-test' } }, { 'index.html': 'new page', 'assets/app-2.js': 'new code' });
    expect(files(path.join(root, 'dist-test'))).toEqual({ 'index.html': 'new page', 'assets/app-2.js': 'new code' });
    expect(readdirSync(root)).toEqual(['dist-test']);
  });

  it('the folder a killed build left is removed by the next build into the same place', () => {
    const root = project();
    const left = stagingOf(path.join(root, 'dist'), 999999999);
    write(left, { 'index.html': 'half' });
    build(root, { build: { outDir: 'dist' } }, { 'index.html': 'new page' });
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('emptyOutDir: false keeps what the old folder held', () => {
    const root = project();
    write(path.join(root, 'dist'), before);
    build(root, { build: { outDir: 'dist', emptyOutDir: false } }, { 'index.html': 'new page' });
    expect(files(path.join(root, 'dist'))).toEqual({ ...before, 'index.html': 'new page' });
  });

  it('a folder outside the project holding files but no build is refused (replacing it would delete them)', () => {
    const root = project();
    const elsewhere = project();
    write(elsewhere, { 'notes.txt': 'mine' });
    expect(() => build(root, { build: { outDir: elsewhere } }, {})).toThrow(`${elsewhere} holds files but no build (no index.html): a build replaces its output folder whole; give a new or empty folder, or an earlier build's`);
    expect(files(elsewhere)).toEqual({ 'notes.txt': 'mine' });
    expect(existsSync(stagingOf(elsewhere))).toBe(false);
  });
});
