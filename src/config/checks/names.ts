/**
 * A name the config refers to that the code or routes.json knows: an icon, a route (a `to`). Read
 * by the walk over screens and forms (walk.ts) and by the checks of app.json (references.ts).
 */
import { ICON_SOURCES } from '../../engine/icon-names';
import type { Ctx, Run } from './context.ts';
import { nearest, type At } from './util';
import { say } from '../words/index.ts';
import { knownOf } from '../words/common.ts';

/** an icon names one of the icon set's names (a binding or a url is not checked here) */
export function checkIcon(run: Run, v: unknown, at: At, ctx: Ctx): void {
  if (typeof v !== 'string' || v.includes('{{') || v.includes('/')) return;
  if (!Object.prototype.hasOwnProperty.call(ICON_SOURCES, v)) run.add(ctx.file, at, say('iconUnknown', { icon: v, icons: knownOf(run.iconNames, 80), near: nearest(v, run.iconNames) }));
}

/**
 * a `to` (a navigate action, a menu entry, a cell, app.json's topBar.balanceTarget) names a route of
 * routes.json, a query allowed after it; a `to` that starts with a binding is checked as text only
 */
export function checkRouteTo(run: Run, v: unknown, at: At, ctx: Ctx): void {
  if (typeof v !== 'string' || !run.routePaths || v.startsWith('{{')) return;
  const path = v.split(/[?#]/)[0];
  if (path.includes('{{')) return;
  if (/^([a-z][\w+.-]*:|\/\/|www\.)/i.test(v)) {
    // another site: a `to` only moves inside the app; the openUrl action leaves it
    run.add(ctx.file, at, say('toOutsideSite', { to: v }));
    return;
  }
  if (!path.startsWith('/')) {
    run.add(ctx.file, at, say('toNotPath', { to: v }));
    return;
  }
  if (!run.routePaths.has(path)) {
    run.add(ctx.file, at, say('toNotRoute', { path, routes: knownOf(run.routePaths), near: nearest(path, run.routePaths) }));
  }
}
