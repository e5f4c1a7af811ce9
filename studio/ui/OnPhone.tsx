/**
 * The phone switch under the preview: off, the preview answers this computer only; on, it listens
 * on this computer's network addresses too (their QR codes), and the studio says what a phone gets
 * there and who to log in as.
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { api, errorText } from './api';
import { useWords } from './words';

/** An address and its QR code (the qrcode package, drawn as SVG markup of our own making). */
function Qr({ text }: { text: string }) {
  const w = useWords();
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
      <span className="qr" role="img" aria-label={w.phone.qr(text)} dangerouslySetInnerHTML={{ __html: svg }} />
      <figcaption>{text}</figcaption>
    </figure>
  );
}

export function OnPhone({ network: atStart, target, who }: { network: string[]; target: string; who: { username: string; password: string } | null }) {
  const w = useWords();
  const [network, setNetwork] = useState(atStart);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const on = network.length > 0;
  const flip = () => {
    setBusy(true);
    setError('');
    api
      .phone(!on)
      .then(
        (p) => setNetwork(p.network),
        (err: Error) => setError(errorText(w, err)),
      )
      .finally(() => setBusy(false));
  };
  return (
    <details className="on-phone">
      <summary>{w.phone.summary}</summary>
      <label className="switch">
        <input type="checkbox" checked={on} disabled={busy} onChange={flip} /> {w.phone.switch}
      </label>
      {error ? <p role="alert">{error}</p> : null}
      {on ? (
        <>
          <p>{w.phone.scan(who ? w.phone.loginAs(who.username, who.password) : '')}</p>
          <p>{w.phone.gets}。</p>
          {network.map((url) => (
            <Qr key={url} text={`${url}#${target}`} />
          ))}
        </>
      ) : (
        <p>
          {w.phone.off} {w.phone.offThen}
          {w.phone.gets}。
        </p>
      )}
    </details>
  );
}
