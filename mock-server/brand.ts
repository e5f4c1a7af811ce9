/**
 * The brand the mock speaks as: the names of the config folder it serves (its app.json `brand`),
 * so that a brand's preview never shows another brand's name. The site title of the app info, the
 * start-up notice, the announcements, banners, help articles, the service page's welcome, the agent
 * and visit pages and the payees of the receiving accounts all say these names (fixtures/*.ts,
 * pages.ts, assets.ts). Web addresses are example.com ones, which name no brand.
 *
 * One place decides which brand: `createApp({ brand })`, else the config folder the tools read
 * (BRAND's overlay merged over it, else SCREENS_CONFIG_DIR, else screens.config/: scripts/config-dir.ts), which is what `npm start`,
 * `npm run serve`, `npm run mock` and the browser tests serve.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brandOf, configDirOf } from '../scripts/config-dir';
import { loadBrand } from '../scripts/config-fs';
import { readJsonText } from '../src/config/json-text';

export interface MockBrand {
  /** the site's name (app.json brand.siteName): the app info's title, 欢迎来到…, the payees' company */
  siteName: string;
  /** the short name (brand.shortName): 合营 (the agent programme) */
  shortName: string;
  /** customer service's name (brand.serviceName): 在线客服 */
  serviceName: string;
}

/** What the mock says when the config's app.json cannot be read (check:config names the problem): no brand's name. */
export const NO_BRAND: MockBrand = { siteName: '娱乐平台', shortName: '娱乐平台', serviceName: '客服' };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The names of an app.json (parsed); undefined when it has no `brand` block. */
function namesOf(app: unknown): MockBrand | undefined {
  const b = app && typeof app === 'object' ? (app as { brand?: Partial<MockBrand> }).brand : undefined;
  const name = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v : fallback);
  return b && typeof b === 'object' ? { siteName: name(b.siteName, NO_BRAND.siteName), shortName: name(b.shortName, NO_BRAND.shortName), serviceName: name(b.serviceName, NO_BRAND.serviceName) } : undefined;
}

function noBrand(where: string): MockBrand {
  console.warn(`[mock] ${where}: no brand to speak as (npm run check:config names the problem); the mock names none`);
  return NO_BRAND;
}

/** The brand of a config folder (its app.json `brand`); NO_BRAND, with a warning, when it cannot be read. */
export function brandOfConfig(configDir: string): MockBrand {
  try {
    const r = readJsonText(readFileSync(path.join(configDir, 'app.json'), 'utf8'));
    const names = r.ok ? namesOf(r.json) : undefined;
    if (names) return names;
  } catch {
    // named below
  }
  return noBrand(path.join(configDir, 'app.json'));
}

/**
 * The brand of the config the tools read: BRAND=<id>, its overlay (brands/<id>/app.json) merged over
 * the product's; else the folder SCREENS_CONFIG_DIR names, else screens.config/.
 */
export function envBrand(): MockBrand {
  const id = brandOf();
  if (!id) return brandOfConfig(configDirOf(root));
  try {
    const names = namesOf(loadBrand(root, id, configDirOf(root)).bundle.app.json);
    if (names) return names;
  } catch {
    // named below
  }
  return noBrand(`brands/${id}/ over ${configDirOf(root)}`);
}
