/**
 * The app's toast (ui.ts shows it; in the chunk of ui-antd.ts): one message at a time in the middle
 * of the screen, with a success, fail or loading mark, gone after `duration` ms (0: until cleared).
 * Plain DOM, not antd-mobile's Toast: that one mounts a React root, a mask and react-spring
 * animations for each message (most of a slow phone's tap), and runs a spring every frame while
 * it fades. It looks the same; it fades in with CSS (opacity, on the compositor).
 * A message takes no tap: the page under it answers at once, as a phone's own toasts do; a loading
 * toast without `maskClickable` holds the whole page until it is cleared.
 */
import './toast.css';

export interface ToastOptions {
  content: string;
  icon?: 'success' | 'fail' | 'loading';
  /** ms; 0 keeps it until cleared */
  duration?: number;
  /** false: the page under it takes no tap while it shows */
  maskClickable?: boolean;
}

/** the marks' outlines (antd-mobile-icons' CheckOutline and CloseOutline, 48x48) */
const MARKS = {
  success:
    'M44.309608,12.6841286 L21.2180499,35.5661955 L21.2180499,35.5661955 C20.6343343,36.1446015 19.6879443,36.1446015 19.1042286,35.5661955 C19.0538201,35.5162456 19.0077648,35.4636155 18.9660627,35.4087682 C18.9113105,35.368106 18.8584669,35.3226694 18.808302,35.2729607 L3.6903839,20.2920499 C3.53346476,20.1365529 3.53231192,19.8832895 3.68780898,19.7263704 C3.7629255,19.6505669 3.86521855,19.6079227 3.97193622,19.6079227 L7.06238923,19.6079227 C7.16784214,19.6079227 7.26902895,19.6495648 7.34393561,19.7237896 L20.160443,32.4236157 L20.160443,32.4236157 L40.656066,12.115858 C40.7309719,12.0416387 40.8321549,12 40.9376034,12 L44.0280571,12 C44.248971,12 44.4280571,12.1790861 44.4280571,12.4 C44.4280571,12.5067183 44.3854124,12.609012 44.309608,12.6841286 Z',
  fail: 'M10.6085104,8.11754663 L24.1768397,21.8195031 L24.1768397,21.8195031 L37.7443031,8.1175556 C37.8194278,8.04168616 37.9217669,7.999 38.0285372,7.999 L41.1040268,7.999 C41.3249407,7.999 41.5040268,8.1780861 41.5040268,8.399 C41.5040268,8.50440471 41.4624226,8.60554929 41.3882578,8.68044752 L26.2773302,23.9408235 L26.2773302,23.9408235 L41.5021975,39.3175645 C41.65763,39.4745475 41.6563731,39.7278104 41.4993901,39.8832429 C41.4244929,39.9574004 41.3233534,39.999 41.2179546,39.999 L38.1434012,39.999 C38.0366291,39.999 37.9342885,39.9563124 37.8591634,39.8804408 L24.1768397,26.0621438 L24.1768397,26.0621438 L10.4936501,39.8804497 C10.4185257,39.9563159 10.3161889,39.999 10.2094212,39.999 L7.13584526,39.999 C6.91493136,39.999 6.73584526,39.8199139 6.73584526,39.599 C6.73584526,39.4936017 6.77744443,39.3924627 6.85160121,39.3175656 L22.0763492,23.9408235 L22.0763492,23.9408235 L6.96554081,8.68044639 C6.81010226,8.52346929 6.81134951,8.27020637 6.9683266,8.11476782 C7.04322474,8.04060377 7.14436883,7.999 7.24977299,7.999 L10.3242852,7.999 C10.4310511,7.999 10.5333863,8.04168267 10.6085104,8.11754663 Z',
} as const;

let shown: { el: HTMLElement; timer: number | undefined } | null = null;

function clear(): void {
  if (!shown) return;
  window.clearTimeout(shown.timer);
  shown.el.remove();
  shown = null;
}

function show({ content, icon, duration = 2000, maskClickable = true }: ToastOptions): void {
  clear();
  const mask = document.createElement('div');
  mask.className = `ui-toast-mask${maskClickable ? '' : ' is-holding'}`;
  const main = document.createElement('div');
  main.className = `ui-toast-main ${icon ? 'ui-toast-main-icon' : 'ui-toast-main-text'}`;
  main.setAttribute('role', icon === 'fail' ? 'alert' : 'status');
  if (icon === 'loading') {
    const spin = document.createElement('div');
    spin.className = 'ui-toast-icon ui-toast-loading';
    main.appendChild(spin);
  } else if (icon) {
    const mark = document.createElement('div');
    mark.className = `ui-toast-icon ui-toast-icon-${icon}`;
    // static markup of this module (no player or server text): the two outlines above
    mark.innerHTML = `<svg viewBox="0 0 48 48" width="1em" height="1em" aria-hidden="true"><path fill="currentColor" d="${MARKS[icon]}"/></svg>`;
    main.appendChild(mark);
  }
  const text = document.createElement('div');
  text.className = 'ui-toast-text';
  text.textContent = content;
  main.appendChild(text);
  mask.appendChild(main);
  document.body.appendChild(mask);
  const mine = { el: mask, timer: undefined as number | undefined };
  if (duration > 0) mine.timer = window.setTimeout(() => shown === mine && clear(), duration);
  shown = mine;
}

/** what ui.ts calls (antd-mobile's Toast's names) */
export const Toast = { show, clear };
