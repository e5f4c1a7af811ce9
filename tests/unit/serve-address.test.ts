/** `npm run serve` and `npm run mock` print the address they listen on (issue 26: serve said localhost while it listened on 127.0.0.1). */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..', '..');
const dist = mkdtempSync(path.join(tmpdir(), 'serve-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** Starts a script on a port the system picks (PORT=0) and returns the first http:// address it prints. */
async function printedAddress(script: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'scripts', script)], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DIST: dist, MOCK_CONTROL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed: ${out}`)), 15000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/[^\s)]+/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

describe('the address a server prints', () => {
  it.each(['serve.ts', 'mock.ts'])('%s prints the address and port it listens on, and answers there', async (script) => {
    const { url, stop } = await printedAddress(script);
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(url).not.toMatch(/:0$/);
      const r = await fetch(`${url}/api/app`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(((await r.json()) as { code: number }).code).toBe(200);
    } finally {
      stop();
    }
  });
});
