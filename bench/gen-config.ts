/**
 * A config N times larger than screens.config/, for timing the config check: a copy in a temp
 * folder where every screen, form, route and message exists N times (copy k of screen "x" is
 * "x_k", its route "/path_k", messages "key.xk"). Copies keep their references to the originals,
 * so the large config is as valid as the real one.
 *   tsx bench/gen-config.ts [factor] prints the folder it wrote.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib';

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const writeJson = (file: string, json: unknown) => writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);

interface Route {
  path: string;
  screen: string;
  [k: string]: unknown;
}

export function generateLargeConfig(factor = 10): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-config-'));
  cpSync(path.join(ROOT, 'screens.config'), dir, { recursive: true });

  const screens: string[] = [];
  for (const kind of ['screens', 'forms']) {
    const folder = path.join(dir, kind);
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
      const text = readFileSync(path.join(folder, file), 'utf8');
      const name = file.slice(0, -5);
      if (kind === 'screens') screens.push(name);
      for (let k = 1; k < factor; k++) writeFileSync(path.join(folder, `${name}_${k}.json`), text);
    }
  }

  const routesFile = path.join(dir, 'routes.json');
  const routes = readJson(routesFile) as { routes: Route[] };
  const copies: Route[] = [];
  for (let k = 1; k < factor; k++) {
    for (const r of routes.routes) {
      copies.push({ ...r, path: `${r.path === '/' ? '' : r.path}/_${k}`, screen: screens.includes(r.screen) ? `${r.screen}_${k}` : r.screen });
    }
  }
  writeJson(routesFile, { ...routes, routes: [...routes.routes, ...copies] });

  const messagesFile = path.join(dir, 'messages.json');
  const messages = readJson(messagesFile) as { messages: Record<string, string> };
  const more: Record<string, string> = {};
  for (let k = 1; k < factor; k++) for (const [key, text] of Object.entries(messages.messages)) more[`${key}.x${k}`] = text;
  writeJson(messagesFile, { ...messages, messages: { ...messages.messages, ...more } });
  return dir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '')) {
  console.log(generateLargeConfig(Number(process.argv[2]) || 10));
}
