/**
 * Issue 16: with constants.responsible.enabled false in app.json, no reminder code loads (not even
 * for a member after an hour) and the links to the 负责任博彩 screen are gone. Needs a build of its
 * own: this file builds one with app.json's switch turned off (dist-test-rp-off) and serves it with
 * the mock and the production CSP on a free port.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import type { Page } from 'playwright-core';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../mock-server/app';
import { securityHeaders } from '../../scripts/security-headers';
import { browserPerFile, expectClean, newPage } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = path.join(root, 'dist-test-rp-off');
const env = browserPerFile();
let server: Server;
let base = '';

/** app.json as it is, with the feature switched off */
function switchedOff(): Plugin {
  return {
    name: 'responsible-off',
    enforce: 'pre',
    async load(id) {
      if (!id.replace(/\\/g, '/').endsWith('/screens.config/app.json')) return null;
      const { readFile } = await import('node:fs/promises');
      const json = JSON.parse(await readFile(id, 'utf8')) as { constants: { responsible: { enabled: boolean } } };
      json.constants.responsible.enabled = false;
      return JSON.stringify(json);
    },
  };
}

beforeAll(async () => {
  const nodeEnv = process.env.NODE_ENV;
  // the production React build, as global-setup builds it
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, configFile: path.join(root, 'vite.config.ts'), mode: 'test', logLevel: 'warn', plugins: [switchedOff()], build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const app = express();
  app.use(securityHeaders);
  app.use(createApp({ latencyMs: 0, control: true }));
  app.use(express.static(outDir));
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

async function member(requests: string[]): Promise<Page> {
  const { page } = await newPage(env.browser);
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.clock.install();
  const r = await fetch(`${base}/__mock/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  const token = ((await r.json()) as { data: { api_token: string } }).data.api_token;
  await page.goto(`${base}/#/`);
  await page.evaluate((t) => sessionStorage.setItem('token', t), token);
  await page.reload();
  return page;
}

describe('responsible play switched off', () => {
  it('loads no reminder code, shows no reminder after hours of play, and links nowhere to the screen', async () => {
    await fetch(`${base}/__mock/settings`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ index_modal: 0 }) });
    const requests: string[] = [];
    const p = await member(requests);
    await p.goto(`${base}/#/mine`);
    await p.locator('[data-testid=mine-username]').waitFor();
    // past every moment the reminder's chunk would load at (the screen's data mark, the fallback a few seconds after)
    await p.clock.fastForward(10_000);
    await p.waitForLoadState('networkidle');
    expect(await p.locator('[data-testid=mine-link-vip]').count()).toBe(1);
    expect(await p.locator('[data-testid=mine-responsible]').count()).toBe(0);
    await p.clock.fastForward(3 * 3_600_000);
    expect(await p.getByRole('dialog').count()).toBe(0);
    expect(await p.evaluate(() => sessionStorage.getItem('responsible.session'))).toBeNull();

    await p.goto(`${base}/#/boutBallBetInfo?type=8`);
    await p.locator('.w-html').first().waitFor();
    expect(await p.locator('[data-testid=article-responsible]').count()).toBe(0);
    await p.waitForLoadState('networkidle');
    expect(requests.filter((u) => /\/assets\/(Reminder|ResponsibleSettings)-/.test(u))).toEqual([]);
    // the app itself did load (the check above is not passing on an empty page)
    expect(requests.some((u) => u.startsWith('/assets/index-'))).toBe(true);
    expectClean(p);
  });
});
