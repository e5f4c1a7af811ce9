/**
 * The mock server's /api/balance (the call every logged-in screen polls) under a bounded load on
 * loopback: autocannon, 10 connections for 10 s, as the seeded member.
 */
import autocannon from 'autocannon';
import { BASE, memberToken, round } from './lib';

export interface LoadFigures {
  path: string;
  connections: number;
  seconds: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export async function measureBalanceLoad(seconds: number, connections = 10): Promise<LoadFigures> {
  const token = await memberToken();
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' };
  // the call must really answer the member's balance, not a 401 envelope, or the figure means nothing
  const probe = (await (await fetch(`${BASE}/api/balance`, { method: 'POST', headers, body: '{}' })).json()) as { code: number };
  if (probe.code !== 200) throw new Error(`/api/balance answered ${JSON.stringify(probe)}`);
  const r = await autocannon({ url: `${BASE}/api/balance`, method: 'POST', headers, body: '{}', connections, duration: seconds });
  return {
    path: '/api/balance',
    connections,
    seconds,
    requestsPerSec: round(r.requests.average),
    p50Ms: round(r.latency.p50, 1),
    p99Ms: round(r.latency.p99, 1),
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}
