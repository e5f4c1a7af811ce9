import { useEffect, useState } from 'react';
import { asNumber } from '../../engine/bindings';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { safeExternalUrl } from '../../engine/urls';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

const DEFAULT_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

/**
 * The sandbox for a url. A page on the app's own origin (a relative url resolves to it) never
 * keeps allow-same-origin: with allow-scripts as well it would run as the app, read the member's
 * token and remove its own sandbox. Without it, it runs in an opaque origin of its own.
 */
export function sandboxFor(src: string, tokens: string): string {
  let sameOrigin = true;
  try {
    sameOrigin = new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    /* unparsable: treat as our own */
  }
  if (!sameOrigin) return tokens;
  return tokens
    .split(/\s+/)
    .filter((t) => t && t.toLowerCase() !== 'allow-same-origin')
    .join(' ');
}

function useWindowHeight(): number {
  const [h, setH] = useState(() => window.innerHeight);
  useEffect(() => {
    const on = () => setH(window.innerHeight);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return h;
}

export default function Frame({ props }: WidgetProps<Props>) {
  const src = safeExternalUrl(asText(props.src));
  const offset = asNumber(props.offset ?? 0, 0);
  const removeAfter = props.removeAfterMs !== undefined ? asNumber(props.removeAfterMs, 0) : 0;
  const height = useWindowHeight() - offset;
  const [removed, setRemoved] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    setLoaded(false);
    setRemoved(false);
    if (!src || removeAfter <= 0) return;
    const timer = setTimeout(() => setRemoved(true), removeAfter);
    return () => clearTimeout(timer);
  }, [src, removeAfter]);

  if (!src || removed) return null;
  const frame = (
    <iframe
      src={src}
      title={asText(props.title)}
      sandbox={sandboxFor(src, props.sandbox !== undefined ? asText(props.sandbox) : DEFAULT_SANDBOX)}
      referrerPolicy="no-referrer"
      allow="autoplay; fullscreen"
      className="w-frame-iframe"
      style={props.hidden ? undefined : { height: Math.max(height, 0) }}
      onLoad={() => setLoaded(true)}
      data-testid={asText(props.testId) || undefined}
    />
  );
  if (props.hidden) return <div className="w-frame-hidden" aria-hidden="true">{frame}</div>;
  return (
    <div className="w-frame">
      {frame}
      {!loaded && (
        <div className="w-frame-loading" role="status">
          {/* turned by the compositor (a CSS rotation), not by script on every frame as antd-mobile's SpinLoading */}
          <span className="w-frame-spinner" aria-hidden="true" />
          {asText(props.loadingText) && <span>{asText(props.loadingText)}</span>}
        </div>
      )}
    </div>
  );
}
