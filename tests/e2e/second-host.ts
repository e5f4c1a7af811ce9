/**
 * A second host on this machine's network, for what a phone or a stranger on the same Wi-Fi can
 * reach: a network namespace (`ip netns`, its own interfaces and routes) joined to this machine by a
 * veth pair, both ends given addresses of 10.77.0.0/16 (one /30 per test process, from its pid).
 * Traffic between them stays on this machine. A server listening on 0.0.0.0 is reachable from the
 * namespace at `hostAddress`; one on 127.0.0.1 is not; a request from it comes from `peerAddress`,
 * an address of no interface of this machine (mock-server/local-only.ts: another machine).
 * Needs root (as the tests run here and in CI) and iproute2's `ip`.
 *
 * The link is made once, by the browser tests' global setup before any browser starts, and taken
 * down after the last has ended (`makeLink`, `link.remove`): a new interface on this machine is a
 * network change to every Chromium running here, which drops its requests in flight
 * (net::ERR_NETWORK_CHANGED) in whatever test runs beside the one that asks the second host.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { headlessChromium } from '../../scripts/check-browser';
import { launch } from './harness';

export interface SecondHost {
  /** the namespace's name (`ip netns exec <namespace> …` runs a command on the second host) */
  namespace: string;
  /** this machine's address on the link (the end of the pair left here) */
  hostAddress: string;
  /** the second host's address */
  peerAddress: string;
  /** a request from the second host: its status, or 'refused' (nothing listens there for it) */
  request(url: string, init?: { method?: string; body?: string; type?: string }): Promise<number | 'refused'>;
  /** many at once, each path sent as it is written (no `..` resolved on the way) */
  requests(base: string, paths: readonly string[]): Promise<Record<string, number | 'refused'>>;
  /** Chromium's headless shell running on the second host */
  browser(): Promise<Browser>;
  /** its browser closed (the link stays: the global setup takes it down) */
  close(): Promise<void>;
}

const ip = (...args: string[]) => {
  const r = spawnSync('ip', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ip ${args.join(' ')}: ${r.stderr || r.error?.message}`);
};

/**
 * Sends each request from inside the namespace with node's http (the path exactly as given) and
 * prints `{path: status}`; a connection refused or timed out is 'refused'.
 */
const REQUESTER = `
const http = require('node:http');
const [base, list] = JSON.parse(process.argv[1]);
const u = new URL(base);
const one = (r) => new Promise((resolve) => {
  const req = http.request({ host: u.hostname, port: u.port, path: r.path, method: r.method || 'GET', headers: r.type ? { 'content-type': r.type } : {}, timeout: 20000 }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); });
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', () => resolve('refused'));
  req.end(r.body);
});
(async () => {
  const out = {};
  for (const r of list) out[r.key] = await one(r);
  process.stdout.write(JSON.stringify(out));
})();
`;

/** The link's names and addresses (JSON: the global setup hands it to the test files). */
export interface Link {
  namespace: string;
  /** the end of the pair left on this machine */
  here: string;
  hostAddress: string;
  peerAddress: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** the second host's link, or why there is none (not root, no `ip`) */
    secondHost: Link | { none: string };
  }
}

/** Makes the namespace and the veth pair joining it to this machine. */
export function makeLink(): Link {
  if (process.getuid?.() !== 0) throw new Error('a second host is a network namespace: the test needs root (ip netns), as it has here and in CI');
  const n = process.pid % 16384;
  const ns = `sec-phone-${process.pid}`;
  const [here, there] = [`sec${process.pid}h`, `sec${process.pid}n`];
  const net = `10.77.${Math.floor(n / 64)}`;
  const hostAddress = `${net}.${(n % 64) * 4 + 1}`;
  const peerAddress = `${net}.${(n % 64) * 4 + 2}`;
  // what a run of the same pid left (a killed run) goes first
  removeLink({ namespace: ns, here });
  ip('netns', 'add', ns);
  ip('link', 'add', here, 'type', 'veth', 'peer', 'name', there);
  ip('link', 'set', there, 'netns', ns);
  ip('addr', 'add', `${hostAddress}/30`, 'dev', here);
  ip('link', 'set', here, 'up');
  ip('netns', 'exec', ns, 'ip', 'addr', 'add', `${peerAddress}/30`, 'dev', there);
  ip('netns', 'exec', ns, 'ip', 'link', 'set', there, 'up');
  ip('netns', 'exec', ns, 'ip', 'link', 'set', 'lo', 'up');
  return { namespace: ns, here, hostAddress, peerAddress };
}

/** Takes the link down (the namespace and this machine's end of the pair). */
export function removeLink(link: Pick<Link, 'namespace' | 'here'>): void {
  spawnSync('ip', ['link', 'del', link.here], { stdio: 'ignore' });
  spawnSync('ip', ['netns', 'del', link.namespace], { stdio: 'ignore' });
}

/** The second host on the link the global setup made: requests and a browser from there. */
export function secondHost(link: Link | { none: string }): SecondHost {
  if ('none' in link) throw new Error(link.none);
  const { namespace: ns, hostAddress, peerAddress } = link;

  // Chromium started by playwright-core through `ip netns exec` (the pipes it drives it by are kept)
  const bin = mkdtempSync(path.join(tmpdir(), 'second-host-'));
  const chromium = path.join(bin, 'chromium');
  writeFileSync(chromium, `#!/bin/sh\nexec ip netns exec ${ns} ${headlessChromium()} "$@"\n`);
  chmodSync(chromium, 0o755);
  let browser: Promise<Browser> | undefined;

  const run = (base: string, list: { key: string; path: string; method?: string; body?: string; type?: string }[]) =>
    new Promise<Record<string, number | 'refused'>>((resolve, reject) => {
      const child = spawn('ip', ['netns', 'exec', ns, process.execPath, '-e', REQUESTER, JSON.stringify([base, list])], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Record<string, number | 'refused'>) : reject(new Error(`the second host's requests failed: ${err}`))));
    });

  return {
    namespace: ns,
    hostAddress,
    peerAddress,
    async request(url, init = {}) {
      const u = new URL(url);
      return (await run(u.origin, [{ key: 'one', path: `${u.pathname}${u.search}`, ...init }])).one;
    },
    requests: (base, paths) => run(base, paths.map((p) => ({ key: p, path: p }))),
    browser: () => (browser ??= launch(chromium)),
    async close() {
      await browser?.then((b) => b.close()).catch(() => undefined);
      rmSync(bin, { recursive: true, force: true });
    },
  };
}
