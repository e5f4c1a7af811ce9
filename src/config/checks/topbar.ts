/**
 * The brand's name where players read it first: the top bar (src/shell/TopBar.tsx; the static shell
 * of scripts/app-shell.ts draws the same bar from the same rules). A name longer than the bar leaves
 * it is cut with an ellipsis ("威尼斯人…") on a small phone without a word; check:config warns at
 * app.json brand.siteName (a brand's file where the brand sets it), with what players read.
 *
 * How the width is worked out, for the narrowest phone the product serves (320 px, where
 * src/styles.css's `@media (max-width: 359px)` rules apply):
 * - the bar is the phone's width less its padding (10 px left, 8 px right) and the 4 px gap
 *   between the brand and the right side; the brand side shrinks, the right side never does;
 * - the brand side is the logo (28 px image, 6 px gap) when app.json brand.logo is set, then the
 *   title: 18 px, bold, 1 px letter spacing after each character;
 * - the right side, for a member (the narrower case): the balance (at least its min-width, 44 px),
 *   the refresh button (44 px) and 一键回收 (topBar.recycleText at 12 px, 8 px padding and a 6 px
 *   transparent border each side); for a visitor: 登录 and 注册 (topBar.loginText, registerText
 *   at 14 px, 16 px padding and a 5 px border each side);
 * - a full-width character (Chinese, kana, hangul, full-width punctuation) is 1 em wide; a
 *   half-width one (Latin letters, digits) about 0.6 em in a bold sans-serif; the ellipsis 1 em.
 * tests/config/topbar.test.ts reads these numbers back from src/styles.css, so an edit of the
 * stylesheet that changes them fails until they are changed here too.
 */
import type { Run } from './run';
import { isObject } from './util';
import { say } from '../words/index.ts';

/** the numbers of src/styles.css the bar is drawn with, at 320 px (see above) */
export const TOPBAR_320 = {
  phone: 320,
  paddingLeft: 10,
  paddingRight: 8,
  gap: 4,
  logo: 28,
  logoGap: 6,
  title: { fontSize: 18, letterSpacing: 1 },
  balanceMin: 44,
  iconButton: 44,
  recycle: { fontSize: 12, padding: 8, border: 6 },
  visitorButton: { fontSize: 14, padding: 16, border: 5 },
} as const;

/** East Asian Width W and F: CJK ideographs, kana, hangul, CJK punctuation, full-width forms */
const FULL_WIDTH = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
/** an average bold Latin letter or digit, in em */
const HALF_EM = 0.6;

/** a text's width in px at `fontSize`, `spacing` px after each character */
export function textWidth(text: string, fontSize: number, spacing = 0): number {
  return [...text].reduce((w, c) => w + (FULL_WIDTH.test(c) ? 1 : HALF_EM) * fontSize + spacing, 0);
}

const plain = (v: unknown) => (typeof v === 'string' ? v.replace(/\{\{[^}]*\}\}/g, '') : '');

/** The room the bar leaves the site's name at 320 px: beside a member's balance and buttons, and beside a visitor's. */
export function titleRoom(app: { brand?: { logo?: unknown }; topBar?: Record<string, unknown> }): { member: number; visitor: number } {
  const b = TOPBAR_320;
  const top = app.topBar ?? {};
  const button = (text: string, s: { fontSize: number; padding: number; border: number }) => textWidth(text, s.fontSize) + 2 * (s.padding + s.border);
  const brandSide = b.phone - b.paddingLeft - b.paddingRight - b.gap - (app.brand?.logo ? b.logo + b.logoGap : 0);
  return {
    member: Math.floor(brandSide - b.balanceMin - b.iconButton - button(plain(top.recycleText), b.recycle)),
    visitor: Math.floor(brandSide - button(plain(top.loginText), b.visitorButton) - button(plain(top.registerText), b.visitorButton)),
  };
}

/** what is left of a text cut to `room` px with an ellipsis, as the title draws it */
export function cutTo(text: string, room: number): string {
  const { fontSize, letterSpacing } = TOPBAR_320.title;
  const chars = [...text];
  let n = chars.length;
  while (n > 0 && textWidth(chars.slice(0, n).join(''), fontSize, letterSpacing) + fontSize > room) n--;
  return `${chars.slice(0, n).join('')}…`;
}

export function checkTopBarName(run: Run): void {
  const app = run.app;
  const brand = app && isObject(app.brand) ? app.brand : undefined;
  if (!app || !brand || typeof brand.siteName !== 'string') return;
  const { fontSize, letterSpacing } = TOPBAR_320.title;
  const name = brand.siteName;
  const width = Math.ceil(textWidth(name, fontSize, letterSpacing));
  const room = titleRoom(app as Parameters<typeof titleRoom>[0]);
  if (width <= room.member) return;
  const fits = Math.floor(room.member / (fontSize + letterSpacing));
  const recycle = plain((app.topBar as Record<string, unknown> | undefined)?.recycleText);
  const visitorReads = width > room.visitor ? cutTo(name, room.visitor) : undefined;
  run.warn(run.bundle.app.file, ['brand', 'siteName'], say('nameCut', { name, width, fontSize, visitorRoom: room.visitor, memberRoom: room.member, recycle, visitorReads, memberReads: cutTo(name, room.member), fits }));
}
