/**
 * The draft of one form on screen (the store is form-draft.ts). Rendered by the form (form.tsx) once this chunk has loaded
 * (form-draft-load.ts), for every form: it puts the draft back (before the form paints, when the
 * chunk was there first), keeps every change the player makes from then on (written when the
 * browser is idle, at once when the page is hidden or left), drops the draft when
 * the form has been submitted successfully or its tab switched away from (Tabs, SideTabs: a switch
 * starts the pane's form empty again; /login's modes), and shows the note 已恢复… with 清除 while a restored
 * draft is on screen; a form with `"draft": false` keeps nothing. Nothing of it re-renders as the
 * player types (react-hook-form's `subscribe`). A submit whose call failed keeps the draft (the form
 * itself says @form.notArrived when the call got no answer).
 */
import { useCallback, useContext, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useSnapshot } from 'valtio';
import { constants } from '../config';
import type { CallResult } from '../api/client';
import type { FormConfig } from '../config/types';
import { session } from '../store/session';
import { draftValues, dropDraft, ownerOf, readDraft, saveDraft, sweepDrafts } from './form-draft';
import { whenIdle } from './idle';
import { PaneLeftContext } from './screen-context';
import { useScreen } from './screen-context';
import './form-draft.css';

/** what the form tells its draft */
export interface DraftHandle {
  /**
   * How the form's submit call ended (none: the submit made no call and its actions all ran): a
   * success drops the draft (a later change starts a new one); no answer says so.
   */
  submitted: (reply?: CallResult<unknown>) => void;
}

export interface DraftKeeperProps {
  name: string;
  form: FormConfig;
  /** the form's default values (what is not kept) */
  defaults: FieldValues;
  methods: Pick<UseFormReturn<FieldValues>, 'subscribe' | 'getValues' | 'setValue' | 'reset'>;
  handle: Ref<DraftHandle>;
}

/** the tab's storage, or none (a sandboxed frame, storage switched off) */
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Every change of the form, written once the browser is idle (a key's answer does not wait for the
 * storage), and at once when the page is hidden or left: a phone discards a tab it has hidden. Its
 * pane switched away from (Tabs, SideTabs: the pane starts again next time, the form empty): what
 * was typed goes at once, and nothing more is kept while it is away. `forget` drops a change not
 * yet written.
 */
function useKeepChanges(name: string, form: FormConfig, defaults: FieldValues, methods: DraftKeeperProps['methods'], mine: { current: string | null }, sent: { current: string | null }) {
  const pending = useRef<{ values: FieldValues; cancel: () => void } | null>(null);
  const write = useCallback(() => {
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    p.cancel();
    const storage = tabStorage();
    if (!storage || mine.current === null || mine.current !== ownerOf(session.token, session.user)) return;
    if (sent.current !== null) {
      if (JSON.stringify(draftValues(form.fields, p.values, defaults)) === sent.current) return;
      sent.current = null;
    }
    saveDraft(storage, name, mine.current, Date.now(), form.fields, p.values, defaults);
  }, [name, form.fields, defaults, mine, sent]);
  const forget = useCallback(() => {
    pending.current?.cancel();
    pending.current = null;
  }, []);
  const pane = useContext(PaneLeftContext);
  const away = useRef(false);
  useEffect(
    () =>
      pane.watch((left) => {
        away.current = left;
        if (!left) return;
        pending.current?.cancel();
        pending.current = null;
        const storage = tabStorage();
        if (storage) dropDraft(storage, name);
      }),
    [pane, name],
  );
  useEffect(() => {
    const keep = (values: FieldValues) => {
      if (away.current) return;
      if (pending.current) pending.current.values = values;
      else pending.current = { values, cancel: whenIdle(write, 1000, 200) };
    };
    const unsubscribe = methods.subscribe({ formState: { values: true }, callback: ({ values }) => keep(values) });
    // what was typed before this chunk arrived (the first screen's form paints without it): kept as
    // if typed now, so a reload or a hidden tab right after keeps it too
    keep(methods.getValues());
    const hidden = () => document.visibilityState === 'hidden' && write();
    window.addEventListener('pagehide', write);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', write);
      document.removeEventListener('visibilitychange', hidden);
      // the form leaves the screen: what was typed last is kept (its pane was switched away from:
      // the draft went with the switch, which always comes first)
      if (!away.current) write();
    };
  }, [methods, write, pane, name]);
  return { forget };
}

export default function DraftKeeper({ name, form, defaults, methods, handle }: DraftKeeperProps) {
  const { text } = useScreen();
  const snap = useSnapshot(session);
  const keeps = form.draft !== false;
  const owner = keeps ? ownerOf(snap.token, snap.user) : null;
  const [restored, setRestored] = useState(false);
  /** the member this form keeps its draft for: the first one known; once another is signed in, nothing more is kept */
  const mine = useRef<string | null>(null);
  /** the values just submitted successfully: not a draft until the player changes them */
  const sent = useRef<string | null>(null);

  // before the form paints: put the draft back into the fields the player has not typed in yet
  useLayoutEffect(() => {
    const storage = tabStorage();
    if (owner === null || mine.current !== null || !storage) return;
    mine.current = owner;
    const now = Date.now();
    sweepDrafts(storage, owner, now, constants.draftKeepMs);
    const saved = readDraft(storage, name, owner, now, constants.draftKeepMs, form.fields);
    if (!saved) return;
    const current = methods.getValues();
    let any = false;
    for (const [field, value] of Object.entries(saved)) {
      if (String(current[field] ?? '') !== String(defaults[field] ?? '')) continue;
      methods.setValue(field, value, { shouldDirty: true });
      any = true;
    }
    if (any) setRestored(true);
  }, [owner]); // eslint-disable-line react-hooks/exhaustive-deps

  const { forget } = useKeepChanges(name, form, defaults, methods, mine, sent);

  useImperativeHandle(
    handle,
    () => ({
      submitted: (reply) => {
        // a failed call (the form said so if it got no answer): what was typed stays kept
        if (reply && !reply.ok) return;
        forget();
        const storage = tabStorage();
        if (storage) dropDraft(storage, name);
        sent.current = JSON.stringify(draftValues(form.fields, methods.getValues(), defaults));
        setRestored(false);
      },
    }),
    [methods, name, form.fields, defaults, forget],
  );

  if (!restored) return null;
  return (
    <div className="cfg-draft" role="status">
      <span className="cfg-draft-text">{text('@form.draftRestored')}</span>
      <button
        type="button"
        className="cfg-draft-clear"
        onClick={() => {
          // the form as it opened, its inputs kept in place (form.tsx binds text fields by ref); the
          // (now empty) values remove the draft
          methods.reset(undefined, { keepFieldsRef: true });
          forget();
          const storage = tabStorage();
          if (storage) dropDraft(storage, name);
          setRestored(false);
        }}
      >
        {text('@form.draftClear')}
      </button>
    </div>
  );
}
