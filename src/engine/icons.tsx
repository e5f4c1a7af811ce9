/** Icons by name, so config can say "icon": "wallet" (antd-mobile-icons underneath). */
import type { ComponentType, SVGProps } from 'react';
import {
  AddCircleOutline, AppOutline, BankcardOutline, BillOutline, CalendarOutline, CheckShieldOutline, ClockCircleOutline,
  CouponOutline, DeleteOutline, DownlandOutline, FileOutline, GiftOutline, GlobalOutline, HandPayCircleOutline, HistogramOutline,
  KeyOutline, LeftOutline, LinkOutline, LockOutline, MailOutline, MessageOutline, PayCircleOutline, PhonebookOutline,
  QuestionCircleOutline, ReceiptOutline, RedoOutline, RightOutline, SetOutline, SoundOutline, StarOutline, TeamOutline,
  UnorderedListOutline, UserCircleOutline, UserContactOutline, UserOutline, UserSetOutline, ChatCheckOutline,
  TransportQRcodeOutline, CloseOutline, AppstoreOutline, ContentOutline, SystemQRcodeOutline, ShopbagOutline,
} from 'antd-mobile-icons';

type Icon = ComponentType<SVGProps<SVGSVGElement> & { className?: string }>;

export const ICONS: Record<string, Icon> = {
  home: AppOutline,
  gift: GiftOutline,
  service: ChatCheckOutline,
  star: StarOutline,
  user: UserOutline,
  userCircle: UserCircleOutline,
  userSet: UserSetOutline,
  contact: UserContactOutline,
  wallet: PayCircleOutline,
  deposit: HandPayCircleOutline,
  withdraw: BankcardOutline,
  transfer: TransportQRcodeOutline,
  card: BankcardOutline,
  bank: BankcardOutline,
  message: MessageOutline,
  bill: BillOutline,
  receipt: ReceiptOutline,
  record: UnorderedListOutline,
  chart: HistogramOutline,
  lock: LockOutline,
  key: KeyOutline,
  shield: CheckShieldOutline,
  phone: PhonebookOutline,
  mail: MailOutline,
  calendar: CalendarOutline,
  clock: ClockCircleOutline,
  money: PayCircleOutline,
  coupon: CouponOutline,
  id: UserContactOutline,
  team: TeamOutline,
  app: AppstoreOutline,
  download: DownlandOutline,
  help: QuestionCircleOutline,
  file: FileOutline,
  content: ContentOutline,
  link: LinkOutline,
  global: GlobalOutline,
  sound: SoundOutline,
  settings: SetOutline,
  refresh: RedoOutline,
  add: AddCircleOutline,
  delete: DeleteOutline,
  close: CloseOutline,
  left: LeftOutline,
  right: RightOutline,
  qrcode: SystemQRcodeOutline,
  shop: ShopbagOutline,
};

export function IconByName({ name, className }: { name?: string; className?: string }) {
  const C = name ? ICONS[name] : undefined;
  return C ? <C className={className} aria-hidden="true" /> : null;
}
