/**
 * npm run deploy -- --to DIR (scripts/deploy.ts): the product and three brands placed as nginx
 * serves them, each site's folder switched whole and at the same instant (a release folder, one
 * symlink renamed over the live one), the previous release kept; after a product change a second
 * deploy is live, and --rollback brings the first back for every site. Debian's nginx runs the
 * sites.conf the deploy wrote, untouched (never reloaded) through both switches: its root is the link.
 * A site without a host name, or without a build, is refused by name, and DIR is left as it was.
 * The builds are small stand-ins (index.html, version.json, a hashed file): what a deploy copies.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startNginx } from './nginx-run';

const root = path.resolve(__dirname, '..', '..');
const work = mkdtempSync(path.join(tmpdir(), 'deploy-'));
const brands = path.join(work, 'brands');
const to = path.join(work, 'srv');
const SITES = ['dist', 'dist-jinsha', 'dist-weinisi', 'dist-yinhe'];
const HOSTS: Record<string, string> = { dist: 'm.xingyao.test', 'dist-jinsha': 'm.jinsha.test', 'dist-weinisi': 'm.weinisi.test', 'dist-yinhe': 'm.yinhe.test' };
const SERVER_NAMES = 'product=m.xingyao.test,jinsha=m.jinsha.test,weinisi=m.weinisi.test,yinhe=m.yinhe.test';
let port = 0;

/** the builds of release `n` of every site in a folder of their own: what `npm run deploy -- --from` takes */
function builds(n: number, only = SITES): string {
  const from = path.join(work, `builds-${n}`);
  for (const site of only) {
    mkdirSync(path.join(from, site, 'assets'), { recursive: true });
    writeFileSync(path.join(from, site, 'index.html'), `<!doctype html><title>${site} release ${n}</title>`);
    writeFileSync(path.join(from, site, 'version.json'), JSON.stringify({ build: `${site}-${n}`, required: false }));
    writeFileSync(path.join(from, site, 'assets', `app-r${n}.js`), `/* ${site} ${n} */`);
  }
  return from;
}

const deploy = (args: string[], env: Record<string, string> = {}) =>
  spawnSync('npm', ['run', '--silent', 'deploy', '--', '--to', to, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, BRANDS_DIR: brands, SERVER_NAMES, LISTEN: `127.0.0.1:${port}`, API_UPSTREAM: 'http://127.0.0.1:9', ...env },
  });

/** what nginx answers for a path of a site (its host name) */
function get(site: string, p: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: p, headers: { Host: HOSTS[site] } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
const pages = () => Promise.all(SITES.map(async (s) => (await get(s, '/')).body));
const release = (n: number) => SITES.map((s) => `<!doctype html><title>${s} release ${n}</title>`);

/** every file under a folder with its text, and the live link: what "as it was" compares */
function snapshot(dir: string): string {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (lstatSync(p).isSymbolicLink()) out.push(`${p} -> ${readlinkSync(p)}`);
      else if (statSync(p).isDirectory()) walk(p);
      else out.push(`${p}: ${readFileSync(p, 'utf8')}`);
    }
  };
  walk(dir);
  return out.join('\n');
}

let nginx: { stop: () => Promise<void> } | undefined;

beforeAll(async () => {
  // three brands: the repository's two and a third
  cpSync(path.join(root, 'brands'), brands, { recursive: true });
  cpSync(path.join(brands, 'jinsha'), path.join(brands, 'weinisi'), { recursive: true });
  port = await freePort();
});

afterAll(async () => {
  await nginx?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Debian's nginx on the sites.conf the first deploy wrote, as an operator includes it once */
async function serveDeployed(): Promise<void> {
  for (const d of [work, to]) chmodSync(d, 0o755);
  nginx = await startNginx(`include ${path.join(to, 'current', 'nginx', 'sites.conf')};`, path.join(work, 'nginx'), () => get('dist', '/'));
}

describe('npm run deploy -- --to DIR: the product and three brands, a second release, a rollback', () => {
  it('refuses, naming the site, a brand without a host name or without a build; DIR is not made', () => {
    const r = deploy(['--from', builds(1)], { SERVER_NAMES: 'product=m.xingyao.test,jinsha=m.jinsha.test,yinhe=m.yinhe.test' });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`SERVER_NAMES has no host for brand weinisi (write weinisi=m.example.com among them): every site needs its host name for nginx\nnothing was deployed: ${to} is as it was\n`);
    const partly = builds(9, ['dist', 'dist-jinsha', 'dist-yinhe']);
    expect(deploy(['--from', partly]).stderr).toBe(`brand weinisi: no build in ${path.join(partly, 'dist-weinisi')} (index.html and version.json): build it there\nnothing was deployed: ${to} is as it was\n`);
    expect(existsSync(to)).toBe(false);
  });

  it('places every site as nginx serves it: one release, DIR/current its link, a server block per site rooted in the link', async () => {
    const r = deploy(['--from', builds(1)]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('the product: dist/ build dist-1\nbrand jinsha: dist-jinsha/ build dist-jinsha-1\nbrand weinisi: dist-weinisi/ build dist-weinisi-1\nbrand yinhe: dist-yinhe/ build dist-yinhe-1\n');
    expect(lstatSync(path.join(to, 'current')).isSymbolicLink()).toBe(true);
    const conf = readFileSync(path.join(to, 'current', 'nginx', 'sites.conf'), 'utf8');
    for (const site of SITES) {
      expect(conf).toContain(`server_name ${HOSTS[site]};`);
      expect(conf).toContain(`root ${path.join(to, 'current', site)};`);
    }
    await serveDeployed();
    expect(await pages()).toEqual(release(1));
  });

  it('after a product change a second deploy is live on every site at once, nginx untouched; the first release\'s hashed files stay for pages open on it', async () => {
    const r = deploy(['--from', builds(2)]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('nginx: its configuration is the same: nothing to reload');
    expect(r.stdout).toMatch(/live: .*current -> releases\/\S+ \(was \S+; npm run deploy -- --to .* --rollback brings it back\)/);
    expect(await pages()).toEqual(release(2));
    for (const site of SITES) {
      expect(await get(site, '/assets/app-r2.js')).toEqual({ status: 200, body: `/* ${site} 2 */` });
      expect(await get(site, '/assets/app-r1.js')).toEqual({ status: 200, body: `/* ${site} 1 */` });
    }
    expect(readdirSync(path.join(to, 'releases'))).toHaveLength(2);
  });

  it('--rollback brings back the first release for every site', async () => {
    const r = deploy(['--rollback']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/every site: dist\/ build dist-1, dist-jinsha\/ build dist-jinsha-1, dist-weinisi\/ build dist-weinisi-1, dist-yinhe\/ build dist-yinhe-1\n/);
    expect(await pages()).toEqual(release(1));
    // nothing before the first: refused, and nothing changes
    const before = snapshot(to);
    expect(deploy(['--rollback']).stderr).toMatch(/is the oldest release kept: nothing before it to roll back to\nnothing was deployed: /);
    expect(snapshot(to)).toBe(before);
    expect(await pages()).toEqual(release(1));
  });
});
