/**
 * The real app beside the form: a frame of the preview server (studio/preview.ts) at phone size,
 * 375x812 or 320x568, as a visitor or the member of the mock's normal, stress or empty data, on the
 * route of what is being edited (a screen's route, a form's screen on its tab, where a message or
 * constant is used). The frame follows each edit by itself (the preview's config folder is
 * rewritten, Vite redraws).
 */
import { useEffect, useRef, useState } from 'react';
import { api, errorText } from './api';
import { OnPhone } from './OnPhone';
import { useWords } from './words';

export const SIZES = [
  { id: '375x812', w: 375, h: 812 },
  { id: '320x568', w: 320, h: 568 },
] as const;
export type Role = 'visitor' | 'member';
const DATA = ['normal', 'stress', 'empty'] as const;
/** how long after the studio moved the frame a page loading there may be a reload that began before the move */
const RELOAD_RACE_MS = 3000;

export interface PreviewProps {
  origin: string;
  /** the brand previewed: the mock speaks as it */
  brand: string;
  /** the preview's addresses on the network when the studio started (none: this machine only) */
  network: string[];
  /** the routes of what is being edited, the first shown; none: the frame stays on its route */
  routes: string[];
  /** a route asked for (where-used, "show on the phone"): shown at once; `n` tells two asks of one route apart */
  show: { route: string; n: number } | null;
  /** queries that bring a route to its content (/activityInfo -> id=1) */
  queries: Record<string, string>;
  titleOf(path: string): string;
}

/**
 * The frame's session: the entry page loads on a new role, data or brand (a fresh session) and says
 * when the member's token is in place (a message from the preview's origin, compared exactly); only
 * then does the studio move the frame to the app on its route, and a new route after that only moves
 * the frame's hash (no reload). The studio is the frame's one navigator: the entry page never moves
 * itself, so no move of the studio's can be overtaken by one of the page's. But the preview reloads
 * itself when the config it reads is rewritten (an edit), and a reload begun just before a move
 * lands on the page it began on: a page loaded in the frame soon after a move is moved again.
 */
function useFrame(origin: string, role: Role, who: object | null, session: number, target: string, user: string) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  /** the route the frame was last moved to ('' in the entry page), and when */
  const shown = useRef('');
  const movedAt = useRef(0);
  useEffect(() => {
    const el = frame.current;
    if (!el || !who) return;
    setReady(false);
    shown.current = '';
    el.src = `${origin}/__studio/enter?as=${role}&user=${encodeURIComponent(user)}`;
  }, [origin, who, session, role, user]);
  useEffect(() => {
    const entered = (e: MessageEvent) => {
      if (e.origin !== origin || e.source !== frame.current?.contentWindow) return;
      const data = e.data as { type?: unknown } | null;
      if (data && typeof data === 'object' && data.type === 'studio-preview-entered') setReady(true);
    };
    window.addEventListener('message', entered);
    return () => window.removeEventListener('message', entered);
  }, [origin]);
  useEffect(() => {
    const el = frame.current;
    if (!el || !ready || shown.current === target) return;
    shown.current = target;
    movedAt.current = Date.now();
    el.src = `${origin}/#${target}`;
  }, [origin, ready, target]);
  /** a page loaded soon after a move (a reload that began before it): moved there again, a no-op when it is there already */
  const onLoad = () => {
    const el = frame.current;
    if (el && ready && shown.current && Date.now() - movedAt.current < RELOAD_RACE_MS) el.src = `${origin}/#${shown.current}`;
  };
  return { frame, onLoad };
}

/** The mock's data preset, speaking as the brand: reset, then a fresh session in the frame (`session` counts them; `reload` starts one). */
function usePreset(data: string, brand: string) {
  const [who, setWho] = useState<{ username: string; password: string } | null>(null);
  const [session, setSession] = useState(0);
  /** the data preset being loaded, or why it could not be */
  const [status, setStatus] = useState<'loading' | Error | null>(null);
  useEffect(() => {
    let live = true;
    setStatus('loading');
    api.preview(data, brand).then(
      (x) => {
        if (!live) return;
        setWho(x);
        setStatus(null);
        setSession((n) => n + 1);
      },
      (err: Error) => live && setStatus(err),
    );
    return () => {
      live = false;
    };
  }, [data, brand]);
  return { who, session, status, reload: () => setSession((n) => n + 1) };
}

export function Preview({ origin, brand, network, routes, show, queries, titleOf }: PreviewProps) {
  const w = useWords();
  const [size, setSize] = useState<(typeof SIZES)[number]>(SIZES[0]);
  const [role, setRole] = useState<Role>('member');
  const [data, setData] = useState<(typeof DATA)[number]>('normal');
  const [route, setRoute] = useState(routes[0] ?? '/');
  const { who, session, status, reload } = usePreset(data, brand);

  // a new place shows its first route (the list is compared by its routes, not by its identity); a route asked for, at once
  const routesKey = routes.join(' ');
  useEffect(() => {
    if (routesKey) setRoute(routesKey.split(' ')[0]);
  }, [routesKey]);
  useEffect(() => {
    if (show) setRoute(show.route);
  }, [show]);

  const target = `${route}${queries[route] ? `?${queries[route]}` : ''}`;
  const { frame, onLoad } = useFrame(origin, role, who, session, target, who?.username ?? '');
  const choices = [...new Set([...routes, route, '/'])];
  return (
    <aside className="preview" aria-label={w.preview.label}>
      <div className="preview-controls">
        <select aria-label={w.preview.route} value={route} onChange={(e) => setRoute(e.target.value)}>
          {choices.map((r) => (
            <option key={r} value={r}>
              {titleOf(r.split('?')[0])} {r}
            </option>
          ))}
        </select>
        <div className="toggles">
          {SIZES.map((s) => (
            <button key={s.id} type="button" className={size.id === s.id ? 'on' : ''} onClick={() => setSize(s)}>
              {s.id}
            </button>
          ))}
          {(['visitor', 'member'] as const).map((r) => (
            <button key={r} type="button" className={role === r ? 'on' : ''} onClick={() => setRole(r)}>
              {w.preview[r]}
            </button>
          ))}
          {DATA.map((d) => (
            <button key={d} type="button" className={data === d ? 'on' : ''} onClick={() => setData(d)}>
              {w.preview.data[d]}
            </button>
          ))}
          <button type="button" onClick={reload} title={w.preview.reloadTitle}>
            {w.preview.reload}
          </button>
        </div>
        {status ? <div className="status">{status === 'loading' ? w.preview.loadingData : errorText(w, status)}</div> : null}
      </div>
      <div className="phone" style={{ width: size.w, height: size.h }}>
        <iframe ref={frame} title={w.preview.frame} name="preview" width={size.w} height={size.h} onLoad={onLoad} />
      </div>
      <OnPhone network={network} target={target} who={who} />
    </aside>
  );
}
