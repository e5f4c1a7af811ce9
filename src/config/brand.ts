/**
 * The brand in one place: app.json `brand` (site name, short name, customer service's name, logo) and `theme` (the brand
 * colour), read by everything the front end draws with them. Pure (no file access, no DOM), so the
 * app (the top bar, the title), the build (vite.config.ts: the stylesheet's colours, the web app
 * manifest, the icons, index.html) and the tests use the same functions.
 *
 *   brandOf(app)        the names and the logo's url
 *   fillBrandNames(s, brand) a text with its {{brand.X}} names filled in (for what the build draws before the app runs)
 *   themeVars(theme)    the CSS custom properties every brand colour of src/ is written with
 *   themeCss(theme)     the same as a stylesheet rule (inline in index.html, scripts/vite/app-shell-html.ts)
 *   fillTemplate(s, app) an asset's text with {{theme.primary}} / {{brand.siteName}} filled in
 *   contrastRatio(a, b), nearestShade(c, passes)  WCAG contrast, for the config check (checks/contrast.ts)
 *
 * Texts the backend sends (app info `title`, help articles, notices, banners, promotions) are not
 * the brand: an operator changes them in the back office.
 */

export interface BrandConfig {
  siteName: string;
  shortName: string;
  /** what the player calls customer service (客服); required by app.json's schema, absent only in the build's fallback */
  serviceName?: string;
  logo?: string;
}
export interface ThemeConfig {
  primary: string;
}
interface AppLike {
  brand: BrandConfig;
  theme: ThemeConfig;
}

export interface Brand {
  siteName: string;
  shortName: string;
  /** customer service's name: texts write it as {{brand.serviceName}} (客服, 在线{{brand.serviceName}}) */
  serviceName: string;
  /** the logo's url (assets/ is served at the root of the site), or null without a logo */
  logoUrl: string | null;
}

/** app.json assets/<file> is served at <base><file> (assets/ is the build's public folder). */
export function assetUrl(file: string, base = '/'): string {
  return `${base.endsWith('/') ? base : `${base}/`}${file.replace(/^assets\//, '')}`;
}

export function brandOf(app: AppLike, base = '/'): Brand {
  const b = app.brand;
  return { siteName: b.siteName, shortName: b.shortName, serviceName: b.serviceName ?? '', logoUrl: b.logo ? assetUrl(b.logo, base) : null };
}

/**
 * A text with its names of the brand filled in ({{brand.siteName}}, {{brand.shortName}},
 * {{brand.serviceName}}, without filters), the rest as it is: for what the build draws before the
 * app's code runs (the static shell's titles and tab bar, scripts/app-shell.ts), as the app's
 * bindings will.
 */
export function fillBrandNames(text: string, brand: Brand): string {
  return text.replace(/\{\{\s*brand\.(siteName|shortName|serviceName)\s*\}\}/g, (_all, name: 'siteName' | 'shortName' | 'serviceName') => brand[name]);
}

type Rgb = [number, number, number];
const rgbOf = (hex: string): Rgb => {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return m ? [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)] : [0, 0, 0];
};
const hexOf = (c: Rgb) => `#${c.map((x) => Math.round(Math.min(255, Math.max(0, x))).toString(16).padStart(2, '0')).join('')}`;
/** `c` moved a share `t` of the way towards `to` */
const mix = (c: Rgb, to: Rgb, t: number): Rgb => [0, 1, 2].map((i) => c[i] + (to[i] - c[i]) * t) as Rgb;
const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/**
 * Every brand colour of the stylesheets, from theme.primary: the colour itself, a darker and a
 * lighter shade (the hero gradient runs dark -> primary -> light, text on a soft background uses
 * the dark one), a soft tint for backgrounds and a translucent one for shadows.
 */
export function themeVars(theme: ThemeConfig): Record<string, string> {
  const c = rgbOf(theme.primary);
  return {
    '--adm-color-primary': hexOf(c),
    '--primary-dark': hexOf(mix(c, BLACK, 0.2)),
    '--primary-light': hexOf(mix(c, WHITE, 0.2)),
    '--primary-soft': hexOf(mix(c, WHITE, 0.91)),
    '--primary-shadow': `rgba(${c.join(', ')}, 0.35)`,
    '--hero-gradient': 'linear-gradient(135deg, var(--primary-dark) 0%, var(--adm-color-primary) 55%, var(--primary-light) 100%)',
  };
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = rgbOf(hex).map(lin);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

/**
 * The nearest shade of `hex` (moved towards black, or towards white, in steps of 1%) for which
 * `passes` holds, or null when none does: the brand colour an operator can take instead.
 */
export function nearestShade(hex: string, passes: (shade: string) => boolean): string | null {
  const c = rgbOf(hex);
  for (let step = 1; step <= 100; step++) {
    for (const to of [BLACK, WHITE]) {
      const shade = hexOf(mix(c, to, step / 100));
      if (passes(shade)) return shade;
    }
  }
  return null;
}

/** The theme as one rule; html:root outranks antd-mobile's own :root variables whichever loads last. */
export function themeCss(theme: ThemeConfig): string {
  return `html:root {\n${Object.entries(themeVars(theme)).map(([k, v]) => `  ${k}: ${v};`).join('\n')}\n}\n`;
}

/** The names an asset (an SVG of assets/) may take from app.json. */
export function templateValues(app: AppLike): Record<string, string> {
  return { 'theme.primary': app.theme.primary, 'brand.siteName': app.brand.siteName, 'brand.shortName': app.brand.shortName, 'brand.serviceName': app.brand.serviceName ?? '' };
}

/**
 * An asset's text with its {{name}} filled in from app.json (XML-escaped); `unknown` collects
 * the names that are not one of templateValues.
 */
export function fillTemplate(text: string, app: AppLike, unknown: string[] = []): string {
  const values = templateValues(app);
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(values, name)) {
      unknown.push(name);
      return whole;
    }
    return values[name].replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  });
}
