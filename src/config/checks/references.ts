/**
 * References between the files of screens.config/ and to the names the code knows: a route's
 * screen, the tab bar's paths, icons, app.json's patterns, and the texts of routes.json,
 * app.json's bars and messages.json. (Screens and forms: screens.ts; calls: calls.ts.)
 */
import { ICON_SOURCES } from '../../engine/icon-names';
import { walkText } from './bindings';
import type { Run } from './run';
import { LOCAL_WHERE, MESSAGE_LOCALS, SCREEN_ROOTS, type Ctx } from './scope';
import { didYouMean, isObject, listOf, type At, type JsonObject } from './util';
import { walkActions } from './walk';

/**
 * Screen names a route may give without a file screens.config/screens/<name>.json: the shell draws
 * them itself (src/shell/App.tsx shows its Placeholder, the app.json placeholders text, for a route
 * whose screen has no file).
 */
export const BUILT_IN_SCREENS = ['placeholder'];

export function checkIcon(run: Run, v: unknown, at: At, ctx: Ctx): void {
  if (typeof v !== 'string' || v.includes('{{') || v.includes('/')) return;
  if (!Object.prototype.hasOwnProperty.call(ICON_SOURCES, v)) run.add(ctx.file, at, `unknown icon "${v}" (expected one of ${listOf(run.iconNames, 80)})${didYouMean(v, run.iconNames)}`);
}

/**
 * a `to` (a navigate action, a menu entry, a cell, app.json's topBar.balanceTarget) names a route of
 * routes.json, a query allowed after it; a `to` that starts with a binding is checked as text only
 */
export function checkRouteTo(run: Run, v: unknown, at: At, ctx: Ctx): void {
  if (typeof v !== 'string' || !run.routePaths || v.startsWith('{{')) return;
  const path = v.split(/[?#]/)[0];
  if (path.includes('{{')) return;
  if (!path.startsWith('/')) {
    run.add(ctx.file, at, `expected a path of routes.json starting with "/" (a query may follow: /wallet?type=1), found ${JSON.stringify(v)}`);
    return;
  }
  if (!run.routePaths.has(path)) {
    run.add(ctx.file, at, `"${path}" is not a route of routes.json (expected one of ${listOf(run.routePaths)})${didYouMean(path, run.routePaths)}`);
  }
}

/** every pattern of app.json is a regular expression */
export function checkPatterns(run: Run): void {
  for (const [name, src] of Object.entries(run.patterns ?? {})) {
    try {
      new RegExp(String(src));
    } catch (err) {
      run.add(run.bundle.app.file, ['patterns', name], `expected a valid regular expression: ${(err as Error).message}`);
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
      run.add(bundle.routes.file, ['routes', i, 'screen'], `screen "${screen}" does not exist (expected a file screens.config/screens/${screen}.json)${didYouMean(screen, routeNames)}`);
    }
    if (paths.has(String(r.path))) run.add(bundle.routes.file, ['routes', i, 'path'], `path "${r.path}" is declared twice`);
    paths.add(String(r.path));
    if (r.guard && !r.auth && r.guard !== 'confirmLogin') {
      run.add(bundle.routes.file, ['routes', i, 'guard'], 'a guard other than confirmLogin needs "auth": true');
    }
  });
  walkText(run, bundle.routes.json, [], { file: bundle.routes.file, roots: new Set() });
  if (run.app) {
    (run.app.tabBar as JsonObject[]).forEach((t, i) => {
      if (!paths.has(String(t.path))) run.add(bundle.app.file, ['tabBar', i, 'path'], `tab path "${t.path}" is not a route of routes.json${didYouMean(String(t.path), paths)}`);
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
