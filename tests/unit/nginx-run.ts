/**
 * Debian's nginx run by a test on server blocks of its own (tests/unit/serve-like-nginx.test.ts,
 * deploy.test.ts): a free loopback port, nginx.conf in the test's folder (scripts/nginx.ts mainConf),
 * checked with -t, started in the foreground, answered once; `stop` ends it. As root, the workers
 * run as www-data, which must be able to read what they serve.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliModulePath, jsModulePath, mainConf, nginxBinary, nginxBuild } from '../../scripts/nginx';

/** a port nothing listens on, on 127.0.0.1 */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** nginx on `site` (server blocks, or an include of them), its files in `dir`; resolves once `probe` answers */
export async function startNginx(site: string, dir: string, probe: () => Promise<unknown>): Promise<{ stop: () => Promise<void> }> {
  const bin = nginxBinary();
  const brotli = bin && brotliModulePath(bin);
  const js = bin && jsModulePath(bin);
  if (!bin || !brotli || !js) throw new Error('nginx and its brotli and njs modules are installed by `tsx scripts/check-browser.ts` (npm test runs it first)');
  mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  const errors = path.join(dir, 'error.log');
  writeFileSync(conf, mainConf({ dir, site, brotliModule: brotli, jsModule: js, confDir: nginxBuild(bin).confDir, workerUser: process.getuid?.() === 0 ? 'www-data' : undefined }));
  const test = spawnSync(bin, ['-p', dir, '-c', conf, '-e', errors, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(test.stderr);
  const nginx = spawn(bin, ['-p', dir, '-c', conf, '-e', errors], { stdio: 'ignore' });
  const stop = async () => {
    if (nginx.exitCode !== null) return;
    nginx.kill('SIGTERM');
    await new Promise((r) => nginx.once('exit', r));
  };
  for (let i = 0; i < 100; i++) {
    if (await probe().then(() => true, () => false)) return { stop };
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error('nginx did not answer');
}
