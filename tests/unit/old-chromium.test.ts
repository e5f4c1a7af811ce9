/** Issue 29: the old Chromium builds of the engines test come from the cache once fetched, and only a finished unpack counts. */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const cache = mkdtempSync(path.join(os.tmpdir(), 'old-chromium-test-'));
// an npm that records its call and fails, as with no registry
const bin = path.join(cache, '.bin');
mkdirSync(bin);
writeFileSync(path.join(bin, 'npm'), `#!/bin/sh\necho "$@" >> "${path.join(cache, '.npm-calls')}"\necho "npm error 404 Not Found" >&2\nexit 1\n`);
chmodSync(path.join(bin, 'npm'), 0o755);
process.env.OLD_CHROMIUM_CACHE = cache;
const savedPath = process.env.PATH;
const { ensureOldChromium, OLD_CHROMIUMS } = await import('../../scripts/old-chromium');
const npmCalls = () => {
  try {
    return readFileSync(path.join(cache, '.npm-calls'), 'utf8').trim().split('\n');
  } catch {
    return [];
  }
};

afterAll(() => {
  process.env.PATH = savedPath;
  delete process.env.OLD_CHROMIUM_CACHE;
  rmSync(cache, { recursive: true, force: true });
});

describe('old Chromium cache (scripts/old-chromium.ts)', () => {
  it('names the five engines of the issue by their chrome-aws-lambda version', () => {
    expect(OLD_CHROMIUMS.map((c) => [c.major, c.pkg])).toEqual([
      [66, '66.0.3347'],
      [72, '1.11.2'],
      [79, '2.0.2'],
      [80, '2.1.1'],
      [92, '10.1.0'],
    ]);
  });

  it('a finished unpack is used as it is, without asking the registry', async () => {
    const dir = path.join(cache, '2.1.1');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'chromium'), '');
    writeFileSync(path.join(dir, 'libGLESv2.so'), '');
    writeFileSync(path.join(dir, '.complete'), '');
    process.env.PATH = `${bin}:${savedPath}`;
    expect(await ensureOldChromium('2.1.1')).toEqual({ binary: path.join(dir, 'chromium'), swiftshader: true });
    expect(npmCalls()).toEqual([]);
  });

  it('an unpack cut short (no .complete) is fetched again, and a failed fetch says what and from where', async () => {
    const dir = path.join(cache, '1.11.2');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'chromium'), 'half');
    process.env.PATH = `${bin}:${savedPath}`;
    await expect(ensureOldChromium('1.11.2')).rejects.toThrow(/^could not fetch chrome-aws-lambda@1\.11\.2 with npm pack \(the old Chromium builds come from the npm registry\): .*404 Not Found/);
    expect(npmCalls()).toEqual([expect.stringMatching(/^pack chrome-aws-lambda@1\.11\.2 --silent --pack-destination /)]);
    // the failed attempt's work folder is gone
    expect(readdirSync(cache).filter((f) => f.startsWith('.1.11.2-'))).toEqual([]);
  });
});
