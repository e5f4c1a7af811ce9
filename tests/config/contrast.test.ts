/**
 * Issue 32: a brand colour players cannot read is warned about by check:config, with its contrast
 * ratio and the nearest shade that passes (WCAG AA, 4.5:1 for normal text).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConfigArgs } from '../../scripts/check-command';
import { contrastRatio, nearestShade, themeVars } from '../../src/config/brand';
import { createChecker, type ConfigBundle, type Problem } from '../../src/config/check';
import { configSource, loadSchemas, loadWidgetSchemas } from '../../src/config/source/index';
import { english } from './english';

const root = path.resolve(__dirname, '..', '..');
let checker: (b: ConfigBundle) => Problem[];
let real: ConfigBundle;
beforeAll(async () => {
  checker = createChecker(loadSchemas(root), await loadWidgetSchemas(root));
  real = configSource({ root }).productBundle();
});
const withPrimary = (primary: string): Problem[] => {
  const b = structuredClone(real);
  (b.app.json as { theme: { primary: string } }).theme.primary = primary;
  return checker(b);
};
const passesAll = (c: string) => contrastRatio(c, '#ffffff') >= 4.5 && contrastRatio(c, themeVars({ primary: c })['--primary-soft']) >= 4.5;

describe('contrast ratio (WCAG 2)', () => {
  it('known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#b8860b', '#ffffff')).toBeCloseTo(3.25, 2);
    expect(contrastRatio('#1366e6', '#ffffff')).toBeCloseTo(5.16, 2);
    // antd-mobile's default blue, below AA (README)
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
  });
});

describe('check:config warns about theme.primary below 4.5:1', () => {
  it('the real brand colour passes: no warning', () => {
    expect(withPrimary((real.app.json as { theme: { primary: string } }).theme.primary)).toEqual([]);
  });

  it('#b8860b (issue 32) is a warning with its ratio, 3.25:1 on white, and the nearest shade that passes', () => {
    const fix = nearestShade('#b8860b', passesAll);
    expect(fix).toBe('#8e6708');
    expect(english(withPrimary('#b8860b'))).toEqual([
      {
        file: 'screens.config/app.json',
        path: '/theme/primary',
        severity: 'warning',
        message:
          "#b8860b has a contrast of 3.25:1 with the white text drawn on it (the buttons, the selected side tab; the same as text on the white page: the top bar title, the selected tab); 2.96:1 as text on its soft tint (the top bar's recycle button, topBar.recycle): below WCAG AA's 4.5:1, players may not read it; the nearest shade that passes is #8e6708 (5.12:1 and 4.55:1)",
      },
    ]);
  });

  it('the shade offered passes and is the nearest: one step less dark does not', () => {
    for (const c of ['#b8860b', '#1677ff', '#ff9900', '#33cc66']) {
      const fix = nearestShade(c, passesAll);
      expect(fix, c).not.toBeNull();
      expect(passesAll(fix!), `${c} -> ${fix}`).toBe(true);
      // the first 1% step towards black that passes: every shade nearer the colour fails
      const at = [...Array(100).keys()].map((i) => i + 1).find((step) => passesAll(mixBlack(c, step / 100)));
      expect(at, c).toBeDefined();
      expect(mixBlack(c, at! / 100)).toBe(fix);
    }
  });

  it('the warning does not fail the CLI (exit 0) and names the file and path', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-contrast-'));
    dirs.push(dir);
    cpSync(path.join(root, 'screens.config'), dir, { recursive: true });
    const app = path.join(dir, 'app.json');
    writeFileSync(app, readFileSync(app, 'utf8').replace(/"primary": "#[0-9a-f]{6}"/, '"primary": "#b8860b"'));
    const r = spawnSync(process.execPath, checkConfigArgs(root, ['--dir', dir]), { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`warning: ${dir}/app.json: /theme/primary: #b8860b has a contrast of 3.25:1 with the white text drawn on it`);
    expect(r.stdout).toContain(`${dir}/ is valid, with 1 warning(s)`);
  }, 60_000);
});

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** `hex` moved a share `t` of the way to black, as brand.ts does */
function mixBlack(hex: string, t: number): string {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `#${c.map((v) => Math.round(v * (1 - t)).toString(16).padStart(2, '0')).join('')}`;
}
