/**
 * Colours players can read: the brand colour of app.json (`theme.primary`) against the
 * text drawn on it, at WCAG AA's 4.5:1 for normal text. A warning (the build goes on), with the
 * ratio and the nearest shade that passes every pair. The pairs are the stylesheets' (src/styles.css,
 * the widgets' style.css), with the shades brand.ts derives from the colour:
 *   - white text on the brand colour: the solid buttons, the selected side tab, the pills; the same
 *     ratio as the brand colour as text on the white page (the top bar's title, the selected tab);
 *   - the brand colour as text on its soft tint (--primary-soft): the top bar's recycle button (topBar.recycle).
 */
import { contrastRatio, nearestShade, themeVars } from '../brand';
import type { Run } from './run';
import { isObject } from './util';
import { say } from '../words/index.ts';
import type { ContrastPair } from '../words/limits.ts';

/** WCAG 2.x AA, normal text */
export const MIN_CONTRAST = 4.5;
const WHITE = '#ffffff';

interface Pair {
  /** which pair it is, as the message names it (src/config/words/limits.ts) */
  pair: ContrastPair;
  ratio: (primary: string) => number;
}
const PAIRS: Pair[] = [
  { pair: 'white', ratio: (p) => contrastRatio(p, WHITE) },
  { pair: 'soft', ratio: (p) => contrastRatio(p, themeVars({ primary: p })['--primary-soft']) },
];

const shown = (r: number) => `${(Math.floor(r * 100) / 100).toFixed(2)}:1`;

export function checkContrast(run: Run): void {
  const theme = run.app?.theme;
  if (!isObject(theme) || typeof theme.primary !== 'string') return;
  const primary = theme.primary.toLowerCase();
  const failing = PAIRS.filter((p) => p.ratio(primary) < MIN_CONTRAST);
  if (!failing.length) return;
  const fix = nearestShade(primary, (shade) => PAIRS.every((p) => p.ratio(shade) >= MIN_CONTRAST));
  run.warn(
    run.bundle.app.file,
    ['theme', 'primary'],
    say('lowContrast', {
      colour: theme.primary,
      failing: failing.map((p) => ({ pair: p.pair, ratio: shown(p.ratio(primary)) })),
      min: MIN_CONTRAST,
      fix,
      fixRatios: fix ? PAIRS.map((p) => shown(p.ratio(fix))) : undefined,
    }),
  );
}
