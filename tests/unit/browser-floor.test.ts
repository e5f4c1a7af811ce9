/**
 * Issue 29: one floor (package.json browserslist: Chrome 64, iOS Safari 12.2) from which the build's
 * target, the polyfills and the lint follow. The lint fails on a call an engine of the floor lacks
 * (the next Object.hasOwn) and on a BigInt literal, and lets through what src/polyfills.ts fills;
 * the polyfills, the check in src/boot.ts that loads them and the lint's list name the same features.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { floorTargets } from '../../scripts/browser-floor';
import { nomoduleNotice } from '../../scripts/app-shell';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });
const lint = async (code: string) => (await eslint.lintText(code, { filePath: path.join(root, 'src/engine/floor-probe.ts') }))[0].messages.map((m) => `${m.ruleId}: ${m.message}`);

describe('the floor', () => {
  it('is the build target: Chrome 64 and iOS Safari 12', () => {
    const targets = floorTargets();
    expect(targets).toContain('chrome64');
    expect(targets.filter((t) => /^(ios|safari)12(\.\d)?$/.test(t))).toHaveLength(2);
  });

  it('the lint fails on a call the floor lacks: Object.hasOwn, structuredClone, Promise.allSettled', async () => {
    expect(await lint(`export const a = Object.hasOwn({}, 'x');\n`)).toEqual([expect.stringMatching(/^compat\/compat: Object\.hasOwn\(\) is not supported in .*Chrome 64/)]);
    expect(await lint(`export const b = structuredClone({});\n`)).toEqual([expect.stringMatching(/^compat\/compat: structuredClone is not supported in .*Chrome 64/)]);
    expect(await lint(`export const c = Promise.allSettled([]);\n`)).toEqual([expect.stringMatching(/^compat\/compat: Promise\.allSettled\(\) is not supported in .*Chrome 64/)]);
  });

  it('the lint fails on a BigInt literal, which does not even parse before Chrome 67 and Safari 14', async () => {
    expect(await lint(`export const d = 10n;\n`)).toEqual([expect.stringMatching(/^no-restricted-syntax: BigInt literals do not parse on the floor/)]);
  });

  it('the lint lets through what src/polyfills.ts fills', async () => {
    expect(await lint(`export const e = Object.fromEntries([['a', 1]]);\nexport const f = new AbortController();\n`)).toEqual([]);
  });

  it('the polyfills, the check that loads them (src/boot.ts) and the lint name the same features', async () => {
    const config = (await eslint.calculateConfigForFile(path.join(root, 'src/engine/floor-probe.ts'))) as { settings: { polyfills: string[] } };
    const names = config.settings.polyfills;
    expect(names.length).toBeGreaterThan(0);
    const boot = readFileSync(path.join(root, 'src/boot.ts'), 'utf8');
    const imports = [...readFileSync(path.join(root, 'src/polyfills.ts'), 'utf8').matchAll(/^import '([^']+)'/gm)].map((m) => m[1].replace(/-/g, '').toLowerCase());
    for (const name of names) {
      expect(boot, `src/boot.ts does not check ${name}`).toMatch(new RegExp(`typeof ${name.replace(/\./g, '\\.')} [!=]==`));
      const last = name.split('.').pop()!.toLowerCase();
      expect(imports.some((i) => i.split('/').some((part) => part === last || part === `${last}polyfill`)), `src/polyfills.ts does not import a polyfill of ${name}`).toBe(true);
    }
    expect(imports.length).toBe(names.length);
  });
});

describe('the nomodule notice', () => {
  it('draws the words of messages.json, escaped, and nothing without them', () => {
    const html = nomoduleNotice({ 'browser.tooOldTitle': '浏览器版本过低', 'browser.tooOld': '请在<系统浏览器>中打开' });
    expect(html).toBe('<div class="shell-nomodule" role="alert"><h1>浏览器版本过低</h1><p>请在&lt;系统浏览器&gt;中打开</p></div>');
    expect(nomoduleNotice({ 'browser.tooOldTitle': '浏览器版本过低' })).toBe('');
  });
});
