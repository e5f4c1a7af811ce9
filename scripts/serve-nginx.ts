/**
 * npm run serve:nginx — the production build (dist/; a brand's dist-<id>/ with BRAND=<id>; or DIST)
 * served by Debian's nginx with deploy/nginx/bet-h5.conf, as an operator runs it, on PORT (default
 * 8080), bound to 127.0.0.1 unless HOST says otherwise. With `-- --brands`: the product and every
 * brand in one nginx, each its own server block from the same template (server name localhost for
 * the product, <id>.localhost for a brand: browsers send those to this machine), its own build and
 * its folder of included files (scripts/gen-nginx.ts confDirOf), and its own mock.
 *
 * Field data's beacons (/rum, deploy/nginx/rum.js) are appended to the file RUM_LOG names (default:
 * rum.jsonl in the temporary folder, printed; a file of RUM_LOG stays when it stops).
 *
 * /api/ goes to API_UPSTREAM (an origin such as http://127.0.0.1:3001); without it the mock is
 * started here on a free loopback port (its absolute urls pointing at nginx: MOCK_PUBLIC_ORIGIN)
 * and /api/ goes there. Either way the mock's read-only pictures, frame pages and game are passed
 * on too (scripts/nginx.ts mockLocations), so the app looks as on `npm run serve`; the rest of
 * /__mock/ is a 404 as in production.
 *
 * Installs nginx and its brotli and njs modules with apt-get when they are missing (as `npm test` does).
 * Runs in the foreground; its nginx.conf, pid, logs and temp files live in a temporary folder,
 * removed when it stops (SIGTERM, SIGINT), with nginx and the mock. The npm script runs it as one
 * process (node with tsx's loader, not tsx's CLI): tsx's CLI relays a signal to its child and kills
 * it with SIGKILL when the child has not answered within 30 ms (a busy machine), which left the
 * folder behind. A folder a killed run could not remove (SIGKILL) is removed by the next run: each
 * names the pid that made it and what it started (owner.json), and its nginx and mock are stopped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensure } from './check-browser';
import { brandOf, configSource, distOf } from '../src/config/source/index';
import { brandOrExit } from './brand-arg';
import { confDirOf, RUM_FILES, securityHeadersConf, NGINX_DIR } from './gen-nginx';
import { securityHeaderList } from './security-headers';
import { brotliModulePath, fillSite, jsModulePath, listenOn, mainConf, mockLocations, nginxBinary, nginxBuild, onceInHttp, parseUpstream, withLocations } from './nginx';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** one server block: a brand (undefined: the product), its build, its server name */
interface Site {
  brand?: string;
  dist: string;
  serverName: string;
}
const everyBrand = process.argv.includes('--brands');
const sites: Site[] = everyBrand
  ? [undefined, ...configSource({ root }).brandIds()].map((b) => ({ brand: b, dist: path.resolve(root, distOf(b, '')), serverName: b ? `${b}.localhost` : 'localhost' }))
  : [{ brand: brandOrExit(root), dist: path.resolve(root, distOf(brandOf())), serverName: '_' }];
for (const site of sites) {
  if (existsSync(path.join(site.dist, 'index.html'))) continue;
  const cmd = everyBrand ? 'npm run build:brands' : `${site.brand && !process.env.DIST ? `BRAND=${site.brand} ` : ''}npm run build`;
  console.error(`No build in ${path.relative(root, site.dist) || '.'}: run \`${cmd}\` first.`);
  process.exit(1);
}

const port = Number(process.env.PORT) || 8080;
const host = process.env.HOST ?? '127.0.0.1';
const upstreamEnv = process.env.API_UPSTREAM?.trim();
const given = upstreamEnv ? parseUpstream(upstreamEnv) : null;
if (given instanceof Error) {
  console.error(given.message);
  process.exit(1);
}
/** field data's log (RUM_LOG): its folder must be there */
const rumLogEnv = process.env.RUM_LOG?.trim() ? path.resolve(process.env.RUM_LOG.trim()) : null;
if (rumLogEnv && !existsSync(path.dirname(rumLogEnv))) {
  console.error(`RUM_LOG=${process.env.RUM_LOG}: no folder ${path.dirname(rumLogEnv)} for field data's log`);
  process.exit(1);
}

if (ensure('nginx') !== 0) process.exit(1);
const bin = nginxBinary()!;
const build = nginxBuild(bin);
const isRoot = process.getuid?.() === 0;
const workerUser = isRoot ? (['www-data', 'nobody'].find((u) => spawnSync('id', ['-u', u], { stdio: 'ignore' }).status === 0) ?? 'nobody') : undefined;

/**
 * The folders of earlier runs of this project whose script is gone (killed with SIGKILL: no handler
 * ran): their nginx and mock, left running in process groups of their own, are stopped and the
 * folder removed. owner.json names the script's pid, the project and the pids it started.
 */
async function removeStale() {
  for (const name of readdirSync(os.tmpdir()).filter((n) => n.startsWith('serve-nginx-'))) {
    const folder = path.join(os.tmpdir(), name);
    let owner: { pid: number; root: string; children?: number[] };
    try {
      owner = JSON.parse(readFileSync(path.join(folder, 'owner.json'), 'utf8')) as typeof owner;
    } catch {
      continue; // not a run of this script, or removed meanwhile
    }
    if (owner.root !== root || !gone(owner.pid)) continue;
    const pidFile = path.join(folder, 'nginx.pid');
    const orphans = [...(owner.children ?? []), ...(existsSync(pidFile) ? [Number(readFileSync(pidFile, 'utf8'))] : [])].filter((pid) => pid > 0 && !gone(pid));
    for (const pid of orphans) process.kill(pid, 'SIGTERM');
    const until = Date.now() + 10000;
    while (orphans.some((pid) => !gone(pid)) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    console.log(`(removed ${folder}, left by a run that was killed${orphans.length ? `, and stopped what it had started: pid ${orphans.join(', ')}` : ''})`);
    rmSync(folder, { recursive: true, force: true });
  }
}
/** no such process, or one that has ended and waits to be reaped (a zombie: Linux's /proc says Z) */
function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
  try {
    return /^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
await removeStale();

const dir = mkdtempSync(path.join(os.tmpdir(), 'serve-nginx-'));
const owner = { pid: process.pid, root, children: [] as number[] };
const writeOwner = () => writeFileSync(path.join(dir, 'owner.json'), JSON.stringify(owner));
writeOwner();
// nginx's workers run as workerUser when started as root: they reach the temp files through this folder
if (isRoot) chmodSync(dir, 0o711);
const children: ChildProcess[] = [];
let stopping = false;

function cleanUp() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
process.on('exit', cleanUp);

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          const timer = setTimeout(() => c.kill('SIGKILL'), 10000);
          c.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          c.kill('SIGTERM'); // nginx: fast shutdown; the mock: closes its server
        }),
    ),
  );
  cleanUp();
  process.exit(code);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

function logTail(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

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

/** waits until `url` answers (any HTTP status: the server is up) */
async function waitFor(url: string, child: ChildProcess, what: string, ms = 30000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} stopped before it answered`);
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not answer at ${url} within ${ms / 1000} s`);
}

/** the folder nginx serves: dist itself, or a copy in the temporary folder when the workers' user cannot read it */
function servedRoot(dist: string): string {
  if (!workerUser) return dist;
  const readable = spawnSync('runuser', ['-u', workerUser, '--', 'test', '-r', path.join(dist, 'index.html')], { stdio: 'ignore' }).status === 0;
  if (readable) return dist;
  const copy = path.join(dir, path.basename(dist));
  cpSync(dist, copy, { recursive: true });
  spawnSync('chmod', ['-R', 'a+rX', copy]);
  console.log(`(${workerUser}, the user of nginx's workers, cannot read ${dist}: serving a copy in ${copy})`);
  return copy;
}

/** a mock for one site, started here on a free loopback port (the brand's, its absolute urls on the site's origin) */
async function startMock(site: Site, origin: string): Promise<{ upstream: string; pid?: number }> {
  const mockPort = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(mockPort), HOST: '127.0.0.1', MOCK_PUBLIC_ORIGIN: process.env.MOCK_PUBLIC_ORIGIN || origin };
  if (site.brand) env.BRAND = site.brand;
  else delete env.BRAND;
  // nginx takes /rum itself: the mock writes no field data of its own
  delete env.RUM_LOG;
  // node with tsx's loader, not tsx's CLI: one process, so a signal (or SIGKILL) reaches the mock itself
  const mock = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'mock.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    // its own process group: a Ctrl-C reaches this script, which stops the mock after nginx
    detached: true,
  });
  children.push(mock);
  if (mock.pid) owner.children.push(mock.pid);
  writeOwner();
  mock.once('exit', (c, s) => {
    if (stopping) return;
    console.error(`the mock stopped (${s ?? `exit ${c}`})`);
    void stop(1);
  });
  const upstream = `http://127.0.0.1:${mockPort}`;
  await waitFor(`${upstream}/api/app`, mock, 'the mock');
  return { upstream, pid: mock.pid };
}

/** a site's included files: the committed ones of deploy/nginx (a brand's own folder when it has one); the policy with CSP_HTTP_ORIGINS / CSP_API_ORIGIN when set */
function confFor(site: Site): string {
  const conf = path.join(dir, site.brand ? `conf-${site.brand}` : 'conf');
  mkdirSync(conf);
  for (const file of ['security-headers.conf', 'api.conf', 'json-errors.conf', ...RUM_FILES]) cpSync(path.join(confDirOf(site.brand), file), path.join(conf, file));
  if (process.env.CSP_HTTP_ORIGINS || process.env.CSP_API_ORIGIN) writeFileSync(path.join(conf, 'security-headers.conf'), securityHeadersConf(securityHeaderList()));
  return conf;
}

async function main() {
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const origin = `http://${urlHost === '0.0.0.0' ? '127.0.0.1' : urlHost}:${port}`;
  if (process.env.CSP_HTTP_ORIGINS || process.env.CSP_API_ORIGIN) console.log('(security headers with CSP_HTTP_ORIGINS / CSP_API_ORIGIN, not the committed deploy/nginx/security-headers.conf)');
  const template = readFileSync(path.join(NGINX_DIR, 'bet-h5.conf'), 'utf8');
  const blocks: string[] = [];
  const served: string[] = [];
  const rumLog = rumLogEnv ?? path.join(dir, 'rum.jsonl');
  for (const site of sites) {
    // a brand's site is reached by its name (jinsha.localhost): its mock's absolute urls too
    const siteOrigin = everyBrand ? `http://${site.serverName}:${port}` : origin;
    const mock = given ? undefined : await startMock(site, siteOrigin);
    const upstream = (given as string | null) ?? mock!.upstream;
    const conf = confFor(site);
    const block = fillSite(template, { listen: listenOn(host, port), serverName: site.serverName, root: servedRoot(site.dist), conf, upstream, rumLog });
    blocks.push(withLocations(block, mockLocations(upstream, conf)));
    const shown = site.dist.startsWith(root + path.sep) ? path.relative(root, site.dist) : site.dist;
    served.push(`${shown}${everyBrand ? ` as ${siteOrigin}` : ''}, /api/ proxied to ${upstream}${mock ? `, the mock started here, pid ${mock.pid}` : ''}`);
  }
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, mainConf({ dir, site: onceInHttp(blocks).join('\n'), brotliModule: brotliModulePath(bin)!, jsModule: jsModulePath(bin)!, confDir: build.confDir, workerUser }));

  const errorLog = path.join(dir, 'error.log');
  // nginx writes its problems to errorLog (shown below when it stops on its own)
  const nginx = spawn(bin, ['-p', dir, '-c', file, '-e', errorLog], { stdio: 'ignore', detached: true });
  children.push(nginx);
  if (nginx.pid) owner.children.push(nginx.pid);
  writeOwner();
  nginx.once('exit', (c, s) => {
    if (stopping) return;
    console.error(`nginx stopped (${s ?? `exit ${c}`}):\n${logTail(errorLog)}`);
    void stop(1);
  });
  await waitFor(`http://${host === '0.0.0.0' ? '127.0.0.1' : urlHost}:${port}/`, nginx, 'nginx', 15000);
  // one site: the line the tests and the docs read (what, nginx, origin, pid, the upstream)
  const [what, proxied] = [served[0].slice(0, served[0].indexOf(', /api/')), served[0].slice(served[0].indexOf(', /api/') + 2)];
  console.log(
    everyBrand
      ? `serving with nginx ${build.version} on ${origin} (pid ${nginx.pid}), one site per brand:\n${served.map((l) => `  ${l}`).join('\n')}\nconfig and logs in ${dir} (removed on stop)`
      : `serving ${what} with nginx ${build.version} on ${origin} (pid ${nginx.pid}), ${proxied}\nconfig and logs in ${dir} (removed on stop)`,
  );
  console.log(`field data (/rum) appended to ${rumLog}${rumLogEnv ? '' : ' (RUM_LOG=FILE names a file that stays)'}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  const log = logTail(path.join(dir, 'error.log'));
  if (log) console.error(log);
  void stop(1);
});
