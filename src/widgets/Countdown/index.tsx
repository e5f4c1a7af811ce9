import { useEffect, useState } from 'react';
import { asNumber } from '../../engine/bindings';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config, 'onExpire'>;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** epoch ms of a time value; a zone-less wall-clock string is read at the given offset */
function startOf(v: unknown, offsetHours: number | null): number {
  if (typeof v === 'number') return v < 1e12 ? v * 1000 : v;
  const s = String(v ?? '').trim();
  const m = LOCAL.exec(s);
  if (m && offsetHours !== null) {
    const [, y, mo, d, h, mi, se] = m.map(Number);
    return Date.UTC(y, mo - 1, d, h, mi, se || 0) - offsetHours * 3600000;
  }
  return s ? new Date(m ? s.replace(' ', 'T') : s).getTime() : NaN;
}

const two = (n: number) => String(n).padStart(2, '0');

export default function Countdown({ props }: WidgetProps<Props>) {
  const { run } = useScreen();
  const offset = props.utcOffsetHours !== undefined ? asNumber(props.utcOffsetHours, 0) : null;
  const duration = asNumber(props.durationMs, 0);
  const end = startOf(props.from, offset) + duration;
  const label = asText(props.label);
  const [now, setNow] = useState(() => Date.now());
  const left = Number.isFinite(end) ? Math.max(0, end - now) : NaN;
  const running = left > 0;

  const expired = Number.isFinite(left) && !running;
  const onExpire = props.onExpire;
  useEffect(() => {
    if (expired && onExpire) void run(onExpire);
    // once per expiry: run and the actions are fresh objects on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expired]);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  if (!Number.isFinite(left)) return null;
  const secs = Math.ceil(left / 1000);
  const text =
    duration > 3600000 ? `${two(Math.floor(secs / 3600))}:${two(Math.floor((secs % 3600) / 60))}:${two(secs % 60)}` : `${two(Math.floor(secs / 60))}:${two(secs % 60)}`;
  return (
    <div className={`w-countdown ${running ? '' : 'is-over'}`}>
      {label && <span className="w-countdown-label">{label}</span>}
      <span className="w-countdown-time" data-testid={asText(props.testId) || undefined} role="timer">
        {running || !props.expiredText ? text : asText(props.expiredText)}
      </span>
    </div>
  );
}
