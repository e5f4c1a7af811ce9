import { useDeferredValue, useLayoutEffect, useRef, useState } from 'react';
import { Popup } from '../../engine/overlays';
import { IconByName } from '../../engine/icons';
import { useOnScreen } from '../../engine/on-screen';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { Nodes, useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config, 'onMore'>;

export default function NoticeBar({ node, props }: WidgetProps<Props>) {
  const { run, text } = useScreen();
  const raw = props.items;
  const items = Array.isArray(raw) ? raw.map((x) => asText(x)).filter(Boolean) : [];
  const label = asText(props.label);
  const [open, setOpen] = useState(false);
  // the tap is answered at once; the list renders just after (a deferred render), then slides in
  const shown = useDeferredValue(open);
  const box = useRef<HTMLSpanElement>(null);
  const line = useRef<HTMLSpanElement>(null);
  const [duration, setDuration] = useState(0);
  const joined = items.join('\u3000\u3000');
  // the line scrolls (a transform the compositor moves) only while the bar is on screen
  const wrap = useRef<HTMLDivElement>(null);
  const visible = useOnScreen(wrap);

  // scroll only when the text is wider than the bar; the duration keeps the speed constant
  useLayoutEffect(() => {
    const w = line.current?.scrollWidth ?? 0;
    const room = box.current?.clientWidth ?? 0;
    setDuration(w > room ? (w + room) / (props.speed ?? 50) : 0);
  }, [joined, props.speed]);

  const more = async () => {
    setOpen(false);
    await run(props.onMore);
  };

  return (
    <div className="w-notice-wrap" ref={wrap}>
      {node.children && <Nodes nodes={node.children} />}
      <button type="button" className="w-notice" onClick={() => setOpen(true)} aria-label={label || undefined} aria-haspopup="dialog">
        <IconByName name={asText(props.icon ?? 'sound')} className="w-notice-icon" />
        <span className="w-notice-box" ref={box}>
          <span
            ref={line}
            className={`w-notice-line ${duration ? 'is-scrolling' : ''} ${duration && !visible ? 'is-paused' : ''}`}
            style={duration ? { animationDuration: `${duration}s` } : undefined}
          >
            {joined || asText(props.emptyText)}
          </span>
        </span>
      </button>
      <Popup visible={shown} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="w-notice-popup" showCloseButton closeLabel={text('@common.close')} labelledBy="w-notice-title" destroyOnClose>
        <div>
          <h2 id="w-notice-title" className="w-notice-title">
            {asText(props.popupTitle)}
          </h2>
          <ol className="w-notice-list">
            {items.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ol>
          <div className="w-notice-actions">
            <button type="button" className="btn-primary w-notice-more" onClick={() => void more()}>
              {asText(props.moreText)}
            </button>
          </div>
        </div>
      </Popup>
    </div>
  );
}
