/**
 * app.json as the build reads it (brand, tab bar, theme, web app). A broken one must not stop the
 * dev server from starting and showing the error: the build then draws with a fallback (the
 * config check fails the build; the dev server shows why).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readJsonText } from '../../src/config/json-text.ts';
import type { AppConfig } from '../../src/config/types.ts';

export interface AppJson {
  brand: { siteName: string; shortName: string; serviceName?: string; logo?: string };
  tabBar?: AppConfig['tabBar'];
  /** the feature switches: what is switched off is not drawn (src/config/features.ts) */
  features?: AppConfig['features'];
  theme: { primary: string };
  webApp: { icon: string; backgroundColor: string };
}

/** What the build draws with while app.json cannot be read. */
export const FALLBACK_APP: AppJson = { brand: { siteName: 'screens.config', shortName: 'config' }, theme: { primary: '#1366e6' }, webApp: { icon: 'assets/app-icon.svg', backgroundColor: '#ffffff' } };

/** app.json's text read as the build needs it, or the fallback */
export function appJsonOf(text: string): AppJson {
  const r = readJsonText(text);
  const app = r.ok ? (r.json as Partial<AppJson>) : {};
  const ok = app.brand && typeof app.brand.siteName === 'string' && app.theme && typeof app.theme.primary === 'string' && app.webApp && typeof app.webApp.icon === 'string';
  return ok ? (app as AppJson) : FALLBACK_APP;
}

/** `<configDir>/app.json`, or the fallback */
export function readApp(configDir: string): AppJson {
  try {
    return appJsonOf(readFileSync(path.join(configDir, 'app.json'), 'utf8'));
  } catch {
    return FALLBACK_APP;
  }
}
