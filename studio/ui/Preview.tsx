/**
 * The real app beside the form (issue 37, point 3): a frame of the preview server (studio/preview.ts)
 * at phone size, 375x812 or 320x568, as a visitor or the member of the mock's normal, stress or empty
 * data, on the route the operator is editing (a screen's route, a form's screen, where a message or
 * constant is used). The frame follows each edit by itself (the preview's config folder is rewritten,
 * Vite redraws). Below it: the phone switch, and once it is on the addresses and QR codes that open
 * the same preview on a phone.
 */
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { api } from './api';

export const SIZES = [
  { id: '375x812', w: 375, h: 812 },
  { id: '320x568', w: 320, h: 568 },
] as const;
export type Role = 'visitor' | 'member';
export type Data = 'normal' | 'stress' | 'empty';

export interface PreviewProps {
  origin: string;
  /** the brand previewed: the mock speaks as it */
  brand: string;
  /** the phone switch as the studio started: the preview's addresses on the network (none: this machine only), what a phone gets there */
  phone: { network: string[]; gets: string };
  /** the routes of what is being edited, the first shown; none: the frame stays on its route */
  routes: string[];
  /** queries that bring a route to its content (/activityInfo -> id=1) */
  queries: Record<string, string>;
  titleOf(path: string): string;
}

/** An address and its QR code (the qrcode package, drawn as SVG markup of our own making). */
function Qr({ text }: { text: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', margin: 1, width: 160 }).then((s) => live && setSvg(s), () => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <figure>
      <span className="qr" role="img" aria-label={`QR code of ${text}`} dangerouslySetInnerHTML={{ __html: svg }} />
      <figcaption>{text}</figcaption>
    </figure>
  );
}

/**
 * The phone switch: off, the preview answers this computer only; on, it listens on this computer's
 * network addresses too (their QR codes), and the studio says what a phone gets there.
 */
function OnPhone({ phone, target, who }: { phone: PreviewProps['phone']; target: string; who: { username: string; password: string } | null }) {
  const [network, setNetwork] = useState(phone.network);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const on = network.length > 0;
  const flip = () => {
    setBusy(true);
    setError('');
    api.phone(!on).then(
      (p) => setNetwork(p.network),
      (err: Error) => setError(err.message),
    ).finally(() => setBusy(false));
  };
  return (
    <details className="on-phone">
      <summary>Open on a phone</summary>
      <label className="switch">
        <input type="checkbox" checked={on} disabled={busy} onChange={flip} /> open the preview to phones on this network
      </label>
      {error ? <p role="alert">{error}</p> : null}
      {on ? (
        <>
          <p>On the same network, scan or type an address{who ? ` and log in as ${who.username} / ${who.password}` : ''}.</p>
          <p>
            {phone.gets.charAt(0).toUpperCase()}
            {phone.gets.slice(1)}.
          </p>
          {network.map((url) => (
            <Qr key={url} text={`${url}#${target}`} />
          ))}
        </>
      ) : (
        <p>The preview answers this computer only. Turned on, {phone.gets}.</p>
      )}
    </details>
  );
}

export function Preview({ origin, brand, phone, routes, queries, titleOf }: PreviewProps) {
  const [size, setSize] = useState<(typeof SIZES)[number]>(SIZES[0]);
  const [role, setRole] = useState<Role>('member');
  const [data, setData] = useState<Data>('normal');
  const [who, setWho] = useState<{ username: string; password: string } | null>(null);
  const [route, setRoute] = useState(routes[0] ?? '/');
  const [seen, setSeen] = useState<string[]>([]);
  const [session, setSession] = useState(0);
  const [status, setStatus] = useState('');
  const frame = useRef<HTMLIFrameElement>(null);

  // a new place shows its first route (the list is compared by its routes, not by its identity)
  const routesKey = routes.join(' ');
  useEffect(() => {
    if (!routesKey) return;
    setRoute(routesKey.split(' ')[0]);
    setSeen((s) => [...new Set([...routesKey.split(' '), ...s])].slice(0, 12));
  }, [routesKey]);

  // the mock's data preset, speaking as the brand: reset, then a fresh session in the frame
  useEffect(() => {
    let live = true;
    setStatus('loading the data…');
    api.preview(data, brand).then(
      (w) => {
        if (!live) return;
        setWho(w);
        setStatus('');
        setSession((n) => n + 1);
      },
      (err: Error) => live && setStatus(err.message),
    );
    return () => {
      live = false;
    };
  }, [data, brand]);

  const target = `${route}${queries[route] ? `?${queries[route]}` : ''}`;
  const targetRef = useRef(target);
  targetRef.current = target;
  // the frame's session: the entry page loads on a new role or data (a fresh session), and says when
  // the member's token is in place (a message from the preview's origin, compared exactly); a new
  // route before that waits, after it only moves the frame's hash (no reload)
  const [ready, setReady] = useState(false);
  const shown = useRef('');
  useEffect(() => {
    const el = frame.current;
    if (!el || !who) return;
    setReady(false);
    shown.current = targetRef.current;
    el.src = `${origin}/__studio/enter?as=${role}&user=${encodeURIComponent(who.username)}&to=${encodeURIComponent(targetRef.current)}`;
  }, [origin, who, session, role]);
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
    el.src = `${origin}/#${target}`;
  }, [origin, ready, target]);

  return (
    <aside className="preview" aria-label="preview">
      <div className="preview-controls">
        <select aria-label="route" value={route} onChange={(e) => setRoute(e.target.value)}>
          {[...new Set([...routes, route, ...seen, '/'])].map((r) => (
            <option key={r} value={r}>
              {titleOf(r)} {r}
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
              {r}
            </button>
          ))}
          {(['normal', 'stress', 'empty'] as const).map((d) => (
            <button key={d} type="button" className={data === d ? 'on' : ''} onClick={() => setData(d)} aria-label={`${d} data`}>
              {d}
            </button>
          ))}
          <button type="button" onClick={() => setSession((n) => n + 1)} title="a fresh session on this route">
            reload
          </button>
        </div>
        {status ? <div className="status">{status}</div> : null}
      </div>
      <div className="phone" style={{ width: size.w, height: size.h }}>
        <iframe ref={frame} title="preview" name="preview" width={size.w} height={size.h} />
      </div>
      <OnPhone phone={phone} target={target} who={who} />
    </aside>
  );
}
