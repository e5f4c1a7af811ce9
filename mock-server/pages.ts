/**
 * Simple HTML pages behind the absolute urls the API hands out (game launch, customer service,
 * agent login, visit url, app download, sponsorship). They are shown in the app's frames, in the
 * names of the brand the mock serves (state.brand, mock-server/brand.ts).
 */
import type { Request, Response } from 'express';
import { esc } from './assets';
import { own } from './http';
import { GAME_CSS, gamePageBody } from './game';
import type { MockState } from './state';

const q = (req: Request, key: string): string => {
  const v = req.query[key];
  return typeof v === 'string' ? v.slice(0, 100) : '';
};

function page(title: string, body: string, colors: [string, string] = ['#1366e6', '#6a1b9a']): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
body{margin:0;min-height:100vh;font-family:'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;color:#fff;
background:linear-gradient(135deg,${colors[0]},${colors[1]});display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;padding:24px;box-sizing:border-box}
h1{font-size:26px;margin:0 0 12px}p{opacity:.9;line-height:1.7;margin:6px 0}.card{background:rgba(255,255,255,.14);border-radius:14px;padding:16px 20px;margin-top:18px;max-width:420px;width:100%;box-sizing:border-box;text-align:left}
.btn{display:inline-block;margin-top:18px;padding:10px 28px;border-radius:22px;background:#fff;color:${colors[1]};font-weight:700;text-decoration:none}
.bar{height:8px;border-radius:4px;background:rgba(255,255,255,.25);overflow:hidden;width:240px;margin:18px auto}.bar i{display:block;height:100%;background:#fff;transform-origin:left;animation:l 1.6s infinite}
@keyframes l{from{transform:scaleX(.05)}to{transform:scaleX(1)}}.msg{background:#fff;color:#333;border-radius:10px;padding:8px 12px;margin:8px 0;max-width:80%}.me{margin-left:auto;background:#95ec69}
input{width:100%;padding:10px;border-radius:8px;border:0;margin:6px 0;box-sizing:border-box}
</style></head><body>${body}</body></html>`;
}

const PAGES: Record<string, (req: Request, state: MockState) => string> = {
  game: (req) => {
    const name = q(req, 'name') || q(req, 'plat').toUpperCase() || '游戏';
    // a launch ticket: the playable slot game of mock-server/game.ts
    if (q(req, 'ticket')) return page(name, `<style>${GAME_CSS}</style>` + gamePageBody(name, q(req, 'plat')), ['#0f2027', '#2c5364']);
    return page(
      name,
      `<h1>${esc(name)}</h1><p>游戏加载中，请稍候…</p><div class="bar"><i></i></div>` +
        `<div class="card"><p>平台：${esc(q(req, 'plat'))}</p><p>游戏代码：${esc(q(req, 'code') || '大厅')}</p><p>这是模拟服务器提供的游戏页面。</p></div>`,
      ['#0f2027', '#2c5364'],
    );
  },
  kefu: (_req, { brand }) =>
    page(
      `在线${brand.serviceName}`,
      `<h1>在线${esc(brand.serviceName)}</h1><p>7×24 小时为您服务</p><div class="card">` +
        `<div class="msg">您好，欢迎来到${esc(brand.siteName)}，请问有什么可以帮您？</div>` +
        `<div class="msg me">请问存款多久到账？</div>` +
        `<div class="msg">网银转账一般 1-5 分钟到账，如超过 30 分钟未到账请提供存款凭证。</div></div>`,
      ['#00897b', '#1366e6'],
    ),
  agent: (req, { brand }) =>
    page(
      '代理后台',
      `<h1>${esc(brand.shortName)}合营 · 代理后台</h1><div class="card"><p>代理账号</p><input value="${esc(q(req, 'user'))}" readonly>` +
        `<p>登录密码</p><input type="password" placeholder="请输入密码"></div><a class="btn" href="#">登录</a>`,
      ['#6a1b9a', '#f9a825'],
    ),
  visit: (req, { brand }) =>
    page(
      brand.siteName,
      `<h1>${esc(brand.siteName)}</h1><p>亚洲领先的线上娱乐平台</p>` +
        (q(req, 'pid') ? `<p>推荐人 ID：${esc(q(req, 'pid'))}</p>` : '') +
        `<a class="btn" href="/">进入首页</a>`,
    ),
  download: (_req, state) =>
    page(
      'APP 下载',
      `<h1>${esc(state.settings.title)} APP</h1><p>正在为您准备安装包…</p><div class="bar"><i></i></div><p>如未自动下载，请使用手机浏览器扫码下载。</p>`,
    ),
  zhanzhu: (req, { brand }) => {
    const type = q(req, 'type') === '2' ? 2 : 1;
    const [title, text] =
      type === 1
        ? ['西班牙人足球俱乐部 · 官方合作伙伴', `${brand.siteName}荣幸成为西甲西班牙人足球俱乐部亚洲区官方合作伙伴，共同打造顶级足球盛宴。`]
        : ['国际篮球邀请赛 · 冠名赞助', `${brand.siteName}冠名赞助国际篮球邀请赛，与球迷一起见证每一个精彩瞬间。`];
    return page(title, `<h1>${esc(title)}</h1><div class="card"><p>${esc(text)}</p></div>`, ['#b71c1c', '#1a237e']);
  },
};

export function servePage(state: MockState) {
  return (req: Request, res: Response): void => {
    const kind = String(req.params.kind ?? '');
    const render = own(PAGES, kind) ?? PAGES.visit;
    res.set('Content-Type', 'text/html; charset=utf-8');
    res.set('Cache-Control', 'no-store');
    res.send(render(req, state));
  };
}
