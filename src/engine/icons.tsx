/**
 * Icons by name, so config can say "icon": "wallet" (antd-mobile-icons outlines underneath; the
 * names are in icon-names.ts, which check:config holds every icon of the config against).
 *
 * The outlines of every icon come in one small chunk (icon-outlines.ts, about 11 KB gzipped),
 * requested once: one request instead of one per icon, which on a phone cost a round trip each.
 * It is requested once the app's first screen has shown its data and the browser is idle
 * (afterFirstScreen of preload.ts, the gate deferred widgets wait for), so
 * that on a first visit it does not take bandwidth from what the player is waiting for (the
 * form, the banner); icons are outlines beside text, never the content itself. Until it arrives
 * an empty 1em box holds each icon's place, so nothing moves when it appears.
 */
import { memo, useEffect, useState } from 'react';
import { afterFirstScreen } from './preload';

type Paths = typeof import('./icon-outlines');
let paths: Paths | undefined;
let loading: Promise<Paths> | undefined;

/**
 * Outlines the static shell of index.html has already drawn (its tab bar and back arrow, marked
 * `data-icon`, scripts/app-shell.ts): taken over before the app's first render replaces the
 * shell, so those icons are drawn in that render too, instead of an empty box until the chunk.
 */
const adopted = new Map<string, [string, 0 | 1][]>();
export function adoptShellIcons(root: ParentNode): void {
  for (const svg of root.querySelectorAll<SVGElement>('svg[data-icon]')) {
    const name = svg.dataset.icon;
    if (!name) continue;
    adopted.set(
      name,
      [...svg.querySelectorAll('path')].map((p) => [p.getAttribute('d') ?? '', p.getAttribute('fill-rule') === 'evenodd' ? 1 : 0]),
    );
  }
}

export function loadIcons(): Promise<Paths> {
  loading ??= afterFirstScreen().then(() => import('./icon-outlines')).then(
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

/**
 * Memoised: its props are two strings, and a tab, a menu or a list that re-renders on a tap (the
 * active tab's class) then re-renders none of its icons.
 */
export const IconByName = memo(function IconByName({ name, className }: { name?: string; className?: string }) {
  const [, bump] = useState(0);
  useEffect(() => {
    if (!name || paths) return;
    let live = true;
    loadIcons().then(
      () => live && bump((n) => n + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [name]);
  if (!name) return null;
  // until the outlines arrive, the shell's own or an empty box; a name they do not know draws nothing
  const outline = paths ? paths.outlineOf(name) : adopted.get(name);
  if (paths && !outline) return null;
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
});
