/** Content visitors see: app info, banners, notices, articles, VIP table, service and visit urls. */
import { activityTypes, articles, banners, homeNotices, vipLevels } from '../fixtures/content';
import { fail, memberOnly, ok, pageSize, paginate, type PartialHandlers } from '../http';
import { formatBJ } from '../time';
import type { Notice } from '../../src/api/types';

/** Absolute url of a page the mock serves (shown in frames or opened by the app). */
export const pageUrl = (origin: string, kind: string, query: Record<string, string | number> = {}): string => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `${origin}/__mock/page/${kind}${qs ? `?${qs}` : ''}`;
};

export const contentHandlers = {
  app: ({ state, origin }) => {
    const s = state.settings;
    const download = s.ios_download_url || pageUrl(origin, 'download');
    return ok({
      title: s.title,
      site_logo: s.site_logo,
      site_state: s.site_state,
      repair_tips: s.repair_tips,
      redpacket_switch: s.redpacket_switch,
      index_modal: s.index_modal,
      webcontent: s.webcontent,
      h5_url: s.h5_url,
      ios_download_url: download,
      ios_download_qrcode: `/mock-assets/qr/download.svg?text=${encodeURIComponent(download)}`,
      fanshui: s.fanshui,
    });
  },

  bannerList: ({ payload, state }) => {
    const type = payload.type ?? 2;
    const shape = state.settings.shapes.banner;
    return ok(
      banners(state.brand)
        .filter((b) => b.type === type)
        .map((b) => {
          const url = `/mock-assets/banner/${b.id}.svg`;
          return shape === 'src' ? { id: b.id, src: url } : shape === 'pic' ? { id: b.id, pic: url } : { id: b.id, src: url, pic: url };
        }),
    );
  },

  homenotice: ({ state }) => ok(homeNotices(state.brand)),

  // the address the brand's config sets (brand.serviceUrl), else the mock's own service page
  getservicerurl: ({ origin, state }) => ok({ url: state.brand.serviceUrl || pageUrl(origin, 'kefu') }),

  getVisitUrl: ({ origin }) => ok({ url: pageUrl(origin, 'visit') + '/' }),

  getAgentLoginUrl: memberOnly<'getAgentLoginUrl'>(({ origin }, me) =>
    me.isagent === 1 ? ok({ url: pageUrl(origin, 'agent', { user: me.username }) }) : fail(1, '您还不是代理，请先申请加入合营计划'),
  ),

  uservip: () => ok(vipLevels.map((v) => ({ ...v }))),

  article: ({ payload, state }) => {
    const content = articles(state.brand)[payload.type];
    return content ? ok({ content }) : fail(202, '文章不存在');
  },

  activitytype: () => ok(activityTypes.map((t) => ({ ...t }))),

  /** type 1 site announcements; type 2 the member's in-site messages (needs a token). */
  noticeList: ({ payload, state, member }) => {
    const type = payload.type ?? 1;
    if (type === 2 && !member) return fail(401, '请先登录');
    const list = type === 2 && member ? member.messages : state.notices;
    const rows: Notice[] = [...list]
      .sort((a, b) => b.created - a.created)
      .map((n) => ({ id: n.id, title: n.title, content: n.content, created_at: formatBJ(n.created) }));
    return ok(paginate(rows, payload.page ?? 1, pageSize(payload)));
  },
} satisfies PartialHandlers;
