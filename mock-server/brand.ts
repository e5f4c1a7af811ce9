/**
 * The brand the mock speaks as: the names of the config folder it serves (its app.json `brand`),
 * so that a brand's preview never shows another brand's name. The site title of the app info, the
 * start-up notice, the announcements, banners, help articles, the service page's welcome, the agent
 * and visit pages and the payees of the receiving accounts all say these names (fixtures/*.ts,
 * pages.ts, assets.ts). Web addresses are example.com ones, which name no brand.
 *
 * One place decides which brand: `createApp({ brand })`, else the config folder the tools read
 * (BRAND's overlay merged over it, else SCREENS_CONFIG_DIR, else screens.config/: src/config/source/paths.ts), which is what `npm start`,
 * `npm run serve`, `npm run mock` and the browser tests serve.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProblems } from '../src/config/checks/output';
import { brandOf, configSource } from '../src/config/source/index';

export interface MockBrand {
  /** the site's name (app.json brand.siteName): the app info's title, 欢迎来到…, the payees' company */
  siteName: string;
  /** the short name (brand.shortName): 合营 (the agent programme) */
  shortName: string;
  /** customer service's name (brand.serviceName): 在线客服 */
  serviceName: string;
  /**
   * whether the brand has red packets (app.json features.redPacket, on unless false): a back office
   * without them has its switch (redpacket_switch) at 0 and no banner, notice, message or start-up
   * notice of them, so the preview of a brand without red packets shows none
   */
  redPacket: boolean;
}

/** What the mock says when the config's app.json cannot be read (check:config names the problem): no brand's name. */
export const NO_BRAND: MockBrand = { siteName: '娱乐平台', shortName: '娱乐平台', serviceName: '客服', redPacket: true };

/** The texts of a list of the mock's content that a brand has: those about red packets only where it has them. */
export const ownTexts = <T>(brand: MockBrand, list: T[], text: (item: T) => string = String): T[] => (brand.redPacket ? list : list.filter((item) => !text(item).includes('红包')));

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The names (and the red packets switch) of an app.json (parsed; the studio gives a brand's merged one); undefined when it has no `brand` block. */
export function namesOf(app: unknown): MockBrand | undefined {
  const a = app && typeof app === 'object' ? (app as { brand?: Partial<MockBrand>; features?: { redPacket?: unknown } }) : undefined;
  const b = a?.brand;
  const name = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v : fallback);
  const redPacket = !(a?.features && typeof a.features === 'object' && a.features.redPacket === false);
  return b && typeof b === 'object' ? { siteName: name(b.siteName, NO_BRAND.siteName), shortName: name(b.shortName, NO_BRAND.shortName), serviceName: name(b.serviceName, NO_BRAND.serviceName), redPacket } : undefined;
}

function noBrand(where: string): MockBrand {
  console.warn(`[mock] ${where}: no brand to speak as (npm run check:config names the problem); the mock names none`);
  return NO_BRAND;
}

/**
 * The brand of a config folder read as the product (its app.json `brand`), or of a brand `id` over it;
 * NO_BRAND, with a warning, when it cannot be read (a link leading out of the config folders is named
 * and not followed: src/config/source).
 */
export function brandOfConfig(configDir?: string, id?: string): MockBrand {
  try {
    const source = configSource({ root, ...(configDir ? { productDir: path.resolve(configDir) } : {}) });
    const refused = source.refusals(id ? [id] : []).filter((p) => p.file.endsWith('/app.json') || p.file.endsWith('/'));
    if (refused.length) console.warn(`[mock] ${formatProblems(refused)}`);
    const names = namesOf(source.config(id).app.json);
    if (names) return names;
    return noBrand(id ? `brands/${id}/ over ${source.product.shown}/` : `${source.product.shown}/app.json`);
  } catch (err) {
    return noBrand(`${id ? `brand ${id}` : configDir ?? 'the config'}: ${(err as Error).message}`);
  }
}

/**
 * The brand of the config the tools read: BRAND=<id>, its overlay (brands/<id>/app.json) merged over
 * the product's; else the folder SCREENS_CONFIG_DIR names, else screens.config/.
 */
export const envBrand = (): MockBrand => brandOfConfig(undefined, brandOf());
