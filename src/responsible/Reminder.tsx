/**
 * The reality check, loaded by src/shell/ResponsiblePlay.tsx after the first screen.
 *
 * One timer, set to the next due moment of the session clock (the reminder, the limit warning,
 * the limit), measured by the wall clock: a tab that slept or was hidden checks again when it
 * becomes visible, and shows at once what became due meanwhile. A dialog never opens while a
 * submit is in flight (src/api/client.ts's submitsInFlight): it waits for the last one to end.
 *
 * Messages: responsible.* in messages.json. Numbers: constants.responsible in app.json.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { call, onSubmitsSettled, submitsInFlight } from '../api/client';
import type { VenueListReply } from '../api/types';
import { message } from '../config';
import { clearSession, session } from '../store/session';
import { config, ensureClock, fill, onClockChange, readClock, SIGNED_OUT_KEY, writeClock, type SessionClock } from './store';
import './style.css';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** setTimeout's longest delay; a later moment is reached in steps */
const MAX_DELAY = 2_147_483_647;

type Due = 'reminder' | 'warning' | 'limit';
type Figures = VenueListReply['info'];
type Open =
  | { kind: 'reminder'; elapsed: number; figures: Figures | 'loading' | 'failed' }
  | { kind: 'warning'; left: number }
  | { kind: 'signedOut'; hours: number };

const t = (key: string, values: Record<string, string | number> = {}) => fill(message(`responsible.${key}`), values);

/** the moments of this clock, earliest first */
function moments(clock: SessionClock): { at: number; kind: Due }[] {
  const out: { at: number; kind: Due }[] = [];
  if (clock.reminder > 0) out.push({ at: clock.lastAt + clock.reminder * MINUTE, kind: 'reminder' });
  if (clock.limit > 0) {
    const end = clock.start + clock.limit * HOUR;
    if (!clock.warned) out.push({ at: end - (config?.limitWarningMinutes ?? 0) * MINUTE, kind: 'warning' });
    out.push({ at: end, kind: 'limit' });
  }
  return out.sort((a, b) => a.at - b.at);
}

export function elapsedText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? t('elapsedHours', { h, m }) : t('elapsedMinutes', { m });
}

const yuan = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '--');

function signedOutHours(): number {
  try {
    return Number(sessionStorage.getItem(SIGNED_OUT_KEY) ?? 0);
  } catch {
    return 0;
  }
}

/**
 * The session clock's dialogs as state: the one timer set to the next due moment, a look again when
 * the page is visible or the clock changes, and /login saying why after the limit. Returns what is
 * open, and the two ways out of it (close, sign out).
 */
function useRealityCheck() {
  const snap = useSnapshot(session);
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState<Open | null>(null);
  const openRef = useRef<Open | null>(null);
  openRef.current = open;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const waiting = useRef<(() => void) | null>(null);
  const leaving = useRef(false);
  const [tick, setTick] = useState(0);
  const recheck = useCallback(() => setTick((n) => n + 1), []);

  const signOut = useCallback(
    async (limitHours?: number) => {
      // nothing more is due for this session: no second dialog (nor its call) while the logoff is on its way
      leaving.current = true;
      setOpen(null);
      if (session.token) await call('logoff', {}, { quiet: true });
      // as the logout action does: leave the page first, committed at once, then empty the session
      flushSync(() => navigate('/login', { replace: true }));
      clearSession();
      if (limitHours) {
        try {
          sessionStorage.setItem(SIGNED_OUT_KEY, String(limitHours));
        } catch {
          /* storage disabled: the dialog below still says it */
        }
        setOpen({ kind: 'signedOut', hours: limitHours });
      }
    },
    [navigate],
  );

  const showReminder = useCallback((clock: SessionClock) => {
    setOpen({ kind: 'reminder', elapsed: Date.now() - clock.start, figures: 'loading' });
    void call('venuelist', { date: 1, page: 1, api_type: '' }, { quiet: true }).then((r) => {
      const info = r.ok ? r.data?.info : undefined;
      setOpen((o) => (o?.kind === 'reminder' ? { ...o, figures: info ?? 'failed' } : o));
    });
  }, []);

  // the one timer: act on what is due, then wait for the next moment
  useEffect(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    waiting.current?.();
    waiting.current = null;
    const token = snap.token;
    if (!token) {
      leaving.current = false;
      return;
    }
    if (leaving.current) return;
    const clock = ensureClock(token);
    const now = Date.now();
    const current = openRef.current;
    const due = moments(clock).filter((m) => m.at <= now && !(current?.kind === 'reminder' && m.kind === 'reminder'));
    const act = due.find((m) => m.kind === 'limit') ?? (current ? undefined : (due.find((m) => m.kind === 'warning') ?? due[0]));
    if (act) {
      if (submitsInFlight() > 0) {
        // never in the middle of a submit: look again when the last one has ended
        waiting.current = onSubmitsSettled(recheck);
        return;
      }
      if (act.kind === 'limit') {
        void signOut(clock.limit);
        return;
      }
      if (act.kind === 'warning') {
        writeClock({ ...clock, warned: true });
        setOpen({ kind: 'warning', left: Math.max(1, Math.ceil((clock.start + clock.limit * HOUR - now) / MINUTE)) });
        return;
      }
      showReminder(clock);
      return;
    }
    const next = moments(clock).find((m) => m.at > now && !(current && m.kind !== 'limit'));
    if (next) timer.current = setTimeout(recheck, Math.min(next.at - now, MAX_DELAY));
    return () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [snap.token, tick, open, recheck, signOut, showReminder]);

  // a phone that slept, a tab in the background: look again as soon as it is visible
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') recheck();
    };
    document.addEventListener('visibilitychange', onVisible);
    const offClock = onClockChange(recheck);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      offClock();
    };
  }, [recheck]);

  // after the session limit: /login says why (also after a reload of /login)
  useEffect(() => {
    if (location.pathname !== '/login' || openRef.current) return;
    const hours = signedOutHours();
    if (hours > 0) setOpen({ kind: 'signedOut', hours });
  }, [location.pathname]);

  return { open, close: () => setOpen(null), signOut };
}

export default function Reminder() {
  const navigate = useNavigate();
  const { open, close, signOut } = useRealityCheck();
  const carryOn = () => {
    const clock = readClock();
    if (clock) writeClock({ ...clock, lastAt: Date.now() });
    close();
  };
  if (!open) return null;
  if (open.kind === 'reminder') {
    const records = () => {
      carryOn();
      navigate('/venueBet');
    };
    return <RealityCheck elapsed={open.elapsed} figures={open.figures} onContinue={carryOn} onRecords={records} onLogout={() => void signOut()} />;
  }
  if (open.kind === 'warning') {
    return (
      <Modal title={t('limitWarningTitle')} testId="limit-warning">
        <p>{t('limitWarning', { m: open.left })}</p>
        <div className="rp-actions">
          <button type="button" className="rp-btn rp-primary" onClick={close}>
            {t('limitWarningOk')}
          </button>
        </div>
      </Modal>
    );
  }
  const ok = () => {
    try {
      sessionStorage.removeItem(SIGNED_OUT_KEY);
    } catch {
      /* nothing stored */
    }
    close();
  };
  return (
    <Modal title={t('limitReachedTitle')} testId="limit-signed-out">
      <p>{t('limitReached', { h: open.hours })}</p>
      <div className="rp-actions">
        <button type="button" className="rp-btn rp-primary" onClick={ok}>
          {message('common.ok')}
        </button>
      </div>
    </Modal>
  );
}

/** The reminder: how long this session has lasted, today's figures, and the three ways on. */
function RealityCheck({ elapsed, figures: f, onContinue, onRecords, onLogout }: { elapsed: number; figures: Figures | 'loading' | 'failed'; onContinue: () => void; onRecords: () => void; onLogout: () => void }) {
  return (
    <Modal title={t('dialogTitle')} testId="reality-check">
      <p className="rp-elapsed" data-testid="reality-elapsed">
        {elapsedText(elapsed)}
      </p>
      <h3 className="rp-subtitle">{t('todayTitle')}</h3>
      {f === 'loading' && <p className="rp-muted">{t('figuresLoading')}</p>}
      {f === 'failed' && (
        <p className="rp-muted" data-testid="reality-figures-unavailable">
          {t('figuresUnavailable')}
        </p>
      )}
      {typeof f === 'object' && (
        <dl className="rp-figures" data-testid="reality-figures">
          <div>
            <dt>{t('betCount')}</dt>
            <dd data-testid="reality-betnums">{f.betnums}</dd>
          </div>
          <div>
            <dt>{t('betAmount')}</dt>
            <dd data-testid="reality-bet-amounts">{yuan(Number(f.bet_amounts))}</dd>
          </div>
          <div>
            <dt>{t('validAmount')}</dt>
            <dd data-testid="reality-valid-amounts">{yuan(Number(f.valid_amounts))}</dd>
          </div>
          <div>
            <dt>{t('winLoss')}</dt>
            <dd data-testid="reality-win-loss">{yuan(Number(f.win_loss))}</dd>
          </div>
        </dl>
      )}
      <div className="rp-actions">
        <button type="button" className="rp-btn rp-primary" data-testid="reality-continue" onClick={onContinue}>
          {t('continue')}
        </button>
        <button type="button" className="rp-btn" data-testid="reality-records" onClick={onRecords}>
          {t('records')}
        </button>
        <button type="button" className="rp-btn rp-danger" data-testid="reality-logout" onClick={onLogout}>
          {t('logout')}
        </button>
      </div>
    </Modal>
  );
}

/**
 * A modal dialog of our own: role dialog, named by its title, takes focus, keeps Tab inside, and
 * closes only by its buttons (no backdrop tap, no Escape). The app underneath is inert meanwhile;
 * a game frame under it stays loaded.
 */
function Modal({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const id = `rp-${testId}-title`;
  useEffect(() => {
    const root = document.getElementById('root');
    const before = document.activeElement as HTMLElement | null;
    if (root) root.inert = true;
    box.current?.querySelector<HTMLButtonElement>('button')?.focus();
    return () => {
      if (root) root.inert = false;
      if (before && document.contains(before)) before.focus?.();
    };
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = [...(box.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return createPortal(
    <div className="rp-mask">
      <div ref={box} className="rp-dialog" role="dialog" aria-modal="true" aria-labelledby={id} data-testid={testId} onKeyDown={onKeyDown}>
        <h2 className="rp-title" id={id}>
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
