/**
 * A brand's name the top bar cannot show on a 320 px phone is a check:config warning at the brand's
 * file (src/config/checks/topbar.ts). The numbers the check works the width out with are the ones
 * src/styles.css draws the bar with (read back from it here), and the widths they give were measured
 * in Chromium at 320x568: 威尼斯人娱乐 114 px, beside 登录 and 注册 (140 px) shown whole, beside a
 * member's ¥1000.00, refresh and 一键回收 (186 px) cut to 威尼斯…
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChecker, type ConfigBundle, type Problem } from '../../src/config/check';
import { cutTo, textWidth, titleRoom, TOPBAR_320 } from '../../src/config/checks/topbar';
import { mergeBrand } from '../../src/config/overlay/layers';
import { configSource, loadSchemas, loadWidgetSchemas } from '../../src/config/source/index';

const root = path.resolve(__dirname, '..', '..');
const css = readFileSync(path.join(root, 'src', 'styles.css'), 'utf8');
const source = configSource({ root });

/** the declarations of the rules whose selector is exactly `selector` (in the @media block when `media` is given), later ones over earlier: property -> value */
function rule(selector: string, media?: string): Record<string, string> {
  const inMedia = media ? /\{((?:[^{}]*\{[^{}]*\})*)\s*\}/.exec(css.slice(css.indexOf(`@media ${media}`)))?.[1] : undefined;
  const scope = media ? (inMedia ?? '') : css.replace(/@media[^{]*\{(?:[^{}]*\{[^{}]*\})*\s*\}/g, '');
  const found = [...scope.matchAll(new RegExp(`(?:^|\\n)\\s*${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\{([^}]*)\\}`, 'g'))];
  if (!found.length) throw new Error(`src/styles.css has no rule "${selector}"${media ? ` in @media ${media}` : ''}`);
  return Object.fromEntries(found.flatMap((m) => m[1].split(';').map((d) => d.split(':').map((x) => x.trim())).filter((d) => d.length === 2)) as [string, string][]);
}
const px = (v: string | undefined) => Number(/^(\d+)px$/.exec(v ?? '')?.[1]);
const SMALL = '(max-width: 359px)';

describe('the top bar as src/styles.css draws it at 320 px', () => {
  it('has the numbers the check works with', () => {
    const b = TOPBAR_320;
    expect(rule('.topbar, .shell-topbar').padding).toBe(`0 ${b.paddingRight}px 0 14px`);
    expect(rule('.topbar, .shell-topbar', SMALL)).toMatchObject({ 'padding-left': `${b.paddingLeft}px`, gap: `${b.gap}px` });
    expect(px(rule('.topbar-logo img').width)).toBe(b.logo);
    expect(px(rule('.topbar-logo').gap)).toBe(b.logoGap);
    expect(rule('.topbar-title')).toMatchObject({ 'font-size': `${b.title.fontSize}px`, 'letter-spacing': `${b.title.letterSpacing}px`, 'white-space': 'nowrap', 'text-overflow': 'ellipsis' });
    expect(px(rule('.topbar-balance')['min-width'])).toBe(b.balanceMin);
    expect(px(rule('.icon-btn, .shell-back').width)).toBe(b.iconButton);
    expect(rule('.topbar-recycle').border).toBe(`${b.recycle.border}px solid transparent`);
    expect(rule('.topbar-recycle', SMALL)).toMatchObject({ padding: `0 ${b.recycle.padding}px`, 'font-size': `${b.recycle.fontSize}px` });
    expect(rule('.btn-ghost, .btn-solid')).toMatchObject({ padding: `0 ${b.visitorButton.padding}px`, border: `${b.visitorButton.border}px solid transparent`, 'font-size': `${b.visitorButton.fontSize}px` });
    // the small phone's rules come after the ones they narrow, or the cascade keeps the wider ones
    expect(css.indexOf(`@media ${SMALL}`)).toBeGreaterThan(css.indexOf('.topbar-recycle {'));
  });

  it('gives the widths measured in Chromium: the name, a visitor\'s and a member\'s side, and what the ellipsis leaves', () => {
    expect(textWidth('威尼斯人娱乐', 18, 1)).toBe(114);
    const app = source.productBundle().app.json as Parameters<typeof titleRoom>[0];
    expect(titleRoom(app)).toEqual({ visitor: 320 - 18 - 4 - 34 - 140, member: 320 - 18 - 4 - 34 - (44 + 44 + 76) });
    // a member's balance of ¥1000.00 takes 66 px, not its 44 px minimum: Chromium drew 78 px of title, 威尼斯…
    expect(cutTo('威尼斯人娱乐', 78)).toBe('威尼斯…');
    expect(cutTo('威尼斯人娱乐', titleRoom(app).member)).toBe('威尼斯人…');
  });
});

describe('check:config warns at a brand\'s name the top bar cuts on a 320 px phone', () => {
  let checker: (b: ConfigBundle) => Problem[];
  beforeAll(async () => {
    checker = createChecker(loadSchemas(root), await loadWidgetSchemas(root));
  });
  const warnings = (siteName: string, logo = true) => {
    const brand = mergeBrand(source.productBundle(), { id: 'test', folder: 'brands/test', app: { file: 'brands/test/app.json', json: { brand: { siteName, shortName: '测试', ...(logo ? {} : { logo: null }) } } }, screens: {}, forms: {}, assets: [] }, source.schemaSource());
    return checker(brand.bundle).filter((p) => p.severity === 'warning' && p.path === '/brand/siteName').map((p) => `${p.file}: ${p.path}: ${p.message}`);
  };

  it('a name cut for members: the brand\'s file, the widths, what players read and what fits', () => {
    expect(warnings('威尼斯人娱乐')).toEqual([
      'brands/test/app.json: /brand/siteName: "威尼斯人娱乐" is 114 px wide in the top bar (18 px bold): a 320 px wide phone leaves it 124 px beside a visitor\'s buttons and at most 100 px beside a member\'s balance and 一键回收, so members read "威尼斯人…" (less still as the balance grows); a name of 5 full-width characters fits (a letter or digit is about half of one)',
    ]);
    // cut for everyone
    expect(warnings('澳门威尼斯人娱乐城')[0]).toContain('so players read "澳门威尼斯…", members "澳门威尼…"');
  });

  it('a name that fits says nothing: five full-width characters, the product\'s and every brand\'s of the repository, a long one without a logo', () => {
    expect(warnings('威尼斯娱乐')).toEqual([]);
    expect(warnings('Venetian Macao')).toHaveLength(1);
    expect(warnings('威尼斯人娱乐', false)).toEqual([]);
    expect(checker(source.productBundle()).filter((p) => p.path === '/brand/siteName')).toEqual([]);
    for (const id of ['jinsha', 'yinhe']) expect(checker(source.brand(id).bundle).filter((p) => p.path === '/brand/siteName'), id).toEqual([]);
  });
});
