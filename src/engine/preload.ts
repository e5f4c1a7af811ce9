/**
 * Getting a screen ready before it renders: its config, the widgets and forms it needs to paint,
 * and its binding-free first data (read ahead: the screen's first load shares the read,
 * src/api/reuse.ts). Also the gate that keeps deferred widgets of the app's first screen waiting.
 */
import { callShared } from '../api/client';
import { isEndpointName } from '../api/wire';
import { loadForm, loadScreen } from '../config';
import type { FormConfig, ScreenConfig } from '../config/types';
import { onFirstScreenData } from './perf';
import { whenIdle } from './idle';
import { bindingFreeSources } from './refs';
import { collectRefs, loadWidget } from './registry';
import { loadFieldTypes } from './form-fields';
import { loadDrafts } from './form-draft-load';
import screenIndex from 'virtual:screen-index';
import { ensureGames } from '../store/session';

export interface LoadedScreen {
  name: string;
  config: ScreenConfig;
  forms: Map<string, FormConfig>;
}

/**
 * Widgets a screen did not need to paint (drawn above it under a `when`: a start-up popup, a floating icon)
 * wait, on the app's first screen only, until that screen has shown its data and the browser is
 * idle: they then do not compete with what the player is waiting for (home's banner).
 */
let firstScreenShown: Promise<void> | undefined;
export function afterFirstScreen(): Promise<void> {
  firstScreenShown ??= new Promise<void>((resolve) => {
    const idle = () => whenIdle(resolve, 1000, 200);
    const fallback = setTimeout(resolve, 3000); // a screen whose data never comes
    onFirstScreenData(() => {
      clearTimeout(fallback);
      idle();
    });
  });
  return firstScreenShown;
}

/**
 * First loads of a screen's data sources, started as soon as its config arrives (in parallel
 * with its widgets) when their payload has no bindings and they have no `when`: a read started
 * ahead (the client's callShared), which the screen's first load of that source shares instead of
 * calling again (src/api/reuse.ts). Same call, same options: a failure shows its message exactly
 * as it would have.
 */
function startPrefetch(endpoint: string, payload: unknown, quiet: boolean) {
  if (isEndpointName(endpoint)) void callShared(endpoint, payload as Record<string, unknown>, { quiet, ahead: true });
}

const preparing = new Map<string, Promise<LoadedScreen>>();
/** preloads that have finished: the screen can render in the same commit as its route */
const ready = new Map<string, LoadedScreen>();

/**
 * Start loading a screen before it is rendered (the route the app opens on): its config, and at
 * the same time, from the build's screen index, its widgets, forms and binding-free first data.
 * Settles (never rejects) once the screen is ready to render or has failed to load.
 */
export function preloadScreen(name: string): Promise<void> {
  const running = preparing.get(name);
  if (running) return running.then(() => undefined, () => undefined);
  const hint = screenIndex[name];
  if (hint?.games) ensureGames();
  for (const w of hint?.widgets ?? []) void loadWidget(w).catch(() => undefined);
  for (const f of hint?.forms ?? []) void loadForm(f).catch(() => undefined);
  void loadFieldTypes(hint?.fields ?? []).catch(() => undefined);
  for (const [, endpoint, payload, quiet] of hint?.data ?? []) startPrefetch(endpoint, payload, quiet);
  const started = prepare(name);
  preparing.set(name, started);
  // the renderer reports a failure; a preload nobody uses is not one
  return started.then(
    (loaded) => {
      if (preparing.get(name) === started) ready.set(name, loaded);
    },
    () => undefined,
  );
}

/** The screen, if a preload has already made it ready: rendered at once, with no empty commit first. */
export function preparedNow(name: string): LoadedScreen | undefined {
  const hit = ready.get(name);
  if (hit) {
    ready.delete(name);
    preparing.delete(name);
  }
  return hit;
}

/** The screen ready to render: a preload's result when there is one, else loaded now. */
export function loadPrepared(name: string): Promise<LoadedScreen> {
  const started = preparing.get(name);
  preparing.delete(name);
  ready.delete(name);
  return started ?? prepare(name);
}

/**
 * Whether a screen has been prepared before on this page: the app's first screen does not wait for
 * the drafts' chunk (its form asks for it once painted: the first-paint budget); a later one with a
 * form does, so that form paints with its draft already back.
 */
let preparedOne = false;

async function prepare(name: string): Promise<LoadedScreen> {
  // a screen that shows the game lists has them read (once per start of the app), with its config
  if (screenIndex[name]?.games) ensureGames();
  const later = preparedOne;
  preparedOne = true;
  const config = await loadScreen(name);
  for (const [, endpoint, payload, quiet] of bindingFreeSources(config.data)) startPrefetch(endpoint, payload, quiet);
  // widgets drawn above the page under a `when` (refs.deferred) are not awaited: Node loads them when they first render
  const refs = collectRefs(config.body);
  const forms = new Map<string, FormConfig>();
  await Promise.all([
    ...[...refs.widgets].map((w) => loadWidget(w)),
    ...[...refs.forms].map(async (f) => {
      const form = await loadForm(f);
      forms.set(f, form);
      await Promise.all([loadFieldTypes(form.fields.map((field) => field.type)), later && loadDrafts().catch(() => undefined)]);
    }),
  ]);
  return { name, config, forms };
}
