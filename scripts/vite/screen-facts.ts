/**
 * What each screen of screens.config/screens draws, as it ships (switched-off features left out:
 * shipped-config.ts): read once per use by the screen index, the route chunks (early reads) and
 * the chunk groups.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { bindingFreeSources, collectRefs, enterReads, keyPicture, readsGames } from '../../src/engine/refs.ts';
import { ACTION_READS } from '../../src/store/start-reads.ts';
import { shippedJson, unroutedScreens } from './shipped-config.ts';

export interface ScreenFacts {
  widgets: string[];
  deferred: string[];
  forms: string[];
  fields: string[];
  data: ReturnType<typeof bindingFreeSources>;
  /** the key picture: a binding-free source and its item fields (refs.ts keyPicture) */
  picture?: [string, string[]];
  /** it shows the session's game lists (refs.ts readsGames) */
  games?: boolean;
  /** the reads its onEnter starts with (refs.ts enterReads): [endpoint, payload] */
  enter?: [string, Record<string, unknown>][];
}

/** what each screen of `<configDir>/screens` draws */
export function readScreens(configDir: string): Record<string, ScreenFacts> {
  const dir = path.join(configDir, 'screens');
  // undefined when a file cannot be read: the config check reports it
  const readJson = <T,>(file: string): T | undefined => shippedJson<T>(configDir, path.relative(configDir, file));
  const formsDir = path.join(configDir, 'forms');
  const out: Record<string, ScreenFacts> = {};
  // a screen no route shows (a switched-off feature's) is not built: no facts, no chunk group of its own
  const unrouted = new Set(unroutedScreens(configDir));
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && !unrouted.has(f.slice(0, -5)))) {
    const screen = readJson<{ body?: unknown; data?: Parameters<typeof bindingFreeSources>[0]; onEnter?: unknown }>(path.join(dir, file));
    if (!screen) continue;
    const refs = collectRefs(screen.body);
    const fields = new Set<string>();
    for (const f of refs.forms) for (const field of readJson<{ fields?: { type?: string }[] }>(path.join(formsDir, `${f}.json`))?.fields ?? []) if (field.type) fields.add(field.type);
    const data = bindingFreeSources(screen.data);
    const picture = keyPicture(screen.body, data.map(([source]) => source));
    const enter = enterReads(screen.onEnter, ACTION_READS);
    out[file.slice(0, -5)] = {
      widgets: [...refs.widgets],
      deferred: [...refs.deferred],
      forms: [...refs.forms],
      fields: [...fields],
      data,
      ...(picture ? { picture } : {}),
      ...(readsGames(screen) ? { games: true } : {}),
      ...(enter.length ? { enter } : {}),
    };
  }
  return out;
}
