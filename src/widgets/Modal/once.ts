/** Where a Modal with `onceKey` notes that it has opened this browser session (sessionStorage). */
export const ONCE_PREFIX = 'shown:';

export function seenThisSession(key: string | undefined): boolean {
  try {
    return !!key && sessionStorage.getItem(ONCE_PREFIX + key) === '1';
  } catch {
    return false;
  }
}

export function markSeen(key: string): void {
  try {
    sessionStorage.setItem(ONCE_PREFIX + key, '1');
  } catch {
    /* storage disabled: it opens again next time */
  }
}
