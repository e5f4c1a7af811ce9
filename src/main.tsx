import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptShellIcons } from './engine/icons';
import { AppBoundary } from './engine/boundary';
import { App, appOpened } from './shell/App';
import { startRum } from './rum/start';

/** The app: started by boot.ts once the static shell of index.html is on screen. */
function start() {
  const root = document.getElementById('root')!;
  adoptShellIcons(root);
  // React's first commit replaces the shell: it waits until the screen the app opens on is ready to
  // paint, so the shell gives way to that screen, not to an empty page between the two.
  void appOpened.then(() =>
    createRoot(root).render(
      <StrictMode>
        {/* an error outside any widget shows the error screen, never an empty page */}
        <AppBoundary>
          <App />
        </AppBoundary>
      </StrictMode>,
    ),
  );
}
// field data (app.json rum): interactions noted from the app's start, the collector loaded when idle
startRum();
start();
