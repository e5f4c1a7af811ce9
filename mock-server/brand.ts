/**
 * The brand the mock speaks as: the names of the config folder it serves (its app.json `brand`),
 * so that a brand's preview never shows another brand's name. The site title of the app info, the
 * start-up notice, the announcements, banners, help articles, the service page's welcome, the agent
 * and visit pages and the payees of the receiving accounts all say these names (fixtures/*.ts,
 * pages.ts, assets.ts). Web addresses are example.com ones, which name no brand.
 *
 * What the brand's back office holds that its config also says, the mock answers as the config says
 * it, so that a preview shows what that brand's players will see: the deposit range of each method
 * (getPayRange: the method's own constants, else the default pair every method follows), the
 * customer service address (getservicerurl: app.json brand.serviceUrl when set; else the mock's own
 * service page), the red-packet switch (features.redPacket). The real backend must be set to match
 * (docs/DEPLOYING.md, "What a brand's backend must be set to").
 *
 * One place decides which brand: `createApp({ brand })`, else the config folder the tools read
 * (BRAND's overlay merged over it, else SCREENS_CONFIG_DIR, else screens.config/: src/config/source/paths.ts), which is what `npm start`,
 * `npm run serve`, `npm run mock` and the browser tests serve.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProblems } from '../src/config/checks/output';
import { isObject } from '../src/config/json';
import { brandOf, configSource } from '../src/config/source/index';
import type { PayRange } from '../src/api/types';

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
  /** the range getPayRange answers for each method (its constants: the method's own, else depositMin/depositMax) */
  payRange: Record<PayRangeType, PayRange>;
  /** the single withdrawal's bounds the back office enforces (withdraw's 214 / 215): app.json's withdrawMin / withdrawMax */
  withdrawLimits: WithdrawLimits;
  /** the customer service address getservicerurl answers (app.json brand.serviceUrl); '' when config leaves it to the back office: the mock's own page */
  serviceUrl: string;
}

/** the deposit methods getPayRange is asked about (its `type`) */
export const PAY_RANGE_TYPES = ['bank', 'wechat', 'alipay', 'usdt-erc20', 'usdt-trc20'] as const;
export type PayRangeType = (typeof PAY_RANGE_TYPES)[number];
/** the app.json constants of each: depositMin<Method> / depositMax<Method> (both USDT protocols read the USDT pair) */
const METHOD: Record<PayRangeType, string> = { bank: 'Bank', wechat: 'Wechat', alipay: 'Alipay', 'usdt-erc20': 'Usdt', 'usdt-trc20': 'Usdt' };

/** the first of app.json's constants `keys` that is a number */
const constantNumber = (constants: unknown, ...keys: string[]): number | undefined =>
  isObject(constants) ? keys.map((k) => constants[k]).find((v): v is number => typeof v === 'number' && Number.isFinite(v)) : undefined;

/**
 * The deposit range of each method as app.json's constants give it: the method's own
 * (depositMinBank), else the default every method follows (depositMin), as the forms' rules read them;
 * `fallback` for a bound neither gives (a config that cannot be read).
 */
export function payRangesOf(constants: unknown, fallback: PayRange = { min_price: 100, max_price: 10000 }): Record<PayRangeType, PayRange> {
  const num = (...keys: string[]) => constantNumber(constants, ...keys);
  const one = (t: PayRangeType): PayRange => ({
    min_price: num(`depositMin${METHOD[t]}`, 'depositMin') ?? fallback.min_price,
    max_price: num(`depositMax${METHOD[t]}`, 'depositMax') ?? fallback.max_price,
  });
  return Object.fromEntries(PAY_RANGE_TYPES.map((t) => [t, one(t)])) as Record<PayRangeType, PayRange>;
}

export interface WithdrawLimits {
  min: number;
  max: number;
}

/** the withdrawal bounds of app.json's constants (withdrawMin / withdrawMax), each else the back office's own `fallback` */
export function withdrawLimitsOf(constants: unknown, fallback: WithdrawLimits = { min: 100, max: 50000 }): WithdrawLimits {
  return { min: constantNumber(constants, 'withdrawMin') ?? fallback.min, max: constantNumber(constants, 'withdrawMax') ?? fallback.max };
}

/** What the mock says when the config's app.json cannot be read (check:config names the problem): no brand's name. */
export const NO_BRAND: MockBrand = { siteName: '娱乐平台', shortName: '娱乐平台', serviceName: '客服', redPacket: true, payRange: payRangesOf({}), withdrawLimits: withdrawLimitsOf({}), serviceUrl: '' };

/** The texts of a list of the mock's content that a brand has: those about red packets only where it has them. */
export const ownTexts = <T>(brand: MockBrand, list: T[], text: (item: T) => string = String): T[] => (brand.redPacket ? list : list.filter((item) => !text(item).includes('红包')));

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The brand of an app.json (parsed; the studio gives a brand's merged one): its names, and what its
 * back office answers as its config says (the red-packet switch, the deposit ranges, the service
 * address); undefined when it has no `brand` block.
 */
export function namesOf(app: unknown): MockBrand | undefined {
  const a = app && typeof app === 'object' ? (app as { brand?: Partial<MockBrand>; features?: { redPacket?: unknown }; constants?: unknown }) : undefined;
  const b = a?.brand;
  const name = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v : fallback);
  const redPacket = !(a?.features && typeof a.features === 'object' && a.features.redPacket === false);
  if (!b || typeof b !== 'object') return undefined;
  return {
    siteName: name(b.siteName, NO_BRAND.siteName),
    shortName: name(b.shortName, NO_BRAND.shortName),
    serviceName: name(b.serviceName, NO_BRAND.serviceName),
    redPacket,
    payRange: payRangesOf(a.constants),
    withdrawLimits: withdrawLimitsOf(a.constants),
    serviceUrl: typeof b.serviceUrl === 'string' ? b.serviceUrl.trim() : '',
  };
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
