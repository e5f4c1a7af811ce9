/**
 * Money under a burst: 240 transfers and withdrawals of one member fired at once. No wallet may go
 * negative and the sum of all wallets must change by exactly what was withdrawn.
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRng } from '../../mock-server/rng';
import { call, close, listen, memberSnap, patchMember, tokenFor } from './helpers';

let server: Server;
beforeAll(async () => {
  server = await listen();
});
afterAll(async () => {
  await close(server);
});

const cents = (yuan: number) => Math.round(yuan * 100);

describe('concurrent transfers and withdrawals', () => {
  it('keep every wallet at or above zero and the totals exact', async () => {
    await patchMember(server, { balance: 3000, venues: { ag: 500, pg: 250.55 } });
    const token = await tokenFor(server);
    const before = await memberSnap(server);
    const card = before.cards[0].id;
    const rng = makeRng(42);
    const venues = ['ag', 'pg', 'bbin'];
    const jobs: { kind: 'transfer' | 'withdraw'; amount: number; run: () => ReturnType<typeof call> }[] = [];
    for (let i = 0; i < 240; i += 1) {
      const amount = Math.round((1 + rng() * 400) * 100) / 100;
      if (i % 3 === 2) {
        const w = Math.max(100, amount);
        jobs.push({ kind: 'withdraw', amount: w, run: () => call(server, 'withdraw', { amount: w, bank: card, password: '123456' }, token) });
      } else {
        const venue = venues[Math.floor(rng() * venues.length)];
        const into = rng() < 0.5;
        const payload = into
          ? { amount, sourcetype: 'userbalance', targettype: venue }
          : { amount, sourcetype: venue, targettype: 'userbalance' };
        jobs.push({ kind: 'transfer', amount, run: () => call(server, 'transfer', payload, token) });
      }
    }
    const replies = await Promise.all(jobs.map((j) => j.run()));

    const codes = replies.map((r) => r.body.code);
    expect(new Set(codes)).toEqual(new Set([200, 208, 210]));
    let withdrawn = 0;
    let withdrawals = 0;
    replies.forEach((r, i) => {
      if (jobs[i].kind === 'withdraw' && r.body.code === 200) {
        withdrawn += cents(jobs[i].amount);
        withdrawals += 1;
      }
    });
    expect(withdrawals).toBeGreaterThan(0);
    expect(replies.filter((r, i) => jobs[i].kind === 'transfer' && r.body.code === 200).length).toBeGreaterThan(50);

    const after = await memberSnap(server);
    expect(after.balance).toBeGreaterThanOrEqual(0);
    for (const v of Object.values(after.venues)) expect(v).toBeGreaterThanOrEqual(0);
    expect(cents(before.total) - cents(after.total)).toBe(withdrawn);
    expect(after.counts.withdrawals - before.counts.withdrawals).toBe(withdrawals);
    expect(after.counts.pendingWithdrawals - before.counts.pendingWithdrawals).toBe(withdrawals);
    const transfersDone = replies.filter((r, i) => jobs[i].kind === 'transfer' && r.body.code === 200).length;
    expect(after.counts.transfersIn + after.counts.transfersOut - before.counts.transfersIn - before.counts.transfersOut).toBe(transfersDone);
  });
});
