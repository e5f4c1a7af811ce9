/**
 * The browser's own install prompt (Android Chromium's `beforeinstallprompt`), kept from the
 * start of the page so the /app page's InstallApp widget can offer it whenever it opens. The
 * shell imports this module at start-up; the event usually fires before the widget exists.
 */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    // no mini-infobar: the /app page offers the prompt where the player looks for it
    e.preventDefault();
    deferred = e as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
}

export function installPrompt(): InstallPromptEvent | null {
  return deferred;
}

export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** shows the browser's prompt (it can be shown once); true when the player accepted */
export async function promptInstall(): Promise<boolean> {
  const e = deferred;
  if (!e) return false;
  deferred = null;
  changed();
  await e.prompt();
  const choice = await e.userChoice;
  return choice.outcome === 'accepted';
}
