/**
 * Field data's collector: deploy/nginx/rum.js (run by nginx's njs, and by the mock) and the mock's
 * POST /rum (npm start, npm run serve). A report is a 204 and one JSON line per report in RUM_LOG;
 * a body that is not a field report is a 400, one over 16 KB a 413, neither written; nothing at all
 * makes it answer a 5xx. nginx's own side (limits, rate, the log) is tests/e2e/nginx.e2e.ts.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it, vi } from 'vitest';
import rum from '../../deploy/nginx/rum.js';
import { createApp } from '../../mock-server/app';
import { describeLine } from '../../mock-server/rum';
import { bodies, MAX_BODY_BYTES, type Context, type Report } from '../../src/rum/report';

const NOW = '2026-11-28T12:00:00.000Z';
const ctx: Context = { view: 'mig3k2a-4f7x9q1z', brand: 'product', release: '0123456789abcdef', engine: 'Chromium 66', net: '4g' };
const inp: Report = { kind: 'vital', name: 'INP', value: 56, rating: 'needs-improvement', id: 'v6-1', route: '/login', file: 'screens.config/forms/login.json', path: '/fields/0', widget: 'text', interaction: 'keyboard' };
const err: Report = { kind: 'error', source: 'render', message: 'TypeError: x is undefined', route: '/mine', file: 'screens.config/screens/mine.json', path: '/body/2', widget: 'Cell' };

describe('rum.js: a body becomes one line per report, or is refused whole', () => {
  it("each report with the page's context and the server's time; the page cannot set the time", () => {
    const body = JSON.stringify({ v: 1, ctx: { ...ctx, ts: 'from the page' }, reports: [inp, { ...err, ts: 'from the page' }] });
    expect(rum.lines(body, NOW)!.map((l) => JSON.parse(l) as unknown)).toEqual([
      { ts: NOW, ...ctx, ...inp },
      { ts: NOW, ...ctx, ...err },
    ]);
  });

  it('refuses what is not a field report: not JSON, not an object, no reports, too many, nested values, a line too long', () => {
    const of = (doc: unknown) => JSON.stringify(doc);
    for (const [what, body] of [
      ['not JSON', 'hello'],
      ['empty', ''],
      ['an array', of([inp])],
      ['no reports', of({ v: 1, ctx })],
      ['no report', of({ v: 1, ctx, reports: [] })],
      ['51 reports', of({ v: 1, ctx, reports: Array.from({ length: 51 }, () => inp) })],
      ['a report that is not an object', of({ v: 1, ctx, reports: [inp, 'x'] })],
      ['a context that is not an object', of({ v: 1, ctx: 'x', reports: [inp] })],
      ['a nested value', of({ v: 1, ctx, reports: [{ ...inp, node: { file: 'x' } }] })],
      ['a line of 16 KB', of({ v: 1, ctx, reports: [{ ...err, message: 'x'.repeat(MAX_BODY_BYTES) }] })],
    ] as const) {
      expect(rum.lines(body, NOW), what).toBeNull();
    }
  });

  it('a "__proto__" key changes no prototype and is not written', () => {
    const [line] = rum.lines('{"reports":[{"__proto__":{"polluted":true},"kind":"error"}]}', NOW)!;
    expect(line).toBe(`{"ts":"${NOW}","kind":"error"}`);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe("the mock's POST /rum", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rum-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('RUM_LOG: a report is a 204 and its lines are appended, in order; refused bodies write nothing', async () => {
    const log = path.join(dir, 'a.jsonl');
    const app = createApp({ latencyMs: 0, rumLog: log });
    const [body] = bodies(ctx, [inp, err]);
    expect((await request(app).post('/rum').set('Content-Type', 'text/plain;charset=UTF-8').send(body)).status).toBe(204);
    const notJson = await request(app).post('/rum').set('Content-Type', 'text/plain').send('not json');
    expect([notJson.status, notJson.body.code]).toEqual([400, 400]);
    const big = await request(app).post('/rum').set('Content-Type', 'text/plain').send('x'.repeat(100 * 1024));
    expect([big.status, big.body.code]).toEqual([413, 413]);
    expect((await request(app).post('/rum').send({ v: 1, ctx, reports: [inp] })).status).toBe(204);
    expect((await request(app).get('/rum')).status).toBe(405);
    await expect.poll(() => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0)).toBe(3);
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.kind, l.name ?? l.source, l.brand, l.release, l.engine, l.route])).toEqual([
      ['vital', 'INP', 'product', '0123456789abcdef', 'Chromium 66', '/login'],
      ['error', 'render', 'product', '0123456789abcdef', 'Chromium 66', '/mine'],
      ['vital', 'INP', 'product', '0123456789abcdef', 'Chromium 66', '/login'],
    ]);
    expect(lines.every((l) => typeof l.ts === 'string' && !Number.isNaN(Date.parse(l.ts)))).toBe(true);
  });

  it('without RUM_LOG each report is one line on the terminal (npm start shows them)', async () => {
    const saved = process.env.RUM_LOG;
    delete process.env.RUM_LOG;
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const [body] = bodies(ctx, [inp, err]);
      expect((await request(createApp({ latencyMs: 0 })).post('/rum').send(body)).status).toBe(204);
      expect(log.mock.calls.map((c) => c[0] as string)).toEqual([
        '[rum] product /login INP 56 ms (needs-improvement, Chromium 66) screens.config/forms/login.json /fields/0',
        '[rum] product /mine render error: TypeError: x is undefined screens.config/screens/mine.json /body/2',
      ]);
    } finally {
      log.mockRestore();
      if (saved !== undefined) process.env.RUM_LOG = saved;
    }
    expect(describeLine(JSON.stringify({ ...ctx, kind: 'vital', name: 'CLS', value: 0.05, rating: 'good', route: '/', target: 'div.w-carousel' }))).toBe('[rum] product / CLS 0.05 (good, Chromium 66) div.w-carousel');
  });

  it('never a 5xx, whatever comes; a log it cannot write is said once and the answers stay 204', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const app = createApp({ latencyMs: 0, rumLog: path.join(dir, 'no-such-folder', 'x.jsonl') });
      const bad: [string, string | Buffer][] = [
        ['application/json', '{"reports":'],
        ['application/json; charset=utf-16', Buffer.from('{"reports":[]}', 'utf16le')],
        ['application/x-www-form-urlencoded', 'a=1&b=2'],
        ['text/plain; charset=klingon', '{}'],
        ['application/octet-stream', Buffer.from([0xff, 0xfe, 0x00, 0x01])],
        ['text/plain', '{"v":1,"reports":[{"kind":{"toString":1}}]}'],
        ['text/plain', JSON.stringify({ v: 1, ctx, reports: [inp] })],
        ['text/plain', JSON.stringify({ v: 1, ctx, reports: [err] })],
      ];
      const statuses: number[] = [];
      for (const [type, body] of bad) statuses.push((await request(app).post('/rum').set('Content-Type', type).send(body)).status);
      for (const [i, s] of statuses.entries()) expect(s, `${bad[i][0]} ${String(bad[i][1]).slice(0, 30)}`).toBeLessThan(500);
      expect(statuses.slice(-2)).toEqual([204, 204]);
      await expect.poll(() => error.mock.calls.length).toBe(1);
      expect(String(error.mock.calls[0][0])).toMatch(/^\[rum\] cannot write .*no-such-folder\/x\.jsonl: ENOENT/);
    } finally {
      error.mockRestore();
    }
  });
});
