/**
 * index.html's script. The static shell (scripts/app-shell.ts) is painted before any of the app's
 * code runs: the app (main.tsx) is imported once the browser has painted the document.
 * Its code downloads meanwhile (index.html preloads it); only running it waits, so React's start
 * (a few hundred milliseconds of script on a slow phone) never holds back the first paint.
 * With it start the chunks of the screen the route opens on (index.html's `route-chunks`, written
 * by the build: vite.config.ts routeChunks), at the same time as the app's code instead of once
 * the app has run and asked for them.
 * The module is loaded `async`: the document is done (DOMContentLoaded) as soon as it is parsed,
 * and only then does the browser apply the `:target` that picks the shell's frame for the route.
 */
// the browser's install prompt can come before the app runs: its listener is here from the start
import './shell/install-prompt';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  preloadRoute();
  void import('./main');
};

/** the opening route's chunks: fetched now, run when the app imports them */
function preloadRoute() {
  try {
    const data = document.getElementById('route-chunks') as HTMLTemplateElement | null;
    const map = JSON.parse(data?.content.textContent || '{}') as { f?: string[]; r?: Record<string, number[]> };
    // as routeFor (config/index.ts) matches: letter case and a trailing slash do not matter
    const path = (window.location.hash.replace(/^#/, '').split('?')[0] || '/').replace(/(.)\/+$/, '$1').toLowerCase();
    const own = Object.entries(map.r ?? {}).find(([p]) => p.toLowerCase() === path)?.[1] ?? map.r?.['/'] ?? [];
    for (const i of own) {
      const file = map.f?.[i];
      if (!file) continue;
      const link = document.createElement('link');
      link.rel = file.endsWith('.css') ? 'preload' : 'modulepreload';
      if (file.endsWith('.css')) link.as = 'style';
      link.crossOrigin = '';
      link.href = `${import.meta.env.BASE_URL}${file}`;
      document.head.append(link);
    }
  } catch {
    // no map (the dev server): the app loads the screen itself
  }
}

/** once the browser has painted the shell (its own paint timing: no timer, which a test's fake clock would hold) */
function afterFirstPaint() {
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((_list, observer) => {
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  // a tab opened in the background paints nothing until it shows; and not later than this should
  // no paint come (a web view that is not drawing)
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 300);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstPaint, { once: true });
else afterFirstPaint();
