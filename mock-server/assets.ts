/**
 * Placeholder pictures, generated as SVG on the fly so the app looks complete offline:
 * /mock-assets/logo.svg, banner/<id>.svg, platform/<code>.svg, game/<provider>/<code>.svg,
 * promo/<id>.svg, avatar/<n>.svg, bank/<id|usdt>.svg, vip/<level>.svg, qr/<name>.svg?text=...,
 * and upload/<file> (avatars members uploaded).
 */
import express, { type Response } from 'express';
import QRCode from 'qrcode';
import type { MockBrand } from './brand';
import { activities, banners } from './fixtures/content';
import { banks } from './fixtures/finance';
import { categoryNames, gameList, providerGames, providerNames, venues } from './fixtures/games';
import { own } from './http';
import type { MockState } from './state';

const FONT = `'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif`;

export const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A stable hue for a name, so every platform keeps its colour. */
function hue(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) % 360;
  return h;
}
const hsl = (h: number, s = 70, l = 50) => `hsl(${h % 360},${s}%,${l}%)`;

function svg(w: number, h: number, body: string, colors: [string, string], title: string): string {
  // a gradient id of its own, so that pictures inlined in one page do not share a gradient
  const id = `g${hue(`${title}|${colors.join('|')}|${w}x${h}`)}${colors.join('').replace(/[^a-z0-9]/gi, '').slice(0, 12)}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(title)}">` +
    `<title>${esc(title)}</title>` +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/>` +
    `<stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" rx="${Math.round(Math.min(w, h) * 0.06)}" fill="url(#${id})"/>${body}</svg>`
  );
}

const text = (x: number, y: number, size: number, content: string, extra = '') =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="#fff" text-anchor="middle" ${extra}>${esc(content)}</text>`;

function bubbles(w: number, h: number, seed: number): string {
  let out = '';
  for (let i = 0; i < 5; i += 1) {
    const x = ((seed * (i + 3) * 37) % w) | 0;
    const y = ((seed * (i + 7) * 53) % h) | 0;
    const r = 20 + ((seed * (i + 1)) % 60);
    out += `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(0.06 + i * 0.025).toFixed(3)}"/>`;
  }
  return out;
}

export function bannerSvg(id: number, brand: MockBrand): string {
  const b = banners(brand).find((x) => x.id === id) ?? { title: brand.siteName, subtitle: '精彩活动 敬请期待', colors: [hsl(id * 47), hsl(id * 47 + 60, 70, 40)] as [string, string] };
  const body =
    bubbles(750, 300, id * 13 + 5) +
    text(375, 140, 56, b.title, 'font-weight="700" letter-spacing="2"') +
    text(375, 195, 26, b.subtitle, 'opacity="0.92"') +
    `<rect x="300" y="222" width="150" height="44" rx="22" fill="#fff" opacity="0.95"/>` +
    `<text x="375" y="252" font-family="${FONT}" font-size="22" fill="${b.colors[1]}" text-anchor="middle" font-weight="700">立即参与</text>`;
  return svg(750, 300, body, b.colors, b.title);
}

export function platformSvg(code: string): string {
  const game = gameList.find((g) => g.platform_name === code);
  const name = game?.name ?? venues.find((v) => v.platname === code)?.name ?? code.toUpperCase();
  const caption = game ? categoryNames[game.category_id] : '游戏平台';
  const h = hue(code);
  const body =
    bubbles(300, 200, h + 11) +
    text(150, 98, 60, code.toUpperCase(), 'font-weight="800"') +
    text(150, 145, 28, name, 'font-weight="700"') +
    text(150, 178, 18, caption, 'opacity="0.85"');
  return svg(300, 200, body, [hsl(h, 75, 52), hsl(h + 40, 70, 34)], name);
}

export function gameSvg(provider: string, code: string): string {
  const game = own(providerGames, provider)?.find((g) => g.gamecode === code);
  const name = game?.gamename ?? code;
  const h = hue(code);
  const size = name.length > 5 ? 26 : 32;
  const body =
    bubbles(200, 200, h + 3) +
    `<circle cx="100" cy="78" r="42" fill="#fff" opacity="0.18"/>` +
    text(100, 94, 44, name.slice(0, 1), 'font-weight="800"') +
    text(100, 156, size, name, 'font-weight="700"') +
    text(100, 186, 16, own(providerNames, provider) ?? provider.toUpperCase(), 'opacity="0.85"');
  return svg(200, 200, body, [hsl(h, 80, 55), hsl(h + 50, 75, 35)], name);
}

export function promoSvg(id: number, brand: MockBrand): string {
  const a = activities.find((x) => x.id === id);
  const title = a?.title ?? '优惠活动';
  const colors = a?.colors ?? ([hsl(id * 61), hsl(id * 61 + 50, 70, 40)] as [string, string]);
  const body =
    bubbles(690, 260, id * 17 + 9) +
    text(345, 120, 50, title, 'font-weight="700"') +
    text(345, 172, 24, `${brand.siteName} · 优惠活动`, 'opacity="0.9"') +
    text(345, 215, 20, '活动时间：长期有效', 'opacity="0.8"');
  return svg(690, 260, body, colors, title);
}

export function avatarSvg(n: number): string {
  const h = (n * 57 + 200) % 360;
  const body =
    `<circle cx="60" cy="46" r="22" fill="#fff" opacity="0.92"/>` +
    `<path d="M20 108c4-24 20-36 40-36s36 12 40 36z" fill="#fff" opacity="0.92"/>`;
  return svg(120, 120, body, [hsl(h, 65, 60), hsl(h + 30, 65, 42)], '头像');
}

export function bankSvg(key: string): string {
  if (key === 'usdt') return svg(64, 64, text(32, 44, 34, '₮', 'font-weight="800"'), ['#26a17b', '#1a7358'], 'USDT');
  const bank = banks.find((b) => String(b.id) === key);
  const name = bank?.bank_name ?? '银行卡';
  const short = name.replace(/^中国/, '').slice(0, 1);
  const h = hue(name);
  return svg(64, 64, text(32, 43, 30, short, 'font-weight="700"'), [hsl(h, 70, 48), hsl(h + 20, 70, 36)], name);
}

export function vipSvg(level: number): string {
  const h = 30 + level * 28;
  return svg(96, 40, text(48, 28, 22, `VIP${level}`, 'font-weight="800"'), [hsl(h, 80, 55), hsl(h + 30, 80, 38)], `VIP${level}`);
}

export function logoSvg(title: string): string {
  const body =
    `<path d="M34 14l6 13 14 2-10 10 2 14-12-7-12 7 2-14-10-10 14-2z" fill="#ffd54f"/>` +
    `<text x="66" y="50" font-family="${FONT}" font-size="30" font-weight="800" fill="#fff">${esc(title)}</text>`;
  return svg(240, 70, body, ['#1366e6', '#6a1b9a'], title);
}

function sendSvg(res: Response, body: string, cache = 'public, max-age=3600'): void {
  res.set('Content-Type', 'image/svg+xml; charset=utf-8');
  res.set('Cache-Control', cache);
  res.send(body);
}

const notFound = (res: Response) => res.status(404).json({ code: 404, message: '图片不存在', data: null });

/** "12.svg" → "12"; anything else → null. */
const svgName = (file: string): string | null => /^([\w.-]{1,64})\.svg$/.exec(file)?.[1] ?? null;

export function assetsRouter(state: MockState): express.Router {
  const router = express.Router();

  router.get('/logo.svg', (_req, res) => sendSvg(res, logoSvg(state.settings.title)));

  router.get('/qr/:file', async (req, res) => {
    const name = svgName(req.params.file);
    if (!name) return notFound(res);
    const raw = typeof req.query.text === 'string' ? req.query.text : name;
    if (!raw) return res.status(400).json({ code: 400, message: '二维码内容不能为空', data: null });
    if (Buffer.byteLength(raw) > 1000) return res.status(400).json({ code: 400, message: '二维码内容过长', data: null });
    let body: string;
    try {
      body = await QRCode.toString(raw, { type: 'svg', margin: 1, width: 240, errorCorrectionLevel: 'M' });
    } catch {
      return res.status(400).json({ code: 400, message: '二维码内容无法编码', data: null });
    }
    sendSvg(res, body);
  });

  router.get('/upload/:file', (req, res) => {
    const file = state.uploads.get(req.params.file);
    if (!file) return notFound(res);
    res.set('Content-Type', file.type);
    res.set('Cache-Control', 'private, max-age=3600');
    res.set('X-Content-Type-Options', 'nosniff');
    res.send(file.data);
  });

  router.get('/game/:provider/:file', (req, res) => {
    const name = svgName(req.params.file);
    return name ? sendSvg(res, gameSvg(req.params.provider, name)) : notFound(res);
  });

  const single: Record<string, (name: string) => string> = {
    banner: (n) => bannerSvg(Number(n) || 0, state.brand),
    platform: (n) => platformSvg(n),
    promo: (n) => promoSvg(Number(n) || 0, state.brand),
    avatar: (n) => avatarSvg(Number(n) || 0),
    bank: (n) => bankSvg(n),
    vip: (n) => vipSvg(Math.min(10, Math.max(1, Number(n) || 1))),
  };
  router.get('/:kind/:file', (req, res) => {
    const make = own(single, req.params.kind);
    const name = svgName(req.params.file);
    return make && name ? sendSvg(res, make(name)) : notFound(res);
  });

  router.use((_req, res) => notFound(res));
  return router;
}
