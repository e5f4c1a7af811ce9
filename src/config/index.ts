/**
 * The config as the app sees it. app.json, messages.json and routes.json are small and needed
 * for the first paint; every screen and form is its own chunk, loaded with its screen.
 * `@config/` is the config folder (vite.config.ts: screens.config/, or SCREENS_CONFIG_DIR).
 */
import appJson from '@config/app.json';
import messagesJson from '@config/messages.json';
import routesJson from '@config/routes.json';
import { setMoneyFormat } from '../engine/bindings';
import { brandOf } from './brand';
import type { AppConfig, Constants, FormConfig, MessagesConfig, RouteConfig, RoutesConfig, ScreenConfig } from './types';

export const appConfig = appJson as unknown as AppConfig;
export const constants: Constants = appConfig.constants;
/** site name, short name and logo url (app.json brand) */
export const brand = brandOf(appConfig, import.meta.env.BASE_URL);
export const messages = (messagesJson as unknown as MessagesConfig).messages as Record<string, string>;
setMoneyFormat({ groupFrom: constants.moneyGroupFrom, shortFrom: constants.moneyShortFrom, wan: messages['moneyFmt.wan'] ?? '', yi: messages['moneyFmt.yi'] ?? '' });
export const routes: RouteConfig[] = (routesJson as unknown as RoutesConfig).routes;

// the build leaves out the screens no route names (a switched-off feature's: scripts/vite/shipped-config.ts unroutedScreens)
const screenFiles = import.meta.glob<ScreenConfig>('@config/screens/*.json', { import: 'default' });
const formFiles = import.meta.glob<FormConfig>('@config/forms/*.json', { import: 'default' });

const byName = <T>(files: Record<string, () => Promise<T>>) =>
  Object.fromEntries(Object.entries(files).map(([file, load]) => [file.replace(/^.*\/([^/]+)\.json$/, '$1'), load]));

const screenLoaders = byName(screenFiles);
const formLoaders = byName(formFiles);

export function hasScreen(name: string): boolean {
  return name in screenLoaders;
}

export async function loadScreen(name: string): Promise<ScreenConfig> {
  const load = screenLoaders[name];
  if (!load) throw new Error(`screen "${name}" is not in screens.config/screens`);
  return load();
}

export async function loadForm(name: string): Promise<FormConfig> {
  const load = formLoaders[name];
  if (!load) throw new Error(`form "${name}" is not in screens.config/forms`);
  return load();
}

/**
 * The route of a path. Paths are static (routes.schema.json allows no parameters), so this is
 * how the shell routes too (App.tsx); like react-router's matching, letter case and a trailing
 * slash do not matter.
 */
export function routeFor(path: string): RouteConfig | undefined {
  const p = path.replace(/(.)\/+$/, '$1').toLowerCase();
  return routes.find((r) => r.path.toLowerCase() === p);
}

/** A message of messages.json by key ("auth.confirm" or "@auth.confirm"), or the text itself when it is not a key. */
export function message(key: string): string {
  const k = key.startsWith('@') ? key.slice(1) : key;
  return messages[k] ?? key;
}
