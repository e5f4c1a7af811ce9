/**
 * scripts/bundled.mjs, the way the config check is run: in a small project of its own (a command,
 * a module it imports, parts it imports by a pattern), run as a terminal runs it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let dir = '';
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const command = `import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { word, wordUrl } from '../lib/word.ts';

const parts = readdirSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'parts')).sort();
const names = await Promise.all(parts.map(async (p) => ((await import(\`../parts/\${p}/part.ts\`)) as { name: string }).name));
console.log(JSON.stringify({ word, names, wordUrl, url: import.meta.url, argv1: process.argv[1], args: process.argv.slice(2) }));
`;

interface Said {
  word: string;
  names: string[];
  wordUrl: string;
  url: string;
  argv1: string;
  args: string[];
}
const cacheDir = () => path.join(dir, 'node_modules', '.cache', 'bundled');
const bundleFile = () => path.join(cacheDir(), readdirSync(cacheDir()).find((f) => f.endsWith('.mjs'))!);
const run = (...args: string[]) => spawnSync(process.execPath, ['scripts/bundled.mjs', 'scripts/cmd.ts', ...args], { cwd: dir, encoding: 'utf8' });
function said(...args: string[]): Said {
  const r = run(...args);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as Said;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'bundled-'));
  write('package.json', '{ "type": "module" }\n');
  write('tsconfig.json', '{}\n');
  // its own node_modules (the cache lives there) holding this project's esbuild
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(path.join(root, 'node_modules', 'esbuild'), path.join(dir, 'node_modules', 'esbuild'), 'dir');
  mkdirSync(path.join(dir, 'scripts'));
  copyFileSync(path.join(root, 'scripts', 'bundled.mjs'), path.join(dir, 'scripts', 'bundled.mjs'));
  write('scripts/cmd.ts', command);
  write('lib/word.ts', "export const word: string = 'one';\nexport const wordUrl = import.meta.url;\n");
  write('parts/a/part.ts', "export const name: string = 'a';\n");
  write('parts/b/part.ts', "export const name: string = 'b';\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/bundled.mjs', () => {
  it('runs the command with its arguments, its own path as argv[1] and every module its own import.meta.url', () => {
    const out = said('--dir', 'x y');
    expect(out).toEqual({
      word: 'one',
      names: ['a', 'b'],
      wordUrl: pathToFileURL(path.join(dir, 'lib', 'word.ts')).href,
      url: pathToFileURL(path.join(dir, 'scripts', 'cmd.ts')).href,
      argv1: path.join(dir, 'scripts', 'cmd.ts'),
      args: ['--dir', 'x y'],
    });
  });

  it('keeps the bundle while nothing it was made from changed', () => {
    said();
    const made = statSync(bundleFile()).mtimeMs;
    expect(said().word).toBe('one');
    expect(statSync(bundleFile()).mtimeMs).toBe(made);
  });

  it('makes it again when a module changes, and when a part appears that the pattern matches', () => {
    write('lib/word.ts', "export const word: string = 'three';\nexport const wordUrl = import.meta.url;\n");
    expect(said().word).toBe('three');
    write('parts/c/part.ts', "export const name: string = 'c';\n");
    expect(said().names).toEqual(['a', 'b', 'c']);
  });

  it('a module that does not parse: the file, line and column and what is wrong, exit 1, no stack', () => {
    write('lib/word.ts', "export const word: string = 'four;\n");
    const r = run();
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^lib\/word\.ts:1:\d+: Unterminated string literal\n$/);
    write('lib/word.ts', "export const word: string = 'four';\nexport const wordUrl = import.meta.url;\n");
    expect(said().word).toBe('four');
  });

  it('two runs at once after a change both say what the files say now', async () => {
    write('lib/word.ts', "export const word: string = 'five';\nexport const wordUrl = import.meta.url;\n");
    const one = () =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, ['scripts/bundled.mjs', 'scripts/cmd.ts'], { cwd: dir });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.on('close', () => resolve(out));
      });
    const outs = await Promise.all([one(), one()]);
    expect(outs.map((o) => (JSON.parse(o) as Said).word)).toEqual(['five', 'five']);
  });
});
