/**
 * The drafts' chunk (form-draft-keeper.tsx with the store, form-draft.ts), never part of the app's
 * first paint: the form of the app's first screen asks for it once it has rendered (its draft is
 * put back a moment later); a later screen's preload waits for it (preload.ts), so that form
 * paints with its draft already back.
 */
import { useEffect, useState } from 'react';

type Drafts = typeof import('./form-draft-keeper');
let loaded: Drafts | undefined;
let loading: Promise<Drafts> | undefined;

export function loadDrafts(): Promise<Drafts> {
  loading ??= import('./form-draft-keeper').then((m) => (loaded = m));
  return loading;
}

/** The drafts' chunk once it has loaded (undefined until then). */
export function useDrafts(): Drafts | undefined {
  const [drafts, setDrafts] = useState(() => loaded);
  useEffect(() => {
    if (!drafts) loadDrafts().then(setDrafts, () => undefined);
  }, [drafts]);
  return drafts;
}
