/**
 * The app's popups (issue 38): a sheet from an edge (Popup: the notice list, the side menu, a
 * filter's choices) and a centred box (CenterPopup: the start-up notice), with the props of
 * antd-mobile's that the widgets use. antd-mobile's animated each frame from script (react-spring)
 * and mounted some twenty components before its content; these slide and fade with CSS animations
 * of transform and opacity, which the compositor runs, and mount what they show.
 *
 * Rendered into document.body (a portal). Clicks inside stop there (as antd-mobile's: a tap in a
 * popup is not a tap on what opened it). Escape closes it; so does the mask (onMaskClick). While open,
 * a drag on the mask does not scroll the page behind, and the popup's own scrolling does not chain
 * to it. Closed, it plays its closing animation, then is hidden (destroyOnClose: unmounted).
 * Loaded through overlays.tsx (its own chunk, fetched when the app is idle).
 */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { IconByName } from './icons';
import './popups.css';

export interface PopupProps {
  visible?: boolean;
  /** the edge it comes from (Popup); default bottom */
  position?: 'bottom' | 'top' | 'left' | 'right';
  onMaskClick?: () => void;
  onClose?: () => void;
  className?: string;
  bodyClassName?: string;
  bodyStyle?: CSSProperties;
  /** a close button in the corner, named by closeLabel */
  showCloseButton?: boolean;
  closeLabel?: string;
  /** unmount the content once closed (else it stays, hidden) */
  destroyOnClose?: boolean;
  children?: ReactNode;
}

/** `open`: shown; `closing`: playing its way out; `closed`: hidden (or unmounted) */
type Phase = 'open' | 'closing' | 'closed';

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

function usePhase(visible: boolean): [Phase, () => void] {
  const [phase, setPhase] = useState<Phase>(visible ? 'open' : 'closed');
  if (visible && phase !== 'open') setPhase('open');
  if (!visible && phase === 'open') setPhase(reducedMotion() ? 'closed' : 'closing');
  // the way out ends with its animation (or a moment after, where none runs: a hidden tab)
  useEffect(() => {
    if (phase !== 'closing') return;
    const t = setTimeout(() => setPhase('closed'), 400);
    return () => clearTimeout(t);
  }, [phase]);
  return [phase, () => setPhase((p) => (p === 'closing' ? 'closed' : p))];
}

function Overlay({ kind, props }: { kind: 'edge' | 'center'; props: PopupProps }) {
  const { visible = false, position = 'bottom', onMaskClick, onClose, className, bodyClassName, bodyStyle, showCloseButton, closeLabel, destroyOnClose, children } = props;
  const [phase, done] = usePhase(visible);
  const mask = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (phase !== 'open') return;
    const el = mask.current;
    // a drag on the mask moves nothing behind it (a listener that may prevent: not passive)
    const hold = (e: TouchEvent) => e.cancelable && e.preventDefault();
    el?.addEventListener('touchmove', hold, { passive: false });
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCloseRef.current?.();
    document.addEventListener('keydown', onKey);
    return () => {
      el?.removeEventListener('touchmove', hold);
      document.removeEventListener('keydown', onKey);
    };
  }, [phase]);

  if (phase === 'closed' && destroyOnClose) return null;
  const edge = kind === 'edge' ? ` ovl-${position}` : ' ovl-center';
  return createPortal(
    <div className={`ovl${edge} is-${phase}${className ? ` ${className}` : ''}`} onClick={(e) => e.stopPropagation()}>
      <div className="ovl-mask" ref={mask} onClick={onMaskClick} />
      <div className={`ovl-body${bodyClassName ? ` ${bodyClassName}` : ''}`} style={bodyStyle} onAnimationEnd={(e) => e.target === e.currentTarget && phase === 'closing' && done()}>
        {showCloseButton && (
          <button type="button" className="ovl-close" aria-label={closeLabel} onClick={onClose}>
            <IconByName name="close" />
          </button>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}

export function Popup(props: PopupProps) {
  return <Overlay kind="edge" props={props} />;
}

export function CenterPopup(props: PopupProps) {
  return <Overlay kind="center" props={props} />;
}
