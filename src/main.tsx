import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptShellIcons } from './engine/icons';
import { App, appOpened } from './shell/App';

/**
 * index.html loads this module `async`: the document is done (DOMContentLoaded) as soon as it is
 * parsed, without waiting for the app's code, and only then does the browser apply the `:target`
 * of the URL's fragment, which picks the static shell's frame for the route (scripts/app-shell.ts).
 * The module can therefore run before the end of the document: it waits for the shell.
 */
function start() {
  const root = document.getElementById('root')!;
  adoptShellIcons(root);
  // React's first commit replaces the shell: it waits until the screen the app opens on is ready to
  // paint, so the shell gives way to that screen, not to an empty page between the two.
  void appOpened.then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
