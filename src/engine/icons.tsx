/**
 * Icons by name, so config can say "icon": "wallet" (antd-mobile-icons outlines underneath; the
 * names are in icon-names.ts).
 *
 * The outlines of every icon come in one small chunk (icon-paths.gen.ts, about 11 KB gzipped),
 * requested once: one request instead of one per icon, which on a phone cost a round trip each.
 * It is requested once the app's first screen has shown its data and the browser is idle
 * (afterFirstScreen of preload.ts, the gate deferred widgets wait for), so
 * that on a first visit it does not take bandwidth from what the player is waiting for (the
 * form, the banner); icons are outlines beside text, never the content itself. Until it arrives
 * an empty 1em box holds each icon's place, so nothing moves when it appears.
 */
import { useEffect, useState } from 'react';
import { ICON_SOURCES } from './icon-names';
import { afterFirstScreen } from './preload';

type Paths = typeof import('./icon-paths.gen');
let paths: Paths | undefined;
let loading: Promise<Paths> | undefined;

export function isIcon(name: string): boolean {
  return name in ICON_SOURCES;
}

export function loadIcons(): Promise<Paths> {
  loading ??= afterFirstScreen().then(() => import('./icon-paths.gen')).then(
    (m) => (paths = m),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** load the outlines as soon as the first screen has shown its data, whether or not an icon is on screen yet */
export function preloadIcons(): void {
  void loadIcons().catch(() => undefined);
}

export function IconByName({ name, className }: { name?: string; className?: string }) {
  const [, bump] = useState(0);
  const known = !!name && isIcon(name);
  useEffect(() => {
    if (!known || paths) return;
    let live = true;
    loadIcons().then(
      () => live && bump((n) => n + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [known]);
  if (!known) return null;
  const outline = paths?.ICON_PATHS[ICON_SOURCES[name as keyof typeof ICON_SOURCES]];
  return (
    <svg
      width="1em"
      height="1em"
      viewBox={paths?.VIEWBOX ?? '0 0 96 96'}
      className={className ? `antd-mobile-icon ${className}` : 'antd-mobile-icon'}
      style={{ verticalAlign: '-0.125em' }}
      aria-hidden="true"
      focusable="false"
    >
      {outline?.map(([d, evenOdd], i) => <path key={i} d={d} fill="currentColor" fillRule={evenOdd ? 'evenodd' : 'nonzero'} />)}
    </svg>
  );
}
