/**
 * A save of several files is all or none (studio/files.ts writeConfigFiles), whichever step fails:
 * writing a new text aside, copying an old one aside, swapping one in, or even putting one back.
 * The failures are made by file operations that throw where a full disk or a folder in a file's
 * place would (tests/studio/api.test.ts has one through the API: a folder in a file's place).
 */
import * as fs from 'node:fs';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeConfigFiles, WriteFailure, type WriteOps } from '../../studio/files';

let dir = '';
const APP = '{\n  "a": 1\n}\n';
const MESSAGES = '{\n  "m": "x"\n}\n';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'studio-files-'));
  writeFileSync(path.join(dir, 'app.json'), APP);
  writeFileSync(path.join(dir, 'messages.json'), MESSAGES);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** every file under the folder with its text */
const tree = (d = dir): Record<string, string> =>
  Object.fromEntries(
    (readdirSync(d, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((e) => e.isFile())
      .map((e) => {
        const abs = path.join(e.parentPath, e.name);
        return [path.relative(d, abs), readFileSync(abs, 'utf8')];
      }),
  );

/** the real operations, but `op` throws (with `code`) on its n-th call whose first argument ends with `suffix` */
function failing(op: keyof WriteOps, suffix: string, n = 1, code = 'ENOSPC'): WriteOps {
  let seen = 0;
  const real = { mkdirSync: fs.mkdirSync, writeFileSync: fs.writeFileSync, readFileSync: fs.readFileSync, renameSync: fs.renameSync, rmSync: fs.rmSync, existsSync: fs.existsSync } as unknown as Record<string, (...a: unknown[]) => unknown>;
  return Object.fromEntries(
    Object.entries(real).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        if (name === op && String(args[0]).endsWith(suffix) && (seen += 1) === n) throw Object.assign(new Error(`${code}: failed, ${String(args[0])}`), { code });
        return fn(...args);
      },
    ]),
  ) as unknown as WriteOps;
}

const files = [
  { name: 'app.json', text: '{\n  "a": 2\n}\n' },
  { name: 'forms/login.json', text: '{\n  "f": 1\n}\n' },
  { name: 'messages.json', text: '{\n  "m": "y"\n}\n' },
];
const before = () => ({ 'app.json': APP, 'messages.json': MESSAGES });

describe('writeConfigFiles', () => {
  it('writes every file, a new folder too; nothing is left beside them', () => {
    writeConfigFiles([{ dir, shown: 'brands/x', files }]);
    expect(tree()).toEqual({ 'app.json': files[0].text, [path.join('forms', 'login.json')]: files[1].text, 'messages.json': files[2].text });
  });

  it('the last swap fails: the files already swapped are put back, the new folder removed, the refusal names the file and the code', () => {
    expect(() => writeConfigFiles([{ dir, shown: 'brands/x', files }], failing('renameSync', 'messages.json.studio-' + process.pid + '.tmp'))).toThrow(
      new WriteFailure('brands/x/messages.json', 'ENOSPC', []),
    );
    expect(tree()).toEqual(before());
  });

  it('writing a text aside fails: nothing was swapped, nothing is left', () => {
    expect(() => writeConfigFiles([{ dir, shown: 'brands/x', files }], failing('writeFileSync', 'login.json.studio-' + process.pid + '.tmp'))).toThrow(/^brands\/x\/forms\/login\.json could not be written \(ENOSPC\); nothing was written/);
    expect(tree()).toEqual(before());
  });

  it('a file cannot even be put back: the refusal says which, and its old text is beside it', () => {
    const ops = failing('renameSync', 'messages.json.studio-' + process.pid + '.tmp');
    const renameSync = ops.renameSync;
    ops.renameSync = (from, to) => {
      if (from.endsWith('app.json.studio-' + process.pid + '.old')) throw Object.assign(new Error('EIO'), { code: 'EIO' });
      renameSync(from, to);
    };
    let failure: WriteFailure | undefined;
    try {
      writeConfigFiles([{ dir, shown: 'brands/x', files }], ops);
    } catch (err) {
      failure = err as WriteFailure;
    }
    expect(failure?.message).toBe(`brands/x/messages.json could not be written (ENOSPC), and brands/x/app.json could not be put back: the text before the save is beside it (app.json.studio-${process.pid}.old)`);
    expect(failure).toMatchObject({ file: 'brands/x/messages.json', code: 'ENOSPC', stuck: [{ file: 'brands/x/app.json', copy: `app.json.studio-${process.pid}.old` }] });
    expect(readFileSync(path.join(dir, `app.json.studio-${process.pid}.old`), 'utf8')).toBe(APP);
    expect(readFileSync(path.join(dir, 'messages.json'), 'utf8')).toBe(MESSAGES);
  });

  it('files of two folders (the product\'s and a brand\'s): the second folder\'s swap fails, the first folder\'s file is put back', () => {
    const other = mkdtempSync(path.join(tmpdir(), 'studio-files-brand-'));
    try {
      writeFileSync(path.join(other, 'app.json'), APP);
      const write = [
        { dir, shown: 'screens.config', files: [files[0]] },
        { dir: other, shown: 'brands/x', files: [{ name: 'app.json', text: '{\n  "b": 1\n}\n' }] },
      ];
      expect(() => writeConfigFiles(write, failing('renameSync', `${path.basename(other)}/app.json.studio-${process.pid}.tmp`))).toThrow(new WriteFailure('brands/x/app.json', 'ENOSPC', []));
      expect(tree()).toEqual(before());
      expect(tree(other)).toEqual({ 'app.json': APP });
      writeConfigFiles(write);
      expect(tree()['app.json']).toBe(files[0].text);
      expect(tree(other)).toEqual({ 'app.json': '{\n  "b": 1\n}\n' });
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
