/**
 * The network's part of the shell, in the first paint's code:
 * - the offline banner (message webApp.offline) while the device has no network; the client's
 *   offline hook shows the same message when an action is tried. It must not wait for a chunk:
 *   offline, without a service worker, none would come;
 * - the browser's install prompt, kept from the start of the page (./install-prompt.ts);
 * - the place of the update prompt (`children`: ./UpdatePrompt.tsx, in the chunk the shell loads
 *   after the first screen, App.tsx).
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { configureClient } from '../api/client';
import { message } from '../config';
import { ui } from '../engine/ui';
import './install-prompt';

configureClient({ onOffline: () => ui.fail(message('webApp.offline')) });

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine, () => true);

export function NetworkStatus({ children }: { children?: ReactNode }) {
  const online = useOnline();
  return (
    <div className="net-status">
      {!online && (
        <div className="net-status-offline" role="status" data-testid="offline-banner">
          {message('webApp.offline')}
        </div>
      )}
      {children}
    </div>
  );
}
