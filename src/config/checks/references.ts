/**
 * References between the files of screens.config/ and to the names the code knows: a route's
 * screen, the tab bar's paths, icons, app.json's patterns, and the texts of routes.json,
 * app.json's bars and messages.json. (Screens and forms: screens.ts; calls: calls.ts.)
 */
import { walkText } from './bindings';
import { LOCAL_WHERE, MESSAGE_LOCALS, SCREEN_ROOTS } from './scope';
import { filesIn, isObject, nearest, type JsonObject } from './util';
import { checkIcon, checkRouteTo } from './names.ts';
import { walkActions } from './walk';
import type { Ctx, Run } from './context.ts';
import { say } from '../words/index.ts';

/**
 * Screen names a route may give without a file screens.config/screens/<name>.json: the shell draws
 * them itself (src/shell/App.tsx shows its Placeholder, the app.json placeholders text, for a route
 * whose screen has no file).
 */
export const BUILT_IN_SCREENS = ['placeholder'];

/**
 * The files app.json names in assets/ (brand.logo, webApp.icon) are in this config's assets/: a
 * brand's build takes every asset from its own folder, so a name copied from another brand's
 * app.json, or a file left out of the copy, is named here rather than shipped as a broken picture.
 */
export function checkAssets(run: Run): void {
  const assets = run.bundle.assets;
  const app = run.app;
  if (!assets || !app) return;
  const named: [string[], unknown][] = [
    [['brand', 'logo'], isObject(app.brand) ? app.brand.logo : undefined],
    [['webApp', 'icon'], isObject(app.webApp) ? app.webApp.icon : undefined],
  ];
  const folders = filesIn(run.bundle, 'assets/');
  const names = assets.map((a) => `assets/${a}`);
  for (const [at, v] of named) {
    if (typeof v !== 'string' || !v.startsWith('assets/') || assets.includes(v.slice('assets/'.length))) continue;
    run.add(run.bundle.app.file, at, say('assetMissing', { asset: v, folders, assets: names, near: nearest(v, names) }));
  }
}

/** every pattern of app.json is a regular expression */
export function checkPatterns(run: Run): void {
  for (const [name, src] of Object.entries(run.patterns ?? {})) {
    try {
      new RegExp(String(src));
    } catch (err) {
      run.add(run.bundle.app.file, ['patterns', name], say('patternInvalid', { name, error: (err as Error).message }));
    }
  }
}

/** routes.json: each route's screen exists, paths are unique, guards need auth; the tab bar's paths are routes */
export function checkRoutes(run: Run): void {
  if (!run.ok.routes) return;
  const { bundle } = run;
  const routeNames = new Set([...Object.keys(bundle.screens), ...BUILT_IN_SCREENS]);
  const routes = (bundle.routes.json as { routes: JsonObject[] }).routes;
  const paths = new Set<string>();
  routes.forEach((r, i) => {
    const screen = String(r.screen);
    if (!routeNames.has(screen)) {
      run.add(bundle.routes.file, ['routes', i, 'screen'], say('routeScreenMissing', { screen, files: filesIn(bundle, `screens/${screen}.json`), near: nearest(screen, routeNames) }));
    }
    if (paths.has(String(r.path))) run.add(bundle.routes.file, ['routes', i, 'path'], say('routePathTwice', { path: String(r.path) }));
    paths.add(String(r.path));
    if (r.guard && !r.auth && r.guard !== 'confirmLogin') {
      run.add(bundle.routes.file, ['routes', i, 'guard'], say('guardNeedsAuth', { guard: String(r.guard) }));
    }
  });
  walkText(run, bundle.routes.json, [], { file: bundle.routes.file, roots: new Set() });
  if (run.app) {
    (run.app.tabBar as JsonObject[]).forEach((t, i) => {
      if (!paths.has(String(t.path))) run.add(bundle.app.file, ['tabBar', i, 'path'], say('tabPathNotRoute', { path: String(t.path), near: nearest(String(t.path), paths) }));
    });
  }
}

/** app.json's tab bar and top bar: texts, icons, and the top bar's action lists (run by the shell, outside any screen) */
export function checkAppBars(run: Run): void {
  const app = run.app;
  if (!app) return;
  const appCtx: Ctx = { file: run.bundle.app.file, roots: new Set() };
  walkText(run, app.tabBar, ['tabBar'], appCtx);
  // the top bar's texts, and its action lists (topBar.recycle), run by the shell with the session's scope
  const topBarSchema = (run.schemas.app as { properties?: { topBar?: { properties?: Record<string, { $ref?: string }> } } }).properties?.topBar?.properties ?? {};
  for (const [k, v] of Object.entries(isObject(app.topBar) ? app.topBar : {})) {
    if (k === 'balanceTarget') checkRouteTo(run, v, ['topBar', k], appCtx);
    if (topBarSchema[k]?.$ref?.endsWith('/actions')) walkActions(run, v, ['topBar', k], { ...appCtx, shell: `app.json topBar.${k}` });
    else walkText(run, v, ['topBar', k], appCtx);
  }
  (app.tabBar as JsonObject[]).forEach((t, i) => checkIcon(run, t.icon, ['tabBar', i, 'icon'], appCtx));
}

/** messages.json: a message is read wherever its key is used, so every name some place has in scope may appear */
export function checkMessages(run: Run): void {
  if (!run.messages) return;
  const anywhere = new Set([...SCREEN_ROOTS, ...Object.keys(LOCAL_WHERE), ...Object.values(run.widgets).flatMap((w) => Object.values(w.templates).flat())]);
  for (const [key, text] of Object.entries(run.messages)) {
    const more = Object.entries(MESSAGE_LOCALS).find(([prefix]) => key.startsWith(prefix))?.[1] ?? [];
    walkText(run, text, ['messages', key], { file: run.bundle.messages.file, roots: more.length ? new Set([...anywhere, ...more]) : anywhere });
  }
}
