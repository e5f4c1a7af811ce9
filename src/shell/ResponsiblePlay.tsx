/**
 * Responsible play's foothold in the shell: starts the session clock at login (and at
 * the first load with a stored token), and loads the reminder (src/responsible/Reminder.tsx) only
 * when the feature is on (app.json features.responsiblePlay) and a member is signed in. Part of the
 * shell's late chunk (./late.tsx), so all of it waits until the first screen has shown its data.
 * Mounted inside the router.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../store/session';
import { enabled, ensureClock, SIGNED_OUT_KEY } from '../responsible/store';

function signedOutNote(): boolean {
  try {
    return !!sessionStorage.getItem(SIGNED_OUT_KEY);
  } catch {
    return false;
  }
}

function Mount() {
  const snap = useSnapshot(session);
  const [Reminder, setReminder] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (snap.token) ensureClock(snap.token);
  }, [snap.token]);
  const needed = !!snap.token || signedOutNote();
  useEffect(() => {
    if (!needed || Reminder) return;
    void import('../responsible/Reminder').then(
      (m) => setReminder(() => m.default),
      () => undefined, // a failed chunk: the app goes on without the reminder; the next load tries again
    );
  }, [needed, Reminder]);
  return Reminder ? <Reminder /> : null;
}

export function ResponsiblePlay() {
  return enabled ? <Mount /> : null;
}
