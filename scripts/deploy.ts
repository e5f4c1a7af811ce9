/**
 * npm run deploy -- --to DIR — the product and every brand put where nginx serves them, all made
 * live at the same instant, the previous release kept for a rollback:
 *
 *   DIR/releases/<stamp>/dist/, dist-<id>/   each site's build (a release is never changed once written)
 *   DIR/releases/<stamp>/nginx/              deploy/nginx's included files (scripts/gen-nginx.ts) and
 *                                            sites.conf: a server block per site (`gen:nginx --sites`),
 *                                            its root DIR/current/dist-<id>, its includes DIR/current/nginx
 *   DIR/releases/<stamp>/release.json        what the release holds: each site's build id and hashed files
 *   DIR/current -> releases/<stamp>          the live release: one symlink, replaced by a rename
 *
 * nginx reads every site's files through DIR/current (its root is the link), so a new release, or
 * a rollback, reaches every site at once, never half copied, and nginx need not reload (only when
 * its own configuration changed: the deploy says so). A page still open on an earlier release may
 * ask for that release's hashed files (docs/RELEASES.md): each release carries, as hard links, the
 * hashed files of the releases kept before it.
 *
 *   --to DIR        where (made when missing)
 *   --from FOLDER   deploy the builds in FOLDER (dist/, dist-<id>/) instead of building
 *   --no-build      deploy the project's dist/ and dist-<id>/ as they are (each newer than its config)
 *   --rollback      make the release before the live one live again, for every site
 *   --keep N        releases kept on disk (5)
 * Without --from or --no-build every site is built first (as npm run build:brands). The host names
 * and the backend come from the environment of `npm run gen:nginx -- --sites`: SERVER_NAMES
 * (product=m.a.com,jinsha=m.b.com: every site needs one), API_UPSTREAM, LISTEN. A site without a
 * host name, a build missing, older than its config or failing: refused before anything is built
 * or changed in DIR, naming the site.
 */
import { cpSync, existsSync, linkSync, copyFileSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSites, siteName, sitesOf } from './build-brands';
import { brandsDirOf, configDirOf, distOf, shownPath } from '../src/config/source/index';
import { DEFAULT_RUM_LOG, generatedFiles, NGINX_DIR, sites } from './gen-nginx';
import { parseUpstream } from './nginx';
import { securityHeaderList } from './security-headers';
import { alive } from './vite/atomic-out-dir';

/** refused: nothing was built or changed */
export class Refusal extends Error {}

export interface Options {
  to: string;
  /** the folder holding the builds to deploy; undefined: build them first */
  from?: string;
  /** take the project's builds as they are, each checked newer than its sources */
  fresh?: boolean;
  keep: number;
}

const LIVE = 'current';
const RELEASES = 'releases';
const releasesOf = (to: string) => path.join(to, RELEASES);
/** the stamp of the live release, or undefined before the first deploy */
export function liveRelease(to: string): string | undefined {
  const link = path.join(to, LIVE);
  if (!existsSync(link) && !isLink(link)) return undefined;
  if (!isLink(link)) throw new Refusal(`${link} is not a link to a release (a folder copied by hand?): move it away, then deploy`);
  return path.basename(readlinkSync(link));
}
const isLink = (p: string) => {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
};
/** the releases on disk, oldest first */
export const releases = (to: string): string[] => (existsSync(releasesOf(to)) ? readdirSync(releasesOf(to)).filter((n) => !n.endsWith('.partial')).sort() : []);

/** sites.conf of the release (one server block per site), or a Refusal naming the site without a host name */
function siteConf(to: string): string {
  const upstream = parseUpstream(process.env.API_UPSTREAM ?? 'http://127.0.0.1:3001');
  if (upstream instanceof Error) throw new Refusal(upstream.message);
  const pairs = (process.env.SERVER_NAMES ?? '').split(',').map((p) => p.trim().split('=')).filter((p) => p.length === 2);
  try {
    return sites({ serverNames: Object.fromEntries(pairs), rootDir: path.join(to, LIVE), confDir: path.join(to, LIVE, 'nginx'), listen: process.env.LISTEN ?? '80', upstream, rumLog: process.env.RUM_LOG ?? DEFAULT_RUM_LOG });
  } catch (err) {
    throw new Refusal(`${(err as Error).message}: every site needs its host name for nginx`);
  }
}

/** the newest change of a file or under a folder (ms), 0 when there is none */
function newest(at: string): number {
  if (!existsSync(at)) return 0;
  if (!statSync(at).isDirectory()) return statSync(at).mtimeMs;
  return readdirSync(at).reduce((t, name) => Math.max(t, newest(path.join(at, name))), 0);
}

/** what every site's build is made from besides the config: the app, its page, the build's own code and the packages' versions */
const BUILD_SOURCES = ['src', 'index.html', 'vite.config.ts', path.join('scripts', 'vite'), 'package-lock.json'];

/** each site's build folder: built now, or taken from `from`, each checked whole (and, from the project, newer than its sources) */
function builds(root: string, o: Options, targets: (string | undefined)[]): Map<string | undefined, string> {
  if (!o.from && !o.fresh) {
    const failed = buildSites(root, targets);
    if (failed.length) throw new Refusal(`${failed.length} of ${targets.length} build(s) failed: ${failed.join(', ')}`);
  }
  const out = new Map<string | undefined, string>();
  for (const brand of targets) {
    const dir = path.resolve(o.from ?? root, distOf(brand, ''));
    if (!existsSync(path.join(dir, 'index.html')) || !existsSync(path.join(dir, 'version.json'))) {
      throw new Refusal(`${siteName(brand)}: no build in ${shownPath(root, dir)} (index.html and version.json): ${o.from ? 'build it there' : 'run npm run deploy without --no-build'}`);
    }
    if (o.fresh) {
      const sources = [configDirOf(root), ...BUILD_SOURCES.map((f) => path.join(root, f)), ...(brand ? [path.join(brandsDirOf(root), brand)] : [])];
      const stale = sources.find((s) => newest(s) > statSync(path.join(dir, 'version.json')).mtimeMs);
      const named = stale && `${shownPath(root, stale)}${statSync(stale).isDirectory() ? '/' : ''}`;
      if (named) throw new Refusal(`${siteName(brand)}: ${shownPath(root, dir)} was built before the last change of ${named}: build it again (npm run deploy without --no-build builds every site)`);
    }
    out.set(brand, dir);
  }
  return out;
}

interface ReleaseFile {
  made: string;
  sites: Record<string, { build: string; assets: string[] }>;
}
const releaseFile = (to: string, stamp: string): ReleaseFile | undefined => {
  try {
    return JSON.parse(readFileSync(path.join(releasesOf(to), stamp, 'release.json'), 'utf8')) as ReleaseFile;
  } catch {
    return undefined;
  }
};
const assetsOf = (dir: string) => (existsSync(path.join(dir, 'assets')) ? readdirSync(path.join(dir, 'assets')).sort() : []);

/** The hashed files of the releases kept before (newest first) that the new build has not, as hard links into it. */
function carryAssets(to: string, folder: string, site: string, before: string[]): number {
  let carried = 0;
  const have = new Set(assetsOf(folder));
  for (const stamp of before) {
    for (const name of releaseFile(to, stamp)?.sites[site]?.assets ?? []) {
      const from = path.join(releasesOf(to), stamp, site, 'assets', name);
      const into = path.join(folder, 'assets', name);
      if (have.has(name) || !existsSync(from)) continue;
      mkdirSync(path.dirname(into), { recursive: true });
      try {
        linkSync(from, into);
      } catch {
        copyFileSync(from, into);
      }
      have.add(name);
      carried++;
    }
  }
  return carried;
}

/** a new stamp: the time (UTC), with a number after it when a release of the same second exists */
function newStamp(to: string): string {
  const base = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const taken = new Set(releases(to));
  let stamp = base;
  for (let n = 2; taken.has(stamp); n++) stamp = `${base}-${String(n).padStart(2, '0')}`;
  return stamp;
}

/** DIR/current made to point at `stamp`: a new link renamed over the old one, so there is never a moment without one */
export function makeLive(to: string, stamp: string): void {
  const next = path.join(to, `.${LIVE}.next-${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(path.join(RELEASES, stamp), next);
  renameSync(next, path.join(to, LIVE));
}

/** the nginx configuration of a release, file by file */
const nginxOf = (to: string, stamp: string | undefined) => {
  const dir = stamp ? path.join(releasesOf(to), stamp, 'nginx') : '';
  const files = (d: string): string[] => (existsSync(d) ? readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(d, e.name)) : [path.join(d, e.name)])) : []);
  return JSON.stringify(files(dir).sort().map((f) => [path.relative(dir, f), readFileSync(f, 'utf8')]));
};

/** what nginx needs after `stamp` went live in place of `was` */
function nginxNote(to: string, stamp: string, was: string | undefined): string {
  const conf = path.join(to, LIVE, 'nginx', 'sites.conf');
  if (!was) return `nginx: include ${conf} once (docs/DEPLOYING.md), then: sudo nginx -t && sudo systemctl reload nginx`;
  return nginxOf(to, stamp) === nginxOf(to, was) ? 'nginx: its configuration is the same: nothing to reload' : `nginx: its configuration changed (${path.join(to, LIVE, 'nginx')}/): sudo nginx -t && sudo systemctl reload nginx`;
}

/** Writes a release of every site (builds, carried hashed files, nginx's files), makes it live and prunes old ones; returns what it says. */
export function deploy(root: string, o: Options): string[] {
  const targets = sitesOf(root);
  const conf = siteConf(o.to);
  const was = liveRelease(o.to);
  const found = builds(root, o, targets);
  const stamp = newStamp(o.to);
  const partial = path.join(releasesOf(o.to), `${stamp}.partial`);
  for (const stale of releases(o.to).length ? readdirSync(releasesOf(o.to)).filter((n) => n.endsWith('.partial')) : []) rmSync(path.join(releasesOf(o.to), stale), { recursive: true, force: true });
  const kept = releases(o.to).reverse().slice(0, o.keep);
  const lines: string[] = [];
  const meta: ReleaseFile = { made: new Date().toISOString(), sites: {} };
  try {
    for (const [brand, dir] of found) {
      const site = distOf(brand, '');
      cpSync(dir, path.join(partial, site), { recursive: true });
      const build = (JSON.parse(readFileSync(path.join(dir, 'version.json'), 'utf8')) as { build?: string }).build ?? '?';
      meta.sites[site] = { build, assets: assetsOf(dir) };
      const carried = carryAssets(o.to, path.join(partial, site), site, kept);
      lines.push(`${siteName(brand)}: ${site}/ build ${build}${carried ? `, with ${carried} hashed file(s) of earlier releases for pages still open on them` : ''}`);
    }
    const headers = process.env.CSP_API_ORIGIN || process.env.CSP_HTTP_ORIGINS ? securityHeaderList() : undefined;
    // the generated files and field data's collector (rum.js, the njs code beside them)
    for (const f of [...generatedFiles(headers), { file: path.join(NGINX_DIR, 'rum.js'), text: readFileSync(path.join(NGINX_DIR, 'rum.js'), 'utf8') }]) {
      const into = path.join(partial, 'nginx', path.relative(NGINX_DIR, f.file));
      mkdirSync(path.dirname(into), { recursive: true });
      writeFileSync(into, f.text);
    }
    writeFileSync(path.join(partial, 'nginx', 'sites.conf'), conf);
    writeFileSync(path.join(partial, 'release.json'), `${JSON.stringify(meta, null, 2)}\n`);
    renameSync(partial, path.join(releasesOf(o.to), stamp));
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    throw err;
  }
  makeLive(o.to, stamp);
  const pruned = releases(o.to).reverse().slice(o.keep).filter((r) => r !== stamp && r !== was);
  for (const r of pruned) rmSync(path.join(releasesOf(o.to), r), { recursive: true, force: true });
  return [...lines, `live: ${path.join(o.to, LIVE)} -> ${RELEASES}/${stamp}${was ? ` (was ${was}; npm run deploy -- --to ${o.to} --rollback brings it back)` : ''}`, nginxNote(o.to, stamp, was)];
}

/** Makes the release before the live one live again, for every site; returns what it says. */
export function rollback(o: Pick<Options, 'to'>): string[] {
  const live = liveRelease(o.to);
  if (!live) throw new Refusal(`${o.to}: nothing deployed yet (no ${LIVE} link): nothing to roll back`);
  const previous = releases(o.to).filter((r) => r < live).pop();
  if (!previous) throw new Refusal(`${o.to}: ${RELEASES}/${live} is the oldest release kept: nothing before it to roll back to`);
  makeLive(o.to, previous);
  const sites = Object.entries(releaseFile(o.to, previous)?.sites ?? {}).map(([site, s]) => `${site}/ build ${s.build}`);
  return [`live: ${path.join(o.to, LIVE)} -> ${RELEASES}/${previous} (was ${live}), every site: ${sites.join(', ')}`, nginxNote(o.to, previous, live)];
}

/** the options of the command line, or a Refusal saying what is expected */
export function optionsOf(argv: string[]): Options & { rollback: boolean } {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    if (i < 0) return undefined;
    if (!argv[i + 1] || argv[i + 1].startsWith('--')) throw new Refusal(`${flag} needs a value`);
    return argv[i + 1];
  };
  const to = value('--to');
  if (!to) throw new Refusal('usage: npm run deploy -- --to DIR [--from FOLDER | --no-build] [--keep N] | --to DIR --rollback');
  const keep = Number(value('--keep') ?? 5);
  if (!Number.isInteger(keep) || keep < 2) throw new Refusal(`--keep: expected a whole number of at least 2 (the live release and the one a rollback brings back), found ${value('--keep')}`);
  const from = value('--from');
  return { to: path.resolve(to), from: from && path.resolve(from), fresh: argv.includes('--no-build'), keep, rollback: argv.includes('--rollback') };
}

/** one deploy at a time in a folder: a lock file naming the process, taken over from a process that is gone; a folder made for a refused deploy goes again */
function locked<T>(to: string, work: () => T): T {
  const made = !existsSync(to);
  mkdirSync(to, { recursive: true });
  const lock = path.join(to, '.deploy.lock');
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch {
    const pid = Number(readFileSync(lock, 'utf8'));
    if (alive(pid)) throw new Refusal(`${to}: a deploy is running (pid ${pid}): wait for it`);
    writeFileSync(lock, String(process.pid));
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
    if (made && !readdirSync(to).length) rmSync(to, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let to = '';
  try {
    const o = optionsOf(process.argv.slice(2));
    to = o.to;
    console.log(locked(o.to, () => (o.rollback ? rollback(o) : deploy(root, o))).join('\n'));
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    console.error(`${err.message}${to ? `\nnothing was deployed: ${to} is as it was` : ''}`);
    process.exit(1);
  }
}
