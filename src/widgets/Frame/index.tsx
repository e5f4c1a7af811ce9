import { useEffect, useState } from 'react';
import { SpinLoading } from 'antd-mobile';
import { resolveNumber } from '../../engine/bindings';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { safeExternalUrl } from '../../engine/urls';
import type { Props } from './schema';
import './style.css';

const DEFAULT_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

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
  const { t, scope } = useScreen();
  const src = safeExternalUrl(t(props.src));
  const offset = resolveNumber(props.offset ?? 0, scope, 0);
  const removeAfter = props.removeAfterMs !== undefined ? resolveNumber(props.removeAfterMs, scope, 0) : 0;
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
      title={t(props.title)}
      sandbox={props.sandbox ?? DEFAULT_SANDBOX}
      referrerPolicy="no-referrer"
      allow="autoplay; fullscreen"
      className="w-frame-iframe"
      style={props.hidden ? undefined : { height: Math.max(height, 0) }}
      onLoad={() => setLoaded(true)}
      data-testid={props.testId}
    />
  );
  if (props.hidden) return <div className="w-frame-hidden" aria-hidden="true">{frame}</div>;
  return (
    <div className="w-frame">
      {frame}
      {!loaded && (
        <div className="w-frame-loading" role="status">
          <SpinLoading color="primary" />
          {props.loadingText && <span>{t(props.loadingText)}</span>}
        </div>
      )}
    </div>
  );
}
