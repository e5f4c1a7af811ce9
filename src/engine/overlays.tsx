/**
 * The widgets' popups: a sheet from an edge (Popup: the notice list, the side menu, a
 * filter's choices) and a centred box (CenterPopup: the start-up notice), with the props of
 * antd-mobile's that the widgets use. antd-mobile's animated each frame from script (react-spring),
 * brought 25 KB of animation and gesture code (so it was loaded lazily, and a first open waited
 * for it), and mounted some twenty components before its content; these slide and fade with CSS
 * animations of transform and opacity, which the compositor runs, come with the widgets that use
 * them (about 1 KB), and mount what they show, nothing before the first time they are shown.
 *
 *   import { Popup } from '../../engine/overlays';
 *
 * Rendered into document.body (a portal), as a modal dialog (role=dialog, aria-modal, named by
 * `label` or `labelledBy`). Open, it takes the focus (the dialog itself, so a screen reader reads
 * its name first) and keeps Tab inside; closed, it gives the focus back to what had it (the button
 * that opened it). Clicks inside stop there (as antd-mobile's: a tap in a popup is not a tap on
 * what opened it). Escape closes the topmost one (onClose, else onMaskClick); so does the mask.
 * While one is open the page behind does not scroll (the document's overflow, and a drag on the
 * mask), and the popup's own scrolling does not chain to it. Closed, it plays its closing animation
 * (none with reduced motion), then is hidden (destroyOnClose: unmounted).
 */
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { IconByName } from './icons';
import './overlays.css';

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
  /** the dialog's name (aria-label), or the id of the element inside that names it (aria-labelledby) */
  label?: string;
  labelledBy?: string;
  /** unmount the content once closed (else it stays, hidden) */
  destroyOnClose?: boolean;
  children?: ReactNode;
}

/** `open`: shown; `closing`: playing its way out; `closed`: hidden (or unmounted) */
type Phase = 'open' | 'closing' | 'closed';

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** where it is (and whether it has ever been shown: until then it renders nothing) */
function usePhase(visible: boolean): [Phase, () => void, boolean] {
  const [phase, setPhase] = useState<Phase>(visible ? 'open' : 'closed');
  const [shown, setShown] = useState(visible);
  if (visible && !shown) setShown(true);
  if (visible && phase !== 'open') setPhase('open');
  if (!visible && phase === 'open') setPhase(reducedMotion() ? 'closed' : 'closing');
  // the way out ends with its animation (or a moment after, where none runs: a hidden tab)
  useEffect(() => {
    if (phase !== 'closing') return;
    const t = setTimeout(() => setPhase('closed'), 400);
    return () => clearTimeout(t);
  }, [phase]);
  return [phase, () => setPhase((p) => (p === 'closing' ? 'closed' : p)), shown || visible];
}

/** the open popups, the last on top: Escape closes the top one only */
const stack: object[] = [];

/** the page behind holds still while any popup is open */
let locks = 0;
function lockScroll(): () => void {
  const root = document.documentElement;
  if (locks++ === 0) root.classList.add('ovl-locked');
  return () => {
    if (--locks === 0) root.classList.remove('ovl-locked');
  };
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function Overlay({ kind, props }: { kind: 'edge' | 'center'; props: PopupProps }) {
  const { visible = false, position = 'bottom', onMaskClick, onClose, className, bodyClassName, bodyStyle, showCloseButton, closeLabel, label, labelledBy, destroyOnClose, children } = props;
  const [phase, done, shown] = usePhase(visible);
  const mask = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const close = useRef(onClose ?? onMaskClick);
  close.current = onClose ?? onMaskClick;

  useEffect(() => {
    if (phase !== 'open') return;
    const el = mask.current;
    const box = body.current;
    const me = {};
    stack.push(me);
    const unlock = lockScroll();
    // a drag on the mask moves nothing behind it (a listener that may prevent: not passive)
    const hold = (e: TouchEvent) => e.cancelable && e.preventDefault();
    el?.addEventListener('touchmove', hold, { passive: false });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && stack[stack.length - 1] === me) close.current?.();
    };
    document.addEventListener('keydown', onKey);
    // focus that reaches the page behind (past the last control, or a tap) comes back to the top
    // popup; focus in a dialog (this one, a dialog over it) stays where it is
    const guard = (e: FocusEvent) => {
      const to = e.target instanceof Element ? e.target : null;
      if (stack[stack.length - 1] === me && to && !to.closest('[role=dialog], [role=alertdialog]')) box?.focus({ preventScroll: true });
    };
    document.addEventListener('focusin', guard);
    // the focus comes in, and goes back where it was when the popup closes
    const before = document.activeElement as HTMLElement | null;
    box?.focus({ preventScroll: true });
    return () => {
      stack.splice(stack.indexOf(me), 1);
      unlock();
      el?.removeEventListener('touchmove', hold);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', guard);
      const focus = document.activeElement;
      const inside = !focus || focus === document.body || !!box?.contains(focus);
      if (inside && before && before !== document.body && document.contains(before)) before.focus({ preventScroll: true });
    };
  }, [phase]);

  // Tab and Shift+Tab go round the popup's controls: from the last to the first, and back
  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key !== 'Tab' || !body.current) return;
    const items = [...body.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const at = document.activeElement;
    const round = at === body.current || at === items[e.shiftKey ? 0 : items.length - 1];
    if (!items.length || !round) return;
    e.preventDefault();
    items[e.shiftKey ? items.length - 1 : 0].focus();
  };

  if (!shown || (phase === 'closed' && destroyOnClose)) return null;
  const edge = kind === 'edge' ? ` ovl-${position}` : ' ovl-center';
  return createPortal(
    <div className={`ovl${edge} is-${phase}${className ? ` ${className}` : ''}`} onClick={(e) => e.stopPropagation()} onKeyDown={onKeyDown}>
      <div className="ovl-mask" ref={mask} onClick={onMaskClick} />
      <div
        ref={body}
        className={`ovl-body${bodyClassName ? ` ${bodyClassName}` : ''}`}
        style={bodyStyle}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        aria-labelledby={labelledBy}
        tabIndex={-1}
        onAnimationEnd={(e) => e.target === e.currentTarget && phase === 'closing' && done()}
      >
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
