/**
 * Icons by name, so config can say "icon": "wallet" (antd-mobile-icons underneath).
 *
 * Each icon is its own small chunk, loaded the first time it is shown: importing them all into the
 * first paint cost about 35 KB gzipped. Until an icon arrives an empty box of the same size
 * (1em square) holds its place, so nothing moves when it appears. preloadIcons() starts loading
 * icons that are known to be needed (the tab bar's) as early as possible.
 */
import { useEffect, useState, type ComponentType, type SVGProps } from 'react';

type Icon = ComponentType<SVGProps<SVGSVGElement> & { className?: string }>;

const LOADERS: Record<string, () => Promise<{ default: Icon }>> = {
  home: () => import('antd-mobile-icons/es/AppOutline'),
  gift: () => import('antd-mobile-icons/es/GiftOutline'),
  service: () => import('antd-mobile-icons/es/ChatCheckOutline'),
  star: () => import('antd-mobile-icons/es/StarOutline'),
  user: () => import('antd-mobile-icons/es/UserOutline'),
  userCircle: () => import('antd-mobile-icons/es/UserCircleOutline'),
  userSet: () => import('antd-mobile-icons/es/UserSetOutline'),
  contact: () => import('antd-mobile-icons/es/UserContactOutline'),
  wallet: () => import('antd-mobile-icons/es/PayCircleOutline'),
  deposit: () => import('antd-mobile-icons/es/HandPayCircleOutline'),
  withdraw: () => import('antd-mobile-icons/es/BankcardOutline'),
  transfer: () => import('antd-mobile-icons/es/TransportQRcodeOutline'),
  card: () => import('antd-mobile-icons/es/BankcardOutline'),
  bank: () => import('antd-mobile-icons/es/BankcardOutline'),
  message: () => import('antd-mobile-icons/es/MessageOutline'),
  bill: () => import('antd-mobile-icons/es/BillOutline'),
  receipt: () => import('antd-mobile-icons/es/ReceiptOutline'),
  record: () => import('antd-mobile-icons/es/UnorderedListOutline'),
  chart: () => import('antd-mobile-icons/es/HistogramOutline'),
  lock: () => import('antd-mobile-icons/es/LockOutline'),
  key: () => import('antd-mobile-icons/es/KeyOutline'),
  shield: () => import('antd-mobile-icons/es/CheckShieldOutline'),
  phone: () => import('antd-mobile-icons/es/PhonebookOutline'),
  mail: () => import('antd-mobile-icons/es/MailOutline'),
  calendar: () => import('antd-mobile-icons/es/CalendarOutline'),
  clock: () => import('antd-mobile-icons/es/ClockCircleOutline'),
  money: () => import('antd-mobile-icons/es/PayCircleOutline'),
  coupon: () => import('antd-mobile-icons/es/CouponOutline'),
  id: () => import('antd-mobile-icons/es/UserContactOutline'),
  team: () => import('antd-mobile-icons/es/TeamOutline'),
  app: () => import('antd-mobile-icons/es/AppstoreOutline'),
  download: () => import('antd-mobile-icons/es/DownlandOutline'),
  help: () => import('antd-mobile-icons/es/QuestionCircleOutline'),
  file: () => import('antd-mobile-icons/es/FileOutline'),
  content: () => import('antd-mobile-icons/es/ContentOutline'),
  link: () => import('antd-mobile-icons/es/LinkOutline'),
  global: () => import('antd-mobile-icons/es/GlobalOutline'),
  sound: () => import('antd-mobile-icons/es/SoundOutline'),
  settings: () => import('antd-mobile-icons/es/SetOutline'),
  refresh: () => import('antd-mobile-icons/es/RedoOutline'),
  add: () => import('antd-mobile-icons/es/AddCircleOutline'),
  delete: () => import('antd-mobile-icons/es/DeleteOutline'),
  close: () => import('antd-mobile-icons/es/CloseOutline'),
  left: () => import('antd-mobile-icons/es/LeftOutline'),
  right: () => import('antd-mobile-icons/es/RightOutline'),
  qrcode: () => import('antd-mobile-icons/es/SystemQRcodeOutline'),
  shop: () => import('antd-mobile-icons/es/ShopbagOutline'),
};

const loaded = new Map<string, Icon>();
const pending = new Map<string, Promise<void>>();

export function isIcon(name: string): boolean {
  return name in LOADERS;
}

export function loadIcon(name: string): Promise<void> {
  const load = LOADERS[name];
  if (!load || loaded.has(name)) return Promise.resolve();
  let p = pending.get(name);
  if (!p) {
    p = load().then(
      (m) => void loaded.set(name, m.default),
      () => void pending.delete(name),
    );
    pending.set(name, p);
  }
  return p;
}

export function preloadIcons(names: readonly (string | undefined)[]): void {
  for (const n of names) if (n) void loadIcon(n);
}

export function IconByName({ name, className }: { name?: string; className?: string }) {
  const [, bump] = useState(0);
  const C = name ? loaded.get(name) : undefined;
  useEffect(() => {
    if (!name || loaded.has(name) || !(name in LOADERS)) return;
    let live = true;
    void loadIcon(name).then(() => live && bump((n) => n + 1));
    return () => {
      live = false;
    };
  }, [name]);
  if (C) return <C className={className} aria-hidden="true" />;
  if (!name || !(name in LOADERS)) return null;
  return <svg width="1em" height="1em" className={className} style={{ verticalAlign: '-0.125em' }} aria-hidden="true" />;
}
