/**
 * index.html's script. The static shell (scripts/app-shell.ts) is painted before any of the app's
 * code runs: the app (main.tsx) is imported once the browser has shown a frame of the document.
 * Its code downloads meanwhile (index.html preloads it); only running it waits, so React's start
 * (a few hundred milliseconds of script on a slow phone) never holds back the first paint.
 * The module is loaded `async`: the document is done (DOMContentLoaded) as soon as it is parsed,
 * and only then does the browser apply the `:target` that picks the shell's frame for the route.
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main');
};

function afterFirstFrame() {
  // a tab opened in the background paints nothing: start when it shows, or now if it never has frames
  if (document.visibilityState === 'hidden') {
    document.addEventListener('visibilitychange', start, { once: true });
    return;
  }
  requestAnimationFrame(() => setTimeout(start, 0));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstFrame, { once: true });
else afterFirstFrame();
