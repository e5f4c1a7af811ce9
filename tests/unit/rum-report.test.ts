/**
 * Field data's reports (src/rum/report.ts): what the page says of itself (engine, in-app browser,
 * route), the scrubbing that keeps every message free of anything personal, and the beacons'
 * bodies under the collectors' limit.
 */
import { describe, expect, it } from 'vitest';
import rum from '../../deploy/nginx/rum.js';
import { appOf, bodies, engineOf, MAX_BODY_BYTES, MAX_REPORTS, messageOf, roundValue, routeOf, scriptAt, scrub, type Context, type Report } from '../../src/rum/report';

const UA = {
  wechatAndroid: 'Mozilla/5.0 (Linux; Android 10; HMA-AL00 Build/HUAWEIHMA-AL00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/66.0.3359.126 MQQBrowser/6.2 TBS/045130 Mobile Safari/537.36 MMWEBID/1852 MicroMessenger/7.0.20.1781(0x2700143B) Process/tools WeChat/arm64 NetType/4G Language/zh_CN ABI/arm64',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/66.0.3347.0 Safari/537.36',
  safari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1',
  wechatIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.33(0x18002129) NetType/WIFI Language/zh_CN',
  chromeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  webkitGtk: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Safari/605.1.15',
  firefox: 'Mozilla/5.0 (Android 13; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0',
};

describe('what a page says of itself', () => {
  it('the engine: family and major version, WeChat\'s and QQ\'s WebViews as the engines they are', () => {
    expect(engineOf(UA.wechatAndroid)).toBe('Chromium 66');
    expect(engineOf(UA.headless)).toBe('Chromium 66');
    expect(engineOf(UA.safari)).toBe('WebKit 15');
    // an iOS WebView names only the system, whose WebKit it runs; Chrome on iOS is WebKit too
    expect(engineOf(UA.wechatIos)).toBe('WebKit 16');
    expect(engineOf(UA.chromeIos)).toBe('WebKit 17');
    expect(engineOf(UA.webkitGtk)).toBe('WebKit 16');
    expect(engineOf(UA.firefox)).toBe('Gecko 121');
    expect(engineOf('curl/8.0')).toBe('other');
  });

  it('the in-app browser, as app.json inAppBrowser.userAgents names it', () => {
    const list = ['MicroMessenger', ' QQ/', 'AlipayClient'];
    expect(appOf(UA.wechatAndroid, list)).toBe('MicroMessenger');
    expect(appOf('Mozilla/5.0 … QQ/8.9.0 …', list)).toBe('QQ/');
    expect(appOf(UA.safari, list)).toBeUndefined();
    expect(appOf(UA.wechatAndroid)).toBeUndefined();
  });

  it("the route: a routes.json path, never the query or a value of the address", () => {
    const known = (p: string) => ({ '/': '/', '/login': '/login', '/wallet': '/wallet' })[p.toLowerCase().replace(/(.)\/$/, '$1')];
    expect(routeOf('#/login?redirect=%2Fmine&name=demo01', known)).toBe('/login');
    expect(routeOf('#/Wallet/?type=1', known)).toBe('/wallet');
    expect(routeOf('', known)).toBe('/');
    expect(routeOf('#/member/demo01/cards', known)).toBe('(unknown)');
  });

  it('values: whole milliseconds, CLS to four decimals; a script position without its query', () => {
    expect(roundValue('INP', 47.6)).toBe(48);
    expect(roundValue('CLS', 0.123456)).toBe(0.1235);
    expect(scriptAt('https://m.example.com/assets/app-1a2b.js?token=abc#x', 1, 2345)).toBe('https://m.example.com/assets/app-1a2b.js:1:2345');
    expect(scriptAt('', 1, 2)).toBeUndefined();
  });
});

describe('nothing personal in a message', () => {
  it('secrets, numbers, e-mail addresses and query strings are replaced; the words stay', () => {
    const secrets = ['demo01', 'eyJhbGciOiJIUzI1NiJ9.token', '张三丰', 'ab'];
    expect(scrub('TypeError: cannot read name of demo01 (张三丰)', secrets)).toBe('TypeError: cannot read name of […] ([…])');
    expect(scrub('withdraw 1234.56 to card 6222021234567890123 failed', secrets)).toBe('withdraw # to card # failed');
    expect(scrub('GET /api/user?token=eyJhbGciOiJIUzI1NiJ9.token&x=1 failed', secrets)).toBe('GET /api/user failed');
    expect(scrub('mail me at demo@example.com or 13800138000', secrets)).toBe('mail me at [email] or #');
    // a two-letter secret would hit words: not looked for
    expect(scrub('about a cab', secrets)).toBe('about a cab');
    expect(scrub('x'.repeat(500))).toHaveLength(300);
  });

  it("an error's message as thrown: its kind and text, a rejection's reason, anything else as text", () => {
    expect(messageOf(new TypeError('x is undefined'))).toBe('TypeError: x is undefined');
    expect(messageOf(new Error('plain'))).toBe('plain');
    expect(messageOf('a string')).toBe('a string');
    expect(messageOf({ message: 'like an error' })).toBe('like an error');
    expect(messageOf(404)).toBe('404');
    expect(messageOf(null)).toBe('null');
  });
});

describe("the beacons' bodies", () => {
  const ctx: Context = { view: 'mig3k2a-4f7x9q1z', brand: 'jinsha', release: '0123456789abcdef', engine: 'Chromium 66', app: 'MicroMessenger', net: '4g' };
  const vital = (i: number): Report => ({ kind: 'vital', name: 'INP', value: i, rating: 'good', id: `v6-${i}`, route: '/login', file: 'screens.config/forms/login.json', path: '/fields/0', widget: 'text' });
  const size = (s: string) => Buffer.byteLength(s);

  it('the context once, the reports after it; what the collector makes of it is one line per report', () => {
    const [body, ...more] = bodies(ctx, [vital(1), vital(2)]);
    expect(more).toEqual([]);
    expect(JSON.parse(body)).toEqual({ v: 1, ctx, reports: [vital(1), vital(2)] });
    const lines = rum.lines(body, '2026-01-01T00:00:00.000Z')!.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      { ts: '2026-01-01T00:00:00.000Z', ...ctx, ...vital(1) },
      { ts: '2026-01-01T00:00:00.000Z', ...ctx, ...vital(2) },
    ]);
  });

  it('each body under the limit with at most the reports a collector takes; a report too large alone is left out', () => {
    const many = Array.from({ length: 180 }, (_, i) => ({ ...vital(i), message: '长'.repeat(100) }));
    const huge: Report = { kind: 'error', source: 'error', message: 'x'.repeat(MAX_BODY_BYTES), route: '/' };
    const out = bodies(ctx, [...many, huge]);
    expect(out.length).toBeGreaterThan(3);
    for (const b of out) {
      expect(size(b)).toBeLessThan(MAX_BODY_BYTES);
      expect((JSON.parse(b) as { reports: unknown[] }).reports.length).toBeLessThanOrEqual(MAX_REPORTS);
      expect(rum.lines(b, 'now')).not.toBeNull();
    }
    expect(out.flatMap((b) => (JSON.parse(b) as { reports: Report[] }).reports)).toEqual(many);
    expect(bodies(ctx, [])).toEqual([]);
  });
});
