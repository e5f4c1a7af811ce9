/**
 * Issue 32: `npm run serve:nginx`, run as an operator runs it (through npm), removes its temporary
 * folder and stops nginx when it is stopped with SIGTERM (a supervisor, `docker stop`) or SIGINT
 * (Ctrl-C). It ran through tsx's CLI, which relays the signal and SIGKILLs the script when it does
 * not answer within 30 ms: the folder stayed. A folder left by a run killed with SIGKILL is
 * removed by the next run. (tests/e2e/nginx.e2e.ts tests what it serves.)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..', '..');
const dist = mkdtempSync(path.join(os.tmpdir(), 'nginx-signals-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}
/** a process that runs (one that ended and waits to be reaped, a zombie, does not) */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]);

/** the scripts started here: stopped after each test, so a failed assertion leaves no nginx behind */
const scripts: number[] = [];
afterEach(async () => {
  for (const pid of scripts.splice(0)) {
    if (!alive(pid)) continue;
    process.kill(pid, 'SIGTERM');
    const until = Date.now() + 15000;
    while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  }
});

/** `npm run serve:nginx` (the /api/ upstream given, so no mock starts); resolves once it serves */
async function start() {
  const port = await freePort();
  const child = spawn('npm', ['run', '--silent', 'serve:nginx'], {
    cwd: root,
    env: { ...process.env, DIST: dist, PORT: String(port), HOST: '127.0.0.1', API_UPSTREAM: 'http://127.0.0.1:9' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const until = Date.now() + 60000;
  while (!/config and logs in (\S+)/.test(out)) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`serve:nginx did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const nginxPid = Number(/\(pid (\d+)\)/.exec(out)![1]);
  scripts.push(parentOf(nginxPid));
  return { child, port, dir: /config and logs in (\S+)/.exec(out)![1], nginxPid, output: () => out };
}

describe('npm run serve:nginx stops cleanly', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s to npm: nginx gone, the temporary folder removed, exit 0', async (signal) => {
    const s = await start();
    expect(existsSync(s.dir)).toBe(true);
    expect((await fetch(`http://127.0.0.1:${s.port}/`)).status).toBe(200);
    const code = new Promise<number | null>((r) => s.child.once('exit', (c) => r(c)));
    s.child.kill(signal);
    expect(await code).toBe(0);
    expect(existsSync(s.dir), `${s.dir} is left behind`).toBe(false);
    expect(alive(s.nginxPid), 'nginx still runs').toBe(false);
  }, 90_000);

  it('npm hands the signal to the script itself (no relay that kills it after 30 ms): nginx is its child, it is npm\'s', async () => {
    const s = await start();
    const script = parentOf(s.nginxPid);
    expect(parentOf(script)).toBe(s.child.pid);
    const code = new Promise<number | null>((r) => s.child.once('exit', (c) => r(c)));
    s.child.kill('SIGTERM');
    expect(await code).toBe(0);
  }, 90_000);

  it('what a run killed with SIGKILL left (its folder, its nginx) is removed by the next run', async () => {
    const killed = await start();
    const exited = new Promise((r) => killed.child.once('exit', r));
    // npm, then the script (nginx's parent), killed with SIGKILL: no handler runs
    killed.child.kill('SIGKILL');
    process.kill(parentOf(killed.nginxPid), 'SIGKILL');
    await exited;
    expect(existsSync(killed.dir)).toBe(true);
    expect(alive(killed.nginxPid)).toBe(true);
    // a folder of another project's run whose script is gone is not this run's to remove
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();
    const other = mkdtempSync(path.join(os.tmpdir(), 'serve-nginx-'));
    writeFileSync(path.join(other, 'owner.json'), JSON.stringify({ pid: Number(dead), root: '/elsewhere', children: [] }));
    try {
      const next = await start();
      expect(existsSync(killed.dir), `${killed.dir} is left behind; the next run said:\n${next.output()}`).toBe(false);
      expect(alive(killed.nginxPid), 'the killed run\'s nginx still runs').toBe(false);
      expect(existsSync(other)).toBe(true);
      const code = new Promise<number | null>((r) => next.child.once('exit', (c) => r(c)));
      next.child.kill('SIGTERM');
      expect(await code).toBe(0);
      expect(existsSync(next.dir)).toBe(false);
    } finally {
      rmSync(other, { recursive: true, force: true });
      if (alive(killed.nginxPid)) process.kill(killed.nginxPid, 'SIGKILL');
      rmSync(killed.dir, { recursive: true, force: true });
    }
  }, 90_000);
});
